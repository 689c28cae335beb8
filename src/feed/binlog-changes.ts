import { PostStatus } from '../wp/constants.js';
import type { DataChange } from './data-change.js';
import { ChangeTags, changedColumns, isAnswerlessOption } from './change-tags.js';
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
  let otherTables = false;
  // What the transaction touched, told once every post's type is known (a post's meta may come
  // before its row): post ID -> columns or meta keys written.
  const postRows = new Map<number, Set<string> | 'all'>();
  const postMetaKeys = new Map<number, Set<string> | 'all'>();
  const relationshipsOf = new Set<number>();
  const metaValues = new MetaValuesMoved();
  const customTables = new Map<number, Set<string> | 'all'>();
  const touched = new ChangeTags();

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
          addNames(postRows, Number(row.ID), change.action === 'update' ? changedColumns(before, after) : 'all');
          // A row that changed its type or ID: the lists of whatever it was, too.
          if (before && after && (before.post_type !== after.post_type || Number(before.ID) !== Number(after.ID))) touched.postRow(Number(before.ID), '', 'all');
          break;
        case 'postmeta':
          for (const [image, side] of [[before, 'gone'], [after, 'come']] as const) {
            if (!image || UNREAD_POST_META.has(String(image.meta_key))) continue;
            notePost(image.post_id);
            metaValues.note(Number(image.post_id), String(image.meta_key), side, image.meta_value);
          }
          break;
        case 'tec_events':
        case 'tec_occurrences':
          notePost(row.post_id);
          addNames(customTables, Number(row.post_id), change.action === 'update' ? changedColumns(before, after) : 'all');
          // A row moved from one event to another: both events' lists.
          if (before && after && Number(before.post_id) !== Number(after.post_id)) addNames(customTables, Number(before.post_id), 'all');
          break;
        case 'term_relationships':
          notePost(row.object_id);
          relationshipsOf.add(Number(row.object_id));
          if (before && after && Number(before.object_id) !== Number(after.object_id)) relationshipsOf.add(Number(before.object_id));
          break;
        case 'terms':
        case 'termmeta':
        case 'term_taxonomy': {
          const termId = Number(row.term_id);
          if (Number.isInteger(termId)) {
            touched.term(termId);
            if (before && after && Number(before.term_id) !== Number(after.term_id)) touched.term(Number(before.term_id));
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
          otherTables = true;
      }
    }
  }
  if (!relevant) return undefined;
  for (const [id, key] of metaValues.changedKeys()) addNames(postMetaKeys, id, new Set([key]));
  // A post whose meta rows were only rewritten with the same values: the post, no key.
  for (const id of metaValues.posts()) if (!postMetaKeys.has(id)) addNames(postMetaKeys, id, new Set());
  const typeOf = (id: number) => posts.get(id) ?? '';
  for (const [id, columns] of postRows) touched.postRow(id, typeOf(id), columns);
  for (const [id, keys] of postMetaKeys) touched.postMeta(id, typeOf(id), keys === 'all' ? undefined : keys);
  for (const id of relationshipsOf) if (Number.isInteger(id) && id > 0) touched.relationships(id, typeOf(id));
  for (const [id, columns] of customTables) if (Number.isInteger(id) && id > 0) touched.customTables(id, columns);
  // Users, options and tables no tag describes (comments, a plugin's own) touch everything.
  const untagged = everything || users.size > 0 || [...options].some((name) => !isAnswerlessOption(name)) || otherTables;
  const { file, position } = transaction.position;
  return {
    source: 'binlog',
    position: `${file}:${position}`,
    at: transaction.committedAt,
    everything,
    posts,
    postLifecycle,
    terms,
    termLifecycle,
    users,
    options,
    touched: untagged ? undefined : touched.tags,
  };
}

/**
 * The meta values a transaction removed and added, per post and key. A key whose rows were
 * deleted and added again with the same values (TEC's save rewrites the all-day and organizer rows
 * on every update) changed for no list: lists read the values, not the rows' ids or order.
 */
class MetaValuesMoved {
  private readonly byPostKey = new Map<string, { id: number; key: string; gone: string[]; come: string[] }>();

  note(id: number, key: string, side: 'gone' | 'come', value: unknown): void {
    if (!Number.isInteger(id) || id <= 0) return;
    const name = `${id}\u0000${key}`;
    const entry = this.byPostKey.get(name) ?? { id, key, gone: [], come: [] };
    entry[side].push(metaText(value));
    this.byPostKey.set(name, entry);
  }

  *changedKeys(): Iterable<[number, string]> {
    for (const { id, key, gone, come } of this.byPostKey.values()) {
      if (!sameValues(gone, come)) yield [id, key];
    }
  }

  *posts(): Iterable<number> {
    for (const { id } of this.byPostKey.values()) yield id;
  }
}

/** A meta value as the binlog gives it (a string, or bytes for a BLOB column). */
function metaText(value: unknown): string {
  if (Buffer.isBuffer(value)) return value.toString('binary');
  return value === null || value === undefined ? '\u0000null' : String(value);
}

function sameValues(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const sortedB = [...b].sort();
  return [...a].sort().every((value, index) => value === sortedB[index]);
}

/** Adds names (columns, meta keys) noted for a row; 'all' stays 'all'. */
function addNames(noted: Map<number, Set<string> | 'all'>, id: number, names: ReadonlySet<string> | 'all'): void {
  if (!Number.isInteger(id) || id <= 0) return;
  const known = noted.get(id);
  if (known === 'all') return;
  if (names === 'all') {
    noted.set(id, 'all');
    return;
  }
  noted.set(id, new Set([...(known ?? []), ...names]));
}

/** A post row inserted or deleted, or moved into or out of the trash, is created or deleted for readers. */
function notePostLifecycle(lifecycle: Map<number, 'created' | 'deleted'>, change: RowChange, before: Row | undefined, after: Row | undefined): void {
  const id = Number((after ?? before)?.ID);
  if (change.action === 'insert') lifecycle.set(id, 'created');
  else if (change.action === 'delete') lifecycle.set(id, 'deleted');
  else if (before?.post_status !== PostStatus.trash && after?.post_status === PostStatus.trash) lifecycle.set(id, 'deleted');
  else if (before?.post_status === PostStatus.trash && after?.post_status !== PostStatus.trash) lifecycle.set(id, 'created');
}
