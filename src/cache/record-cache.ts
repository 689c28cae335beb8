import { FeedFreshCache } from './feed-fresh-cache.js';

/**
 * Which rendering of a record: its kind (`event`, `venue`, ...), its ID, and the variant, a string
 * the renderer builds from whatever makes the same record render differently (who reads, the
 * namespace its URLs name, the context, the render state it began in...). The cache never reads
 * the variant; two renderings with equal keys must be byte for byte the same.
 */
export interface RecordKey {
  kind: string;
  id: number;
  variant: string;
}

/** A record as it appears inside answers, and what it was rendered from. */
export interface RenderedRecord<F> {
  fragment: F;
  /** The tags (dependencies.ts) of every row the rendering read: a change touching one drops it. */
  tags: ReadonlySet<string>;
}

/**
 * Records (events, venues, organizers, terms) rendered as they appear inside answers, kept across
 * requests so an answer never asked before, or dropped by a write, is assembled from the records
 * it lists and renders only those it lacks. Bounded in bytes (least recently used go
 * first); a change the feed reports drops the records that read a row it touched, by the same
 * tags the response cache drops answers by; a change the source cannot describe (probe mode, a
 * lost binlog position, an option, a user) drops all.
 *
 * As in the response cache, a fragment is stored with the feed generation read before its first
 * statement, and not stored when a change reported since touched what it read: a fragment held is
 * fresh at the feed's current generation. Fragments are frozen when stored: every answer that
 * shows one shares it, so nothing may change it in place.
 */
export class RecordCache extends FeedFreshCache<RenderedRecord<unknown>> {
  protected readonly name = 'records';

  /** `event 12`: the kind and ID, not the variant (which names who reads). */
  protected kindOf(key: string): string {
    return key.slice(0, key.indexOf('\n')).replace(':', ' ');
  }

  /**
   * The rendering kept under `key`, for a request whose reads are fresh from `generation` on
   * (what is held is fresh at the feed's current generation, never older); the caller's type
   * parameter must be the one its kind was stored with.
   */
  get<F>(key: RecordKey, generation: number): RenderedRecord<F> | undefined {
    return this.lookup(keyOf(key), generation) as RenderedRecord<F> | undefined;
  }

  /**
   * Keeps a rendering made from reads that began at `generation`, unless a change reported since
   * touched one of its tags. `bytes`: about what the fragment holds in memory.
   */
  set<F>(key: RecordKey, generation: number, record: RenderedRecord<F>, bytes: number): void {
    // Frozen once kept: every answer that shows it from now on gets this one object.
    if (this.store(keyOf(key), generation, record, bytes + 200, record.tags)) deepFreeze(record.fragment);
  }
}

function keyOf({ kind, id, variant }: RecordKey): string {
  return `${kind}:${id}\n${variant}`;
}

/** Freezes a value and everything it holds, so a shared fragment cannot be changed by one answer. */
function deepFreeze(value: unknown): void {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
}
