import { sql } from 'kysely';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runIndexesCommand } from '../../../../src/commands/indexes.js';
import { createDb, type Db } from '../../../../src/db/create-db.js';
import { OPT_IN_INDEXES, selectOptInIndexes } from '../../../../src/wp/tec/opt-in-indexes.repository.js';
import { insertEvent, insertTerm, insertVenue, occurrenceHash, setOption } from '../../../builders/index.js';
import { ROOT, agentFor, recordStatements } from '../../../http/support.js';
import { createTestDatabase, type TestDatabase } from '../../../setup/database.js';

/**
 * The opt-in indexes on tec_occurrences (`npm run indexes -- add|remove|status`): the command
 * adds exactly four, idempotently, and removing them leaves the table as it was; and the events
 * lists answer byte for byte the same with them as without, whatever plan the database picks.
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.drop();
});

async function run(action: string | undefined): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await runIndexesCommand(database.db, action, (line) => lines.push(line));
  return { code, lines };
}

async function showCreateTable(db: Db, table = 'tec_occurrences'): Promise<string> {
  const result = await sql<{ 'Create Table': string }>`show create table ${sql.table(table)}`.execute(db);
  return result.rows[0]!['Create Table'];
}

/** Index name -> its columns in order (with the prefix length, if any), from SHOW INDEX. */
async function indexColumns(db: Db, table = 'tec_occurrences'): Promise<Map<string, string[]>> {
  const result = await sql<{ Key_name: string; Column_name: string; Seq_in_index: number; Sub_part: number | null }>`show index from ${sql.table(table)}`.execute(db);
  const columns = new Map<string, string[]>();
  for (const row of [...result.rows].sort((a, b) => Number(a.Seq_in_index) - Number(b.Seq_in_index))) {
    const column = row.Sub_part === null ? row.Column_name : `${row.Column_name}(${row.Sub_part})`;
    columns.set(row.Key_name, [...(columns.get(row.Key_name) ?? []), column]);
  }
  return columns;
}

const OCCURRENCE_NAMES = ['calendar_sidecar_start', 'calendar_sidecar_start_utc', 'calendar_sidecar_end', 'calendar_sidecar_end_utc'];
const NAMES = [...OCCURRENCE_NAMES, 'calendar_sidecar_meta_value'];

describe('npm run indexes -- add|remove|status on a fresh schema', () => {
  it('status lists the five indexes as missing', async () => {
    expect(OPT_IN_INDEXES.map((index) => index.name)).toEqual(NAMES);
    const status = await run('status');
    expect(status.code).toBe(0);
    expect(status.lines).toEqual([
      'missing  calendar_sidecar_start  tec_occurrences (start_date, post_id)',
      'missing  calendar_sidecar_start_utc  tec_occurrences (start_date_utc, post_id)',
      'missing  calendar_sidecar_end  tec_occurrences (end_date, post_id)',
      'missing  calendar_sidecar_end_utc  tec_occurrences (end_date_utc, post_id)',
      'missing  calendar_sidecar_meta_value  postmeta (meta_key(191), meta_value(32))',
    ]);
    // No action means status.
    expect((await run(undefined)).lines).toEqual(status.lines);
  });

  it('add adds the five, is idempotent, and remove restores SHOW CREATE TABLE exactly', async () => {
    const before = await showCreateTable(database.db);
    const metaBefore = await showCreateTable(database.db, 'postmeta');
    const indexesBefore = await indexColumns(database.db);
    const metaIndexesBefore = await indexColumns(database.db, 'postmeta');
    for (const name of NAMES) expect(before + metaBefore).not.toContain(name);

    const added = await run('add');
    expect(added).toEqual({ code: 0, lines: [`added: ${NAMES.join(', ')}`] });
    const columns = await indexColumns(database.db);
    expect(columns.get('calendar_sidecar_start')).toEqual(['start_date', 'post_id']);
    expect(columns.get('calendar_sidecar_start_utc')).toEqual(['start_date_utc', 'post_id']);
    expect(columns.get('calendar_sidecar_end')).toEqual(['end_date', 'post_id']);
    expect(columns.get('calendar_sidecar_end_utc')).toEqual(['end_date_utc', 'post_id']);
    expect(columns.size).toBe(indexesBefore.size + 4);
    const metaColumns = await indexColumns(database.db, 'postmeta');
    expect(metaColumns.get('calendar_sidecar_meta_value')).toEqual(['meta_key(191)', 'meta_value(32)']);
    expect(metaColumns.size).toBe(metaIndexesBefore.size + 1);
    const withIndexes = await showCreateTable(database.db);

    const again = await run('add');
    expect(again).toEqual({ code: 0, lines: ['all opt-in indexes were already there'] });
    expect(await showCreateTable(database.db)).toBe(withIndexes);
    expect([...(await selectOptInIndexes(database.db))].filter((name) => NAMES.includes(name)).sort()).toEqual([...NAMES].sort());
    expect((await run('status')).lines.every((line) => line.startsWith('present  '))).toBe(true);

    const removed = await run('remove');
    expect(removed).toEqual({ code: 0, lines: [`removed: ${NAMES.join(', ')}`] });
    expect(await showCreateTable(database.db)).toBe(before);
    expect(await showCreateTable(database.db, 'postmeta')).toBe(metaBefore);
    expect(await run('remove')).toEqual({ code: 0, lines: ['no opt-in index was there'] });
    expect((await run('status')).lines.every((line) => line.startsWith('missing  '))).toBe(true);
  });

  it('adds and removes the same five on a SQLite file (no prefix lengths there)', async () => {
    const file = await createTestDatabase({ dialect: 'sqlite' });
    try {
      const lines: string[] = [];
      expect(await runIndexesCommand(file.db, 'add', (line) => lines.push(line))).toBe(0);
      expect(lines).toEqual([`added: ${NAMES.join(', ')}`]);
      const { rows } = await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where type = 'index' and name = 'calendar_sidecar_meta_value'`.execute(file.db);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.sql).toMatch(/\("meta_key", "meta_value"\)$/);
      expect(await runIndexesCommand(file.db, 'remove', (line) => lines.push(line))).toBe(0);
      expect([...(await selectOptInIndexes(file.db))].filter((name) => NAMES.includes(name))).toEqual([]);
    } finally {
      await file.drop();
    }
  });

  it('refuses an unknown action with the usage line', async () => {
    expect(await run('drop')).toEqual({ code: 2, lines: ['usage: npm run indexes -- add|remove|status'] });
  });

  it("adds and removes them beyond the pool's statement time limit, and leaves the limit to every other statement", async () => {
    // A big site's index takes minutes, over createDb's 30 s: here the limit is 1 ms, which any
    // index build and this sleep exceed (MariaDB's max_statement_time stops DDL as well).
    const limited = createDb({ databaseUrl: database.url, tablePrefix: database.prefix, connectionLimit: 1, statementTimeoutMs: 1 });
    try {
      await expect(sql`select sleep(0.2)`.execute(limited)).rejects.toThrow(/max_statement_time|interrupted/i);
      const added = await runIndexesCommand(limited, 'add', () => undefined);
      expect(added).toBe(0);
      expect([...(await selectOptInIndexes(database.db))].filter((name) => NAMES.includes(name)).sort()).toEqual([...NAMES].sort());
      // The pool's one connection, back with its limit.
      const { rows } = await sql<{ seconds: string | number }>`select @@session.max_statement_time as seconds`.execute(limited);
      expect(Number(rows[0]!.seconds)).toBe(0.001);
      expect(await runIndexesCommand(limited, 'remove', () => undefined)).toBe(0);
      expect([...(await selectOptInIndexes(database.db))].filter((name) => NAMES.includes(name))).toEqual([]);
      await expect(sql`select sleep(0.2)`.execute(limited)).rejects.toThrow(/max_statement_time|interrupted/i);
    } finally {
      await limited.destroy();
    }
  });
});

/** A small deterministic generator (LCG), so the site is the same on every run. */
function generator(seed: number) {
  let state = seed;
  return (below: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state % below;
  };
}

const ZONES = ['UTC', 'UTC', 'America/New_York', 'Europe/Berlin', 'Asia/Tokyo', 'Pacific/Kiritimati', 'Etc/GMT+12'];
const MIGRATED_STATE = 'a:1:{s:5:"phase";s:18:"migration-complete";}';

interface SiteSetup {
  name: string;
  zone: string;
  siteMode: boolean;
}

/** Which date columns the query reads: UTC filter + local order; local both; UTC both. */
const SETUPS: SiteSetup[] = [
  { name: 'UTC site', zone: 'UTC', siteMode: false },
  { name: 'Berlin, event time zones', zone: 'Europe/Berlin', siteMode: false },
  { name: 'Berlin, site time zone mode', zone: 'Europe/Berlin', siteMode: true },
];

async function configure(db: Db, setup: SiteSetup): Promise<void> {
  await setOption(db, 'timezone_string', setup.zone);
  await setOption(db, 'tribe_events_calendar_options', setup.siteMode ? 'a:1:{s:26:"tribe_events_timezone_mode";s:4:"site";}' : 'a:0:{}');
}

describe('events lists with and without the opt-in indexes (about 300 builder events)', () => {
  const included: number[] = [];
  let queries: string[] = [];

  beforeAll(async () => {
    const db = database.db;
    await setOption(db, 'tec_ct1_migration_state', MIGRATED_STATE);
    await setOption(db, 'tec_ct1_occurrences_table_schema_version', '1.0.1');
    const music = await insertTerm(db, { taxonomy: 'tribe_events_cat', name: 'Music' });
    const jazz = await insertTerm(db, { taxonomy: 'tribe_events_cat', name: 'Jazz', parent: music.term_id });
    const sports = await insertTerm(db, { taxonomy: 'tribe_events_cat', name: 'Sports' });
    const categories = [[], [music.term_taxonomy_id], [jazz.term_taxonomy_id], [sports.term_taxonomy_id], []];
    const venues = [(await insertVenue(db, { post_title: 'Hall' })).id, (await insertVenue(db, { post_title: 'Park' })).id];
    const next = generator(20_261_121);
    let previousStart = '2026-12-01 10:00:00';
    for (let n = 0; n < 300; n += 1) {
      // From two months back to 30 months ahead of the clock (2026-11-21), on the hour; every
      // tenth event starts with the previous one (a tie: post ID decides).
      const day = new Date(Date.UTC(2026, 8, 21) + next(900) * 86_400_000);
      const start = n % 10 === 9 ? previousStart : `${day.toISOString().slice(0, 10)} ${String(8 + next(12)).padStart(2, '0')}:00:00`;
      previousStart = start;
      const hours = [1, 2, 3, 26, 72][next(5)]!;
      const end = new Date(Date.parse(`${start.replace(' ', 'T')}Z`) + hours * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
      const zone = ZONES[next(ZONES.length)]!;
      const event = await insertEvent(db, {
        post_title: `Generated ${n}`,
        post_date: `2026-${String(1 + (n % 11)).padStart(2, '0')}-${String(1 + (n % 27)).padStart(2, '0')} 09:00:00`,
        start_date: start,
        end_date: end,
        timezone: zone,
        categories: categories[next(categories.length)]!,
        featured: n % 7 === 0,
        hide_from_listings: n % 37 === 5,
        // Every third event at the hall, every fifth at the park: venue lists through the meta index.
        ...(n % 3 === 0 ? { venue: venues[0] } : n % 5 === 0 ? { venue: venues[1] } : {}),
        post_status: n % 41 === 6 ? 'draft' : 'publish',
      });
      if (n % 23 === 0) included.push(event.id);
      // A few UTC events with a second occurrence a week later (the duplicate-skipping path).
      if (zone === 'UTC' && n % 9 === 0) {
        const shift = (value: string) => new Date(Date.parse(`${value.replace(' ', 'T')}Z`) + 7 * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
        const dates = { start_date: shift(start), end_date: shift(end), start_date_utc: shift(start), end_date_utc: shift(end) };
        const duration = hours * 3600;
        await db
          .insertInto('tec_occurrences')
          .values({ event_id: event.event_id!, post_id: event.id, ...dates, duration, hash: occurrenceHash(event.id, dates, duration), updated_at: '2026-11-01 00:00:00' })
          .execute();
      }
    }
    queries = [
      '',
      'page=2',
      'per_page=25&page=3',
      'per_page=50&page=2',
      'start_date=2027-01-01&end_date=2027-06-30',
      'start_date=2027-01-01&end_date=2027-06-30&page=2',
      'start_date=2026-10-01&end_date=2026-12-31&strict_dates=true',
      'categories=music',
      'categories=sports&page=2',
      `include=${included.join(',')}`,
      'featured=true&per_page=20',
      'starts_after=2027-03-01&per_page=30',
      'ends_before=2027-02-01',
      'search=Generated 1',
      `venue=${venues[0]}`,
      `venue=${venues.join(',')}&categories=music&page=2`,
    ];
  }, 60_000);

  /**
   * The indexes MariaDB's EXPLAIN says the page statement of the list `query` could read through
   * (`possible_keys`). Which one it then takes on ~300 rows is the optimizer's coin flip between
   * this and TEC's own post_id index (seen both ways under load); on a large site the date index
   * wins (bench/README.md, 1,000,000 events).
   */
  async function possibleKeysOfPageStatement(query: string): Promise<unknown[]> {
    const recorder = recordStatements(database);
    try {
      await agentFor(database, { db: recorder.db }).get(`${ROOT}/events?${query}`);
      const page = recorder.queries.find((q) => /order by/i.test(q.sql) && /tec_occurrences/.test(q.sql));
      expect(page, recorder.statements.join('\n')).toBeDefined();
      const connection = await createConnection({ uri: database.url });
      try {
        // Fresh statistics: InnoDB recalculates them in the background after the bulk inserts and
        // the new indexes, and under load a plan read before that could go either way.
        await connection.query(`analyze table ${database.prefix}tec_occurrences`);
        const [rows] = await connection.query(`explain ${page!.sql}`, [...page!.parameters]);
        return (rows as { possible_keys: string | null }[]).flatMap((row) => (row.possible_keys ?? '').split(','));
      } finally {
        await connection.end();
      }
    } finally {
      await recorder.db.destroy();
    }
  }

  /** Every query's status, X-TEC headers and body, on a fresh app per request (no cached total). */
  async function answers(): Promise<Map<string, unknown>> {
    const all = new Map<string, unknown>();
    for (const setup of SETUPS) {
      await configure(database.db, setup);
      for (const query of queries) {
        const response = await agentFor(database).get(`${ROOT}/events${query === '' ? '' : `?${query}`}`);
        all.set(`${setup.name}: ${query}`, {
          status: response.status,
          total: response.headers['x-tec-total'],
          pages: response.headers['x-tec-totalpages'],
          body: response.body,
        });
      }
    }
    return all;
  }

  it('answers every list the same with the indexes as without', async () => {
    const present = await selectOptInIndexes(database.db);
    for (const name of NAMES) expect(present.has(name)).toBe(false);
    const without = await answers();

    expect((await run('add')).lines).toEqual([`added: ${NAMES.join(', ')}`]);
    let withIndexes: Map<string, unknown>;
    try {
      withIndexes = await answers();
      // The comparison means something only if the database can read through the new indexes:
      // a date-range page can, in each setup (start_date or start_date_utc order).
      for (const setup of SETUPS) {
        await configure(database.db, setup);
        const keys = await possibleKeysOfPageStatement('start_date=2027-01-01&end_date=2027-06-30');
        expect(keys, `${setup.name}: ${JSON.stringify(keys)}`).toContain(
          setup.siteMode ? 'calendar_sidecar_start_utc' : 'calendar_sidecar_start',
        );
      }
    } finally {
      await run('remove');
    }

    // Not vacuous: the lists are full pages of a big site, in every setup.
    for (const setup of SETUPS) {
      const first = without.get(`${setup.name}: `) as { status: number; total: string; body: { events: unknown[] } };
      expect(first.status, setup.name).toBe(200);
      expect(Number(first.total), setup.name).toBeGreaterThan(150);
      expect(first.body.events, setup.name).toHaveLength(10);
      const included = without.get(`${setup.name}: include=${queries[9]!.slice('include='.length)}`) as { body: { events: unknown[] } };
      expect(included.body.events.length, setup.name).toBeGreaterThan(5);
      const music = without.get(`${setup.name}: categories=music`) as { body: { events: unknown[] } };
      expect(music.body.events.length, setup.name).toBeGreaterThan(0);
      const atVenue = without.get(`${setup.name}: ${queries[14]}`) as { body: { events: unknown[] } };
      expect(atVenue.body.events, setup.name).toHaveLength(10);
    }

    const differing = [...without.keys()].filter((key) => JSON.stringify(without.get(key)) !== JSON.stringify(withIndexes.get(key)));
    expect(differing).toEqual([]);
    expect(withIndexes.size).toBe(without.size);
  }, 60_000);
});
