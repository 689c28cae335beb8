import type { WebhookSubscription } from '../../config.js';
import type { RecordChange } from '../record-change.js';
import { deliverWithRetries, withoutQuery, type DeliveryContext } from './delivery.js';
import { subscriptionId, wantsChange } from './subscriptions.js';
import type { Dispatcher } from './dispatcher.js';

export interface MemoryDispatcherOptions {
  readonly subscriptions: readonly WebhookSubscription[];
  readonly context: DeliveryContext;
  /** Deliveries a subscription may have waiting; past it the oldest is dropped (a receiver down for long). */
  readonly maxQueued?: number;
}

/** One publish's changes still to be delivered (or given up) by the subscriptions that want them. */
interface Batch {
  remaining: number;
  readonly onStored: (() => void) | undefined;
}

interface Lane {
  readonly subscription: WebhookSubscription;
  readonly key: string;
  readonly queue: Array<{ change: RecordChange; batch: Batch }>;
  worker: Promise<void> | undefined;
}

/**
 * Without NATS: one in-process queue per subscription, delivered in order, one delivery at a time.
 * Whatever is queued or being retried when the process stops is dropped (logged with its count on
 * close); in binlog mode the next start makes those deliveries again, since the position kept
 * (onStored) only passes a change once every subscription had it or gave up on it.
 */
export function createMemoryDispatcher({ subscriptions, context, maxQueued = 10_000 }: MemoryDispatcherOptions): Dispatcher {
  const stopping = new AbortController();
  const lanes: Lane[] = subscriptions.map((subscription) => ({
    subscription,
    key: subscriptionId(subscription),
    queue: [],
    worker: undefined,
  }));
  let inFlight = 0;
  // Publishes in order: a batch counts as stored once it and every one before it is done, so the
  // feed's position never passes a change some subscription has not had yet.
  const batches: Batch[] = [];
  const settle = () => {
    while (batches.length > 0 && batches[0]!.remaining === 0) batches.shift()!.onStored?.();
  };

  const drain = async (lane: Lane) => {
    while (lane.queue.length > 0 && !stopping.signal.aborted) {
      const { change, batch } = lane.queue.shift()!;
      inFlight += 1;
      const outcome = await deliverWithRetries(context, lane.subscription, lane.key, change, stopping.signal);
      inFlight -= 1;
      // Delivered or given up; one cut short by the shutdown is left to the next start to make.
      if (outcome !== 'aborted') {
        batch.remaining -= 1;
        settle();
      }
    }
    lane.worker = undefined;
  };

  return {
    publish(changes, onStored) {
      if (stopping.signal.aborted) return Promise.resolve();
      const batch: Batch = { remaining: 0, onStored };
      batches.push(batch);
      for (const lane of lanes) {
        for (const change of changes) {
          if (!wantsChange(lane.subscription, change)) continue;
          lane.queue.push({ change, batch });
          batch.remaining += 1;
          if (lane.queue.length > maxQueued) {
            // Dropped, and so done with: its batch does not wait for it.
            lane.queue.shift()!.batch.remaining -= 1;
            context.log.warn({ url: withoutQuery(lane.subscription.url), maxQueued }, 'webhook queue full: the oldest waiting delivery is dropped');
          }
        }
        // Started on a later tick, so that the worker's own `lane.worker = undefined` comes after this assignment.
        if (lane.queue.length > 0) lane.worker ??= Promise.resolve().then(() => drain(lane));
      }
      settle();
      return Promise.resolve();
    },
    async close() {
      stopping.abort();
      const waiting = lanes.reduce((sum, lane) => sum + lane.queue.length, 0) + inFlight;
      batches.length = 0;
      await Promise.all(lanes.map((lane) => lane.worker));
      if (waiting > 0) {
        context.log.warn({ deliveries: waiting }, 'webhook deliveries not made before shutdown are lost (no NATS_URL: memory mode)');
      }
    },
  };
}
