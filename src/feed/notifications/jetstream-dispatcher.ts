import { setTimeout as sleep } from 'node:timers/promises';
import {
  AckPolicy,
  connect,
  DeliverPolicy,
  DiscardPolicy,
  nanos,
  RetentionPolicy,
  StorageType,
  type Consumer,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
  type NatsConnection,
  type NatsError,
} from 'nats';
import type { NatsConfig, WebhookSubscription } from '../../config.js';
import type { RecordChange } from '../record-change.js';
import { deliverWithRetries, withoutQuery, type DeliveryContext } from './delivery.js';
import type { Dispatcher } from './dispatcher.js';
import { changeKey, decodeChange, DEFAULT_SUBJECT_PREFIX, encodeChange, filterSubjectFor, subjectFor } from './subjects.js';
import { subscriptionId, wantsChange } from './subscriptions.js';

/** Every webhook consumer's durable name starts so. */
export const WEBHOOK_CONSUMER_PREFIX = 'webhook_';

/** JetStream's error codes for "stream not found" and "consumer not found". */
const STREAM_NOT_FOUND = 10059;
const CONSUMER_NOT_FOUND = 10014;

export interface JetStreamDispatcherOptions {
  readonly nats: NatsConfig;
  readonly subscriptions: readonly WebhookSubscription[];
  readonly context: DeliveryContext;
  /** First token of every subject (`calendar`); the stream holds `<prefix>.>`. */
  readonly subjectPrefix?: string;
  /** How long JetStream waits for an ack before it hands the message out again (a crashed instance's delivery). */
  readonly ackWaitMs?: number;
  /** How long one pull waits for a message; close() may wait this long for a consumer to stop. */
  readonly pullExpiresMs?: number;
  /** One publish's wait for the stream's acknowledgement; past it the change is logged as lost. */
  readonly publishTimeoutMs?: number;
  /** How long a change stays in a stream this creates (an existing stream keeps its own settings). */
  readonly maxAgeMs?: number;
  /** The wait between tries to connect and set up the stream when NATS is not there at start. */
  readonly setupRetryMs?: number;
  /** Changes waiting to be published; past it the oldest is dropped and logged. */
  readonly maxPending?: number;
  /**
   * How long a webhook consumer may go without any instance pulling from it before JetStream
   * removes it (with its pending deliveries); the stream's max age unless set.
   */
  readonly consumerInactiveMs?: number;
}

interface Lane {
  readonly subscription: WebhookSubscription;
  readonly key: string;
  readonly consumerName: string;
}

interface Connected {
  readonly nc: NatsConnection;
  readonly js: JetStreamClient;
}

/**
 * With NATS_URL: every change goes into a JetStream stream on `calendar.<kinds>.<id>.<change>`
 * (de-duplicated by Nats-Msg-Id), and each subscription is a durable pull consumer of it that is
 * acked only once the receiver answered 2xx or the delivery was given up. A delivery that an
 * instance had not finished when it stopped (nak on close) or died (after ack_wait) goes to the
 * next instance that pulls: at-least-once across restarts, the same X-Calendar-Delivery each time.
 * Publishing is queued and never waits for NATS: a change that cannot be published (NATS down
 * longer than the publish timeout, the queue full) is logged and lost for every consumer.
 */
export function createJetStreamDispatcher(options: JetStreamDispatcherOptions): Dispatcher {
  const { nats, subscriptions, context } = options;
  const log = context.log;
  const subjectPrefix = options.subjectPrefix ?? DEFAULT_SUBJECT_PREFIX;
  const ackWaitMs = options.ackWaitMs ?? 30_000;
  const pullExpiresMs = options.pullExpiresMs ?? 5_000;
  const publishTimeoutMs = options.publishTimeoutMs ?? 5_000;
  const maxAgeMs = options.maxAgeMs ?? 7 * 24 * 3_600_000;
  const setupRetryMs = options.setupRetryMs ?? 5_000;
  const maxPending = options.maxPending ?? 10_000;
  const consumerSettings: ConsumerSettings = { subjectPrefix, ackWaitMs, inactiveMs: options.consumerInactiveMs ?? maxAgeMs };

  const lanes: Lane[] = subscriptions.map((subscription) => {
    const key = subscriptionId(subscription);
    return { subscription, key, consumerName: `${WEBHOOK_CONSUMER_PREFIX}${key}` };
  });
  const stopSetup = new AbortController();
  const stopDelivering = new AbortController();
  // Changes to publish, in order; an entry with only `onStored` marks where a batch without changes stood.
  const pending: Array<{ change?: RecordChange; onStored?: () => void }> = [];
  let pump: Promise<void> | undefined;
  let closed = false;
  let setupSettled = false;

  const ready: Promise<Connected | undefined> = (async () => {
    for (;;) {
      let nc: NatsConnection | undefined;
      try {
        // Retried here rather than by nats.js's waitOnFirstConnect, so that close() can stop it.
        nc = await connect({ servers: [...nats.servers], name: 'calendar-sidecar', maxReconnectAttempts: -1 });
        const jsm = await nc.jetstreamManager();
        await ensureStream(jsm, nats.stream, `${subjectPrefix}.>`, maxAgeMs);
        for (const lane of lanes) await ensureConsumer(jsm, nats.stream, lane, consumerSettings);
        void watchStatus(nc, context);
        log.info({ stream: nats.stream, subscriptions: lanes.length }, 'change notifications: JetStream stream and webhook consumers ready');
        return { nc, js: nc.jetstream() };
      } catch (error) {
        await nc?.close().catch(() => undefined);
        if (stopSetup.signal.aborted) return undefined;
        log.error({ err: error, servers: nats.servers, stream: nats.stream, retryInMs: setupRetryMs }, 'change notifications: NATS JetStream not ready, retrying');
        try {
          await sleep(setupRetryMs, undefined, { signal: stopSetup.signal });
        } catch {
          return undefined;
        }
      }
    }
  })().finally(() => {
    setupSettled = true;
  });

  const consumers = ready.then((connected) =>
    connected === undefined ? [] : Promise.all(lanes.map((lane) => consumeLane(connected, lane))),
  );

  /** Someone deleted the stream or the consumer (an operator, `nats stream rm`): both are made again. */
  async function restoreConsumer(nc: NatsConnection, lane: Lane): Promise<void> {
    if (stopDelivering.signal.aborted || nc.isClosed()) return;
    const jsm = await nc.jetstreamManager();
    await ensureStream(jsm, nats.stream, `${subjectPrefix}.>`, maxAgeMs);
    await ensureConsumer(jsm, nats.stream, lane, consumerSettings);
  }

  async function consumeLane({ nc, js }: Connected, lane: Lane): Promise<void> {
    const signal = stopDelivering.signal;
    let consumer: Consumer | undefined;
    while (!signal.aborted) {
      let message: JsMsg | null;
      try {
        consumer ??= await js.consumers.get(nats.stream, lane.consumerName);
        message = await consumer.next({ expires: pullExpiresMs });
      } catch (error) {
        if (signal.aborted) return;
        consumer = undefined;
        log.warn({ err: error, consumer: lane.consumerName }, 'webhook consumer: pull failed, retrying');
        await sleep(1_000, undefined, { signal }).catch(() => undefined);
        await restoreConsumer(nc, lane).catch((restoreError: unknown) =>
          log.warn({ err: restoreError, consumer: lane.consumerName }, 'webhook consumer: could not be made again'),
        );
        continue;
      }
      if (message === null) continue;
      if (signal.aborted) {
        message.nak();
        return;
      }
      try {
        await handleMessage(lane, message, signal);
      } catch (error) {
        // An ack or nak on a connection closed meanwhile: JetStream hands the message out again.
        log.warn({ err: error, consumer: lane.consumerName, seq: message.seq }, 'webhook consumer: message not settled, it will be delivered again');
      }
    }
  }

  async function handleMessage(lane: Lane, message: JsMsg, signal: AbortSignal): Promise<void> {
    const change = decodeChange(message.string());
    if (change === undefined) {
      log.warn({ subject: message.subject, seq: message.seq }, 'webhook consumer: a message that is no record change is skipped');
      message.term();
      return;
    }
    // The consumer's one filter subject may be wider than the subscription (NATS 2.9 takes only one).
    if (!wantsChange(lane.subscription, change)) {
      message.ack();
      return;
    }
    // Keeps JetStream from handing the message to another instance while this one still retries it.
    const heartbeat = setInterval(() => {
      try {
        message.working();
      } catch {
        // The connection is gone; the message goes back to the stream after ack_wait.
      }
    }, Math.max(1_000, Math.floor(ackWaitMs / 3)));
    try {
      const outcome = await deliverWithRetries(context, lane.subscription, lane.key, change, signal);
      if (outcome === 'aborted') {
        // Handed out again at once, to the next instance that pulls (or this service after its restart).
        message.nak();
        return;
      }
      // Confirmed, so that a lost ack shows in the log; JetStream then redelivers (at-least-once).
      const acked = await message.ackAck({ timeout: publishTimeoutMs }).catch(() => false);
      if (!acked) log.warn({ consumer: lane.consumerName, seq: message.seq }, 'webhook consumer: ack not confirmed, the delivery may be made again');
    } finally {
      clearInterval(heartbeat);
    }
  }

  function startPump(): void {
    pump ??= (async () => {
      const connected = await ready;
      while (pending.length > 0 && connected !== undefined) {
        const { change, onStored } = pending.shift()!;
        if (change === undefined) {
          onStored?.();
          continue;
        }
        const subject = subjectFor(change, subjectPrefix);
        try {
          await connected.js.publish(subject, encodeChange(change), { msgID: changeKey(change), timeout: publishTimeoutMs });
          onStored?.();
        } catch (error) {
          log.error(
            { err: error, subject, msgId: changeKey(change) },
            'change notification not published: no webhook or other consumer will see this change',
          );
        }
      }
      pump = undefined;
      if (pending.length > 0 && connected !== undefined) startPump();
    })();
  }

  return {
    publish(changes, onStored) {
      if (closed) {
        if (changes.length > 0) log.warn({ changes: changes.length }, 'change notifications published after close are lost');
        return Promise.resolve();
      }
      pending.push(...changes.map((change, index) => ({ change, onStored: index === changes.length - 1 ? onStored : undefined })));
      if (changes.length === 0) pending.push({ onStored });
      if (pending.length > maxPending) {
        const dropped = pending.splice(0, pending.length - maxPending);
        log.error({ dropped: dropped.length, maxPending }, 'change notifications queue full: the oldest changes are not published');
      }
      startPump();
      return Promise.resolve();
    },
    async close() {
      closed = true;
      // Deliveries under way stop first (and go back to the stream); publishes waiting are then
      // flushed if NATS is there, and given up if it never was.
      stopDelivering.abort();
      // A connection still being tried is given this one try; no further ones.
      if (!setupSettled) stopSetup.abort();
      const connected = await ready;
      const unpublished = pending.filter((entry) => entry.change !== undefined).length;
      if (connected === undefined && unpublished > 0) log.error({ changes: unpublished }, 'change notifications never published (NATS was not reachable): lost');
      if (connected === undefined) pending.length = 0;
      await pump;
      await consumers;
      if (connected !== undefined) await connected.nc.drain().catch(() => undefined);
    },
  };
}

/** Creates the stream, or adds our subjects to the existing one; its other settings are the operator's. */
async function ensureStream(jsm: JetStreamManager, name: string, subject: string, maxAgeMs: number): Promise<void> {
  try {
    const info = await jsm.streams.info(name);
    if (!info.config.subjects.includes(subject)) {
      await jsm.streams.update(name, { ...info.config, subjects: [...info.config.subjects, subject] });
    }
  } catch (error) {
    if ((error as NatsError).api_error?.err_code !== STREAM_NOT_FOUND) throw error;
    // Two instances starting at once both get here; JetStream accepts the same add twice.
    await jsm.streams.add({
      name,
      subjects: [subject],
      retention: RetentionPolicy.Limits,
      storage: StorageType.File,
      discard: DiscardPolicy.Old,
      max_age: nanos(maxAgeMs),
      duplicate_window: nanos(120_000),
    });
  }
}

/** How this instance's webhook consumers are made. */
interface ConsumerSettings {
  readonly subjectPrefix: string;
  readonly ackWaitMs: number;
  readonly inactiveMs: number;
}

/**
 * Creates a subscription's durable consumer, to start at the changes published from now on, or
 * brings an existing one's ack wait and inactivity limit in line. Consumers of subscriptions this
 * instance does not have are never touched: another instance (other WEBHOOKS, or none, in a rolling
 * deploy or a worker) may serve them. One that no instance pulls from any more (a URL or filter
 * changed, one removed everywhere) is removed by JetStream itself after `inactiveMs`.
 */
async function ensureConsumer(jsm: JetStreamManager, stream: string, lane: Lane, settings: ConsumerSettings): Promise<void> {
  const found = await jsm.consumers.info(stream, lane.consumerName).catch((error: NatsError) => {
    if (error.api_error?.err_code === CONSUMER_NOT_FOUND) return undefined;
    throw error;
  });
  const ackWait = nanos(settings.ackWaitMs);
  const inactiveThreshold = nanos(settings.inactiveMs);
  if (found === undefined) {
    await jsm.consumers.add(stream, {
      durable_name: lane.consumerName,
      description: `webhook ${withoutQuery(lane.subscription.url)}`,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.New,
      filter_subject: filterSubjectFor(lane.subscription.resources, lane.subscription.changes, settings.subjectPrefix),
      ack_wait: ackWait,
      inactive_threshold: inactiveThreshold,
      // One delivery at a time per subscription, across instances: the receiver sees feed order.
      max_ack_pending: 1,
    });
  } else if (found.config.ack_wait !== ackWait || found.config.inactive_threshold !== inactiveThreshold) {
    await jsm.consumers.update(stream, lane.consumerName, { ack_wait: ackWait, inactive_threshold: inactiveThreshold });
  }
}

/** Logs the connection's drops and returns, so that a silent NATS outage shows in the log. */
async function watchStatus(nc: NatsConnection, context: DeliveryContext): Promise<void> {
  for await (const status of nc.status()) {
    if (status.type === 'disconnect') context.log.warn({ server: status.data }, 'NATS connection lost, reconnecting');
    else if (status.type === 'reconnect') context.log.info({ server: status.data }, 'NATS connection back');
  }
}
