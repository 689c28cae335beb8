import supertest from 'supertest';
import { createConnection, type Connection } from 'mysql2/promise';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { createDb, type Db } from '../../src/db/create-db.js';
import { loadUsers } from '../contract/captures.js';
import { expectCustomTablesFollowMeta } from '../setup/custom-tables-agreement.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { ROOT } from './support.js';

/**
 * Writes that race. WordPress picks a free slug with a SELECT and then INSERTs, so two requests
 * at once can both take the same one; ours take the slug's named lock first and keep it to their
 * commit, so each sees the other's committed row. Writes of different records run side by side
 * and must still leave the rows they share (term counts, TEC's options) right. Two separate app
 * instances (two pools, as two service replicas would be) send the requests at the same moment.
 */

const NOW = '2026-11-24T17:00:00Z';
let database: TestDatabase;
const extraPools: Db[] = [];

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
});

afterAll(async () => {
  await Promise.all(extraPools.map((db) => db.destroy()));
  await database?.drop();
});

// Every event's tec_events / tec_occurrences rows follow its meta after each test's writes (docs/writes.md).
afterEach(() => expectCustomTablesFollowMeta(database.db));

function replica() {
  const db = createDb({ databaseUrl: database.url, tablePrefix: database.prefix });
  extraPools.push(db);
  const app = createHandler({ db, config: loadConfig({ DATABASE_URL: database.url }), clock: fixedClock(NOW) });
  return supertest(app);
}

function basicAuth(): string {
  const admin = loadUsers().admin;
  if (!admin) throw new Error('users.json has no admin');
  return `Basic ${Buffer.from(`${admin.login}:${admin.app_password}`).toString('base64')}`;
}

async function createAll(resource: string, bodies: object[]): Promise<Array<{ status: number; body: { slug?: string; id?: number } }>> {
  const replicas = [replica(), replica()];
  return Promise.all(
    bodies.map((body, index) =>
      replicas[index % replicas.length]!
        .post(`${ROOT}/${resource}`)
        .set('Authorization', basicAuth())
        .send(body)
        .then((response) => ({ status: response.status, body: response.body as { slug?: string; id?: number } })),
    ),
  );
}

describe('concurrent creates with the same title', () => {
  it('8 events get distinct slugs, numbered as wp_unique_post_slug numbers them', async () => {
    const body = { title: 'Race Night', start_date: '2027-04-01 19:00:00', end_date: '2027-04-01 21:00:00' };
    const results = await createAll('events', Array.from({ length: 8 }, () => body));
    expect(results.map((result) => result.status)).toEqual(Array(8).fill(201));
    const slugs = results.map((result) => result.body.slug).sort();
    expect(slugs).toEqual(['race-night', ...[2, 3, 4, 5, 6, 7, 8].map((n) => `race-night-${n}`)]);
  });

  it('a title whose slug is another create\'s numbered one: no two posts share it', async () => {
    // `Race Day 2` makes `race-day-2`, which a second `Race Day` also wants: both slugs are locked.
    const bodies = ['Race Day', 'Race Day', 'Race Day 2', 'Race Day 2'].map((title) => ({ title, start_date: '2027-04-02 19:00:00', end_date: '2027-04-02 21:00:00' }));
    const results = await createAll('events', bodies);
    expect(results.map((result) => result.status)).toEqual(Array(4).fill(201));
    const slugs = results.map((result) => result.body.slug);
    expect(new Set(slugs).size).toBe(4);
  });

  it('updates of an event that keeps its slug, while creates want that slug: no two posts share it', async () => {
    // An update keeping the slug it holds takes no named lock for it (its committed row shows the
    // name taken); the creates, which lock it, must still see it taken and number theirs.
    const made = await createAll('events', [{ title: 'Held Slug', start_date: '2027-04-03 19:00:00', end_date: '2027-04-03 21:00:00' }]);
    expect(made.map((result) => [result.status, result.body.slug])).toEqual([[201, 'held-slug']]);
    const id = made[0]!.body.id!;
    const replicas = [replica(), replica()];
    const writes = Array.from({ length: 8 }, (_, index) => {
      const request =
        index % 2 === 0
          ? replicas[0]!.post(`${ROOT}/events/${id}`).send({ title: `Held Slug ${index}` })
          : replicas[1]!.post(`${ROOT}/events`).send({ title: 'Held Slug', start_date: '2027-04-03 19:00:00', end_date: '2027-04-03 21:00:00' });
      return request.set('Authorization', basicAuth()).then((response) => ({ status: response.status, slug: (response.body as { slug?: string }).slug }));
    });
    const results = await Promise.all(writes);
    expect(results.map((result) => result.status)).toEqual([200, 201, 200, 201, 200, 201, 200, 201]);
    expect(results.filter((_, index) => index % 2 === 0).map((result) => result.slug)).toEqual(Array(4).fill('held-slug'));
    const rows = await database.db.selectFrom('posts').select('post_name').where('post_type', '=', 'tribe_events').where('post_name', 'like', 'held-slug%').execute();
    expect(rows.map((row) => row.post_name).sort()).toEqual(['held-slug', 'held-slug-2', 'held-slug-3', 'held-slug-4', 'held-slug-5']);
  });

  it('venues and organizers whose names make the same slug get distinct slugs', async () => {
    // Different titles (so TEC's duplicate finder does not merge them), one slug: `race-hall`.
    const names = ['Race Hall', 'Race Hall!', 'Race Hall?', 'Race Hall.'];
    const venues = await createAll('venues', names.map((venue) => ({ venue })));
    expect(venues.map((result) => result.status)).toEqual(Array(4).fill(201));
    expect(venues.map((result) => result.body.slug).sort()).toEqual(['race-hall', 'race-hall-2', 'race-hall-3', 'race-hall-4']);

    const organizers = await createAll('organizers', names.map((name) => ({ organizer: name.replace('Hall', 'Org') })));
    expect(organizers.map((result) => result.status)).toEqual(Array(4).fill(201));
    expect(organizers.map((result) => result.body.slug).sort()).toEqual(['race-org', 'race-org-2', 'race-org-3', 'race-org-4']);
  });

  it('8 venues with the same name at once become one venue, as TEC\'s duplicate finder makes them one after another', async () => {
    const venues = await createAll('venues', Array.from({ length: 8 }, () => ({ venue: 'Twin Hall', city: 'Oslo' })));
    expect(venues.map((result) => result.status)).toEqual(Array(8).fill(201));
    expect(new Set(venues.map((result) => result.body.id)).size).toBe(1);
    const rows = await database.db.selectFrom('posts').select('ID').where('post_title', '=', 'Twin Hall').where('post_type', '=', 'tribe_venue').execute();
    expect(rows.length).toBe(1);
  });

  it('8 categories with the same name at once: one is created, the others are told the term exists', async () => {
    const results = await createAll('categories', Array.from({ length: 8 }, () => ({ name: 'Race Category' })));
    expect(results.map((result) => result.status).sort()).toEqual([201, ...Array(7).fill(400)]);
  });

});

describe('concurrent deletes of one event', () => {
  it('trash it once: one answers 200, the others 410 event-is-in-trash, and one set of trash meta is written', async () => {
    const created = await replica()
      .post(`${ROOT}/events`)
      .set('Authorization', basicAuth())
      .send({ title: 'Delete Race', start_date: '2027-05-01 19:00:00', end_date: '2027-05-01 21:00:00' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const replicas = [replica(), replica()];
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, index) => replicas[index % 2]!.delete(`${ROOT}/events/${id}`).set('Authorization', basicAuth())),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410, 410, 410]);
    const trashMeta = await database.db.selectFrom('postmeta').select('meta_value').where('post_id', '=', id).where('meta_key', '=', '_wp_trash_meta_status').execute();
    expect(trashMeta.map((row) => row.meta_value)).toEqual(['publish']);
  });
});

describe('concurrent deletes of one category', () => {
  it('delete it once: one answers 200 with the term, the others as for a missing term (never a 500)', async () => {
    const created = await replica().post(`${ROOT}/categories`).set('Authorization', basicAuth()).send({ name: 'Delete Race Category' });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const replicas = [replica(), replica()];
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, index) => replicas[index % 2]!.delete(`${ROOT}/categories/${id}`).set('Authorization', basicAuth())),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    // A delete that checked the term before the winner committed finds it gone under its lock: 404
    // rest_term_invalid. One that arrives after the commit is refused by the id's validation, as the
    // plugin refuses a missing term (cw.cat.del-missing: 400 rest_invalid_param). Which one a loser
    // gets depends on timing only.
    for (const answer of answers.filter((each) => each.status !== 200)) {
      expect(['404 rest_term_invalid', '400 rest_invalid_param']).toContain(`${answer.status} ${answer.body.code}`);
    }
  });
});

describe('writes of different records side by side', () => {
  it('8 updates of 8 events at once all land, and the category they all join counts each of them once', async () => {
    const category = await replica().post(`${ROOT}/categories`).set('Authorization', basicAuth()).send({ name: 'Side By Side' });
    expect(category.status).toBe(201);
    const events = [37, 38, 39, 40, 41, 42, 43, 44];
    const replicas = [replica(), replica()];
    const answers = await Promise.all(
      events.map((id, index) =>
        replicas[index % 2]!
          .post(`${ROOT}/events/${id}`)
          .set('Authorization', basicAuth())
          .send({ title: `Side by side ${id}`, categories: [category.body.id] }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const titles = await database.db.selectFrom('posts').select(['ID', 'post_title']).where('ID', 'in', events).orderBy('ID').execute();
    expect(titles.map((row) => row.post_title)).toEqual(events.map((id) => `Side by side ${id}`));
    // Each update counted the term after taking its row lock: none read a count another had not committed.
    const term = await database.db.selectFrom('term_taxonomy').select('count').where('term_id', '=', category.body.id as number).executeTakeFirstOrThrow();
    expect(term.count).toBe(8);
  });

  it('8 categories created at once, four times over: all land, and none is rolled back by a deadlock', async () => {
    // Each create deletes and adds `tribe_events_cat_children` again: without its own lock two of
    // them deadlocked on each other's delete-marked rows, and sustained, some ran out of attempts (503).
    const replicas = [replica(), replica()];
    for (let round = 0; round < 4; round++) {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          replicas[index % 2]!.post(`${ROOT}/categories`).set('Authorization', basicAuth()).send({ name: `Round ${round} writer ${index}` }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    }
    for (const app of replicas) {
      const metrics = await app.get('/metrics');
      expect(metrics.text).toMatch(/^write_retries_total\{reason="deadlock"\} 0$/m);
      expect(metrics.text).toMatch(/^write_retries_total\{reason="lock_wait_timeout"\} 0$/m);
    }
  });

  it('8 events, then 8 venues, created at once with titles of their own: all land, none rolled back', async () => {
    const replicas = [replica(), replica()];
    const events = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        replicas[index % 2]!
          .post(`${ROOT}/events`)
          .set('Authorization', basicAuth())
          .send({ title: `Own event ${index}`, start_date: `2031-02-0${index + 1} 10:00:00`, end_date: `2031-02-0${index + 1} 12:00:00` }),
      ),
    );
    expect(events.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    const venues = await Promise.all(
      Array.from({ length: 8 }, (_, index) => replicas[index % 2]!.post(`${ROOT}/venues`).set('Authorization', basicAuth()).send({ venue: `Own hall ${index}` })),
    );
    expect(venues.map((answer) => answer.status)).toEqual(Array(8).fill(201));
    expect(new Set(events.map((answer) => answer.body.id)).size).toBe(8);
    expect(new Set(venues.map((answer) => answer.body.id)).size).toBe(8);
    // TEC's known range took every new event: the latest end is the last of them.
    const options = await database.db.selectFrom('options').select('option_value').where('option_name', '=', 'tribe_events_calendar_options').executeTakeFirstOrThrow();
    expect(options.option_value).toContain('s:11:"latest_date";s:19:"2031-02-08 12:00:00"');
    for (const app of replicas) {
      const metrics = await app.get('/metrics');
      expect(metrics.text).toMatch(/^write_retries_total\{reason="deadlock"\} 0$/m);
      expect(metrics.text).toMatch(/^write_retries_total\{reason="lock_wait_timeout"\} 0$/m);
    }
  });

  it('8 child categories created at once: all land, and the taxonomy\'s children option lists every one', async () => {
    const parent = await replica().post(`${ROOT}/categories`).set('Authorization', basicAuth()).send({ name: 'Race Family' });
    expect(parent.status).toBe(201);
    const results = await createAll('categories', Array.from({ length: 8 }, (_, index) => ({ name: `Race Family member ${index}`, parent: parent.body.id })));
    expect(results.map((result) => result.status)).toEqual(Array(8).fill(201));
    // Each create rebuilt `tribe_events_cat_children` after the previous one committed.
    const option = await database.db.selectFrom('options').select('option_value').where('option_name', '=', 'tribe_events_cat_children').executeTakeFirstOrThrow();
    for (const result of results) expect(option.option_value).toContain(`i:${result.body.id!};`);
    expect(option.option_value).toMatch(new RegExp(`i:${parent.body.id as number};a:8:`));
  });
});

/** A connection of its own to the test database, as another client of the site would hold one. */
async function otherClient(): Promise<Connection> {
  return createConnection({ uri: database.url });
}

/**
 * Locks TEC's save marker row as another client would, in a transaction of `client`'s: the row is
 * made first where the seed has none (a lock on a missing row holds nothing under the writes'
 * READ COMMITTED).
 */
async function lockLastSavePost(client: Connection): Promise<void> {
  await client.query(`INSERT IGNORE INTO ${database.prefix}options (option_name, option_value, autoload) VALUES ('tribe_last_save_post', '1', 'auto')`);
  await client.query('BEGIN');
  await client.query(`SELECT option_id FROM ${database.prefix}options WHERE option_name = 'tribe_last_save_post' FOR UPDATE`);
}

/**
 * Waits until `count` statements of other connections wait for a row lock. InnoDB lists a
 * waiting transaction in innodb_trx only once it holds an id of its own, which a READ COMMITTED
 * write blocked on its first locking statement may not: the process list shows the statement
 * waiting either way.
 */
async function rowLockWaits(client: Connection, count: number): Promise<void> {
  for (let tries = 0; tries < 400; tries++) {
    const [trx] = await client.query("SELECT COUNT(*) AS waiting FROM information_schema.innodb_trx WHERE trx_state = 'LOCK WAIT'");
    const [processes] = await client.query(
      "SELECT COUNT(*) AS waiting FROM information_schema.processlist WHERE id <> CONNECTION_ID() AND command = 'Query' AND (info LIKE 'update %' OR info LIKE '% for update') AND time >= 0",
    );
    const waiting = Math.max(Number((trx as Array<{ waiting: number }>)[0]!.waiting), Number((processes as Array<{ waiting: number }>)[0]!.waiting));
    if (waiting >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`fewer than ${count} transactions waited for a row lock`);
}

describe('a write the database picks as a deadlock victim', () => {
  it('is run again from the start: 200 with its change, where the server reported the deadlock to it', async () => {
    const client = await otherClient();
    try {
      await client.query('CREATE TABLE deadlock_ballast (id INT PRIMARY KEY) ENGINE=InnoDB');
      await lockLastSavePost(client);
      // Many rows changed: InnoDB rolls back the lighter transaction of a deadlock, the write.
      await client.query(`INSERT INTO deadlock_ballast VALUES ${Array.from({ length: 3000 }, (_, index) => `(${index + 1})`).join(',')}`);
      // The update locks event 45's row at once, and waits for tribe_last_save_post at its end.
      const update = replica().post(`${ROOT}/events/45`).set('Authorization', basicAuth()).send({ title: 'Deadlocked once' });
      const answer = update.then((response) => response);
      await rowLockWaits(client, 1);
      // Now each waits for the other: the server breaks the cycle by rolling the write back.
      await client.query(`SELECT ID FROM ${database.prefix}posts WHERE ID = 45 FOR UPDATE`);
      await client.query('ROLLBACK');
      const response = await answer;
      expect(response.status).toBe(200);
      expect(response.body.title).toBe('Deadlocked once');
      const [rows] = await client.query('SHOW ENGINE INNODB STATUS');
      expect(String((rows as Array<{ Status: string }>)[0]!.Status)).toContain('LATEST DETECTED DEADLOCK');
    } finally {
      await client.query('DROP TABLE IF EXISTS deadlock_ballast').catch(() => undefined);
      await client.end();
    }
  });
});

describe('reads while writes wait', () => {
  it('12 writes stuck behind another client\'s row lock leave connections for reads', async () => {
    const client = await otherClient();
    const app = replica();
    try {
      await lockLastSavePost(client);
      const events = [46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57];
      const updates = Promise.all(
        events.map((id) => app.post(`${ROOT}/events/${id}`).set('Authorization', basicAuth()).send({ title: `Stuck ${id}` }).then((response) => response.status)),
      );
      // More writes than the pool has connections, all waiting: the read still gets one.
      await rowLockWaits(client, 1);
      await new Promise((resolve) => setTimeout(resolve, 500));
      const read = await app.get(`${ROOT}/events/58`);
      expect(read.status).toBe(200);
      await client.query('ROLLBACK');
      expect(await updates).toEqual(Array(12).fill(200));
    } finally {
      await client.end();
    }
  });
});
