import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import supertest from 'supertest';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig, type WebhookSubscription } from '../../src/config.js';
import { retryDelayMs } from '../../src/feed/notifications/backoff.js';
import { USER_AGENT } from '../../src/feed/notifications/delivery.js';
import { createNotifier, type Notifier } from '../../src/feed/notifications/notifier.js';
import { verifySignature } from '../../src/feed/notifications/signature.js';
import { filterSubjectFor } from '../../src/feed/notifications/subjects.js';
import type { RecordKind } from '../../src/feed/record-change.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { WebhookReceiver, waitUntil } from '../setup/webhook-receiver.js';
import { change, FAST_RETRY, recordingLog } from './notification-support.js';
import { configErrorMessage } from '../setup/config-error.js';

const DATABASE_URL = 'mysql://root@127.0.0.1:3306/wordpress';
const ALL_KINDS = ['event', 'venue', 'organizer', 'category', 'tag', 'ticket', 'attendee'];
const ALL_CHANGES = ['created', 'updated', 'deleted'];

function subscription(url: string, overrides: Partial<WebhookSubscription> = {}): WebhookSubscription {
  return { url, secret: 'hook-secret', resources: ALL_KINDS as RecordKind[], changes: ALL_CHANGES as WebhookSubscription['changes'], ...overrides };
}

function configError(env: Record<string, string>): string {
  return configErrorMessage({ DATABASE_URL, ...env });
}

describe('WEBHOOKS, WEBHOOKS_FILE, NATS_URL and NATS_STREAM settings', () => {
  it('reads subscriptions and fills in all resources and changes where left out', () => {
    const config = loadConfig({
      DATABASE_URL,
      WEBHOOKS: JSON.stringify([
        { url: 'https://hooks.example.com/a', secret: 's1' },
        { url: 'http://127.0.0.1:9000/b', secret: 's2', resources: ['venue', 'event', 'venue'], changes: ['deleted'] },
      ]),
    });
    expect(config.webhooks).toEqual([
      { url: 'https://hooks.example.com/a', secret: 's1', resources: ALL_KINDS, changes: ALL_CHANGES },
      { url: 'http://127.0.0.1:9000/b', secret: 's2', resources: ['venue', 'event'], changes: ['deleted'] },
    ]);
    expect(config.nats).toBeUndefined();
    expect(Object.isFrozen(config.webhooks[0])).toBe(true);
  });

  it('reads WEBHOOKS_FILE, and names it when the file is missing or wrong', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'webhooks-'));
    try {
      const file = join(folder, 'webhooks.json');
      await writeFile(file, JSON.stringify([{ url: 'https://hooks.example.com/x', secret: 'k', resources: ['tag'] }]));
      expect(loadConfig({ DATABASE_URL, WEBHOOKS_FILE: file }).webhooks).toEqual([
        { url: 'https://hooks.example.com/x', secret: 'k', resources: ['tag'], changes: ALL_CHANGES },
      ]);
      expect(configError({ WEBHOOKS_FILE: join(folder, 'missing.json') })).toMatch(/WEBHOOKS_FILE: cannot read .*missing\.json \(ENOENT\)/);
      await writeFile(file, '[{"url": "https://hooks.example.com/x",');
      expect(configError({ WEBHOOKS_FILE: file })).toMatch(/WEBHOOKS_FILE: is not valid JSON/);
      await writeFile(file, '[]');
      expect(configError({ WEBHOOKS_FILE: file, WEBHOOKS: '[]' })).toMatch(/WEBHOOKS: is set, and so is WEBHOOKS_FILE/);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('refuses invalid JSON, a bad URL, unknown kinds and keys, naming WEBHOOKS and the place', () => {
    expect(configError({ WEBHOOKS: '[{url: x}]' })).toMatch(/^Invalid configuration: WEBHOOKS: is not valid JSON/);
    expect(configError({ WEBHOOKS: '[{"url": "not a url", "secret": "s"}]' })).toContain(
      'WEBHOOKS[0].url: url must be an absolute http:// or https:// URL',
    );
    expect(configError({ WEBHOOKS: '[{"url": "ftp://example.com/x", "secret": "s"}]' })).toContain('WEBHOOKS[0].url:');
    expect(configError({ WEBHOOKS: '[{"url": "https://a.example/x", "secret": ""}]' })).toContain('WEBHOOKS[0].secret: secret must not be empty');
    expect(configError({ WEBHOOKS: '[{"url": "https://a.example/x", "secret": "s", "resources": ["events"]}]' })).toContain(
      'WEBHOOKS[0].resources[0]: resources may hold only event, venue, organizer, category, tag, ticket, attendee',
    );
    expect(configError({ WEBHOOKS: '[{"url": "https://a.example/x", "secret": "s", "change": ["deleted"]}]' })).toContain('WEBHOOKS[0].change');
    expect(configError({ WEBHOOKS: '{"url": "https://a.example/x", "secret": "s"}' })).toContain('WEBHOOKS: must be a JSON array');
  });

  it('reads NATS_URL (one or more servers) with NATS_STREAM defaulting to CALENDAR_CHANGES', () => {
    expect(loadConfig({ DATABASE_URL, NATS_URL: 'nats://127.0.0.1:4222' }).nats).toEqual({
      servers: ['nats://127.0.0.1:4222'],
      stream: 'CALENDAR_CHANGES',
    });
    expect(loadConfig({ DATABASE_URL, NATS_URL: 'nats://a:4222, tls://b:4222', NATS_STREAM: 'SITE_2' }).nats).toEqual({
      servers: ['nats://a:4222', 'tls://b:4222'],
      stream: 'SITE_2',
    });
    expect(configError({ NATS_URL: 'http://127.0.0.1:4222' })).toContain('NATS_URL: NATS_URL must be one or more nats://host:port');
    expect(configError({ NATS_URL: 'nats://127.0.0.1:4222', NATS_STREAM: 'calendar.changes' })).toContain('NATS_STREAM:');
  });
});

describe('retry timing and consumer filters', () => {
  it('doubles the wait up to the cap, jittered within its upper half', () => {
    const options = { maxAttempts: 10, baseDelayMs: 1_000, maxDelayMs: 8_000, timeoutMs: 10_000 };
    expect([1, 2, 3, 4, 5, 9].map((attempt) => retryDelayMs(attempt, options, () => 0))).toEqual([500, 1_000, 2_000, 4_000, 4_000, 4_000]);
    expect([1, 2, 3, 4, 5, 9].map((attempt) => retryDelayMs(attempt, options, () => 1))).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
  });

  it('filters a consumer on the narrowest one subject that holds what the subscription wants', () => {
    expect(filterSubjectFor(['event'], ALL_CHANGES)).toBe('calendar.events.>');
    expect(filterSubjectFor(['venue'], ['deleted'])).toBe('calendar.venues.*.deleted');
    expect(filterSubjectFor(ALL_KINDS as RecordKind[], ['created'])).toBe('calendar.*.*.created');
    expect(filterSubjectFor(ALL_KINDS as RecordKind[], ALL_CHANGES)).toBe('calendar.>');
    expect(filterSubjectFor(['event', 'venue'], ['created'])).toBe('calendar.>');
  });
});

describe('webhooks from memory (no NATS_URL)', () => {
  // A new port for each test: a keep-alive socket to the last test's receiver would fail one attempt.
  let receiver: WebhookReceiver;
  let notifier: Notifier | undefined;
  const records = new Map<string, unknown>([
    ['event:10', { id: 10, title: 'Concert' }],
    ['venue:7', { id: 7, venue: 'Hall' }],
  ]);
  const fetchRecord = (kind: RecordKind, id: number) => Promise.resolve(records.get(`${kind}:${id}`) ?? null);

  beforeEach(async () => {
    receiver = new WebhookReceiver();
    await receiver.start();
  });
  afterEach(async () => {
    await notifier?.close();
    notifier = undefined;
    await receiver.stop();
  });

  it('POSTs the signed payload with the record, its type, time and position', async () => {
    const { log } = recordingLog();
    notifier = createNotifier({ config: { webhooks: [subscription(receiver.url)], nats: undefined }, fetchRecord, log, retry: FAST_RETRY });
    const updated = change('event', 10, 'updated');
    const deleted = change('venue', 99, 'deleted');
    await notifier.publish([updated, deleted]);
    const [first, second] = await receiver.waitForAccepted(2);

    expect(first!.json).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      type: 'event.updated',
      record: { id: 10, title: 'Concert' },
      changed_at: updated.changedAt.toISOString(),
      position: updated.position,
    });
    expect(first!.json.changed_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(second!.json).toMatchObject({ type: 'venue.deleted', record: null, position: deleted.position });
    expect(first!.headers['content-type']).toBe('application/json');
    expect(first!.headers['user-agent']).toBe(USER_AGENT);
    expect(first!.headers['x-calendar-event']).toBe('event.updated');
    expect(first!.headers['x-calendar-delivery']).toMatch(/^[0-9a-f-]{36}$/);
    expect(first!.headers['x-calendar-delivery']).not.toBe(second!.headers['x-calendar-delivery']);
    for (const delivery of [first!, second!]) {
      const header = delivery.headers['x-calendar-signature'] as string;
      expect(header).toMatch(/^sha256=[0-9a-f]{64}$/);
      expect(verifySignature(delivery.rawBody, 'hook-secret', header)).toBe(true);
      expect(verifySignature(delivery.rawBody, 'another-secret', header)).toBe(false);
      expect(verifySignature(Buffer.concat([delivery.rawBody, Buffer.from(' ')]), 'hook-secret', header)).toBe(false);
    }
  });

  it('tells each subscription only the resources and changes it asked for', async () => {
    const { log } = recordingLog();
    const eventDeletes = subscription(`${receiver.url}?who=event-deletes`, { resources: ['event'], changes: ['deleted'] });
    const venues = subscription(`${receiver.url}?who=venues`, { resources: ['venue'] });
    notifier = createNotifier({ config: { webhooks: [eventDeletes, venues], nats: undefined }, fetchRecord, log, retry: FAST_RETRY });
    await notifier.publish([
      change('event', 1, 'created'),
      change('event', 2, 'deleted'),
      change('venue', 7, 'created'),
      change('tag', 3, 'deleted'),
      change('venue', 7, 'deleted'),
      change('event', 4, 'updated'),
    ]);
    await receiver.waitForAccepted(3);
    // A wrongly queued delivery would sit before or just after these three; a short wait lets it show.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const typesAt = (path: string) => receiver.received.filter((delivery) => delivery.path === path).map((delivery) => delivery.json.type);
    expect(typesAt('/hook?who=event-deletes')).toEqual(['event.deleted']);
    expect(typesAt('/hook?who=venues')).toEqual(['venue.created', 'venue.deleted']);
    expect(receiver.received).toHaveLength(3);
  });

  it('gives one change a delivery id per subscription, and the same payload id to both', async () => {
    const { log } = recordingLog();
    notifier = createNotifier({
      config: { webhooks: [subscription(`${receiver.url}?n=1`), subscription(`${receiver.url}?n=2`)], nats: undefined },
      fetchRecord,
      log,
      retry: FAST_RETRY,
    });
    await notifier.publish([change('event', 10, 'created')]);
    const [a, b] = await receiver.waitForAccepted(2);
    expect(a!.json.id).toBe(b!.json.id);
    expect(a!.headers['x-calendar-delivery']).not.toBe(b!.headers['x-calendar-delivery']);
  });

  it('retries a 500 and then delivers the same bytes under the same delivery id', async () => {
    const { log, lines } = recordingLog();
    let answered = 0;
    receiver.answer = () => (answered++ === 0 ? 500 : 204);
    notifier = createNotifier({ config: { webhooks: [subscription(receiver.url)], nats: undefined }, fetchRecord, log, retry: FAST_RETRY });
    await notifier.publish([change('event', 10, 'updated')]);
    await receiver.waitForAccepted(1);

    expect(receiver.received.map((delivery) => delivery.answered)).toEqual([500, 204]);
    const [failed, retried] = receiver.received;
    expect(retried!.headers['x-calendar-delivery']).toBe(failed!.headers['x-calendar-delivery']);
    expect(retried!.rawBody.equals(failed!.rawBody)).toBe(true);
    expect(retried!.headers['x-calendar-signature']).toBe(failed!.headers['x-calendar-signature']);
    expect(lines.some((line) => line.level === 'warn' && line.fields.failure === 'answered 500')).toBe(true);
  });

  it('delivers to a receiver that was down when the change came, once it is back', async () => {
    const { log, lines } = recordingLog();
    await receiver.stop();
    notifier = createNotifier({ config: { webhooks: [subscription(receiver.url)], nats: undefined }, fetchRecord, log, retry: FAST_RETRY });
    await notifier.publish([change('venue', 7, 'updated')]);
    await waitUntil(() => lines.some((line) => line.level === 'warn' && line.fields.failure === 'ECONNREFUSED'), 'a refused attempt');
    await receiver.start();
    const [delivered] = await receiver.waitForAccepted(1);
    expect(delivered!.json).toMatchObject({ type: 'venue.updated', record: { id: 7, venue: 'Hall' } });
    expect(receiver.received).toHaveLength(1);
  });

  it('gives up after the last attempt, with an error in the log, and goes on with the next change', async () => {
    const { log, lines } = recordingLog();
    receiver.answer = (delivery) => (delivery.json.type === 'event.deleted' ? 503 : 200);
    notifier = createNotifier({
      config: { webhooks: [subscription(receiver.url)], nats: undefined },
      fetchRecord,
      log,
      retry: { ...FAST_RETRY, maxAttempts: 3 },
    });
    await notifier.publish([change('event', 5, 'deleted'), change('event', 10, 'created')]);
    await receiver.waitForAccepted(1);
    expect(receiver.received.map((delivery) => `${String(delivery.json.type)} ${delivery.answered}`)).toEqual([
      'event.deleted 503',
      'event.deleted 503',
      'event.deleted 503',
      'event.created 200',
    ]);
    const gaveUp = lines.filter((line) => line.level === 'error');
    expect(gaveUp).toHaveLength(1);
    expect(gaveUp[0]).toMatchObject({ message: 'webhook delivery given up', fields: { attempt: 3, failure: 'answered 503', type: 'event.deleted' } });
    expect(JSON.stringify(lines)).not.toContain('hook-secret');
  });

  it('retries a record that could not be read instead of sending it as null', async () => {
    const { log } = recordingLog();
    let reads = 0;
    const flakyFetch = (kind: RecordKind, id: number) => (reads++ === 0 ? Promise.reject(new Error('database down')) : fetchRecord(kind, id));
    notifier = createNotifier({ config: { webhooks: [subscription(receiver.url)], nats: undefined }, fetchRecord: flakyFetch, log, retry: FAST_RETRY });
    await notifier.publish([change('event', 10, 'created')]);
    const [delivered] = await receiver.waitForAccepted(1);
    expect(reads).toBe(2);
    expect(delivered!.json.record).toEqual({ id: 10, title: 'Concert' });
  });

  it('gives up waiting for a record that is never read, and closes while one is being read', async () => {
    const { log, lines } = recordingLog();
    const stuckFetch = () => new Promise<never>(() => undefined);
    notifier = createNotifier({
      config: { webhooks: [subscription(receiver.url)], nats: undefined },
      fetchRecord: stuckFetch,
      log,
      retry: { ...FAST_RETRY, timeoutMs: 50 },
    });
    await notifier.publish([change('event', 1, 'created')]);
    await waitUntil(() => lines.some((line) => line.fields.failure === 'record not read in time'), 'a timed-out read');
    await notifier.close();
    notifier = undefined;
    expect(receiver.received).toHaveLength(0);
  });

  it('says on close how many deliveries it drops (memory mode is best effort)', async () => {
    const { log, lines } = recordingLog();
    await receiver.stop();
    notifier = createNotifier({ config: { webhooks: [subscription(receiver.url)], nats: undefined }, fetchRecord, log, retry: FAST_RETRY });
    await notifier.publish([change('event', 1, 'created'), change('event', 2, 'created')]);
    await waitUntil(() => lines.length > 0, 'a failed attempt');
    await notifier.close();
    notifier = undefined;
    expect(lines.at(-1)).toMatchObject({ level: 'warn', fields: { deliveries: 2 } });
  });
});

describe('the record is the one an anonymous reader gets from this API', () => {
  let database: TestDatabase;
  const receiver = new WebhookReceiver();
  beforeAll(async () => {
    database = await createTestDatabase({ dump: 'reference' });
    await receiver.start();
  });
  afterAll(async () => {
    await receiver.stop();
    await database?.drop();
  });

  it('sends the event as GET /events/{id} shows it, and null for one not public', async () => {
    const config = loadConfig({ DATABASE_URL: database.url });
    const agent = supertest(createHandler({ db: database.db, config, clock: fixedClock('2026-11-21T12:00:00Z') }));
    const plural: Record<RecordKind, string> = { event: 'events', venue: 'venues', organizer: 'organizers', category: 'categories', tag: 'tags', ticket: 'tickets', attendee: 'attendees' };
    const fetchRecord = async (kind: RecordKind, id: number) => {
      const response = await agent.get(`/wp-json/calendar/events/v1/${plural[kind]}/${id}`);
      return response.status === 200 ? (response.body as unknown) : null;
    };
    const rows = await database.db
      .selectFrom('posts')
      .select(['ID', 'post_status'])
      .where('post_type', '=', 'tribe_events')
      .where('post_status', 'in', ['publish', 'draft', 'private'])
      .orderBy('ID')
      .execute();
    const published = rows.find((row) => row.post_status === 'publish')!;
    const hidden = rows.find((row) => row.post_status !== 'publish')!;
    expect(published).toBeDefined();
    expect(hidden).toBeDefined();

    const { log } = recordingLog();
    const notifier = createNotifier({ config: { webhooks: [subscription(receiver.url)], nats: undefined }, fetchRecord, log, retry: FAST_RETRY });
    try {
      await notifier.publish([change('event', Number(published.ID), 'updated'), change('event', Number(hidden.ID), 'updated')]);
      const [shown, notShown] = await receiver.waitForAccepted(2);
      const direct = await agent.get(`/wp-json/calendar/events/v1/events/${published.ID}`);
      expect(direct.status).toBe(200);
      // Organizer emails are obfuscated afresh on each answer (WordPress's antispambot), so not compared.
      expect(withoutEmails(shown!.json.record)).toEqual(withoutEmails(direct.body));
      expect((shown!.json.record as { id: number }).id).toBe(Number(published.ID));
      expect(notShown!.json.record).toBeNull();
    } finally {
      await notifier.close();
    }
  });
});

function withoutEmails(record: unknown): unknown {
  return JSON.parse(JSON.stringify(record, (key, value: unknown) => (key === 'email' ? '(email)' : value)));
}
