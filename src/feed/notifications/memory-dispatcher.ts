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

interface Lane {
  readonly subscription: WebhookSubscription;
  readonly key: string;
  readonly queue: RecordChange[];
  worker: Promise<void> | undefined;
}

/**
 * Without NATS: one in-process queue per subscription, delivered in order, one delivery at a time.
 * Best effort: whatever is queued or being retried when the process stops is lost (logged with
 * its count on close); nothing is written anywhere.
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

  const drain = async (lane: Lane) => {
    while (lane.queue.length > 0 && !stopping.signal.aborted) {
      const change = lane.queue.shift()!;
      inFlight += 1;
      await deliverWithRetries(context, lane.subscription, lane.key, change, stopping.signal);
      inFlight -= 1;
    }
    lane.worker = undefined;
  };

  return {
    publish(changes) {
      if (stopping.signal.aborted) return Promise.resolve();
      for (const lane of lanes) {
        for (const change of changes) {
          if (!wantsChange(lane.subscription, change)) continue;
          lane.queue.push(change);
          if (lane.queue.length > maxQueued) {
            lane.queue.shift();
            context.log.warn({ url: withoutQuery(lane.subscription.url), maxQueued }, 'webhook queue full: the oldest waiting delivery is dropped');
          }
        }
        // Started on a later tick, so that the worker's own `lane.worker = undefined` comes after this assignment.
        if (lane.queue.length > 0) lane.worker ??= Promise.resolve().then(() => drain(lane));
      }
      return Promise.resolve();
    },
    async close() {
      stopping.abort();
      const waiting = lanes.reduce((sum, lane) => sum + lane.queue.length, 0) + inFlight;
      await Promise.all(lanes.map((lane) => lane.worker));
      if (waiting > 0) {
        context.log.warn({ deliveries: waiting }, 'webhook deliveries not made before shutdown are lost (no NATS_URL: memory mode)');
      }
    },
  };
}
