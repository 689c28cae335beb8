import { describe, expect, it } from 'vitest';
import { loadMysqlDump } from '../../../src/db/sqlite/mysqldump-to-sqlite.js';
import type { SQLiteValue } from 'node-sqlite3-wasm';
import { openWasmDatabase, readValue } from '../../../src/db/sqlite/wasm-dialect.js';

/** The mysqldump converter on hand-written SQL: the layout it creates and the values it reads back. */

// A backtick, MySQL's identifier quote, inside the raw template below.
const B = '`';
const DUMP = String.raw`
/*!40101 SET NAMES utf8mb4 */;
-- a comment; with a semicolon
DROP TABLE IF EXISTS ${B}x_posts${B};
CREATE TABLE ${B}x_posts${B} (
  ${B}ID${B} bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  ${B}post_title${B} text NOT NULL,
  ${B}post_date${B} datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  ${B}post_status${B} varchar(20) NOT NULL DEFAULT 'publish',
  ${B}menu_order${B} int(11) NOT NULL DEFAULT 0,
  PRIMARY KEY (${B}ID${B}),
  KEY ${B}post_name${B} (${B}post_title${B}(191)),
  UNIQUE KEY ${B}status_order${B} (${B}post_status${B},${B}menu_order${B})
) ENGINE=InnoDB AUTO_INCREMENT=9 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_520_ci;
CREATE TABLE ${B}x_term_relationships${B} (
  ${B}object_id${B} bigint(20) unsigned NOT NULL DEFAULT 0,
  ${B}term_taxonomy_id${B} bigint(20) unsigned NOT NULL DEFAULT 0,
  PRIMARY KEY (${B}object_id${B},${B}term_taxonomy_id${B})
);
LOCK TABLES ${B}x_posts${B} WRITE;
INSERT INTO ${B}x_posts${B} VALUES (3,'It\'s \"quoted\"; a\\b\nline','2026-01-02 03:04:05','draft',-2),(7,'','0000-00-00 00:00:00','publish',0);
INSERT INTO ${B}x_posts${B} (${B}post_title${B}, ${B}menu_order${B}) VALUES ('O''Brien',5);
UNLOCK TABLES;
INSERT INTO ${B}x_term_relationships${B} VALUES (3,1),(3,2);
`;

describe('loadMysqlDump', () => {
  it('creates the tables, keys and indexes, and reads back every value as MySQL held it', () => {
    const database = openWasmDatabase({ filename: ':memory:' });
    try {
      expect(loadMysqlDump(database, DUMP)).toEqual({ tables: ['x_posts', 'x_term_relationships'], rows: 5 });
      expect(database.all('select * from x_posts order by ID')).toEqual([
        { ID: 3, post_title: 'It\'s "quoted"; a\\b\nline', post_date: '2026-01-02 03:04:05', post_status: 'draft', menu_order: -2 },
        { ID: 7, post_title: '', post_date: '0000-00-00 00:00:00', post_status: 'publish', menu_order: 0 },
        // The next AUTO_INCREMENT id, and the column defaults.
        { ID: 8, post_title: "O'Brien", post_date: '0000-00-00 00:00:00', post_status: 'publish', menu_order: 5 },
      ]);
      const indexes = database.all("select name from sqlite_master where type = 'index' and name not like 'sqlite_%' order by name");
      expect(indexes).toEqual([{ name: 'x_posts__post_name' }, { name: 'x_posts__status_order' }]);
      expect(() => database.run("insert into x_posts (post_title, post_status, menu_order) values ('', 'draft', -2)")).toThrow(/UNIQUE/);
      expect(() => database.run('insert into x_term_relationships values (3, 2)')).toThrow(/UNIQUE/);
    } finally {
      database.close();
    }
  });

  it('keeps the NUL bytes of a PHP-serialized object, escaped or hex-encoded, when read through the driver', () => {
    const database = openWasmDatabase({ filename: ':memory:' });
    try {
      const serialized = 'O:1:"V":1:{s:4:"\0*\0a";i:1;}';
      const hex = Buffer.from(serialized, 'utf8').toString('hex');
      loadMysqlDump(database, String.raw`CREATE TABLE ${B}m${B} (${B}id${B} int(11), ${B}v${B} longtext); INSERT INTO ${B}m${B} VALUES (1,'O:1:\"V\":1:{s:4:\"\0*\0a\";i:1;}'),(2,0x${hex});`);
      const rows = database.all('select id, v from m order by id').map((row) => ({ id: row.id, v: readValue(row.v as SQLiteValue) }));
      expect(rows).toEqual([{ id: 1, v: serialized }, { id: 2, v: serialized }]);
    } finally {
      database.close();
    }
  });

  it('leaves nothing behind when a statement cannot be read', () => {
    const database = openWasmDatabase({ filename: ':memory:' });
    try {
      expect(() => loadMysqlDump(database, "CREATE TABLE `t` (`a` int(11));\nINSERT INTO `t` VALUES (1),(@x);")).toThrow(/Cannot read value/);
      expect(database.all("select name from sqlite_master where type = 'table'")).toEqual([]);
    } finally {
      database.close();
    }
  });
});
