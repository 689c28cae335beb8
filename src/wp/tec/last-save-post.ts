import type { Db } from '../../db/create-db.js';
import { OptionName, TEC_POST_TYPES } from '../constants.js';
import { upsertOption, type StoredOption } from '../site/options.repository.js';
import type { ChangeSet } from '../write/change-set.js';

/**
 * TEC keys its own caches (month view HTML in transients, Views V2 entries in the object cache)
 * on the option `tribe_last_save_post`, and moves it on every save of an event, venue or
 * organizer (object-cache.md §2). A write that leaves it alone leaves the site's calendar stale.
 */
export const LAST_SAVE_POST_OPTION = OptionName.lastSavePost;

/** Whether the write touched an event, venue or organizer post. */
export function touchedTecPosts(changes: ChangeSet): boolean {
  return [...changes.posts.values()].some((postType) => TEC_POST_TYPES.has(postType));
}

/** `microtime(true)` as PHP prints the float (precision 14): 10 digits of seconds, up to 4 decimals, trailing zeros dropped. */
export function phpMicrotime(now: Date): string {
  // A Date holds milliseconds, so the fourth decimal is always 0 and PHP would drop it.
  const [seconds, fraction = ''] = (now.getTime() / 1000).toFixed(4).split('.');
  const kept = fraction.replace(/0+$/, '');
  return kept === '' ? `${seconds}` : `${seconds}.${kept}`;
}

/**
 * The `tribe_last_save_post` row a write already read and locked (null: none there), so the touch
 * at its end needs no read of its own; by the write's ChangeSet (one per transaction).
 */
const lockedRows = new WeakMap<ChangeSet, StoredOption | null>();

/** The write has read and locked the option's row (the known range rebuild takes it with its own). */
export function rememberLockedLastSavePost(changes: ChangeSet, row: StoredOption | undefined): void {
  lockedRows.set(changes, row ?? null);
}

/** Moves `tribe_last_save_post` to now when the write touched a TEC post; in the write's transaction. */
export async function touchLastSavePost(trx: Db, changes: ChangeSet, now: Date): Promise<void> {
  if (!touchedTecPosts(changes)) return;
  const { created, autoload } = await upsertOption(trx, LAST_SAVE_POST_OPTION, phpMicrotime(now), lockedRows.get(changes));
  changes.noteOption(LAST_SAVE_POST_OPTION, created, autoload);
}
