import { readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { buildService, removeBuild, startBuiltService, type RunningService } from '../setup/built-service.js';
import { WebhookReceiver, waitUntil } from '../setup/webhook-receiver.js';
import { verifySignature } from '../../src/feed/notifications/signature.js';

/**
 * The change feed as `npm start` runs it (issue 13): the built service on a copy of the recorded site,
 * on the shared server (binlog off, so `CHANGE_FEED=auto` takes the probe), with the response cache on
 * and one webhook. A change made in the database behind the service's back shows in the very next
 * answer; writes through the service are notified, signed, with the record as an anonymous GET shows it.
 */

const SECRET = 'e2e-webhook-secret';
const NS = '/wp-json/calendar/events/v1';
const users = JSON.parse(readFileSync(new URL('../../fixtures/reference/users.json', import.meta.url), 'utf8')) as Record<string, { login: string; app_password: string }>;
const admin = `Basic ${Buffer.from(`${users.admin!.login}:${users.admin!.app_password}`).toString('base64')}`;

let database: TestDatabase;
let buildDir: string | undefined;
let service: RunningService | undefined;
const receiver = new WebhookReceiver();

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  await receiver.start();
  buildDir = await buildService('change-feed');
  service = await startBuiltService(buildDir, {
    DATABASE_URL: database.url,
    CACHE_MAX_MB: '8',
    WEBHOOKS: JSON.stringify([{ url: receiver.url, secret: SECRET, resources: ['event'] }]),
  });
  await waitUntil(() => /change feed in probe mode/.test(service!.output()), 'the change feed to start', 20_000);
}, 180_000);

afterAll(async () => {
  const child: ChildProcess | undefined = service?.process;
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await receiver.stop();
  await removeBuild(buildDir);
  await database?.drop();
});

async function get(path: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${service!.baseUrl}${NS}${path}`, { headers });
}

describe('the change feed in the running service (probe mode)', () => {
  it('answers a repeated read the same, with an ETag that a conditional GET turns into 304', async () => {
    const first = await get('/events/246');
    const second = await get('/events/246');
    expect(second.status).toBe(200);
    expect(await second.text()).toBe(await first.text());
    const etag = second.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(second.headers.get('cache-control')).toBe('no-cache');
    const conditional = await get('/events/246', { 'If-None-Match': etag! });
    expect(conditional.status).toBe(304);
    expect(await conditional.text()).toBe('');
  });

  it('shows a change made straight in the database in the very next answer, with a new ETag', async () => {
    const before = await get('/events/246');
    const etag = before.headers.get('etag')!;
    await sql`UPDATE ${sql.table('wp_posts')} SET post_title = 'Retitled behind the service' WHERE ID = 246`.execute(database.db);
    const after = await get('/events/246', { 'If-None-Match': etag });
    expect(after.status).toBe(200);
    expect(((await after.json()) as { title: string }).title).toBe('Retitled behind the service');
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it('notifies a webhook of events created, updated and deleted through the service, signed, with the anonymous record', async () => {
    const start = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const created = await fetch(`${service!.baseUrl}${NS}/events`, {
      method: 'POST',
      headers: { Authorization: admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Webhook Night', status: 'publish', start_date: `${start} 19:00:00`, end_date: `${start} 21:00:00` }),
    });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { id: number }).id;
    const [delivery] = await receiver.waitForAccepted(1, 20_000);
    expect(verifySignature(delivery!.rawBody, SECRET, delivery!.headers['x-calendar-signature'] as string)).toBe(true);
    expect(delivery!.json).toMatchObject({ type: 'event.created', id: expect.any(String) });
    const anonymous = (await (await get(`/events/${id}`)).json()) as Record<string, unknown>;
    expect((delivery!.json.record as Record<string, unknown>).id).toBe(id);
    expect(delivery!.json.record).toEqual(anonymous);

    const updated = await fetch(`${service!.baseUrl}${NS}/events/${id}`, {
      method: 'POST',
      headers: { Authorization: admin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Webhook Night, renamed' }),
    });
    expect(updated.status).toBe(200);
    const deleted = await fetch(`${service!.baseUrl}${NS}/events/${id}`, { method: 'DELETE', headers: { Authorization: admin } });
    expect(deleted.status).toBe(200);
    const deliveries = await receiver.waitForAccepted(3, 20_000);
    expect(deliveries.map((received) => received.json.type)).toEqual(['event.created', 'event.updated', 'event.deleted']);
    // Read on delivery: the trashed event is no longer visible to an anonymous reader.
    expect(deliveries[2]!.json.record).toBeNull();
    expect(new Set(deliveries.map((received) => received.headers['x-calendar-delivery'])).size).toBe(3);
  });
});
