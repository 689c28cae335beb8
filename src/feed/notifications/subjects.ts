import { RECORD_KINDS, type RecordChange, type RecordKind } from '../record-change.js';
import { RECORD_CHANGE_KINDS } from './subscriptions.js';

/** The first token of every subject, unless a test or a shared NATS account gives another. */
export const DEFAULT_SUBJECT_PREFIX = 'calendar';

/** The plural the API's own paths use (`/events`, `/venues`, ...), and so the subjects. */
const PLURALS: Record<RecordKind, string> = {
  event: 'events',
  venue: 'venues',
  organizer: 'organizers',
  category: 'categories',
  tag: 'tags',
  ticket: 'tickets',
  attendee: 'attendees',
};

/** `calendar.events.123.updated`: one subject per record and change, so consumers filter with wildcards. */
export function subjectFor(change: RecordChange, prefix = DEFAULT_SUBJECT_PREFIX): string {
  return `${prefix}.${PLURALS[change.kind]}.${change.id}.${change.change}`;
}

/**
 * The one subject a JetStream consumer can filter on for these kinds and changes (NATS 2.9 takes
 * one filter subject per consumer): `calendar.events.>` for all of one kind's changes,
 * `calendar.*.*.deleted` for one change of all kinds, else everything (`calendar.>`), left to the
 * consumer to skip what it was not asked for.
 */
export function filterSubjectFor(
  resources: readonly RecordKind[],
  changes: readonly string[],
  prefix = DEFAULT_SUBJECT_PREFIX,
): string {
  const allKinds = RECORD_KINDS.every((kind) => resources.includes(kind));
  const allChanges = RECORD_CHANGE_KINDS.every((change) => changes.includes(change));
  const kindToken = !allKinds && resources.length === 1 ? PLURALS[resources[0]!] : allKinds ? '*' : undefined;
  const changeToken = !allChanges && changes.length === 1 ? changes[0]! : allChanges ? '*' : undefined;
  if (kindToken === undefined || changeToken === undefined || (kindToken === '*' && changeToken === '*')) return `${prefix}.>`;
  if (changeToken === '*') return `${prefix}.${kindToken}.>`;
  return `${prefix}.${kindToken}.*.${changeToken}`;
}

/**
 * The change's identity in the feed (JetStream's Nats-Msg-Id): the same change reported twice at
 * the same position, by two instances following one binlog say, is stored once.
 */
export function changeKey(change: RecordChange): string {
  return `${change.kind}.${change.id}.${change.change}@${change.position}`;
}

/** The message body of a change in the stream: the change itself, the record is read on delivery. */
export function encodeChange(change: RecordChange): string {
  return JSON.stringify({
    kind: change.kind,
    id: change.id,
    change: change.change,
    position: change.position,
    changed_at: change.changedAt.toISOString(),
  });
}

/** A change read back from the stream; undefined for a message some other publisher wrote in another shape. */
export function decodeChange(text: string): RecordChange | undefined {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { kind, id, change, position, changed_at: changedAt } = value as Record<string, unknown>;
  if (
    !(RECORD_KINDS as readonly unknown[]).includes(kind) ||
    typeof id !== 'number' ||
    !Number.isSafeInteger(id) ||
    !(RECORD_CHANGE_KINDS as readonly unknown[]).includes(change) ||
    typeof position !== 'string' ||
    typeof changedAt !== 'string' ||
    Number.isNaN(Date.parse(changedAt))
  ) {
    return undefined;
  }
  return {
    kind: kind as RecordKind,
    id,
    change: change as RecordChange['change'],
    position,
    changedAt: new Date(changedAt),
  };
}
