import { randomBytes } from 'node:crypto';
import { connect, type JetStreamManager, type NatsConnection } from 'nats';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { NatsConfig, WebhookSubscription } from '../../src/config.js';
import { createNotifier, type Notifier, type NotifierOptions } from '../../src/feed/notifications/notifier.js';
import { verifySignature } from '../../src/feed/notifications/signature.js';
import { changeKey, encodeChange } from '../../src/feed/notifications/subjects.js';
import { CALENDAR_SUBJECTS_LOCK, withServerLock } from '../setup/server-lock.js';
import type { RecordKind } from '../../src/feed/record-change.js';
import { WebhookReceiver, waitUntil } from '../setup/webhook-receiver.js';
import { change, FAST_RETRY, recordingLog } from './notification-support.js';

/** The NATS server with JetStream the tests use (started by the machine, or by .ci/run). */
const NATS_SERVER = process.env.TEST_NATS_URL ?? 'nats://127.0.0.1:4222';
const ALL_KINDS: RecordKind[] = ['event', 'venue', 'organizer', 'category', 'tag', 'ticket', 'attendee'];

let nc: NatsConnection;
let jsm: JetStreamManager;

beforeAll(async () => {
  nc = await connect({ servers: NATS_SERVER });
  jsm = await nc.jetstreamManager();
});
afterAll(async () => {
  await nc?.drain();
});

describe('change notifications through NATS JetStream', () => {
  // Each test has its own stream and subjects, deleted after it.
  let stream: string;
  let subjectPrefix: string;
  let receiver: WebhookReceiver;
  const notifiers: Notifier[] = [];
  const fetchRecord = (kind: RecordKind, id: number) => Promise.resolve({ kind, id });

  beforeEach(async () => {
    const suffix = randomBytes(4).toString('hex');
    stream = `TEST_WEBHOOKS_${suffix}`;
    subjectPrefix = `test_${suffix}`;
    receiver = new WebhookReceiver();
    await receiver.start();
  });
  afterEach(async () => {
    await Promise.all(notifiers.splice(0).map((notifier) => notifier.close()));
    await receiver.stop();
    await jsm.streams.delete(stream).catch(() => undefined);
  });

  function startNotifier(webhooks: WebhookSubscription[], options: Partial<NotifierOptions> = {}): Notifier {
    const nats: NatsConfig = { servers: [NATS_SERVER], stream };
    const notifier = createNotifier({
      config: { webhooks, nats },
      fetchRecord,
      log: recordingLog().log,
      retry: FAST_RETRY,
      ...options,
      jetstream: { subjectPrefix, pullExpiresMs: 1_000, ackWaitMs: 5_000, ...options.jetstream },
    });
    notifiers.push(notifier);
    return notifier;
  }

  function hook(overrides: Partial<WebhookSubscription> = {}): WebhookSubscription {
    return { url: receiver.url, secret: 'js-secret', resources: ALL_KINDS, changes: ['created', 'updated', 'deleted'], ...overrides };
  }

  async function streamMessages(): Promise<number> {
    return (await jsm.streams.info(stream)).state.messages;
  }

  async function consumerSettled(): Promise<void> {
    const names = (await jsm.consumers.list(stream).next()).map((info) => info.name);
    for (const name of names) {
      for (let tries = 0; ; tries += 1) {
        const info = await jsm.consumers.info(stream, name);
        if (info.num_ack_pending === 0 && info.num_pending === 0) break;
        if (tries > 200) throw new Error(`consumer ${name} still has deliveries pending`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    }
  }

  // The real prefix: another file's service (notifications-restart) may hold `calendar.>` in a stream
  // of its own, and two streams cannot share subjects; each takes the lock, and drops its stream in it.
  it('publishes each change on calendar.<kinds>.<id>.<change>, de-duplicated by position, for any subscriber', () =>
    withServerLock(CALENDAR_SUBJECTS_LOCK, async () => {
      // The real subject prefix; the stream name is still this test's own.
      subjectPrefix = 'calendar';
      const seen: string[] = [];
      const subscription = nc.subscribe('calendar.events.>');
      const collecting = (async () => {
        for await (const message of subscription) seen.push(message.subject);
      })();
      const notifier = startNotifier([]);
      const created = change('event', 123, 'created');
      const updated = change('event', 123, 'updated');
      await notifier.publish([created, change('venue', 7, 'created'), updated, change('category', 4, 'deleted')]);
      // The same change at the same position again (a second instance following the same binlog).
      await notifier.publish([updated]);
      await waitUntil(() => seen.length >= 3, 'three event subjects');
      await notifier.close();
      subscription.unsubscribe();
      await collecting;

      // A plain subscriber sees every publish, the repeated one too; the stream keeps it once.
      expect(seen).toEqual(['calendar.events.123.created', 'calendar.events.123.updated', 'calendar.events.123.updated']);
      const info = await jsm.streams.info(stream);
      expect(info.config.subjects).toEqual(['calendar.>']);
      expect(info.state.messages).toBe(4);
      const last = await jsm.streams.getMessage(stream, { seq: info.state.last_seq });
      expect(last.subject).toBe('calendar.categories.4.deleted');
      expect(JSON.parse(new TextDecoder().decode(last.data))).toMatchObject({ kind: 'category', id: 4, change: 'deleted' });
      expect(last.header.get('Nats-Msg-Id')).toBe(`category.4.deleted@${last.header.get('Nats-Msg-Id').split('@')[1]}`);
      await jsm.streams.delete(stream);
    }));

  it('delivers signed webhooks from a durable consumer and acks them', async () => {
    const notifier = startNotifier([hook()]);
    await notifier.publish([change('event', 1, 'created'), change('venue', 2, 'updated')]);
    const [first, second] = await receiver.waitForAccepted(2);
    expect([first!.json.type, second!.json.type]).toEqual(['event.created', 'venue.updated']);
    expect(first!.json.record).toEqual({ kind: 'event', id: 1 });
    expect(verifySignature(first!.rawBody, 'js-secret', first!.headers['x-calendar-signature'] as string)).toBe(true);
    await consumerSettled();
    const consumers = await jsm.consumers.list(stream).next();
    expect(consumers).toHaveLength(1);
    expect(consumers[0]!.name).toMatch(/^webhook_[0-9a-f]{16}$/);
    expect(consumers[0]!.config.durable_name).toBe(consumers[0]!.name);
    expect(receiver.received).toHaveLength(2);
  });

  it('filters by resource and change on the consumer', async () => {
    const notifier = startNotifier([hook({ resources: ['venue'] }), hook({ url: `${receiver.url}?deletes`, changes: ['deleted'] })]);
    await notifier.publish([change('event', 1, 'created'), change('venue', 2, 'updated'), change('tag', 3, 'deleted'), change('venue', 2, 'deleted')]);
    await receiver.waitForAccepted(4);
    await consumerSettled();
    const typesAt = (path: string) => receiver.received.filter((delivery) => delivery.path === path).map((delivery) => delivery.json.type);
    expect(typesAt('/hook')).toEqual(['venue.updated', 'venue.deleted']);
    expect(typesAt('/hook?deletes')).toEqual(['tag.deleted', 'venue.deleted']);
    expect(receiver.received).toHaveLength(4);
  });

  it('retries a 500 and delivers once under the same delivery id', async () => {
    let answers = 0;
    receiver.answer = () => (answers++ === 0 ? 500 : 200);
    const notifier = startNotifier([hook()]);
    await notifier.publish([change('organizer', 9, 'updated')]);
    await receiver.waitForAccepted(1);
    await consumerSettled();
    expect(receiver.received.map((delivery) => delivery.answered)).toEqual([500, 200]);
    expect(receiver.received[1]!.headers['x-calendar-delivery']).toBe(receiver.received[0]!.headers['x-calendar-delivery']);
  });

  it('makes a delivery the stopped service could not make after it starts again', async () => {
    await receiver.stop();
    const { log, lines } = recordingLog();
    const before = startNotifier([hook()], { log });
    const pending = change('event', 42, 'updated');
    await before.publish([pending]);
    await waitUntil(() => lines.some((line) => line.message === 'webhook delivery failed, retrying'), 'a failed attempt');
    await before.close();
    notifiers.splice(notifiers.indexOf(before), 1);
    expect(await streamMessages()).toBe(1);

    await receiver.start();
    // The restarted service: the same settings, a new process's notifier.
    const after = startNotifier([hook()]);
    const [delivered] = await receiver.waitForAccepted(1);
    expect(delivered!.json).toMatchObject({ type: 'event.updated', position: pending.position });
    await after.publish([change('event', 43, 'created')]);
    await receiver.waitForAccepted(2);
    await consumerSettled();

    const ids = receiver.accepted.map((delivery) => delivery.headers['x-calendar-delivery'] as string);
    expect(new Set(ids).size).toBe(ids.length);
    expect(receiver.received).toHaveLength(2);
  });

  it('hands a delivery that a crashed instance held to the next one once its ack wait is over', async () => {
    const quickAckWait = { jetstream: { ackWaitMs: 2_000 } };
    const first = startNotifier([hook()], quickAckWait);
    await first.publish([change('venue', 1, 'created')]);
    await receiver.waitForAccepted(1);
    // The receiver counts a delivery before it answers: closing now could cut it short (and nak it).
    await consumerSettled();
    await first.close();
    notifiers.splice(notifiers.indexOf(first), 1);
    const [consumerName] = (await jsm.consumers.list(stream).next()).map((info) => info.name);

    // The "crashed" instance: it pulls the next change from the webhook consumer and dies before acking.
    const crashed = await connect({ servers: NATS_SERVER });
    const held = change('venue', 2, 'updated');
    await crashed.jetstream().publish(`${subjectPrefix}.venues.2.updated`, encodeChange(held), { msgID: changeKey(held) });
    const pulled = await (await crashed.jetstream().consumers.get(stream, consumerName!)).next({ expires: 5_000 });
    expect(pulled?.subject).toBe(`${subjectPrefix}.venues.2.updated`);
    await crashed.close();

    startNotifier([hook()], quickAckWait);
    const deliveries = await receiver.waitForAccepted(2, 15_000);
    expect(deliveries[1]!.json).toMatchObject({ type: 'venue.updated', position: held.position });
    await consumerSettled();
    expect(receiver.received).toHaveLength(2);
  });

  it('shares one durable consumer between two instances: every change delivered once', async () => {
    const first = startNotifier([hook()]);
    const second = startNotifier([hook()]);
    const changes = [1, 2, 3, 4, 5, 6].map((id) => change('event', id, 'updated'));
    // Both instances report every change, as two instances following one binlog would.
    await first.publish(changes);
    await second.publish(changes);
    await receiver.waitForAccepted(6);
    await consumerSettled();
    expect(await streamMessages()).toBe(6);
    const ids = receiver.received.map((delivery) => delivery.headers['x-calendar-delivery'] as string);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    // One delivery at a time per subscription (max_ack_pending 1): the receiver sees feed order.
    expect(receiver.received.map((delivery) => delivery.json.position)).toEqual(changes.map((c) => c.position));
  });

  it('leaves the consumer of a subscription it does not have to JetStream, which removes it once no instance pulls from it', async () => {
    const inactive = { jetstream: { consumerInactiveMs: 2_000 } };
    const old = startNotifier([hook({ url: `${receiver.url}?old` })], inactive);
    await old.publish([change('event', 1, 'created')]);
    await receiver.waitForAccepted(1);
    await old.close();
    notifiers.splice(notifiers.indexOf(old), 1);
    const oldNames = (await jsm.consumers.list(stream).next()).map((info) => info.name);
    expect(oldNames).toHaveLength(1);

    const current = startNotifier([hook()], inactive);
    await current.publish([change('event', 2, 'created')]);
    await receiver.waitForAccepted(2);
    const names = async () => (await jsm.consumers.list(stream).next()).map((info) => info.name);
    // Another instance may still have the old subscription: nobody but JetStream removes its consumer.
    expect(await names()).toContain(oldNames[0]);
    expect(await names()).toHaveLength(2);
    for (let tries = 0; (await names()).includes(oldNames[0]!); tries += 1) {
      if (tries > 100) throw new Error('the unused consumer was never removed');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await names()).toHaveLength(1);
  });

  it('never undoes the subscriptions of an instance with other settings (two dispatchers)', async () => {
    const { log, lines } = recordingLog();
    const ready = (from: typeof lines) => from.some((line) => line.message.startsWith('change notifications: JetStream stream'));
    const withHook = startNotifier([hook()], { log });
    await waitUntil(() => ready(lines), 'the first instance set up');
    await withHook.close();
    notifiers.splice(notifiers.indexOf(withHook), 1);

    // An instance with NATS_URL and no WEBHOOKS (a worker, a canary) starts while the first is down,
    // and publishes a change; so does one with another webhook.
    const other = recordingLog();
    const publisher = startNotifier([], { log: other.log });
    const otherHook = startNotifier([hook({ url: `${receiver.url}?other` })], { log: other.log });
    await waitUntil(() => other.lines.filter((line) => line.message.startsWith('change notifications: JetStream stream')).length === 2, 'the others set up');
    const missed = change('venue', 7, 'updated');
    await publisher.publish([missed]);
    await otherHook.publish([missed]);
    await waitUntil(() => receiver.accepted.some((delivery) => delivery.path === '/hook?other'), 'the other webhook');

    // The first instance comes back: the change made while it was down is delivered to its webhook.
    startNotifier([hook()]);
    await waitUntil(() => receiver.accepted.some((delivery) => delivery.path === '/hook'), 'the first webhook', 10_000);
    expect(receiver.accepted.find((delivery) => delivery.path === '/hook')!.json).toMatchObject({ type: 'venue.updated', position: missed.position });
    expect(other.lines.filter((line) => line.message.includes('deleted'))).toEqual([]);
  });

  it('adds its subjects to a stream that exists and keeps the settings the operator gave it', async () => {
    await jsm.streams.add({ name: stream, subjects: [`other_${subjectPrefix}.>`], max_age: 3_600_000_000_000, max_msgs: 1_000 });
    const notifier = startNotifier([hook()]);
    await notifier.publish([change('tag', 5, 'created')]);
    await receiver.waitForAccepted(1);
    const info = await jsm.streams.info(stream);
    expect(info.config.subjects).toEqual([`other_${subjectPrefix}.>`, `${subjectPrefix}.>`]);
    expect(info.config.max_age).toBe(3_600_000_000_000);
    expect(info.config.max_msgs).toBe(1_000);
  });

  it('makes the stream and its consumer again when someone deletes the stream', async () => {
    const notifier = startNotifier([hook()]);
    await notifier.publish([change('event', 1, 'created')]);
    await receiver.waitForAccepted(1);
    await jsm.streams.delete(stream);
    let remade = false;
    for (let tries = 0; tries < 200 && !remade; tries += 1) {
      remade = (await jsm.consumers.list(stream).next().catch(() => [])).length === 1;
      if (!remade) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(remade).toBe(true);
    await notifier.publish([change('event', 2, 'created')]);
    const deliveries = await receiver.waitForAccepted(2);
    expect(deliveries[1]!.json.type).toBe('event.created');
  });

  it('never fails a publish when NATS is not there, and logs what is lost', async () => {
    const { log, lines } = recordingLog();
    const notifier = createNotifier({
      config: { webhooks: [hook()], nats: { servers: ['nats://127.0.0.1:1'], stream } },
      fetchRecord,
      log,
      jetstream: { subjectPrefix, setupRetryMs: 50 },
    });
    await expect(notifier.publish([change('event', 1, 'created')])).resolves.toBeUndefined();
    await waitUntil(() => lines.some((line) => line.level === 'error'), 'the setup error');
    await notifier.close();
    expect(lines.at(-1)).toMatchObject({ level: 'error', fields: { changes: 1 } });
    expect(receiver.received).toHaveLength(0);
  });
});
