import { describe, expect, it } from 'vitest';
import { binlogAccess, globalPrivileges } from '../../../src/feed/feed-access.js';
import { parseServerVersion } from '../../../src/db/server-version.js';

const ROW_FULL = { logBin: true, format: 'ROW', rowImage: 'FULL' };
const MARIADB_1011 = parseServerVersion('10.11.19-MariaDB');
const MYSQL_80 = parseServerVersion('8.0.36');

describe('SHOW GRANTS', () => {
  it('keeps the privileges granted ON *.* only', () => {
    const privileges = globalPrivileges([
      'GRANT REPLICATION SLAVE, BINLOG MONITOR ON *.* TO `sidecar`@`%` IDENTIFIED BY PASSWORD \'*AB\'',
      'GRANT SELECT, INSERT, UPDATE, DELETE ON `wordpress`.* TO `sidecar`@`%`',
    ]);
    expect([...privileges].sort()).toEqual(['BINLOG MONITOR', 'REPLICATION SLAVE']);
  });
});

describe('binlog access', () => {
  it('is available with ROW binlog and the two replication privileges, under any of their names', () => {
    const grants = (line: string) => globalPrivileges([line]);
    expect(binlogAccess(ROW_FULL, grants('GRANT ALL PRIVILEGES ON *.* TO `root`@`localhost` WITH GRANT OPTION'), MARIADB_1011)).toEqual({ available: true, reasons: [] });
    expect(binlogAccess(ROW_FULL, grants('GRANT REPLICATION SLAVE, REPLICATION CLIENT ON *.* TO `s`@`%`'), MYSQL_80).available).toBe(true);
    expect(binlogAccess(ROW_FULL, grants('GRANT BINLOG MONITOR, REPLICATION SLAVE ON *.* TO `s`@`%`'), MARIADB_1011).available).toBe(true);
  });

  it('says what is missing: log, format, and privileges by the server\'s own names', () => {
    const access = binlogAccess({ logBin: false, format: 'MIXED', rowImage: 'FULL' }, globalPrivileges(['GRANT SELECT ON *.* TO `s`@`%`']), MARIADB_1011);
    expect(access.available).toBe(false);
    expect(access.reasons).toEqual([
      'log_bin is OFF: start the server with --log-bin and a --server-id',
      'binlog_format is MIXED: set binlog_format=ROW (statements cannot say which rows changed)',
      "the user lacks REPLICATION SLAVE and BINLOG MONITOR: GRANT REPLICATION SLAVE, BINLOG MONITOR ON *.* TO the sidecar's user (grants through roles are not seen here)",
    ]);
    expect(binlogAccess(ROW_FULL, globalPrivileges(['GRANT REPLICATION SLAVE ON *.* TO `s`@`%`']), MYSQL_80).reasons[0]).toContain('lacks REPLICATION CLIENT');
  });

  it('stays available with a MINIMAL row image, saying what it costs', () => {
    const access = binlogAccess({ ...ROW_FULL, rowImage: 'MINIMAL' }, globalPrivileges(['GRANT ALL PRIVILEGES ON *.* TO `r`@`%`']), MYSQL_80);
    expect(access.available).toBe(true);
    expect(access.reasons[0]).toMatch(/^binlog_row_image is MINIMAL: an update carries only the primary key/);
  });
});
