import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/create-db.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { insertEvent, insertOrganizer, insertVenue, setOption } from '../builders/index.js';
import { ROOT, agentFor, recordStatements, type StatementRecorder } from './support.js';

/**
 * `only_with_upcoming` runs tribe_get_events(), the same event query as the events list: it reads
 * TEC 6's `tec_occurrences` table once the site migrated and the `_Event*Date*` meta otherwise.
 * TEC writes both, so the venues and organizers listed are the same either way, in both of TEC's
 * timezone modes.
 */

const MIGRATED_STATE = 'a:1:{s:5:"phase";s:18:"migration-complete";}';
const SITE_MODE_OPTIONS = 'a:1:{s:26:"tribe_events_timezone_mode";s:4:"site";}';

interface SiteSetup {
  migrated: boolean;
  zone: string;
  siteMode: boolean;
}

/** Options as TEC 6 leaves them after (or without) its custom-tables migration. */
async function configureSite(db: Db, setup: SiteSetup): Promise<void> {
  const migrationOptions = ['tec_ct1_migration_state', 'tec_ct1_occurrences_table_schema_version'];
  if (setup.migrated) {
    await setOption(db, 'tec_ct1_migration_state', MIGRATED_STATE);
    await setOption(db, 'tec_ct1_occurrences_table_schema_version', '1.0.1');
  } else {
    await db.deleteFrom('options').where('option_name', 'in', migrationOptions).execute();
  }
  await setOption(db, 'timezone_string', setup.zone);
  await setOption(db, 'tribe_events_calendar_options', setup.siteMode ? SITE_MODE_OPTIONS : 'a:0:{}');
}

type ListJson = Record<string, unknown> & { total: number };

const SETUPS: SiteSetup[] = [
  { migrated: true, zone: 'UTC', siteMode: false },
  { migrated: false, zone: 'UTC', siteMode: false },
  { migrated: true, zone: 'Europe/Berlin', siteMode: false },
  { migrated: false, zone: 'Europe/Berlin', siteMode: false },
  { migrated: true, zone: 'Europe/Berlin', siteMode: true },
  { migrated: false, zone: 'Europe/Berlin', siteMode: true },
];

describe.each(['venues', 'organizers'] as const)('%s with upcoming events, with and without TEC 6 custom tables', (resource) => {
  let database: TestDatabase;
  let recorder: StatementRecorder;
  const titleKey = resource === 'venues' ? 'venue' : 'organizer';

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    const linked: Record<string, number> = {};
    for (const name of ['Past', 'First', 'Second', 'Third', 'Hidden only', 'Draft only']) {
      const insert = resource === 'venues' ? insertVenue : insertOrganizer;
      linked[name] = (await insert(db, { post_title: name, post_date: '2026-01-01 00:00:00' })).id;
    }
    const link = (name: string) => (resource === 'venues' ? { venue: linked[name] } : { organizers: [linked[name]!] });
    const zone = 'Europe/Berlin';
    await insertEvent(db, { start_date: '2026-11-01 10:00:00', timezone: zone, ...link('Past') });
    await insertEvent(db, { start_date: '2026-12-01 10:00:00', timezone: zone, ...link('First') });
    await insertEvent(db, { start_date: '2026-12-02 10:00:00', timezone: zone, ...link('Second') });
    await insertEvent(db, { start_date: '2026-12-03 10:00:00', timezone: zone, ...link('Third') });
    await insertEvent(db, { start_date: '2026-11-30 10:00:00', timezone: zone, hide_from_listings: true, ...link('Hidden only') });
    await insertEvent(db, { start_date: '2026-11-30 10:00:00', timezone: zone, post_status: 'draft', ...link('Draft only') });
    recorder = recordStatements(database);
  });
  afterAll(async () => {
    await recorder?.db.destroy();
    await database?.drop();
  });

  async function list(query: string): Promise<{ titles: unknown[]; total: number; readOccurrences: boolean }> {
    recorder.clear();
    const response = await agentFor(database, { db: recorder.db }).get(`${ROOT}/${resource}?${query}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const body = response.body as ListJson;
    const items = body[resource] as Record<string, unknown>[];
    return {
      titles: items.map((item) => item[titleKey]),
      total: body.total,
      readOccurrences: recorder.statements.some((statement) => statement.includes('tec_occurrences')),
    };
  }

  it.each(SETUPS)('reads the dates where TEC would and lists the same posts: %j', async (setup) => {
    await configureSite(database.db, setup);
    const upcoming = await list('only_with_upcoming=1');
    expect(upcoming.readOccurrences).toBe(setup.migrated);
    expect(upcoming.titles).toEqual(['Third', 'Second', 'First']);
    expect(upcoming.total).toBe(3);

    // tribe_get_events() runs with the default page size: only the first two upcoming events count.
    await setOption(database.db, 'posts_per_page', '2');
    try {
      expect((await list('only_with_upcoming=1')).titles).toEqual(['Second', 'First']);
    } finally {
      await setOption(database.db, 'posts_per_page', '10');
    }
  });

  it('leaves the event query alone without the filter', async () => {
    await configureSite(database.db, { migrated: true, zone: 'UTC', siteMode: false });
    const all = await list('per_page=10');
    expect(all.readOccurrences).toBe(false);
    expect(all.total).toBe(6);
  });
});

describe('only_with_upcoming reads the occurrences table itself once migrated', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    const listed = (await insertVenue(db, { post_title: 'Listed', post_date: '2026-01-01 00:00:00' })).id;
    const metaOnly = (await insertVenue(db, { post_title: 'Meta only', post_date: '2026-01-02 00:00:00' })).id;
    await insertEvent(db, { start_date: '2026-12-01 10:00:00', venue: listed });
    // An upcoming event the migration left without an occurrence row: TEC 6 no longer sees it.
    await insertEvent(db, { start_date: '2026-12-02 10:00:00', venue: metaOnly, custom_tables: false });
  });
  afterAll(() => database?.drop());

  const titles = async () => {
    const response = await agentFor(database).get(`${ROOT}/venues?only_with_upcoming=1`);
    expect(response.status).toBe(200);
    return (response.body as { venues: { venue: string }[] }).venues.map((venue) => venue.venue);
  };

  it('lists only venues of events with an occurrence on a migrated site, every one otherwise', async () => {
    await configureSite(database.db, { migrated: true, zone: 'UTC', siteMode: false });
    expect(await titles()).toEqual(['Listed']);
    await configureSite(database.db, { migrated: false, zone: 'UTC', siteMode: false });
    expect(await titles()).toEqual(['Meta only', 'Listed']);
  });
});
