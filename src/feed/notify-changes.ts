import type { Db } from '../db/create-db.js';
import type { ChangeFeed } from './change-feed.js';
import type { Notifier } from './notifications/notifier.js';
import { toRecordChanges } from './record-changes.js';

/**
 * Hands the feed's changes to the notifier as record changes. Each change is told once: in binlog
 * mode the log reports this service's own writes too, so only the log's reports are used (their
 * positions are the same on every instance, which JetStream de-duplicates on); in the other modes
 * only this service's own writes can be named (a probe sees that something changed, not what).
 * Returns the unsubscribe.
 */
export function notifyRecordChanges(options: {
  feed: ChangeFeed;
  db: Db;
  notifier: Notifier;
  logError: (error: unknown) => void;
}): () => void {
  const { feed, db, notifier, logError } = options;
  return feed.subscribe((change) => {
    const wanted = feed.mode === 'binlog' ? change.source === 'binlog' : change.source === 'service';
    if (!wanted) return;
    void toRecordChanges(db, change)
      .then((records) => (records.length > 0 ? notifier.publish(records) : undefined))
      .catch(logError);
  });
}
