import { EventMeta, OptionName, PostType, TecMeta, WpPostMeta } from '../wp/constants.js';
import { ANY_LIST, anyListAspect, DependencyTag, type ListAspect } from './dependencies.js';

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

/** Post columns only lists ordered by post date read (the `post-date` list aspect). */
const POST_DATE_COLUMNS: ReadonlySet<string> = new Set(['post_date', 'post_date_gmt']);

/**
 * Meta keys no list filters or sorts by: TEC's record of which fields an edit changed, who last
 * edited, and what an event only shows (all-day, cost and currency, website, map switches,
 * duration, time zone: the lists read its dates, hidden, featured, venue and organizer rows; see
 * events-query.ts). An event's first update through the API adds the all-day, currency and website
 * rows, as the plugin's does: they must not drop every list page. Any other key may move a list
 * (dates, venue, organizers, featured, hidden, thumbnail, a venue's or organizer's searched fields...).
 */
const LISTLESS_META: ReadonlySet<string> = new Set([
  TecMeta.modifiedFields,
  WpPostMeta.editLast,
  WpPostMeta.oldDate,
  EventMeta.allDay,
  EventMeta.cost,
  EventMeta.currencySymbol,
  EventMeta.currencyCode,
  EventMeta.currencyPosition,
  EventMeta.url,
  EventMeta.showMap,
  EventMeta.showMapLink,
  EventMeta.duration,
  EventMeta.timezone,
  EventMeta.timezoneAbbr,
]);

/** Meta keys only some lists read, by the list aspect they are (dependencies.ts, ListAspect). */
const ASPECT_META: ReadonlyMap<string, ListAspect> = new Map([
  [EventMeta.venueId, 'venue'],
  [EventMeta.organizerId, 'organizer'],
]);

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
    const textOrDate = columns !== 'all' && [...columns].every((column) => TEXT_COLUMNS.has(column) || POST_DATE_COLUMNS.has(column));
    if (!textOrDate) return this.post(id, postType, 'membership');
    this.post(id, postType, 'text');
    if ([...columns].some((column) => POST_DATE_COLUMNS.has(column))) this.aspect(postType, 'post-date');
  }

  /** Meta rows of a post written; `keys` undefined when not known. */
  postMeta(id: number, postType: string, keys: Iterable<string> | undefined): void {
    if (keys === undefined) return this.post(id, postType, 'membership');
    const written = [...keys].filter((key) => !LISTLESS_META.has(key));
    const aspects = written.map((key) => ASPECT_META.get(key));
    if (aspects.some((aspect) => aspect === undefined)) return this.post(id, postType, 'membership');
    this.post(id, postType, 'none');
    // Only events' venue and organizer rows are read by a list, so a source that did not say the
    // post's type (a binlog meta row) still touches only the events lists reading them.
    for (const aspect of new Set(aspects)) this.aspect(postType === '' ? PostType.event : postType, aspect!);
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

  /** Something only the lists reading `aspect` of the type's posts read changed. */
  private aspect(postType: string, aspect: ListAspect): void {
    if (postType === '') {
      this.tags.add(ANY_LIST);
      return;
    }
    this.tags.add(DependencyTag.listAspect(postType, aspect));
    this.tags.add(anyListAspect(postType));
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
