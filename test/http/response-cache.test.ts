import type { Connection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeFeed } from '../../src/feed/change-feed.js';
import { ResponseCache } from '../../src/cache/response-cache.js';
import { RECORDING_INSTANT } from '../contract/suite.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { ROOT, recordStatements, recordedUserAuth, type StatementRecorder } from './support.js';
import { answerOf, feedApp, ManualClock, rawConnection, type Answer, type FeedApp } from '../feed/support.js';

/**
 * The response cache (issue 13) on the reference site, the feed in probe mode: repeated reads are
 * answered from memory exactly as the first time, and every change, through the service or as raw
 * SQL, is seen by the very next answer. A cache hit in probe mode costs exactly one statement (the
 * LSN read), a miss runs the answer's own statements: that is how a test tells them apart.
 */

let database: TestDatabase;
let recorder: StatementRecorder;
let raw: Connection;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  recorder = recordStatements(database);
  raw = await rawConnection(database);
});

afterAll(async () => {
  await raw?.end();
  await recorder?.db.destroy();
  await database?.drop();
});

const ADMIN = recordedUserAuth('admin');
const EDITOR = recordedUserAuth('editor');
/** A draft event: admins and editors see it, an anonymous reader gets an error. */
const DRAFT_EVENT = 241;

/**
 * A fresh app on the recorder's connection, clock stopped at the recording instant unless moved.
 * Its feed is in probe mode unless given. Tests that need hits use `ownWritesFeed()` instead:
 * the shared server's other databases move InnoDB's LSN at any moment (each move empties a
 * probe-mode cache), so under a parallel test run a probe-mode hit may never come. Probe-mode
 * hits are tested on a server of the test's own (test/feed/binlog-feed.test.ts).
 */
function freshApp(options: { bytes?: number; feed?: ChangeFeed; clock?: ManualClock } = {}): FeedApp & { clock: ManualClock } {
  const clock = options.clock ?? new ManualClock(new Date(RECORDING_INSTANT));
  return { ...feedApp(database, { db: recorder.db, clock, bytes: options.bytes, feed: options.feed }), clock };
}

/** A feed that reports this service's own writes only, as binlog mode with nobody else writing. */
function ownWritesFeed(): ChangeFeed {
  const feed = new ChangeFeed();
  feed.useBinlog(() => true, new Date(RECORDING_INSTANT));
  return feed;
}

/** GETs `url` and says how many statements it ran and whether the response cache answered it. */
async function counted(app: FeedApp, url: string, auth?: string) {
  const hitsBefore = await app.hits();
  recorder.clear();
  const answer = await answerOf(app.agent, url, auth);
  const statements = [...recorder.statements];
  const hit = (await app.hits()) > hitsBefore;
  return { answer, statements, hit };
}

/**
 * Repeats `url` until the cache answers it; fails after 30 tries (a feed of the app's own writes
 * answers the second). The hit must equal, byte for byte, the
 * answer that filled the entry: the one just before it (`previous` for the first try). Answers
 * are not all the same from one request to the next: WordPress's antispambot() obfuscates each
 * organizer e-mail in JSON-LD at random. A hit runs no statement beyond a probe's LSN read.
 */
async function expectHit(app: FeedApp, url: string, previous: Answer, auth?: string) {
  for (let attempt = 0; attempt < 30; attempt += 1) {
    const result = await counted(app, url, auth);
    if (!result.hit) {
      previous = result.answer;
      continue;
    }
    expect(result.answer).toEqual(previous);
    expect(result.statements.length).toBeLessThanOrEqual(1);
    for (const statement of result.statements) expect(statement).toMatch(/information_schema\.GLOBAL_STATUS/i);
    return result;
  }
  throw new Error(`${url} was never answered from the cache in 30 tries`);
}

/**
 * Not answered from the response cache (its hits did not move). A miss may run no statement: a list
 * is paged from the kept event dates and assembled from kept records.
 */
function expectMiss(result: Awaited<ReturnType<typeof counted>>): void {
  expect(result.hit).toBe(false);
}

const READS = [
  '/events',
  '/events?per_page=3&page=2',
  '/events/6',
  '/venues',
  '/venues/19',
  '/organizers',
  '/categories',
  '/tags',
  '/events.ics',
];

describe('repeated anonymous reads', () => {
  it.each(READS)('GET %s is answered from the cache, byte for byte as the first time', async (path) => {
    const app = freshApp({ feed: ownWritesFeed() });
    const first = await counted(app, `${ROOT}${path}`);
    expect(first.answer.status).toBe(200);
    expectMiss(first);
    await expectHit(app, `${ROOT}${path}`, first.answer);
  });

  it('HEAD is kept apart from GET (its headers differ), then answered from the cache with the same ETag', async () => {
    const app = freshApp({ feed: ownWritesFeed() });
    const get = await app.agent.get(`${ROOT}/events/6`);
    const firstHead = await app.agent.head(`${ROOT}/events/6`);
    const hitsBefore = await app.hits();
    const head = await app.agent.head(`${ROOT}/events/6`);
    expect(await app.hits()).toBe(hitsBefore + 1);
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(get.headers.etag);
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    // WordPress varies anonymous GETs on Origin, not HEADs: why the two are two entries.
    expect(get.headers.vary).toBe('Origin');
    expect(head.headers.vary).toBeUndefined();
    expect({ ...head.headers, 'x-request-id': '', date: '' }).toEqual({ ...firstHead.headers, 'x-request-id': '', date: '' });
    expect(head.text ?? '').toBe('');
  });
});

describe('changes are seen by the very next answer', () => {
  const single = `${ROOT}/events/6`;

  it('a post title updated by SQL as WordPress does', async () => {
    const app = freshApp();
    await counted(app, single);
    await raw.query("UPDATE wp_posts SET post_title = 'Renamed by SQL', post_modified = '2026-11-21 23:20:00', post_modified_gmt = '2026-11-21 23:20:00' WHERE ID = 6");
    const after = await counted(app, single);
    expectMiss(after);
    expect(JSON.parse(after.answer.body).title).toBe('Renamed by SQL');
  });

  it('an event cost (postmeta) updated by SQL', async () => {
    const app = freshApp();
    const before = await counted(app, single);
    expect(JSON.parse(before.answer.body).cost).not.toContain('77');
    await raw.query("UPDATE wp_postmeta SET meta_value = '77' WHERE post_id = 6 AND meta_key = '_EventCost'");
    const after = await counted(app, single);
    expectMiss(after);
    expect(JSON.parse(after.answer.body).cost).toContain('77');
  });

  it('a term name updated by SQL', async () => {
    const app = freshApp();
    const tags = await counted(app, `${ROOT}/tags/3`);
    expect(tags.answer.status).toBe(200);
    await raw.query("UPDATE wp_terms SET name = 'Renamed tag' WHERE term_id = 3");
    const after = await counted(app, `${ROOT}/tags/3`);
    expectMiss(after);
    expect(JSON.parse(after.answer.body).name).toBe('Renamed tag');
  });

  it('an option updated by SQL (posts_per_page, the default page size)', async () => {
    // date_format is read by no answer of this API; posts_per_page is, through the default page size.
    const app = freshApp();
    const url = `${ROOT}/venues`;
    const before = await counted(app, url);
    expect(JSON.parse(before.answer.body).venues.length).toBeGreaterThan(2);
    await raw.query("UPDATE wp_options SET option_value = '2' WHERE option_name = 'posts_per_page'");
    try {
      const after = await counted(app, url);
      expectMiss(after);
      expect(JSON.parse(after.answer.body).venues).toHaveLength(2);
    } finally {
      await raw.query("UPDATE wp_options SET option_value = '10' WHERE option_name = 'posts_per_page'");
    }
  });

  it('a write through the service (POST then PUT an event) is seen at once', async () => {
    // The service reports its own writes to the feed at commit, whatever the mode.
    const app = freshApp({ feed: ownWritesFeed() });
    const list = `${ROOT}/events?per_page=50&start_date=2026-01-01`;
    const before = await counted(app, list);
    await expectHit(app, list, before.answer);
    const created = await app.agent
      .post(`${ROOT}/events`)
      .set('Authorization', ADMIN)
      .send({ title: 'Written through the service', start_date: '2026-12-24 10:00:00', end_date: '2026-12-24 11:00:00', status: 'publish' });
    expect(created.status, created.text).toBe(201);
    const id = (created.body as { id: number }).id;
    const afterCreate = await counted(app, list);
    expectMiss(afterCreate);
    expect(Number(afterCreate.answer.headers['x-wp-total'])).toBe(Number(before.answer.headers['x-wp-total']) + 1);

    const url = `${ROOT}/events/${id}`;
    await expectHit(app, url, (await counted(app, url)).answer);
    const updated = await app.agent.put(url).set('Authorization', ADMIN).send({ title: 'Updated through the service' });
    expect(updated.status, updated.text).toBe(200);
    const afterUpdate = await counted(app, url);
    expectMiss(afterUpdate);
    expect(JSON.parse(afterUpdate.answer.body).title).toBe('Updated through the service');
  });
});

describe('who asks', () => {
  const draft = `${ROOT}/events/${DRAFT_EVENT}`;

  it("never serves an admin's answer (a draft) to an anonymous reader", async () => {
    const app = freshApp({ feed: ownWritesFeed() });
    const admin = await counted(app, draft, ADMIN);
    expect(admin.answer.status).toBe(200);
    expect(admin.answer.headers.etag).toBeUndefined();
    const anonymous = await counted(app, draft);
    expect(anonymous.hit).toBe(false);
    expect(anonymous.answer.status).not.toBe(200);
    expect(anonymous.answer.body).not.toContain('Draft Planning Session');
  });

  it("never serves an anonymous answer to an admin", async () => {
    const app = freshApp({ feed: ownWritesFeed() });
    const anonymous = await counted(app, `${ROOT}/events?status=draft`);
    const admin = await counted(app, `${ROOT}/events?status=draft`, ADMIN);
    expect(admin.hit).toBe(false);
    expect(admin.answer.body).not.toBe(anonymous.answer.body);
  });

  it('gives two users two entries, each reused by its own user only', async () => {
    const app = freshApp({ feed: ownWritesFeed() });
    // A first sign-in records the application password's use (usermeta, once a day): a change.
    await counted(app, `${ROOT}/tags`, ADMIN);
    await counted(app, `${ROOT}/tags`, EDITOR);
    await counted(app, draft, ADMIN);
    const editor = await counted(app, draft, EDITOR);
    expect(editor.hit).toBe(false);
    expect(editor.answer.status).toBe(200);
    expect((await counted(app, draft, EDITOR)).hit).toBe(true);
    expect((await counted(app, draft, ADMIN)).hit).toBe(true);
  });
});

describe('time', () => {
  it('does not serve the previous site day its entry once midnight has passed', async () => {
    const app = freshApp({ feed: ownWritesFeed() });
    app.clock.set('2026-11-21T23:50:00Z');
    const url = `${ROOT}/events`;
    await counted(app, url);
    expect((await counted(app, url)).hit).toBe(true);
    app.clock.set('2026-11-22T00:10:00Z');
    const nextDay = await counted(app, url);
    expectMiss(nextDay);
    // And it is what an app without the cache answers at that instant.
    const uncached = freshApp({ bytes: 0, clock: app.clock });
    expect(nextDay.answer).toEqual(await answerOf(uncached.agent, url));
  });

  it.each(['/events?start_date=now', '/events?starts_after=tomorrow', '/venues?only_with_upcoming=1'])('never caches %s', async (path) => {
    const app = freshApp({ feed: ownWritesFeed() });
    expect((await counted(app, `${ROOT}${path}`)).answer.status).toBe(200);
    expectMiss(await counted(app, `${ROOT}${path}`));
  });
});

describe('with the feed off', () => {
  it('caches nothing: every request runs its statements', async () => {
    const app = freshApp({ feed: new ChangeFeed() });
    for (let i = 0; i < 3; i += 1) expectMiss(await counted(app, `${ROOT}/events/6`));
  });
});

describe('the CACHE budget', () => {
  it('evicts the least recently used answer and keeps the byte total within the budget', async () => {
    // Made before the feed settles its mode, as main.ts makes the app before starting the feed:
    // the response cache's budget follows the switch to binlog mode.
    const feed = new ChangeFeed();
    const sized = freshApp({ feed: new ChangeFeed() });
    const bodies = await Promise.all(['/events/6', '/events/11', '/events/38'].map(async (path) => (await answerOf(sized.agent, `${ROOT}${path}`)).body.length));
    // Room for two of these answers, not three, in the response cache's half of the budget in
    // binlog mode (a quarter each goes to the record cache and the kept event totals: src/cache/caches.ts);
    // in probe mode its three quarters would hold all three (test/unit/cache/caches.test.ts).
    const budget = (Math.max(...bodies) * 3 + 1_500) * 2;
    const app = freshApp({ bytes: budget, feed });
    feed.useBinlog(() => true, new Date(RECORDING_INSTANT));
    await counted(app, `${ROOT}/events/6`);
    await counted(app, `${ROOT}/events/11`);
    expect((await counted(app, `${ROOT}/events/6`)).hit).toBe(true);
    // A third answer pushes out /events/11, used longer ago than /events/6.
    await counted(app, `${ROOT}/events/38`);
    expect((await counted(app, `${ROOT}/events/6`)).hit).toBe(true);
    expect((await counted(app, `${ROOT}/events/11`)).hit).toBe(false);
  });

  it('never holds more bytes than its budget, however many answers pass through', () => {
    const feed = new ChangeFeed();
    const cache = new ResponseCache(feed, 5_000);
    const seen: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      cache.set(`key ${i}`, feed.generation, { status: 200, headers: { 'content-type': 'application/json' }, body: 'x'.repeat((i * 37) % 900) });
      seen.push(cache.bytes);
      expect(cache.bytes).toBeLessThanOrEqual(5_000);
    }
    expect(Math.max(...seen)).toBeGreaterThan(4_000);
    // Oldest first: the last one stored is there, the first ones are long gone.
    expect(cache.get('key 199', feed.generation)).toBeDefined();
    expect(cache.get('key 0', feed.generation)).toBeUndefined();
  });
});

describe('ETag and 304', () => {
  // A venue: its answer is the same from one request to the next (an event's JSON-LD obfuscates
  // organizer e-mails at random, so an uncached event changes its tag on every request).
  const url = `${ROOT}/venues/19`;

  it('tags anonymous answers, answers a matching If-None-Match with 304 and no body, and a changed one with 200', async () => {
    const app = freshApp();
    const first = await app.agent.get(url);
    expect(first.status).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const notModified = await app.agent.get(url).set('If-None-Match', etag);
    expect(notModified.status).toBe(304);
    expect(notModified.text ?? '').toBe('');

    await raw.query("UPDATE wp_posts SET post_title = 'Retitled for the ETag', post_modified = '2026-11-21 23:30:00', post_modified_gmt = '2026-11-21 23:30:00' WHERE ID = 19");
    const changed = await app.agent.get(url).set('If-None-Match', etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.body as { venue: string }).venue).toBe('Retitled for the ETag');
  });

  it('gives signed-in answers no ETag', async () => {
    const app = freshApp();
    const signedIn = await app.agent.get(url).set('Authorization', ADMIN);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.etag).toBeUndefined();
    expect(signedIn.headers['cache-control']).not.toBe('no-cache');
  });

  it('gives HEAD the ETag of GET', async () => {
    const app = freshApp();
    const head = await app.agent.head(url);
    const get = await app.agent.get(url);
    expect(head.headers.etag).toBeDefined();
    expect(head.headers.etag).toBe(get.headers.etag);
  });
});
