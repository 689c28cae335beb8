import {
  DummyDriver,
  Kysely,
  MysqlAdapter,
  MysqlIntrospector,
  MysqlQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type LogEvent,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../../../src/db/create-db.js';
import type { Database } from '../../../../src/db/tables.js';
import { TablePrefixPlugin } from '../../../../src/db/table-prefix-plugin.js';
import { selectEventPage, type EventListFilter, type EventStorage } from '../../../../src/wp/tec/events-query.js';

/*
 * selectEventPage runs a list page of a shape it has seen from the kept SQL, with the values the
 * statement's description lists (see CompiledShapes). For every clause the page can have, alone
 * and together, on every date storage and both dialects, that must be exactly the statement a
 * fresh build compiles: the same SQL, the same values in the same order. No server: the statements
 * are recorded, and a driver that answers no rows runs them.
 */

type Dialect = 'mysql' | 'sqlite';

interface Ran {
  sql: string;
  parameters: readonly unknown[];
  /** Kysely's node of the statement: RawNode when the kept SQL ran, SelectQueryNode when built. */
  node: string;
}

/** A handle of its own (so its kept shapes are its own) that records what it runs. */
function recordingDb(dialect: Dialect): { db: Db; ran: Ran[] } {
  const ran: Ran[] = [];
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => (dialect === 'mysql' ? new MysqlAdapter() : new SqliteAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => (dialect === 'mysql' ? new MysqlIntrospector(kysely) : new SqliteIntrospector(kysely)),
      createQueryCompiler: () => (dialect === 'mysql' ? new MysqlQueryCompiler() : new SqliteQueryCompiler()),
    },
    plugins: [new TablePrefixPlugin('wp_')],
    log: (event: LogEvent) => {
      ran.push({ sql: event.query.sql, parameters: event.query.parameters, node: event.query.query.kind });
    },
  });
  return { db, ran };
}

const STORAGES: EventStorage[] = [false, true].flatMap((useOccurrencesTable) =>
  [false, true].flatMap((filterOnUtcDates) => [false, true].map((orderByUtcStart) => ({ useOccurrencesTable, filterOnUtcDates, orderByUtcStart }))),
);

/** A date of 2026, days apart by `day`, so that no two values of one statement are equal. */
const date = (day: number) => `2026-03-${String(day).padStart(2, '0')} 10:00:00`;

/**
 * Filters of one shape each: `v` (0 or 1) changes every value and no shape. Values within one
 * filter all differ, so a clause listing its values out of order binds them out of order.
 */
const FILTERS: [string, (v: number) => Partial<EventListFilter>][] = [
  ['no filter', () => ({})],
  ['one status', (v) => ({ statuses: [['private', 'draft'][v]!] })],
  ['three statuses', (v) => ({ statuses: [['publish', 'private', 'draft'], ['future', 'draft', 'publish']][v]! })],
  ['starts on or after', (v) => ({ startsOnOrAfter: date(1 + v) })],
  ['ends on or before', (v) => ({ endsOnOrBefore: date(3 + v) })],
  ['starts before', (v) => ({ startsBefore: date(5 + v) })],
  ['starts after', (v) => ({ startsAfter: date(7 + v) })],
  ['ends before', (v) => ({ endsBefore: date(9 + v) })],
  ['ends after', (v) => ({ endsAfter: date(11 + v) })],
  [
    'every date bound',
    (v) => ({ startsOnOrAfter: date(1 + v), endsOnOrBefore: date(20 + v), startsBefore: date(18 + v), startsAfter: date(3 + v), endsBefore: date(22 + v), endsAfter: date(5 + v) }),
  ],
  ['a window too wide for bounds on the order', (v) => ({ startsOnOrAfter: `0000-01-01 0${v}:00:00`, endsOnOrBefore: `9999-12-31 2${v}:00:00` })],
  ['no category found', () => ({ categoryTermIds: [] })],
  ['categories', (v) => ({ categoryTermIds: [71 + v, 72 + v, 73 + v] })],
  ['tags', (v) => ({ tagTermIds: [31 + v, 32 + v] })],
  ['venues', (v) => ({ venueIds: [191 + v, 192 + v] })],
  ['organizers', (v) => ({ organizerIds: [211 + v] })],
  ['featured', () => ({ featured: true })],
  ['not featured', () => ({ featured: false })],
  ['an empty include', () => ({ include: [] })],
  ['include', (v) => ({ include: [61 + v, 62 + v, 63 + v] })],
  ['post parent', (v) => ({ postParent: 5 + v })],
  ['with tickets', (v) => ({ ticketed: { present: true, relationKeys: [`_rsvp_${v}`, `_ticket_${v}`], ticketPostTypes: ['tribe_rsvp_tickets'] } })],
  ['without tickets, no relation known', () => ({ ticketed: { present: false, relationKeys: [], ticketPostTypes: [] } })],
  ['hidden events kept', () => ({ includeHidden: true })],
  [
    'every clause, hidden events kept',
    (v) => ({
      includeHidden: true,
      statuses: [['publish', 'future'], ['draft', 'private']][v]!,
      startsOnOrAfter: date(1 + v),
      endsAfter: date(3 + v),
      endsBefore: date(25 + v),
      categoryTermIds: [11 + v, 12 + v],
      tagTermIds: [13 + v],
      venueIds: [14 + v, 15 + v],
      organizerIds: [16 + v],
      featured: true,
      include: [17 + v, 18 + v],
      postParent: 19 + v,
      ticketed: { present: true, relationKeys: [`_rsvp_${v}`], ticketPostTypes: [] },
    }),
  ],
  [
    'every clause, hidden events left out',
    (v) => ({
      statuses: [['publish', 'future'], ['draft', 'private']][v]!,
      startsBefore: date(20 + v),
      startsAfter: date(2 + v),
      endsOnOrBefore: date(27 + v),
      categoryTermIds: [11 + v],
      tagTermIds: [13 + v, 12 + v],
      venueIds: [14 + v],
      organizerIds: [16 + v, 15 + v],
      featured: false,
      include: [17 + v],
      postParent: 19 + v,
      ticketed: { present: false, relationKeys: [`_rsvp_${v}`, `_ticket_${v}`], ticketPostTypes: [] },
    }),
  ],
];

const SEARCH: EventListFilter['search'] = { terms: [{ text: 'Concert', exclude: false }, { text: 'jazz', exclude: true }], withoutPasswordProtected: true };

/** The one statement a page of `filter` ran on `handle` (no rows: one read). */
async function pageStatement(handle: { db: Db; ran: Ran[] }, filter: EventListFilter, orderByPostDate: boolean): Promise<Ran> {
  handle.ran.length = 0;
  await selectEventPage(handle.db, filter, { limit: 7, offset: 2, orderByPostDate });
  expect(handle.ran).toHaveLength(1);
  return handle.ran[0]!;
}

describe.each<Dialect>(['mysql', 'sqlite'])('selectEventPage from its kept SQL (%s)', (dialect) => {
  it('runs the statement a fresh build compiles, for every clause, storage and order', async () => {
    // One handle keeps the SQL of every case: two cases of different SQL under one shape would run
    // each other's. Fewer shapes than CompiledShapes keeps per handle (500).
    const warm = recordingDb(dialect);
    let kept = 0;
    for (const storage of STORAGES) {
      for (const [name, values] of FILTERS) {
        for (const orderByPostDate of [false, true]) {
          const teacher: EventListFilter = { statuses: [], ...storage, ...values(0) };
          const filter: EventListFilter = { statuses: [], ...storage, ...values(1) };
          const label = `${name}, ${JSON.stringify(storage)}, orderByPostDate ${orderByPostDate}`;
          await pageStatement(warm, teacher, orderByPostDate);
          const fromKept = await pageStatement(warm, filter, orderByPostDate);
          const cold = recordingDb(dialect);
          const built = await pageStatement(cold, filter, orderByPostDate);
          expect(built.node, label).toBe('SelectQueryNode');
          // Not built again: the description listed the values the fresh build binds, in its order.
          expect(fromKept.node, label).toBe('RawNode');
          expect({ sql: fromKept.sql, parameters: fromKept.parameters }, label).toEqual({ sql: built.sql, parameters: built.parameters });
          kept += 1;
        }
      }
    }
    expect(kept).toBe(STORAGES.length * FILTERS.length * 2);
  });

  it('builds a search each time (its patterns differ by dialect)', async () => {
    const warm = recordingDb(dialect);
    for (const storage of STORAGES) {
      const filter: EventListFilter = { statuses: [], ...storage, search: SEARCH, venueIds: [3], startsAfter: date(2) };
      const first = await pageStatement(warm, filter, false);
      const second = await pageStatement(warm, filter, false);
      expect([first.node, second.node]).toEqual(['SelectQueryNode', 'SelectQueryNode']);
      expect(second.sql).toBe(first.sql);
    }
  });
});
