import type { Logger } from 'pino';
import type { FeedFreshCache } from '../cache/feed-fresh-cache.js';
import type { ChangeFeed } from '../feed/change-feed.js';
import type { DataChange } from '../feed/data-change.js';
import type { StatementTracker } from './statements.js';

export interface DebugLogOptions {
  logger: Logger;
  statements: StatementTracker;
  feed: ChangeFeed;
  /** The caches whose lookups, stores and drops are shown (those the app keeps). */
  caches: ReadonlyArray<FeedFreshCache<unknown> | undefined>;
}

/** How many IDs or names of each kind a change's debug line lists. */
const LISTED = 20;

/**
 * Turns on what LOG_LEVEL=debug shows; called only at that level, so nothing here costs a request
 * otherwise. Each request gathers its statements with their times and its cache lookups, stores
 * and refusals with their reasons (written after its request line as `request detail`); each change
 * the feed reports gets a `change` line saying what changed and how many entries it dropped from
 * each cache.
 */
export function startDebugLog({ logger, statements, feed, caches }: DebugLogOptions): void {
  statements.gatherDetail();
  let dropped: Record<string, number> = {};
  for (const cache of caches) {
    cache?.observe({
      noted: (note) => statements.detail()?.caches.push(note),
      dropped: (name, _change, count) => (dropped[name] = (dropped[name] ?? 0) + count),
    });
  }
  // Subscribed after the caches (which subscribe when made), so a change's drops are counted before its line.
  feed.subscribe((change) => {
    logger.debug({ ...describeChange(change), dropped }, 'change');
    dropped = {};
  });
}

/** A change as its debug line shows it: the source and position, and the IDs and option names it touched. */
function describeChange(change: DataChange): Record<string, unknown> {
  const listed = <T>(values: Iterable<T>) => [...values].slice(0, LISTED);
  return {
    source: change.source,
    position: change.position,
    everything: change.everything || change.touched === undefined,
    posts: listed(change.posts.keys()),
    terms: listed(change.terms.keys()),
    users: listed(change.users),
    options: listed(change.options),
  };
}
