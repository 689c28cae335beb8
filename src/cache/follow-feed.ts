import type { ChangeFeed } from '../feed/change-feed.js';
import { touchedByChange } from '../feed/data-change.js';
import type { TaggedEntries } from './tagged-entries.js';

/**
 * Keeps `entries` fresh with the feed: each change drops the entries that read what it touched,
 * and a change that cannot say what it touched (probe mode, a lost binlog position, an option, a
 * user) drops them all. The response cache and the record cache follow the feed alike.
 */
export function dropWhatChangesTouch(feed: ChangeFeed, entries: TaggedEntries<unknown>): void {
  feed.subscribe((change) => {
    const touched = touchedByChange(change);
    if (touched === undefined) entries.clear();
    else entries.drop(touched);
  });
}
