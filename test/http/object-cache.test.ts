import { sql } from 'kysely';
import supertest from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { openObjectCache, ObjectCacheError, redisKeysToInvalidate, type ObjectCache } from '../../src/wp/object-cache/object-cache.js';
import { phpSerialize } from '../../src/wp/php/php-values.js';
import { basicAuth } from '../builders/users.js';
import { loadUsers } from '../contract/captures.js';
import { RECORDING_INSTANT } from '../contract/suite.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { openScratchRedis, type ScratchRedis } from '../unit/wp/object-cache/scratch-redis.js';
import { ROOT } from './support.js';

/**
 * Writes through the app against the recorded site, with the object-cache listener on a real
 * Redis (object-cache.md §6): the keys WordPress would have cached are SET first, as a site with
 * WP_REDIS_PREFIX 'site:' keeps them, then one request runs, then the test asserts which keys are
 * gone and which stay. Each test gets a fresh copy of the recorded database.
 */

const REDIS_DB = 14;
const PREFIX = 'site:';
const ADMIN = loadUsers().admin!;
// Whose application password the recorded site has never seen used (last_used null).
const EDITOR = loadUsers().editor!;

let redis: ScratchRedis;
let database: TestDatabase | undefined;
let cache: ObjectCache | undefined;
let errors: unknown[];
/** The Redis keys each committed write asked to drop, in order (object-cache.md §3 lists them per write). */
let dropped: string[][];

beforeAll(async () => {
  redis = await openScratchRedis(REDIS_DB);
});
afterAll(async () => {
  await redis?.close();
});
beforeEach(async () => {
  errors = [];
  dropped = [];
  await redis.flush();
  database = await createTestDatabase({ dump: 'reference' });
  return async () => {
    await cache?.close();
    cache = undefined;
    await database?.drop();
  };
});

/** An agent on an app whose change listener is the object cache at `url` (the scratch database unless set). */
function agent(options: { url?: string; timeoutMs?: number } = {}) {
  const db = database!;
  const config = loadConfig({
    DATABASE_URL: db.url,
    TABLE_PREFIX: db.prefix,
    OBJECT_CACHE_URL: options.url ?? redis.url,
    OBJECT_CACHE_PREFIX: PREFIX,
  });
  cache = openObjectCache(
    { ...config.objectCache!, tablePrefix: config.tablePrefix, baseTablePrefix: config.baseTablePrefix, timeoutMs: options.timeoutMs },
    (error) => errors.push(error),
  );
  const handler = createHandler({
    db: db.db,
    config,
    clock: fixedClock(RECORDING_INSTANT),
    logError: (error) => errors.push(error),
    changeListeners: [
      async (changes) => {
        dropped.push(redisKeysToInvalidate(cache!.keyspace, changes));
      },
      cache.listener,
    ],
  });
  return supertest(handler);
}

const asAdmin = () => basicAuth(ADMIN.login, ADMIN.app_password);

async function userId(login: string): Promise<number> {
  const row = await database!.db.selectFrom('users').select('ID').where('user_login', '=', login).executeTakeFirstOrThrow();
  return Number(row.ID);
}

async function cacheAll(keys: readonly string[]): Promise<void> {
  for (const key of keys) await redis.client.set(key, 'cached');
}

/** The ID the next inserted post row gets. */
async function nextPostId(): Promise<number> {
  const { rows } = await sql<{ next: number }>`SELECT AUTO_INCREMENT AS next FROM information_schema.TABLES
    WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = ${`${database!.prefix}posts`}`.execute(database!.db);
  return Number(rows[0]!.next);
}

/** Of `keys`, those still in Redis. */
async function present(keys: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const key of keys) if ((await redis.client.exists(key)) === 1) found.push(key);
  return found;
}

/** object-cache.md §3's *misc* keys: what WordPress drops on every write of a post of this type. */
function miscPostKeys(postType: string): string[] {
  return [
    'general:wp_get_archives',
    'calendar:get_calendar',
    'transient:is_multi_author',
    ...['server', 'gmt', 'blog'].flatMap((tz) => [
      `timeinfo:lastpostmodified-${tz}`,
      `timeinfo:lastpostdate-${tz}`,
      `timeinfo:lastpostdate-${tz}-${postType}`,
    ]),
  ];
}

describe('application-password sign-in', () => {
  it("drops the user's cached meta when it records last_used, and only then", async () => {
    const editorId = await userId(EDITOR.login);
    const userMeta = `${PREFIX}wp:user_meta:${editorId}`;
    const lastChanged = `${PREFIX}wp:users:last_changed`;
    const other = `${PREFIX}wp:user_meta:${await userId(ADMIN.login)}`;
    await cacheAll([userMeta, lastChanged, other]);
    const asEditor = () => basicAuth(EDITOR.login, EDITOR.app_password);

    const api = agent();
    await api.get(`${ROOT}/events`).set('Authorization', asEditor()).expect(200);
    expect(await present([userMeta, lastChanged, other])).toEqual([other]);

    // The same day again: WordPress writes nothing, so the cache keeps what it has.
    await cacheAll([userMeta, lastChanged]);
    await api.get(`${ROOT}/events`).set('Authorization', asEditor()).expect(200);
    expect(await present([userMeta, lastChanged])).toEqual([userMeta, lastChanged]);
    expect(errors).toEqual([]);
  });

  it('anonymous requests and failed sign-ins touch nothing', async () => {
    const userMeta = `${PREFIX}wp:user_meta:${await userId(EDITOR.login)}`;
    await cacheAll([userMeta]);
    const api = agent();
    await api.get(`${ROOT}/events`).expect(200);
    await api.get(`${ROOT}/events`).set('Authorization', basicAuth(EDITOR.login, 'A'.repeat(24))).expect(401);
    expect(await present([userMeta])).toEqual([userMeta]);
  });
});

describe('term writes', () => {
  it('a category rename drops the term, its taxonomy lists, the term bump and the colours dropdown; posts stay cached', async () => {
    const gone = [
      `${PREFIX}wp:terms:8`,
      `${PREFIX}wp:tribe_events_cat:all_ids`,
      `${PREFIX}wp:tribe_events_cat:get`,
      `${PREFIX}wp:terms:last_changed`,
      `${PREFIX}wp:tribe-events:tec_category_colors_dropdown_categories`,
    ];
    const kept = [`${PREFIX}wp:terms:7`, `${PREFIX}wp:posts:37`, `${PREFIX}wp:post_meta:37`, `${PREFIX}wp:posts:last_changed`];
    await cacheAll([...gone, ...kept]);

    await agent().post(`${ROOT}/categories/8`).set('Authorization', asAdmin()).send({ name: 'Sport' }).expect(200);

    expect(await present([...gone, ...kept])).toEqual(kept);
    // object-cache.md §3 "category update": the term and its lists, the colours, the term bump, and
    // the options WordPress re-sets when it deletes and rebuilds tribe_events_cat_children.
    expect(dropped).toEqual([
      [
        'terms:8',
        'tribe_events_cat:all_ids',
        'tribe_events_cat:get',
        'terms:last_changed',
        'options:alloptions',
        'options:notoptions',
        'tribe-events:tec_category_colors_dropdown_categories',
      ].map((key) => `${PREFIX}wp:${key}`),
    ]);
  });

  it("a tag delete drops the relationship caches of every object that had it", async () => {
    const objects = await database!.db
      .selectFrom('term_relationships')
      .innerJoin('term_taxonomy', 'term_taxonomy.term_taxonomy_id', 'term_relationships.term_taxonomy_id')
      .select('term_relationships.object_id')
      .where('term_taxonomy.term_id', '=', 14)
      .execute();
    expect(objects.length).toBeGreaterThan(0);
    const gone = [
      `${PREFIX}wp:terms:14`,
      `${PREFIX}wp:post_tag:all_ids`,
      `${PREFIX}wp:terms:last_changed`,
      ...objects.map(({ object_id }) => `${PREFIX}wp:post_tag_relationships:${object_id}`),
    ];
    const kept = [`${PREFIX}wp:terms:13`, ...objects.map(({ object_id }) => `${PREFIX}wp:posts:${object_id}`)];
    await cacheAll([...gone, ...kept]);

    await agent().delete(`${ROOT}/tags/14`).set('Authorization', asAdmin()).expect(200);
    // post_tag belongs to posts and events alike: WordPress cleans all four relationship caches of each object.
    for (const { object_id } of objects) {
      for (const taxonomy of ['category', 'post_format', 'post_tag', 'tribe_events_cat']) {
        expect(dropped[0]).toContain(`${PREFIX}wp:${taxonomy}_relationships:${object_id}`);
      }
    }
    expect(dropped[0]!.filter((key) => /:(posts|post_meta):/.test(key))).toEqual([]);

    expect(await present([...gone, ...kept])).toEqual(kept);
  });
});

describe('post writes', () => {
  it('a cached event read through the cache after our update is fresh: its entries, the stamps and alloptions are gone', async () => {
    const before = await database!.db.selectFrom('options').select('option_value').where('option_name', '=', 'tribe_last_save_post').executeTakeFirst();
    const gone = [
      `${PREFIX}wp:posts:37`,
      `${PREFIX}wp:posts:post_parent-37`,
      `${PREFIX}wp:post_meta:37`,
      `${PREFIX}wp:tribe_events_cat_relationships:37`,
      `${PREFIX}wp:post_tag_relationships:37`,
      `${PREFIX}wp:posts:last_changed`,
      `${PREFIX}wp:terms:last_changed`,
      `${PREFIX}wp:options:alloptions`,
      `${PREFIX}wp:general:wp_get_archives`,
      `${PREFIX}wp:timeinfo:lastpostmodified-server`,
    ];
    const kept = [
      `${PREFIX}wp:posts:38`,
      `${PREFIX}wp:post_meta:38`,
      `${PREFIX}wp:terms:7`,
      // TEC's Views V2 entry, keyed on the old tribe_last_save_post: left in place, and unreachable once the option moves.
      `${PREFIX}wp:tribe-events:events_37_raw${before?.option_value ?? ''}`,
    ];
    // The revision WordPress saves of the old title takes the next post ID; an empty post_meta may be cached for it already.
    const nextId = await nextPostId();
    const revisionKeys = [`${PREFIX}wp:posts:${nextId}`, `${PREFIX}wp:posts:post_parent-${nextId}`, `${PREFIX}wp:post_meta:${nextId}`];
    await cacheAll([...gone, ...kept, ...revisionKeys]);
    await redis.client.set(
      `${PREFIX}wp:posts:37`,
      phpSerialize({ ID: 37, post_title: 'Seed Event 001', post_type: 'tribe_events' }),
    );

    const response = await agent().post(`${ROOT}/events/37`).set('Authorization', asAdmin()).send({ title: 'Seed Event 001 v2' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ id: 37, title: 'Seed Event 001 v2' });

    expect(await present([...gone, ...kept])).toEqual(kept);
    const after = await database!.db.selectFrom('options').select('option_value').where('option_name', '=', 'tribe_last_save_post').executeTakeFirstOrThrow();
    expect(after.option_value).not.toBe(before?.option_value);
    const revision = await database!.db
      .selectFrom('posts')
      .select(['ID', 'post_type', 'post_parent'])
      .where('ID', '=', nextId)
      .executeTakeFirstOrThrow();
    expect(revision).toMatchObject({ post_type: 'revision', post_parent: 37 });
    expect(await present(revisionKeys)).toEqual([]);
    expect(errors).toEqual([]);

    // Exactly the deletions of object-cache.md §3's "event update, title only": the event and its
    // revision, both relationship caches, the misc keys, the three bumps; no term, venue or organizer.
    const misc = miscPostKeys('tribe_events');
    expect(dropped).toHaveLength(1);
    expect([...dropped[0]!].sort()).toEqual(
      [
        'posts:37',
        'posts:post_parent-37',
        'post_meta:37',
        'tribe_events_cat_relationships:37',
        'post_tag_relationships:37',
        `posts:${nextId}`,
        `posts:post_parent-${nextId}`,
        `post_meta:${nextId}`,
        ...misc,
        'posts:last_changed',
        'terms:last_changed',
        'options:alloptions',
      ]
        .map((key) => `${PREFIX}wp:${key}`)
        .sort(),
    );
  });
});

describe('linked post writes', () => {
  it("a venue update drops the venue's entries and its revision's, with exactly the keys WordPress drops", async () => {
    const nextId = await nextPostId();
    const gone = [
      `${PREFIX}wp:posts:19`,
      `${PREFIX}wp:posts:post_parent-19`,
      `${PREFIX}wp:post_meta:19`,
      `${PREFIX}wp:posts:last_changed`,
      `${PREFIX}wp:options:alloptions`,
    ];
    const kept = [`${PREFIX}wp:posts:20`, `${PREFIX}wp:post_meta:20`, `${PREFIX}wp:posts:37`];
    await cacheAll([...gone, ...kept]);
    await redis.client.set(`${PREFIX}wp:post_meta:19`, phpSerialize({ _VenueCity: ['Springfield'] }));

    const response = await agent().post(`${ROOT}/venues/19`).set('Authorization', asAdmin()).send({ city: 'Shelbyville' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ id: 19, city: 'Shelbyville' });

    expect(await present([...gone, ...kept])).toEqual(kept);
    // object-cache.md §3 "venue update": the venue, the revision WordPress saved, the misc
    // keys of tribe_venue, and the three bumps.
    const revision = await database!.db.selectFrom('posts').select(['ID']).where('post_parent', '=', 19).where('post_type', '=', 'revision').where('ID', '>=', nextId).execute();
    expect(revision).toHaveLength(1);
    const misc = miscPostKeys('tribe_venue');
    expect(dropped).toHaveLength(1);
    expect([...dropped[0]!].sort()).toEqual(
      [
        'posts:19',
        'posts:post_parent-19',
        'post_meta:19',
        ...revision.flatMap(({ ID }) => [`posts:${ID}`, `posts:post_parent-${ID}`, `post_meta:${ID}`]),
        ...misc,
        'posts:last_changed',
        'terms:last_changed',
        'options:alloptions',
      ]
        .map((key) => `${PREFIX}wp:${key}`)
        .sort(),
    );
  });

  it("a venue trash drops the venue's entries and the meta of the upcoming events TEC unlinks", async () => {
    const linked = await database!.db
      .selectFrom('postmeta')
      .select('post_id')
      .where('meta_key', '=', '_EventVenueID')
      .where('meta_value', '=', '28')
      .execute();
    const eventIds = linked.map(({ post_id }) => post_id);
    expect(eventIds.length).toBeGreaterThan(0);
    await cacheAll([
      `${PREFIX}wp:posts:28`,
      `${PREFIX}wp:post_meta:28`,
      ...eventIds.map((id) => `${PREFIX}wp:post_meta:${id}`),
    ]);

    await agent().delete(`${ROOT}/venues/28`).set('Authorization', asAdmin()).expect(200);

    const stillLinked = new Set(
      (
        await database!.db
          .selectFrom('postmeta')
          .select('post_id')
          .where('meta_key', '=', '_EventVenueID')
          .where('meta_value', '=', '28')
          .execute()
      ).map(({ post_id }) => post_id),
    );
    const unlinked = eventIds.filter((id) => !stillLinked.has(id));
    expect(unlinked.length).toBeGreaterThan(0);
    expect(await present([`${PREFIX}wp:posts:28`, `${PREFIX}wp:post_meta:28`])).toEqual([]);
    expect(await present(unlinked.map((id) => `${PREFIX}wp:post_meta:${id}`))).toEqual([]);
    // Events that keep the link (past ones) keep their cached meta.
    expect(await present([...stillLinked].map((id) => `${PREFIX}wp:post_meta:${id}`))).toHaveLength(stillLinked.size);
  });
});

describe('a Redis that is down', () => {
  it('does not fail the write, holds it up at most the timeout, and is logged with the advice to flush', async () => {
    const api = agent({ url: 'redis://127.0.0.1:1/0', timeoutMs: 200 });
    const started = performance.now();
    const response = await api.post(`${ROOT}/categories/8`).set('Authorization', asAdmin()).send({ name: 'Sport' });
    const elapsed = performance.now() - started;

    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ id: 8, name: 'Sport' });
    expect(elapsed).toBeLessThan(2_000);
    const logged = errors.filter((error): error is ObjectCacheError => error instanceof ObjectCacheError);
    expect(logged.map((error) => error.message).join('\n')).toMatch(/could not delete .*site:wp:terms:8.*flush the object cache/s);
    // The write landed all the same.
    const term = await database!.db.selectFrom('terms').select('name').where('term_id', '=', 8).executeTakeFirstOrThrow();
    expect(term.name).toBe('Sport');
  });
});
