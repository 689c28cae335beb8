import type { MetaMap } from './meta.js';

/**
 * Posts reached from other posts through meta values that hold post IDs: an event's venue and
 * organizers (`_EventVenueID`, `_EventOrganizerID`), then their featured images (`_thumbnail_id`).
 * Each step is a set of meta keys; the posts named by those keys' values on the posts reached so
 * far are the next step's. selectPostBundle loads every post along a path in the same statement
 * as the posts the path starts from, so a page and what it links to cost one round trip.
 */
export interface MetaPath {
  /** The posts the path starts from. */
  postIds: readonly number[];
  /** The meta keys of each step, in order (at least one step). */
  steps: readonly (readonly string[])[];
}

/**
 * The post ID a meta value names the way the statement joins it, or undefined. The statement
 * casts the value to an integer, which reads `12abc` as 12 where the code that uses the value
 * (Number(), PHP-style checks) may not: only plain decimals count as reached here, so a caller
 * asks again for anything else and never takes "not loaded" for "does not exist".
 */
export function postIdInMetaValue(value: string): number | undefined {
  if (!/^[1-9][0-9]*$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : undefined;
}

/**
 * Every post ID the path reaches (each step's, not only the last), given the meta of the posts
 * loaded with it: a post missing from `metaOf` ends its branch of the path, as its join finds
 * nothing to follow. The IDs are reached whether or not a post with that ID exists.
 */
export function idsAlongPath(path: MetaPath, metaOf: (id: number) => MetaMap | undefined): Set<number> {
  const reached = new Set<number>();
  let current: readonly number[] = path.postIds;
  for (const keys of path.steps) {
    const next: number[] = [];
    for (const id of current) {
      const meta = metaOf(id);
      if (!meta) continue;
      for (const key of keys) {
        for (const value of meta.get(key) ?? []) {
          const named = postIdInMetaValue(value);
          if (named !== undefined && !reached.has(named)) {
            reached.add(named);
            next.push(named);
          }
        }
      }
    }
    current = next;
  }
  return reached;
}
