import { OptionName, PostType, TecMeta, WpPostMeta } from '../wp/constants.js';
import { ANY_LIST, DependencyTag } from './dependencies.js';

/*
 * What a change touches, in the tags answers depend on (dependencies.ts). The rules lean one way:
 * whatever could move a post into or out of a list, or reorder one, touches that post type's
 * lists; only what is known to change a post's texts alone spares them.
 */

/**
 * Post columns that decide no list's members or order except through a search or an ordering by
 * title (list-text): the texts and the modified times. Everything else (status, dates, slug,
 * parent, menu order, password, type, author, ...) is a list's business.
 */
export const TEXT_COLUMNS: ReadonlySet<string> = new Set(['post_title', 'post_content', 'post_excerpt', 'post_content_filtered', 'post_modified', 'post_modified_gmt']);

/**
 * Meta keys no list filters or sorts by: TEC's record of which fields an edit changed, and who last
 * edited. Any other key may (dates, venue, organizers, featured, hidden, cost, thumbnail...).
 */
const LISTLESS_META: ReadonlySet<string> = new Set([TecMeta.modifiedFields, WpPostMeta.editLast]);

/** Columns of TEC's custom tables that no list reads: when the row was last written. */
const UNREAD_CUSTOM_TABLE_COLUMNS: ReadonlySet<string> = new Set(['updated_at']);

/**
 * Options whose change no answer shows, so they touch nothing: TEC's save marker
 * (`tribe_last_save_post`, moved on every save of an event, venue or organizer), which keys the
 * cached event totals but is never printed (the totals follow the list tags instead). Any other
 * option touches everything.
 */
export function isAnswerlessOption(name: string): boolean {
  return name === OptionName.lastSavePost;
}

/** Collects what one change touches. */
export class ChangeTags {
  readonly tags = new Set<string>();
  /** Something no tag describes changed (an option, a user, another table): everything. */
  everything = false;

  /**
   * A post row written: `columns` are the columns that changed, or 'all' (created, deleted, or not
   * known). `postType` '' when the source did not say.
   */
  postRow(id: number, postType: string, columns: ReadonlySet<string> | 'all'): void {
    const textOnly = columns !== 'all' && [...columns].every((column) => TEXT_COLUMNS.has(column));
    this.post(id, postType, textOnly ? 'text' : 'membership');
  }

  /** Meta rows of a post written; `keys` undefined when not known. */
  postMeta(id: number, postType: string, keys: Iterable<string> | undefined): void {
    const listless = keys !== undefined && [...keys].every((key) => LISTLESS_META.has(key));
    this.post(id, postType, listless ? 'none' : 'membership');
  }

  /** An object's term relationships changed: its lists' members may have. */
  relationships(objectId: number, postType: string): void {
    this.post(objectId, postType, 'membership');
  }

  /** A row of TEC's tables for an event: `columns` changed, or 'all'. */
  customTables(postId: number, columns: ReadonlySet<string> | 'all'): void {
    const unread = columns !== 'all' && [...columns].every((column) => UNREAD_CUSTOM_TABLE_COLUMNS.has(column));
    this.post(postId, PostType.event, unread ? 'none' : 'membership');
  }

  /** A term's rows (terms, term_taxonomy, termmeta): the term, and every list or lookup of terms. */
  term(id: number): void {
    this.tags.add(DependencyTag.term(id));
    this.tags.add(DependencyTag.terms);
  }

  private post(id: number, postType: string, lists: 'none' | 'text' | 'membership'): void {
    this.tags.add(DependencyTag.post(id));
    if (lists === 'none') return;
    if (postType === '') {
      this.tags.add(ANY_LIST);
      return;
    }
    this.tags.add(DependencyTag.listText(postType));
    if (lists === 'membership') this.tags.add(DependencyTag.list(postType));
  }
}

/** The columns whose values differ between a row's before and after images; 'all' when either lacks one. */
export function changedColumns(before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined): ReadonlySet<string> | 'all' {
  if (!before || !after) return 'all';
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  const changed = new Set<string>();
  for (const name of names) {
    if (!(name in before) || !(name in after)) return 'all';
    if (!sameValue(before[name], after[name])) changed.add(name);
  }
  return changed;
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Buffer.isBuffer(a) && Buffer.isBuffer(b)) return a.equals(b);
  return false;
}
