import type { Db } from '../db/create-db.js';
import type { ChangeFeed } from './change-feed.js';
import type { Notifier } from './notifications/notifier.js';
import { parseBinlogPosition, type PositionKeeper } from './notified-position.js';
import { toRecordChanges } from './record-changes.js';

/**
 * Hands the feed's changes to the notifier as record changes. Each change is told once: in binlog
 * mode the log reports this service's own writes too, so only the log's reports are used (their
 * positions are the same on every instance, which JetStream de-duplicates on); in the other modes
 * only this service's own writes can be named (a probe sees that something changed, not what).
 * The log's changes are handed over one after the other, in log order, and once the notifier has
 * stored one, `positions` learns its binlog position (where the next start resumes).
 * Returns the unsubscribe.
 */
export function notifyRecordChanges(options: {
  feed: ChangeFeed;
  db: Db;
  notifier: Notifier;
  logError: (error: unknown) => void;
  positions?: PositionKeeper;
}): () => void {
  const { feed, db, notifier, logError, positions } = options;
  let inLogOrder: Promise<void> = Promise.resolve();
  return feed.subscribe((change) => {
    if (feed.mode !== 'binlog') {
      if (change.source !== 'service') return;
      void toRecordChanges(db, change)
        .then((records) => (records.length > 0 ? notifier.publish(records) : undefined))
        .catch(logError);
      return;
    }
    if (change.source !== 'binlog') return;
    // A reset or a lost connection names no position to resume from.
    const resumable = parseBinlogPosition(change.position) !== undefined;
    inLogOrder = inLogOrder.then(async () => {
      try {
        const records = await toRecordChanges(db, change);
        // A change that names no record still moves the position (nothing to tell up to there).
        await notifier.publish(records, resumable ? () => positions?.advance(change.position) : undefined);
      } catch (error) {
        logError(error);
      }
    });
  });
}
