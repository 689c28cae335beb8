import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { insertEvent } from '../builders/index.js';
import { customTablesDisagreements } from '../setup/custom-tables-agreement.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { agentFor, recordedUserAuth, ROOT } from './support.js';

/*
 * TEC 6's `tec_events` / `tec_occurrences`, which the site's own calendar views read, follow the
 * event's final meta after every write (README, Writes: an intended deviation). The plugin
 * leaves them behind where its Event model refuses the meta a save left at odds with itself:
 * an all-day update keeps the old `_EventDuration`, and an update that changes only the zone
 * keeps the UTC dates of the old zone. The meta stays as the plugin writes it; the tables hold
 * the rows of the event's wall times and zone. The reference site's zone is UTC.
 */

const NOW = '2026-11-24T17:00:00Z';
let database: TestDatabase;
let admin: string;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  admin = recordedUserAuth();
});

afterAll(async () => {
  await database?.drop();
});

// Every event's rows, those written here and the reference site's, follow its meta.
afterEach(async () => {
  expect(await customTablesDisagreements(database.db)).toEqual([]);
});

async function send(method: 'post' | 'put' | 'patch', path: string, body: Record<string, unknown>, now = NOW): Promise<Record<string, unknown>> {
  const response = await agentFor(database, { now })[method](`${ROOT}${path}`).set('Authorization', admin).send(body);
  expect(response.status, JSON.stringify(response.body)).toBe(method === 'post' && path === '/events' ? 201 : 200);
  return response.body as Record<string, unknown>;
}

const create = (body: Record<string, unknown>) => send('post', '/events', { title: 'Tables', ...body });

async function tables(postId: number) {
  const event = await database.db
    .selectFrom('tec_events')
    .select(['start_date', 'end_date', 'timezone', 'start_date_utc', 'end_date_utc', 'duration'])
    .where('post_id', '=', postId)
    .executeTakeFirstOrThrow();
  const occurrences = await database.db
    .selectFrom('tec_occurrences')
    .select(['start_date', 'end_date', 'start_date_utc', 'end_date_utc', 'duration'])
    .where('post_id', '=', postId)
    .execute();
  return { event: { ...event, duration: Number(event.duration) }, occurrences: occurrences.map((row) => ({ ...row, duration: Number(row.duration) })) };
}

async function meta(postId: number, key: string): Promise<string[]> {
  const rows = await database.db.selectFrom('postmeta').select('meta_value').where('post_id', '=', postId).where('meta_key', '=', key).execute();
  return rows.map((row) => row.meta_value ?? '');
}

describe('custom tables after event writes', () => {
  it('follow an update to an all-day event on other days (the plugin keeps the old days there)', async () => {
    const created = await create({ start_date: '2027-05-01 10:00:00', end_date: '2027-05-02 14:00:00' });
    const id = created.id as number;
    await send('put', `/events/${id}`, { start_date: '2027-06-02 09:00:00', end_date: '2027-06-02 17:00:00', all_day: true });
    // The meta is the plugin's: the days moved, the old duration stays.
    expect(await meta(id, '_EventStartDate')).toEqual(['2027-06-02 00:00:00']);
    expect(await meta(id, '_EventDuration')).toEqual(['100800']);
    const day = { start_date: '2027-06-02 00:00:00', end_date: '2027-06-02 23:59:59', start_date_utc: '2027-06-02 00:00:00', end_date_utc: '2027-06-02 23:59:59', duration: 86399 };
    expect(await tables(id)).toEqual({ event: { ...day, timezone: 'UTC' }, occurrences: [day] });
  });

  it('follow an update that changes only the time zone (the plugin keeps the old zone there)', async () => {
    const created = await create({ start_date: '2027-05-01 10:00:00', end_date: '2027-05-01 12:00:00' });
    const id = created.id as number;
    await send('put', `/events/${id}`, { timezone: 'Europe/Paris' });
    expect(await meta(id, '_EventTimezone')).toEqual(['Europe/Paris']);
    expect(await meta(id, '_EventStartDateUTC')).toEqual(['2027-05-01 10:00:00']);
    const dates = { start_date: '2027-05-01 10:00:00', end_date: '2027-05-01 12:00:00', start_date_utc: '2027-05-01 08:00:00', end_date_utc: '2027-05-01 10:00:00', duration: 7200 };
    expect(await tables(id)).toEqual({ event: { ...dates, timezone: 'Europe/Paris' }, occurrences: [dates] });
  });

  it('follow an update without a time zone, which moves an event of another zone to the site zone', async () => {
    const created = await create({ start_date: '2027-05-01 10:00:00', end_date: '2027-05-01 12:00:00', timezone: 'America/New_York' });
    const id = created.id as number;
    await send('patch', `/events/${id}`, { title: 'Renamed' });
    expect(await meta(id, '_EventTimezone')).toEqual(['UTC']);
    const dates = { start_date: '2027-05-01 10:00:00', end_date: '2027-05-01 12:00:00', start_date_utc: '2027-05-01 10:00:00', end_date_utc: '2027-05-01 12:00:00', duration: 7200 };
    expect(await tables(id)).toEqual({ event: { ...dates, timezone: 'UTC' }, occurrences: [dates] });
  });

  it('follow an all-day event updated to all-day off alone, and then back to timed dates', async () => {
    const created = await create({ start_date: '2027-05-01 10:00:00', end_date: '2027-05-02 14:00:00' });
    const id = created.id as number;
    await send('put', `/events/${id}`, { start_date: '2027-06-02 00:00:00', end_date: '2027-06-02 23:59:59', all_day: true });
    // Only `_EventAllDay` changes: TEC refuses the meta again (the old duration), the rows stay the day's.
    await send('put', `/events/${id}`, { all_day: false });
    const day = { start_date: '2027-06-02 00:00:00', end_date: '2027-06-02 23:59:59', start_date_utc: '2027-06-02 00:00:00', end_date_utc: '2027-06-02 23:59:59', duration: 86399 };
    expect(await tables(id)).toEqual({ event: { ...day, timezone: 'UTC' }, occurrences: [day] });
    // Timed dates again: `_EventDuration` is rewritten and TEC's own rows follow.
    await send('put', `/events/${id}`, { start_date: '2027-06-03 09:00:00', end_date: '2027-06-03 10:30:00' });
    const timed = { start_date: '2027-06-03 09:00:00', end_date: '2027-06-03 10:30:00', start_date_utc: '2027-06-03 09:00:00', end_date_utc: '2027-06-03 10:30:00', duration: 5400 };
    expect(await tables(id)).toEqual({ event: { ...timed, timezone: 'UTC' }, occurrences: [timed] });
  });

  it('follow an all-day update of an all-day event to a shorter span, the duration of the first save kept in the meta', async () => {
    const created = await create({ start_date: '2027-07-01 00:00:00', end_date: '2027-07-03 23:59:59', all_day: true });
    const id = created.id as number;
    // Created all-day: no `_EventDuration`, TEC computes it from the UTC dates.
    expect(await meta(id, '_EventDuration')).toEqual([]);
    await send('put', `/events/${id}`, { start_date: '2027-07-01 10:00:00', end_date: '2027-07-03 10:00:00' });
    await send('put', `/events/${id}`, { start_date: '2027-07-05 00:00:00', end_date: '2027-07-05 23:59:59', all_day: true });
    expect(await meta(id, '_EventDuration')).toEqual(['172800']);
    const day = { start_date: '2027-07-05 00:00:00', end_date: '2027-07-05 23:59:59', start_date_utc: '2027-07-05 00:00:00', end_date_utc: '2027-07-05 23:59:59', duration: 86399 };
    expect(await tables(id)).toEqual({ event: { ...day, timezone: 'UTC' }, occurrences: [day] });
  });

  it('exist for an event created with its end before its start (the plugin writes none: its views never show the event)', async () => {
    const created = await create({ start_date: '2027-03-20 12:00:00', end_date: '2027-03-20 10:00:00' });
    const id = created.id as number;
    // The plugin's meta: the end moved to the start after the UTC end was computed.
    expect(await meta(id, '_EventEndDateUTC')).toEqual(['2027-03-20 10:00:00']);
    const instant = { start_date: '2027-03-20 12:00:00', end_date: '2027-03-20 12:00:00', start_date_utc: '2027-03-20 12:00:00', end_date_utc: '2027-03-20 12:00:00', duration: 0 };
    expect(await tables(id)).toEqual({ event: { ...instant, timezone: 'UTC' }, occurrences: [instant] });
  });

  it('are put right by an update that sends no dates, where the plugin left them behind', async () => {
    // The plugin's rows after the all-day move of the first test: the meta of the new day with the
    // old duration, the custom tables at the old dates.
    const { id } = await insertEvent(database.db, { post_title: 'Stale', start_date: '2027-08-01 00:00:00', end_date: '2027-08-01 23:59:59', all_day: true });
    await database.db.insertInto('postmeta').values({ post_id: id, meta_key: '_EventDuration', meta_value: '100800' }).execute();
    const old = { start_date: '2027-07-01 10:00:00', end_date: '2027-07-02 14:00:00', start_date_utc: '2027-07-01 10:00:00', end_date_utc: '2027-07-02 14:00:00', duration: 100800 };
    await database.db.updateTable('tec_events').set(old).where('post_id', '=', id).execute();
    await database.db.updateTable('tec_occurrences').set(old).where('post_id', '=', id).execute();
    await send('patch', `/events/${id}`, { title: 'Stale, renamed', all_day: true });
    const day = { start_date: '2027-08-01 00:00:00', end_date: '2027-08-01 23:59:59', start_date_utc: '2027-08-01 00:00:00', end_date_utc: '2027-08-01 23:59:59', duration: 86399 };
    expect(await tables(id)).toEqual({ event: { ...day, timezone: 'UTC' }, occurrences: [day] });
  });
});
