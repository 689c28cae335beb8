/** The records notified: TEC's, then Event Tickets' tickets and attendees (their posts, on a site running it). */
export const RECORD_KINDS = ['event', 'venue', 'organizer', 'category', 'tag', 'ticket', 'attendee'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];
export type RecordChangeKind = 'created' | 'updated' | 'deleted';
export interface RecordChange { kind: RecordKind; id: number; change: RecordChangeKind;
  /** where in the feed: a binlog file:position, a probe/LSN value or a service write sequence, as a string */
  position: string; changedAt: Date }
