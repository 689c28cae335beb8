import { PostStatus } from '../wp/constants.js';
import type { DataChange } from './data-change.js';
import type { BinlogTransaction, RowChange } from './binlog-source.js';
import { NOTIFIED_POSITION_OPTION } from './notified-position.repository.js';

/**
 * Options WordPress rewrites all the time that no answer of this API reads: transients (WP-Cron's
 * `doing_cron` lock, update checks, TEC's own caches) and the cron schedule. A transaction that
 * changes nothing else does not invalidate anything.
 */
const UNREAD_OPTION = /^(_site)?_transient_|^cron$/;
/** This service's own rows in wp_options, which no answer reads (see notified-position.repository.ts). */
const SERVICE_OPTIONS: ReadonlySet<string> = new Set([NOTIFIED_POSITION_OPTION]);
/** Post meta the editor writes while a post is open (the heartbeat), which no answer reads. */
const UNREAD_POST_META = new Set(['_edit_lock']);

type Row = Record<string, unknown>;

/**
 * What one committed transaction of the binlog changed, in the feed's terms; undefined when it
 * touched only rows no answer reads. A change that came as a statement (TRUNCATE, ALTER, or DML
 * logged as a statement) carries no rows: everything may have changed.
 */
export function fromBinlogTransaction(transaction: BinlogTransaction): DataChange | undefined {
  const posts = new Map<number, string>();
  const postLifecycle = new Map<number, 'created' | 'deleted'>();
  const terms = new Map<number, string>();
  const termLifecycle = new Map<number, 'created' | 'deleted'>();
  const users = new Set<number>();
  const options = new Set<string>();
  let everything = false;
  let relevant = false;

  const notePost = (id: unknown, type: unknown = '') => {
    const postId = Number(id);
    if (!Number.isInteger(postId) || postId <= 0) return;
    if (!posts.get(postId)) posts.set(postId, typeof type === 'string' ? type : '');
    relevant = true;
  };

  for (const change of transaction.changes) {
    if (change.rows.length === 0) {
      everything = true;
      relevant = true;
      continue;
    }
    for (const { before, after } of change.rows) {
      const row = (after ?? before) as Row;
      switch (change.table) {
        case 'posts':
          notePost(row.ID, row.post_type);
          notePostLifecycle(postLifecycle, change, before, after);
          break;
        case 'postmeta':
          if (!UNREAD_POST_META.has(String(row.meta_key))) notePost(row.post_id);
          break;
        case 'tec_events':
        case 'tec_occurrences':
          notePost(row.post_id);
          break;
        case 'term_relationships':
          notePost(row.object_id);
          break;
        case 'terms':
        case 'termmeta':
        case 'term_taxonomy': {
          const termId = Number(row.term_id);
          if (Number.isInteger(termId)) {
            terms.set(termId, typeof row.taxonomy === 'string' ? row.taxonomy : (terms.get(termId) ?? ''));
            if (change.table === 'term_taxonomy' && change.action !== 'update') termLifecycle.set(termId, change.action === 'insert' ? 'created' : 'deleted');
          }
          relevant = true;
          break;
        }
        case 'users':
        case 'usermeta':
          users.add(Number(change.table === 'users' ? row.ID : row.user_id));
          relevant = true;
          break;
        case 'options':
          if (!UNREAD_OPTION.test(String(row.option_name)) && !SERVICE_OPTIONS.has(String(row.option_name))) {
            options.add(String(row.option_name));
            relevant = true;
          }
          break;
        default:
          // Another table under the site's prefix (comments, links, a plugin's own): nothing
          // this API shows is read from it, but it is counted, in case a future answer does.
          relevant = true;
      }
    }
  }
  if (!relevant) return undefined;
  const { file, position } = transaction.position;
  return { source: 'binlog', position: `${file}:${position}`, at: transaction.committedAt, everything, posts, postLifecycle, terms, termLifecycle, users, options };
}

/** A post row inserted or deleted, or moved into or out of the trash, is created or deleted for readers. */
function notePostLifecycle(lifecycle: Map<number, 'created' | 'deleted'>, change: RowChange, before: Row | undefined, after: Row | undefined): void {
  const id = Number((after ?? before)?.ID);
  if (change.action === 'insert') lifecycle.set(id, 'created');
  else if (change.action === 'delete') lifecycle.set(id, 'deleted');
  else if (before?.post_status !== PostStatus.trash && after?.post_status === PostStatus.trash) lifecycle.set(id, 'deleted');
  else if (before?.post_status === PostStatus.trash && after?.post_status !== PostStatus.trash) lifecycle.set(id, 'created');
}
