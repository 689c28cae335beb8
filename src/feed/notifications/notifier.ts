import type { Config } from '../../config.js';
import type { RecordChange } from '../record-change.js';
import { DEFAULT_RETRY_OPTIONS, type RetryOptions } from './backoff.js';
import type { FetchRecord, NotifierLog } from './delivery.js';
import { createJetStreamDispatcher, type JetStreamDispatcherOptions } from './jetstream-dispatcher.js';
import { createMemoryDispatcher } from './memory-dispatcher.js';

export interface NotifierOptions {
  /** WEBHOOKS / WEBHOOKS_FILE and NATS_URL / NATS_STREAM, as loadConfig parsed them. */
  readonly config: Pick<Config, 'webhooks' | 'nats'>;
  /** The record as an anonymous reader sees it (null: not visible or gone), read when a delivery is made. */
  readonly fetchRecord: FetchRecord;
  readonly log: NotifierLog;
  /** Retry timing; the defaults (DEFAULT_RETRY_OPTIONS) unless given. */
  readonly retry?: Partial<RetryOptions>;
  /** The jitter's source (tests pin it). */
  readonly random?: () => number;
  /** JetStream tuning: subject prefix, ack wait, pull and publish timeouts. */
  readonly jetstream?: Omit<JetStreamDispatcherOptions, 'nats' | 'subscriptions' | 'context'>;
  /** Memory mode: deliveries a subscription may have waiting. */
  readonly maxQueued?: number;
}

/** What the change feed calls: publish committed record changes, and close at shutdown. */
export interface Notifier {
  /**
   * Hands the changes over for notification and resolves at once, without waiting for NATS or a
   * receiver; never rejects, so a write is never slowed or failed by it. `onStored`: see Dispatcher.
   */
  publish(changes: readonly RecordChange[], onStored?: () => void): Promise<void>;
  /** Stops delivering (JetStream: deliveries under way go back to the stream) and disconnects. */
  close(): Promise<void>;
}

/**
 * Change notifications: with NATS_URL, into a JetStream stream with a durable consumer per webhook
 * (at-least-once, across restarts); without it, webhooks from an in-process queue (best effort,
 * lost on restart); with neither a webhook nor NATS_URL, nothing.
 */
export function createNotifier(options: NotifierOptions): Notifier {
  const { config } = options;
  const context = {
    fetchRecord: options.fetchRecord,
    log: options.log,
    retry: { ...DEFAULT_RETRY_OPTIONS, ...options.retry },
    random: options.random,
  };
  if (config.nats !== undefined) {
    return createJetStreamDispatcher({ ...options.jetstream, nats: config.nats, subscriptions: config.webhooks, context });
  }
  if (config.webhooks.length > 0) {
    return createMemoryDispatcher({ subscriptions: config.webhooks, context, maxQueued: options.maxQueued });
  }
  return {
    publish: (_changes, onStored) => {
      onStored?.();
      return Promise.resolve();
    },
    close: () => Promise.resolve(),
  };
}
