export const RECORD_KINDS = ['event', 'venue', 'organizer', 'category', 'tag'] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];
export type RecordChangeKind = 'created' | 'updated' | 'deleted';
export interface RecordChange { kind: RecordKind; id: number; change: RecordChangeKind;
  /** where in the feed: a binlog file:position, a probe/LSN value or a service write sequence, as a string */
  position: string; changedAt: Date }
