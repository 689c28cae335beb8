import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import type { Clock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { recordedUserAuth } from './support.js';

/**
 * With read replicas (DATABASE_READ_URL), plain reads come from a replica, writes go to the
 * primary, and the writer's reads follow their write to the primary for ten seconds. The
 * "replica" here is a second copy of the recorded site whose event 6 carries another title, so
 * every answer shows which database served it.
 */
let primary: TestDatabase;
let replica: TestDatabase;
let instant = new Date('2026-11-24T16:56:11Z');
const clock: Clock = { now: () => instant };
const EVENT = '/wp-json/calendar/events/v1/events/6';

beforeAll(async () => {
  [primary, replica] = await Promise.all([createTestDatabase({ dump: 'reference' }), createTestDatabase({ dump: 'reference' })]);
  await replica.db.updateTable('posts').set({ post_title: 'From the replica' }).where('ID', '=', 6).execute();
});

afterAll(async () => {
  await Promise.all([primary?.drop(), replica?.drop()]);
});

function app(readDbs = [replica.db]) {
  return supertest(createHandler({ db: primary.db, readDbs, config: loadConfig({ DATABASE_URL: primary.url }), clock }));
}

describe('read replicas', () => {
  it('serve plain reads, anonymous and signed in alike', async () => {
    const agent = app();
    expect((await agent.get(EVENT)).body.title).toBe('From the replica');
    expect((await agent.get(EVENT).set('Authorization', recordedUserAuth('admin'))).body.title).toBe('From the replica');
  });

  it('never serve a write, nor the writer\'s reads for ten seconds after it; others keep reading the replica', async () => {
    const agent = app();
    const admin = recordedUserAuth('admin');
    const written = await agent.post(EVENT).set('Authorization', admin).send({ title: 'Renamed on the primary' });
    expect(written.status).toBe(200);
    // The write's own answer is read from the primary.
    expect(written.body.title).toBe('Renamed on the primary');
    expect((await agent.get(EVENT).set('Authorization', admin)).body.title).toBe('Renamed on the primary');
    expect((await agent.get(EVENT)).body.title).toBe('From the replica');
    instant = new Date(instant.getTime() + 11_000);
    expect((await agent.get(EVENT).set('Authorization', admin)).body.title).toBe('From the replica');
  });

  it('leave a request that overrides its method on the primary', async () => {
    const agent = app();
    const overridden = await agent.get(`${EVENT}?_method=GET`);
    expect(overridden.status).toBe(200);
    expect(overridden.body.title).not.toBe('From the replica');
  });

  it('are not used when there are none', async () => {
    expect((await app([]).get(EVENT)).body.title).not.toBe('From the replica');
  });
});
