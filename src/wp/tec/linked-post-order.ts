import { absint } from '../php/php-values.js';

/*
 * Linked_Posts::handle_submission_by_post_type compares the links an event save names with the
 * links stored, as PHP arrays (keys and values, in order), before it touches `_EventVenueID` or
 * `_EventOrganizerID`: maybe_reorder_linked_posts_ids returns at once when `$old_order ===
 * $new_order`, so naming the links an event already has (the same venue again, the same
 * organizers in the same order) leaves their rows, meta_ids and tracker stamps as they are.
 */

/** A PHP list after array_filter / array_unique: the surviving values with the keys they kept. */
type KeyedIds = [number, number][];

/** array_unique( array_filter( $ids ) ): zeros dropped, later repeats dropped, keys kept. */
function filteredUnique(ids: readonly number[]): KeyedIds {
  const seen = new Set<number>();
  const kept: KeyedIds = [];
  ids.forEach((id, key) => {
    if (id === 0 || seen.has(id)) return;
    seen.add(id);
    kept.push([key, id]);
  });
  return kept;
}

/**
 * Whether handle_submission leaves the links alone: `stored` are the key's meta values in meta_id
 * order (get_linked_post_ids_by_post_type reads them through absint, array_filter and
 * array_unique), `named` the post IDs the save links (absint, array_filter, array_unique; a kind
 * that allows one link keeps only the first). True when both arrays are identical, keys included.
 */
export function linksUnchanged(stored: readonly string[], named: readonly number[], allowMultiple: boolean): boolean {
  const old = filteredUnique(stored.map(absint));
  let next = filteredUnique(named.map(absint));
  if (!allowMultiple && next.length > 1) {
    // `[ $post_ids_to_link[0] ]`: the value at key 0, null (never a stored link) when it was filtered out.
    const first = next.find(([key]) => key === 0);
    if (!first) return false;
    next = [first];
  }
  return old.length === next.length && old.every(([key, id], index) => next[index]![0] === key && next[index]![1] === id);
}
