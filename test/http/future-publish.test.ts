import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { maybeUnserialize } from '../../src/wp/php/php-values.js';
import { expectCustomTablesFollowMeta } from '../setup/custom-tables-agreement.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { agentFor, recordedUserAuth, ROOT } from './support.js';

/**
 * A post saved as `future` goes live through the `publish_future_post` event WordPress puts in
 * WP-Cron's schedule (the `cron` option); the recorded site has one for its scheduled event 244
 * at 1800000000. Events scheduled through the sidecar get theirs too, or WordPress would never
 * publish them.
 */

const NOW = '2026-11-24T17:00:00Z';
const ARGS_KEY_244 = '84e0a358324195cbeabd27a323343b93'; // md5('a:1:{i:0;i:244;}'), as recorded
let database: TestDatabase;
let admin: string;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  admin = recordedUserAuth();
});

afterAll(async () => {
  await database?.drop();
});

// Every event's tec_events / tec_occurrences rows follow its meta after each test's writes (docs/writes.md).
afterEach(() => expectCustomTablesFollowMeta(database.db));

async function cronRow(): Promise<string> {
  const row = await database.db.selectFrom('options').select('option_value').where('option_name', '=', 'cron').executeTakeFirstOrThrow();
  return row.option_value;
}

/** time -> post IDs of publish_future_post events at that time. */
async function publishEvents(): Promise<Map<number, number[]>> {
  const crons = maybeUnserialize(await cronRow()) as Record<string, Record<string, Record<string, { args: number[] }>>>;
  const found = new Map<number, number[]>();
  for (const [time, hooks] of Object.entries(crons)) {
    if (time === 'version') continue;
    const events = hooks.publish_future_post;
    if (events) found.set(Number(time), Object.values(events).map((event) => event.args[0]!));
  }
  return found;
}

describe('scheduled events are put in WP-Cron', () => {
  it('the recorded site schedules event 244', async () => {
    expect(await cronRow()).toContain(`s:19:"publish_future_post";a:1:{s:32:"${ARGS_KEY_244}";a:2:{s:8:"schedule";b:0;s:4:"args";a:1:{i:0;i:244;}}}`);
    expect(await publishEvents()).toEqual(new Map([[1800000000, [244]]]));
  });

  it('an event dated ahead is scheduled at its GMT date, after the times before it, and moved when its date moves', async () => {
    const agent = agentFor(database, { now: NOW });
    const created = await agent
      .post(`${ROOT}/events`)
      .set('Authorization', admin)
      .send({ title: 'Launch', date: '2026-12-15 09:30:00', status: 'future', start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 12:00:00' });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('future');
    const at = Date.parse('2026-12-15T09:30:00Z') / 1000;
    expect(await publishEvents()).toEqual(new Map([[at, [created.body.id]], [1800000000, [244]]]));
    // The times stay in ascending order and the version entry stays last.
    const row = await cronRow();
    expect(row.indexOf(`i:${at};`)).toBeLessThan(row.indexOf('i:1800000000;'));
    expect(row.endsWith('s:7:"version";i:2;}')).toBe(true);

    const moved = await agent
      .post(`${ROOT}/events/${created.body.id}`)
      .set('Authorization', admin)
      .send({ date: '2027-02-02 08:00:00', status: 'future' });
    expect(moved.status).toBe(200);
    expect(moved.body.status).toBe('future');
    expect(await publishEvents()).toEqual(new Map([[Date.parse('2027-02-02T08:00:00Z') / 1000, [created.body.id]], [1800000000, [244]]]));
  });

  it('a draft scheduled with a date keeps that date and stays `future` (prepare_postarr\'s edit_date)', async () => {
    const agent = agentFor(database, { now: NOW });
    const draft = await agent
      .post(`${ROOT}/events`)
      .set('Authorization', admin)
      .send({ title: 'Draft to schedule', status: 'draft', start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 12:00:00' });
    expect(draft.status).toBe(201);
    const id = draft.body.id as number;
    // A draft never dated: wp_update_post would date it now, unless the update says edit_date.
    const stored = await database.db.selectFrom('posts').select('post_date_gmt').where('ID', '=', id).executeTakeFirstOrThrow();
    expect(stored.post_date_gmt).toBe('0000-00-00 00:00:00');

    const scheduled = await agent
      .post(`${ROOT}/events/${id}`)
      .set('Authorization', admin)
      .send({ status: 'future', date: '2026-12-20 08:00:00', start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 12:00:00' });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.status).toBe('future');
    const row = await database.db.selectFrom('posts').select(['post_status', 'post_date', 'post_date_gmt']).where('ID', '=', id).executeTakeFirstOrThrow();
    expect(row).toEqual({ post_status: 'future', post_date: '2026-12-20 08:00:00', post_date_gmt: '2026-12-20 08:00:00' });
    expect((await publishEvents()).get(Date.parse('2026-12-20T08:00:00Z') / 1000)).toEqual([id]);

    // Scheduled with a date already past, it is published (wp_insert_post's future -> publish).
    const due = await agent
      .post(`${ROOT}/events/${id}`)
      .set('Authorization', admin)
      .send({ status: 'future', date: '2026-11-01 08:00:00', start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 12:00:00' });
    expect(due.body.status).toBe('publish');
    expect(due.body.date).toBe('2026-11-01 08:00:00');
  });

  it('a published event adds nothing to the schedule', async () => {
    const before = await cronRow();
    const created = await agentFor(database, { now: NOW })
      .post(`${ROOT}/events`)
      .set('Authorization', admin)
      .send({ title: 'Now', start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 12:00:00' });
    expect(created.status).toBe(201);
    expect(await cronRow()).toBe(before);
  });
});
