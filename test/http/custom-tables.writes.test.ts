import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertEvent } from '../builders/index.js';
import { expectCustomTablesFollowMeta } from '../setup/custom-tables-agreement.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { agentFor, recordedUserAuth, ROOT } from './support.js';

/*
 * TEC 6's `tec_events` / `tec_occurrences`, which the site's own calendar views read, follow the
 * event's final meta after every write (docs/writes.md: an intended deviation). The plugin
 * leaves them behind where its Event model refuses the meta a save left at odds with itself:
 * an all-day update keeps the old `_EventDuration`, and an update that changes only the zone
 * keeps the UTC dates of the old zone. The meta stays as the plugin writes it; the tables hold
 * the rows of the event's wall times and zone. The reference site's zone is UTC.
 */

let database: TestDatabase;
const admin = recordedUserAuth();

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
});
afterAll(() => database?.drop());
// Every event's rows, those written here and the reference site's, follow its meta.
afterEach(() => expectCustomTablesFollowMeta(database.db));

async function send(method: 'post' | 'put' | 'patch', path: string, body: Record<string, unknown>): Promise<number> {
  const response = await agentFor(database, { now: '2026-11-24T17:00:00Z' })[method](`${ROOT}${path}`).set('Authorization', admin).send(body);
  expect(response.status, JSON.stringify(response.body)).toBe(method === 'post' ? 201 : 200);
  return response.body.id as number;
}

const create = (body: Record<string, unknown>) => send('post', '/events', { title: 'Tables', ...body });

interface Dates {
  start_date: string;
  end_date: string;
  start_date_utc: string;
  end_date_utc: string;
  duration: number;
}

/** Dates of an event in UTC, wall times and UTC alike. */
const inUtc = (start: string, end: string, duration: number): Dates => ({ start_date: start, end_date: end, start_date_utc: start, end_date_utc: end, duration });
/** One all-day event on `day` in UTC. */
const allDay = (day: string) => inUtc(`${day} 00:00:00`, `${day} 23:59:59`, 86399);

/** The event's tec_events row (with `timezone`) and its occurrences hold `dates`. */
async function expectTables(postId: number, timezone: string, dates: Dates): Promise<void> {
  const columns = ['start_date', 'end_date', 'start_date_utc', 'end_date_utc', 'duration'] as const;
  const event = await database.db.selectFrom('tec_events').select([...columns, 'timezone']).where('post_id', '=', postId).executeTakeFirstOrThrow();
  const occurrences = await database.db.selectFrom('tec_occurrences').select(columns).where('post_id', '=', postId).execute();
  const numeric = <T extends { duration: number | null }>(row: T) => ({ ...row, duration: Number(row.duration) });
  expect({ event: numeric(event), occurrences: occurrences.map(numeric) }).toEqual({ event: { ...dates, timezone }, occurrences: [dates] });
}

async function meta(postId: number, key: string): Promise<string[]> {
  const rows = await database.db.selectFrom('postmeta').select('meta_value').where('post_id', '=', postId).where('meta_key', '=', key).execute();
  return rows.map((row) => row.meta_value ?? '');
}

describe('custom tables after event writes', () => {
  it('follow an update to an all-day event on other days (the plugin keeps the old days there)', async () => {
    const id = await create({ start_date: '2027-05-01 10:00:00', end_date: '2027-05-02 14:00:00' });
    await send('put', `/events/${id}`, { start_date: '2027-06-02 09:00:00', end_date: '2027-06-02 17:00:00', all_day: true });
    // The meta is the plugin's: the days moved, the old duration stays.
    expect(await meta(id, '_EventStartDate')).toEqual(['2027-06-02 00:00:00']);
    expect(await meta(id, '_EventDuration')).toEqual(['100800']);
    await expectTables(id, 'UTC', allDay('2027-06-02'));
  });

  it('follow an update that changes only the time zone (the plugin keeps the old zone there)', async () => {
    const id = await create({ start_date: '2027-05-01 10:00:00', end_date: '2027-05-01 12:00:00' });
    await send('put', `/events/${id}`, { timezone: 'Europe/Paris' });
    expect(await meta(id, '_EventTimezone')).toEqual(['Europe/Paris']);
    expect(await meta(id, '_EventStartDateUTC')).toEqual(['2027-05-01 10:00:00']);
    const paris = { ...inUtc('2027-05-01 10:00:00', '2027-05-01 12:00:00', 7200), start_date_utc: '2027-05-01 08:00:00', end_date_utc: '2027-05-01 10:00:00' };
    await expectTables(id, 'Europe/Paris', paris);
  });

  it('follow an update without a time zone, which moves an event of another zone to the site zone', async () => {
    const id = await create({ start_date: '2027-05-01 10:00:00', end_date: '2027-05-01 12:00:00', timezone: 'America/New_York' });
    await send('patch', `/events/${id}`, { title: 'Renamed' });
    expect(await meta(id, '_EventTimezone')).toEqual(['UTC']);
    await expectTables(id, 'UTC', inUtc('2027-05-01 10:00:00', '2027-05-01 12:00:00', 7200));
  });

  it('follow an all-day event updated to all-day off alone, and then back to timed dates', async () => {
    const id = await create({ start_date: '2027-05-01 10:00:00', end_date: '2027-05-02 14:00:00' });
    await send('put', `/events/${id}`, { start_date: '2027-06-02 00:00:00', end_date: '2027-06-02 23:59:59', all_day: true });
    // Only `_EventAllDay` changes: TEC refuses the meta again (the old duration), the rows stay the day's.
    await send('put', `/events/${id}`, { all_day: false });
    await expectTables(id, 'UTC', allDay('2027-06-02'));
    // Timed dates again: `_EventDuration` is rewritten and TEC's own rows follow.
    await send('put', `/events/${id}`, { start_date: '2027-06-03 09:00:00', end_date: '2027-06-03 10:30:00' });
    await expectTables(id, 'UTC', inUtc('2027-06-03 09:00:00', '2027-06-03 10:30:00', 5400));
  });

  it('follow an all-day update of an all-day event to a shorter span, the duration of a timed save kept in the meta', async () => {
    const id = await create({ start_date: '2027-07-01 00:00:00', end_date: '2027-07-03 23:59:59', all_day: true });
    // Created all-day: no `_EventDuration`, TEC computes it from the UTC dates.
    expect(await meta(id, '_EventDuration')).toEqual([]);
    await send('put', `/events/${id}`, { start_date: '2027-07-01 10:00:00', end_date: '2027-07-03 10:00:00' });
    await send('put', `/events/${id}`, { start_date: '2027-07-05 00:00:00', end_date: '2027-07-05 23:59:59', all_day: true });
    expect(await meta(id, '_EventDuration')).toEqual(['172800']);
    await expectTables(id, 'UTC', allDay('2027-07-05'));
  });

  it('exist for an event created with its end before its start (the plugin writes none: its views never show the event)', async () => {
    const id = await create({ start_date: '2027-03-20 12:00:00', end_date: '2027-03-20 10:00:00' });
    // The plugin's meta: the end moved to the start after the UTC end was computed.
    expect(await meta(id, '_EventEndDateUTC')).toEqual(['2027-03-20 10:00:00']);
    await expectTables(id, 'UTC', inUtc('2027-03-20 12:00:00', '2027-03-20 12:00:00', 0));
  });

  it('are put right by an update that sends no dates, where the plugin left them behind', async () => {
    // The plugin's rows after the all-day move of the first test: the meta of the new day with the
    // old duration, the custom tables at the old dates.
    const { id } = await insertEvent(database.db, { post_title: 'Stale', start_date: '2027-08-01 00:00:00', end_date: '2027-08-01 23:59:59', all_day: true });
    await database.db.insertInto('postmeta').values({ post_id: id, meta_key: '_EventDuration', meta_value: '100800' }).execute();
    const old = inUtc('2027-07-01 10:00:00', '2027-07-02 14:00:00', 100800);
    await database.db.updateTable('tec_events').set(old).where('post_id', '=', id).execute();
    await database.db.updateTable('tec_occurrences').set(old).where('post_id', '=', id).execute();
    await send('patch', `/events/${id}`, { title: 'Stale, renamed', all_day: true });
    await expectTables(id, 'UTC', allDay('2027-08-01'));
  });
});
