import { describe, expect, it } from 'vitest';
import { RECORDING_INSTANT } from '../contract/suite.js';
import { ROOT, recordedUserAuth } from '../http/support.js';
import { ManualClock, publishAsBinlog, readThroughCache, sqlUpdatePostAsBinlog, useBinlogFeedApp } from './support.js';

/**
 * Issue 21: a change drops only the cached answers that may show it. Events 6 and 7 share venue 5,
 * event 38 has venue 23; the first page of three events shows neither 6 nor 7. The feed is in
 * binlog mode with the log "followed": the service's own writes reach it at their commit, and a
 * raw SQL change is reported here as the binlog reports it (the row before and after, read from
 * the database around the statement), through the same translation (fromBinlogTransaction).
 */

const ADMIN = recordedUserAuth('admin');
const clock = new ManualClock(new Date(RECORDING_INSTANT));
const fixture = useBinlogFeedApp('reference', clock);

/** GETs `url` anonymously: its answer, and whether the cache gave it. */
function read(url: string): Promise<{ body: Record<string, unknown>; hit: boolean }> {
  return readThroughCache(fixture.app, `${ROOT}${url}`);
}

async function put(path: string, body: object): Promise<void> {
  const response = await fixture.app.agent.put(`${ROOT}${path}`).set('Authorization', ADMIN).send(body);
  expect(response.status, response.text.slice(0, 300)).toBe(200);
}

/** Runs an UPDATE of one row of wp_posts by SQL and reports it as the binlog would. */
function sqlUpdatePost(id: number, set: string, values: unknown[]): Promise<void> {
  return sqlUpdatePostAsBinlog(fixture.raw, fixture.feed, clock.now(), id, set, values);
}

/** Reports one meta row's new value, written by SQL, as the binlog would. */
async function sqlUpdateMeta(postId: number, key: string, value: string): Promise<void> {
  const rows = async () => (await fixture.raw.query('SELECT * FROM wp_postmeta WHERE post_id = ? AND meta_key = ?', [postId, key]))[0] as Record<string, unknown>[];
  const before = (await rows())[0]!;
  await fixture.raw.query('UPDATE wp_postmeta SET meta_value = ? WHERE meta_id = ?', [value, before.meta_id]);
  const after = (await rows())[0]!;
  publishAsBinlog(fixture.feed, clock.now(), [{ table: 'postmeta', action: 'update', rows: [{ before, after }] }]);
}

const LIST = '/events?per_page=3';
/** Events 6 and 7 name organizer 4. */
const ORGANIZER_4_LIST = '/events?organizer=4';
const eventIds = (body: Record<string, unknown>) => (body.events as { id: number }[]).map((event) => event.id);

describe('invalidation by record', () => {
  it('a title update of one event (SQL, binlog) keeps the other events and a list page not showing it', async () => {
    for (const url of ['/events/6', '/events/7', '/events/38', LIST]) await read(url);
    expect(eventIds((await read(LIST)).body)).not.toContain(6);

    await sqlUpdatePost(6, 'post_title = ?, post_modified = ?, post_modified_gmt = ?', ['Renamed by SQL', '2026-11-21 23:20:00', '2026-11-21 23:20:00']);

    const six = await read('/events/6');
    expect(six.hit).toBe(false);
    expect(six.body.title).toBe('Renamed by SQL');
    expect((await read('/events/7')).hit).toBe(true);
    expect((await read('/events/38')).hit).toBe(true);
    expect((await read(LIST)).hit).toBe(true);
  });

  it('a title update through the service keeps the other events', async () => {
    for (const url of ['/events/6', '/events/7', '/events/38', LIST, ORGANIZER_4_LIST]) await read(url);

    // Like the plugin, the update also sets the post date and rewrites the organizer and all-day rows.
    await put('/events/6', { title: 'Renamed by issue 21' });

    const six = await read('/events/6');
    expect(six.hit).toBe(false);
    expect(six.body.title).toBe('Renamed by issue 21');
    expect((await read('/events/7')).hit).toBe(true);
    expect((await read('/events/38')).hit).toBe(true);
    // An update without `organizer` unlinks the organizer, as the plugin's does: its list moves.
    const organizerList = await read(ORGANIZER_4_LIST);
    expect(organizerList.hit).toBe(false);
    expect(eventIds(organizerList.body)).toEqual([7]);
  });

  it('a second title update through the service (rows deleted and added with the same values) keeps the list pages not showing it', async () => {
    await put('/events/7', { title: 'Renamed once' });
    for (const url of ['/events/38', LIST, ORGANIZER_4_LIST]) await read(url);

    await put('/events/7', { title: 'Renamed twice' });

    expect((await read('/events/7')).body.title).toBe('Renamed twice');
    expect((await read('/events/38')).hit).toBe(true);
    expect((await read(LIST)).hit).toBe(true);
  });

  it("an event's organizer link (SQL, binlog) drops the lists filtered by organizer, not the others", async () => {
    for (const url of [LIST, ORGANIZER_4_LIST, '/events?organizer=30', '/events/38']) await read(url);
    expect(eventIds((await read(ORGANIZER_4_LIST)).body)).not.toContain(38);

    await sqlUpdateMeta(38, '_EventOrganizerID', '4');

    expect(eventIds((await read(ORGANIZER_4_LIST)).body)).toContain(38);
    expect(eventIds((await read('/events?organizer=30')).body)).not.toContain(38);
    expect((await read(LIST)).hit).toBe(true);
    expect((await read('/events/38')).hit).toBe(false);
  });

  it('a post date (SQL, binlog) drops the lists ordered by it, not the events list', async () => {
    const venues = (body: Record<string, unknown>) => (body.venues as { id: number }[]).map((venue) => venue.id);
    // Venue 19 is not one the list page's events embed (23, 28, 22).
    for (const url of [LIST, '/venues']) await read(url);
    expect(venues((await read('/venues')).body)[0]).not.toBe(19);

    await sqlUpdatePost(19, 'post_date = ?, post_date_gmt = ?', ['2026-11-27 01:00:00', '2026-11-27 01:00:00']);

    const after = await read('/venues');
    expect(after.hit).toBe(false);
    expect(venues(after.body)[0]).toBe(19);
    expect((await read(LIST)).hit).toBe(true);
  });

  it('a venue update drops that venue and the events that embed it, not the others', async () => {
    for (const url of ['/events/6', '/events/7', '/events/38', '/venues/5']) await read(url);

    await put('/venues/5', { venue: 'Hall renamed by issue 21' });

    for (const url of ['/events/6', '/events/7']) {
      const answer = await read(url);
      expect(answer.hit, url).toBe(false);
      expect((answer.body.venue as { venue: string }).venue, url).toBe('Hall renamed by issue 21');
    }
    const venue = await read('/venues/5');
    expect(venue.hit).toBe(false);
    expect(venue.body.venue).toBe('Hall renamed by issue 21');
    expect((await read('/events/38')).hit).toBe(true);
  });

  it("an event's first update through the service (which adds its all-day, currency and website rows) keeps the list pages not showing it", async () => {
    const shown = eventIds((await read(LIST)).body);
    const allDayRows = async (id: number) => ((await fixture.raw.query('SELECT meta_id FROM wp_postmeta WHERE post_id = ? AND meta_key = ?', [id, '_EventAllDay']))[0] as unknown[]).length;
    // An event of a later page that has never had an all-day row.
    let nextPage = '';
    let id: number | undefined;
    for (let number = 2; id === undefined && number <= 10; number += 1) {
      nextPage = `/events?per_page=3&page=${number}`;
      for (const candidate of eventIds((await read(nextPage)).body)) {
        if (id === undefined && ![6, 7, 38].includes(candidate) && !shown.includes(candidate) && (await allDayRows(candidate)) === 0) id = candidate;
      }
    }
    expect(id).toBeDefined();
    for (const url of [LIST, nextPage, `/events/${id}`]) await read(url);

    await put(`/events/${id}`, { title: 'First update by issue 21' });

    expect(await allDayRows(id!)).toBe(1);
    expect((await read(LIST)).hit).toBe(true);
    const page = await read(nextPage);
    expect(page.hit).toBe(false);
    expect((page.body.events as { id: number; title: string }[]).find((event) => event.id === id)?.title).toBe('First update by issue 21');
    expect((await read(`/events/${id}`)).hit).toBe(false);
  });

  it("an event whose text holds latest-posts and archives blocks is dropped by a change of the posts they show, not of other events", async () => {
    // Event 255's description renders the latest `post` posts and their archive months.
    const description = async () => {
      const answer = await read('/events/255');
      return { hit: answer.hit, text: String(answer.body.description) };
    };
    expect((await description()).text).toContain('Hello world!');
    await read('/events/6');
    await put('/events/6', { title: 'Renamed beside the blocks' });
    expect((await description()).hit).toBe(true);

    await sqlUpdatePost(1, 'post_title = ?', ['Hello again']);
    const renamed = await description();
    expect(renamed.hit).toBe(false);
    expect(renamed.text).toContain('Hello again');
    expect((await description()).hit).toBe(true);

    await sqlUpdatePost(1, 'post_status = ?', ['draft']);
    const unpublished = await description();
    expect(unpublished.hit).toBe(false);
    expect(unpublished.text).not.toContain('Hello again');
    expect(unpublished.text).not.toContain('November 2026');
    await sqlUpdatePost(1, 'post_status = ?', ['publish']);
    expect((await description()).text).toContain('Hello again');
  });

  it('a status change (SQL, binlog) moves the event out of the list page it was on', async () => {
    const listed = eventIds((await read(LIST)).body);
    const first = listed[0]!;
    await read(`/events/${listed[1]!}`);
    await sqlUpdatePost(first, 'post_status = ?', ['draft']);
    const after = await read(LIST);
    expect(after.hit).toBe(false);
    expect(eventIds(after.body)).not.toContain(first);
    expect((await read(`/events/${listed[1]!}`)).hit).toBe(true);
  });
});
