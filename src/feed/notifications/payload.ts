import { createHash } from 'node:crypto';
import type { RecordChange } from '../record-change.js';
import { changeKey } from './subjects.js';

/** `event.created`, `venue.deleted`, ...: the payload's `type` and the X-Calendar-Event header. */
export function notificationType(change: RecordChange): string {
  return `${change.kind}.${change.change}`;
}

/**
 * The payload's `id`: one per change, the same for every subscription and after a restart, so a
 * receiver with several subscriptions can tell they speak of one change. A UUID (version 8, the
 * name-based kind whose hash is SHA-256) because receivers often keep these in uuid columns.
 */
export function notificationId(change: RecordChange): string {
  return uuidFromName(changeKey(change));
}

/**
 * X-Calendar-Delivery: one per change and subscription, computed rather than drawn, so that the
 * retries of one delivery, and its redelivery by another instance after a restart, carry the same id.
 */
export function deliveryId(change: RecordChange, subscriptionId: string): string {
  return uuidFromName(`${subscriptionId}\n${changeKey(change)}`);
}

/** The POSTed body, serialised once so that the signature covers exactly the bytes sent. */
export function notificationBody(change: RecordChange, record: unknown): string {
  return JSON.stringify({
    id: notificationId(change),
    type: notificationType(change),
    record: record ?? null,
    changed_at: change.changedAt.toISOString(),
    position: change.position,
  });
}

function uuidFromName(name: string): string {
  const bytes = createHash('sha256').update(name, 'utf8').digest().subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
