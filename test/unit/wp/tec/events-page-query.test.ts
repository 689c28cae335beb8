import type { LogEvent } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../../../src/db/create-db.js';
import { selectEventPage, type EventListFilter } from '../../../../src/wp/tec/events-query.js';
import { createTestDatabase, type TestDatabase } from '../../../setup/database.js';

/**
 * selectEventPage keeps its SQL per request shape (CompiledShapes): a request whose shape was
 * seen runs the kept SQL with its own values. It must run exactly the statement a fresh build
 * runs, for every clause the list can have, and find the same page.
 */

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
});
afterAll(() => database?.drop());

interface Ran {
  sql: string;
  parameters: readonly unknown[];
  /** Kysely's node of the statement: RawNode when the kept SQL ran, SelectQueryNode when built. */
  node: string;
}

/** A handle of its own (so its kept shapes are its own), recording what it runs. */
function recordingDb(): { db: Db; ran: Ran[] } {
  const ran: Ran[] = [];
  const db = createDb({
    databaseUrl: database.url,
    tablePrefix: database.prefix,
    log: (event: LogEvent) => {
      ran.push({ sql: event.query.sql, parameters: event.query.parameters, node: event.query.query.kind });
    },
  });
  return { db, ran };
}

const STORAGE = { filterOnUtcDates: false, orderByUtcStart: false, useOccurrencesTable: true };
const META_STORAGE = { filterOnUtcDates: true, orderByUtcStart: true, useOccurrencesTable: false };

/** Pairs of filters of one shape with different values: the first teaches the shape, the second runs from it. */
const PAIRS: [string, EventListFilter, EventListFilter][] = [
  ['the default window', { ...STORAGE, statuses: [], startsOnOrAfter: '2026-01-01 00:00:00' }, { ...STORAGE, statuses: [], startsOnOrAfter: '2025-06-01 00:00:00' }],
  [
    'every date bound, dates in meta, UTC order',
    { ...META_STORAGE, statuses: ['publish'], startsOnOrAfter: '2020-01-01 00:00:00', endsOnOrBefore: '2030-01-01 23:59:59', startsBefore: '2029-01-01 00:00:00', startsAfter: '2019-01-01 00:00:00', endsBefore: '2031-01-01 00:00:00', endsAfter: '2018-01-01 00:00:00' },
    { ...META_STORAGE, statuses: ['publish'], startsOnOrAfter: '2021-01-01 00:00:00', endsOnOrBefore: '2029-01-01 23:59:59', startsBefore: '2028-01-01 00:00:00', startsAfter: '2020-01-01 00:00:00', endsBefore: '2030-01-01 00:00:00', endsAfter: '2019-01-01 00:00:00' },
  ],
  [
    'terms, venues, organizers, featured',
    { ...STORAGE, statuses: ['publish', 'private'], categoryTermIds: [7, 8], tagTermIds: [3], venueIds: [19, 20], organizerIds: [21], featured: true },
    { ...STORAGE, statuses: ['private', 'publish'], categoryTermIds: [8, 9], tagTermIds: [4], venueIds: [20, 19], organizerIds: [22], featured: true },
  ],
  ['not featured, no term found', { ...STORAGE, statuses: [], featured: false, categoryTermIds: [] }, { ...STORAGE, statuses: [], featured: false, categoryTermIds: [] }],
  ['include, by post date', { ...STORAGE, statuses: [], include: [6, 7, 8] }, { ...STORAGE, statuses: [], include: [9, 6, 194] }],
  ['post parent, local dates in meta', { ...STORAGE, useOccurrencesTable: false, statuses: [], postParent: 0, endsOnOrBefore: '2027-01-01 00:00:00' }, { ...STORAGE, useOccurrencesTable: false, statuses: [], postParent: 5, endsOnOrBefore: '2028-01-01 00:00:00' }],
];

describe('selectEventPage: the SQL kept per shape', () => {
  it.each(PAIRS)('%s: runs the statement a fresh build runs, and finds the same page', async (_name, teacher, filter) => {
    const orderByPostDate = filter.include !== undefined;
    const page = { limit: 5, offset: 0, orderByPostDate };
    const warm = recordingDb();
    const cold = recordingDb();
    try {
      await selectEventPage(warm.db, teacher, page);
      warm.ran.length = 0;
      const fromKept = await selectEventPage(warm.db, filter, page);
      const built = await selectEventPage(cold.db, filter, page);
      expect(fromKept).toEqual(built);
      expect(warm.ran.map(({ sql, parameters }) => ({ sql, parameters }))).toEqual(cold.ran.map(({ sql, parameters }) => ({ sql, parameters })));
      expect(cold.ran.every((ran) => ran.node === 'SelectQueryNode')).toBe(true);
      // Kept, not built again: the shape's parameters were listed right.
      expect(warm.ran.map((ran) => ran.node)).toEqual(warm.ran.map(() => 'RawNode'));
    } finally {
      await Promise.all([warm.db.destroy(), cold.db.destroy()]);
    }
  });

  it('builds a search each time (its patterns differ by dialect) and still answers it', async () => {
    const { db, ran } = recordingDb();
    try {
      const filter: EventListFilter = { ...STORAGE, statuses: [], search: { terms: [{ text: 'Concert', exclude: false }], withoutPasswordProtected: false } };
      const first = await selectEventPage(db, filter, { limit: 5, offset: 0, orderByPostDate: false });
      const second = await selectEventPage(db, filter, { limit: 5, offset: 0, orderByPostDate: false });
      expect(second).toEqual(first);
      expect(ran.map((statement) => statement.node)).toEqual(['SelectQueryNode', 'SelectQueryNode']);
    } finally {
      await db.destroy();
    }
  });
});
