import { createHash } from 'node:crypto';
import type { WebhookSubscription } from '../../config.js';
import type { RecordChange, RecordChangeKind } from '../record-change.js';

export const RECORD_CHANGE_KINDS = ['created', 'updated', 'deleted'] as const satisfies readonly RecordChangeKind[];

/** Whether a subscription asked to be told about this change (its resources and change kinds). */
export function wantsChange(subscription: WebhookSubscription, change: RecordChange): boolean {
  return subscription.resources.includes(change.kind) && subscription.changes.includes(change.change);
}

/**
 * A subscription's stable name: its URL and filters, not its secret, so that rotating the secret
 * keeps its durable consumer (and the deliveries still pending in it), while a new URL or filter
 * is a new subscription that starts from the changes published after it.
 */
export function subscriptionId(subscription: WebhookSubscription): string {
  const canonical = JSON.stringify([subscription.url, [...subscription.resources].sort(), [...subscription.changes].sort()]);
  return createHash('sha256').update(canonical).digest('hex').slice(0, 16);
}
