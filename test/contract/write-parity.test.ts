import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { loadCases, replayCase, type ReferenceCase, type TableRows } from './captures.js';
import { compareRows, diffSnapshots, snapshotTables, type TableSnapshot } from './table-rows.js';
import { openWriteCaseDatabases, type WriteCaseDatabases } from './write-case-databases.js';

/**
 * A record created here and the same record created by the plugin differ in no row beyond IDs
 * and times. The contract replays start from the recorded auto-increment counters, so their IDs
 * match by construction; here the counters are first pushed far ahead (as on a live site whose
 * tables have grown since), our rows are mapped back onto the recorded IDs in creation order
 * (every column that holds an ID, and ID-bearing meta and guids), and then compared with the
 * plugin's rows column by column.
 */

const CREATES = [
  'events.write.create-nested',
  'cw.ev.full',
  'cw.ev.tags-mixed',
  'venues.write.create',
  'organizers.write.create',
  'categories.write.create-child',
  'tags.write.create',
] as const;

/** Auto-increment counters are moved this far past the recorded ones. */
const SHIFT = 1000;

/** Tables whose key is an auto-increment ID, with that column. */
const ID_COLUMNS: Readonly<Record<string, string>> = {
  wp_posts: 'ID',
  wp_postmeta: 'meta_id',
  wp_terms: 'term_id',
  wp_term_taxonomy: 'term_taxonomy_id',
  wp_tec_events: 'event_id',
  wp_tec_occurrences: 'occurrence_id',
};

/** Columns holding another row's ID, and which table's ID space it is. */
const REFERENCES: ReadonlyArray<[table: string, column: string, space: string]> = [
  ['wp_posts', 'post_parent', 'wp_posts'],
  ['wp_postmeta', 'post_id', 'wp_posts'],
  ['wp_term_taxonomy', 'term_id', 'wp_terms'],
  ['wp_term_taxonomy', 'parent', 'wp_terms'],
  ['wp_term_relationships', 'object_id', 'wp_posts'],
  ['wp_term_relationships', 'term_taxonomy_id', 'wp_term_taxonomy'],
  ['wp_tec_events', 'post_id', 'wp_posts'],
  ['wp_tec_occurrences', 'post_id', 'wp_posts'],
  ['wp_tec_occurrences', 'event_id', 'wp_tec_events'],
];

/** Meta whose value is a post ID. */
const POST_ID_META = new Set(['_EventVenueID', '_EventOrganizerID', '_thumbnail_id']);

let databases: WriteCaseDatabases;
let pristine: TableSnapshot;

beforeAll(async () => {
  databases = await openWriteCaseDatabases();
  pristine = databases.pristine;
});

afterAll(async () => {
  await databases?.close();
});

function recorded(id: string): ReferenceCase {
  const found = loadCases().find((testCase) => testCase.id === id);
  if (!found) throw new Error(`no recorded case ${id}`);
  return found;
}

/** Our new ID -> the recorded new ID, per table, pairing the created rows in key order. */
function idMaps(expected: TableRows, actual: TableRows): Map<string, Map<string, string>> {
  const maps = new Map<string, Map<string, string>>();
  for (const [table, column] of Object.entries(ID_COLUMNS)) {
    const isNew = (row: Record<string, string | null>) => !pristine.get(table)?.has(String(row[column]));
    const ours = (actual[table] ?? []).filter(isNew).map((row) => String(row[column]));
    const theirs = (expected[table] ?? []).filter(isNew).map((row) => String(row[column]));
    maps.set(table, new Map(ours.map((id, index) => [id, theirs[index] ?? `unpaired:${id}`])));
  }
  return maps;
}

function mapIds(rows: TableRows, maps: Map<string, Map<string, string>>): TableRows {
  const mapped: TableRows = {};
  const translate = (space: string, value: string | null | undefined) =>
    value === null || value === undefined ? value ?? null : (maps.get(space)?.get(value) ?? value);
  for (const [table, tableRows] of Object.entries(rows)) {
    mapped[table] = tableRows.map((row) => {
      const copy = { ...row };
      const idColumn = ID_COLUMNS[table];
      if (idColumn) copy[idColumn] = translate(table, copy[idColumn]);
      for (const [refTable, column, space] of REFERENCES) {
        if (refTable === table && column in copy) copy[column] = translate(space, copy[column]);
      }
      if (table === 'wp_postmeta' && POST_ID_META.has(String(copy.meta_key))) {
        copy.meta_value = translate('wp_posts', copy.meta_value);
      }
      // TEC hashes an occurrence over its post ID and dates: a hash that is right for our row is
      // carried over to the recorded post ID, a wrong one is left to show as a difference.
      if (table === 'wp_tec_occurrences' && copy.hash === occurrenceHashOf(row)) copy.hash = occurrenceHashOf(copy);
      if (table === 'wp_posts' && typeof copy.guid === 'string') {
        copy.guid = copy.guid.replace(/([?&]p=)(\d+)/, (_whole, head: string, id: string) => `${head}${translate('wp_posts', id)}`);
      }
      return copy;
    });
  }
  return mapped;
}

/** sha1 of post_id, start, end, start UTC, end UTC and duration joined by `:` (TEC's Occurrence hash). */
function occurrenceHashOf(row: Record<string, string | null>): string {
  const pieces = [row.post_id, row.start_date, row.end_date, row.start_date_utc, row.end_date_utc, row.duration];
  return createHash('sha1').update(pieces.join(':')).digest('hex');
}

describe('a record written here is the record the plugin writes, whatever the IDs', () => {
  for (const id of CREATES) {
    it(id, async () => {
      const testCase = recorded(id);
      // Its drop() puts the counters moved here back too, before the next case.
      const database = await databases.checkout();
      try {
        for (const table of Object.keys(ID_COLUMNS)) {
          const { rows } = await sql<{ AUTO_INCREMENT: number }>`SELECT AUTO_INCREMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ${table}`.execute(database.db);
          await sql.raw(`ALTER TABLE \`${table}\` AUTO_INCREMENT = ${Number(rows[0]?.AUTO_INCREMENT ?? 1) + SHIFT}`).execute(database.db);
        }
        const handler = createHandler({ db: database.db, config: loadConfig({ DATABASE_URL: database.url }), clock: fixedClock(testCase.recorded_at ?? '') });
        const response = await replayCase(supertest(handler), testCase);
        expect(response.status).toBe(testCase.expect.status);

        const { written } = diffSnapshots(pristine, await snapshotTables(database.url));
        const expected = testCase.db_after ?? {};
        // Every created row really has another ID than the plugin's, so the mapping is what makes them equal.
        const postIds = (written.wp_posts ?? []).map((row) => Number(row.ID));
        if ((expected.wp_posts ?? []).length > 0) expect(Math.min(...postIds)).toBeGreaterThan(SHIFT);
        expect(compareRows('rows', expected, mapIds(written, idMaps(expected, written)), testCase.recorded_at ?? '')).toEqual([]);
      } finally {
        await database.drop();
      }
    });
  }
});
