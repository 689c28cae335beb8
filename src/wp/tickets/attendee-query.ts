import { PostStatus } from '../constants.js';
import type { MetaMap } from '../posts/meta.js';
import type { PostRow } from '../posts/posts.repository.js';
import { parsePostSearch } from '../posts/search.js';
import {
  ATTENDEE_KINDS,
  ATTENDEE_META_KEY,
  ATTENDEE_STATUSES_NOT_ANY,
  PAID_PRICE_KEY,
  RSVP_STATUS_KEY,
  TC_ORDER_POST_TYPE,
} from './attendee-kinds.js';
import type { AttendeeCandidates } from './attendees.repository.js';

/*
 * Tribe__Tickets__Attendee_Repository's filters (its schema entries and the common repository's
 * meta filters) over loaded attendees: each one keeps an attendee exactly when the SQL the
 * repository builds would return its row. Pure; the archive's service decides which filters a
 * request sets.
 */

/** A filter value list as the repository reads it (list_to_array: numbers stay numbers). */
type Values = readonly unknown[];

export interface AttendeeQuery {
  /** The attendees' own post statuses; `any` is WP_Query's (all but trash and auto-draft). */
  postStatus: readonly string[];
  /** `event` / `event__not_in`: the post an attendee is for (any provider's event key). */
  event?: Values;
  eventNotIn?: Values;
  ticket?: Values;
  ticketNotIn?: Values;
  postIn?: Values;
  postNotIn?: Values;
  /** `after_date` / `before_date` as site wall times, inclusive, on post_date. */
  afterDate?: string;
  beforeDate?: string;
  /** `event_status`, already resolved: the statuses the related post must have. */
  eventStatus?: readonly string[];
  /** `order_status`, resolved: the RSVP / PayPal statuses and the Tickets Commerce order post statuses. */
  orderStatus?: { statuses: readonly string[]; tcPostStatuses: readonly string[] };
  /** `provider`: the event keys of the named providers (none: nothing matches). */
  providerEventKeys?: readonly string[];
  checkedIn?: boolean;
  /** `rsvp_status__or_none`. */
  rsvpStatusOrNone?: Values;
  priceMin?: number;
  priceMax?: number;
  hasAttendeeMeta?: boolean;
  search?: string;
  /** `holder_name__like` / `holder_email__like`: SQL LIKE patterns. */
  holderNameLike?: string;
  holderEmailLike?: string;
  /** A guest's extra filters (the REST repository's build_query without manage access). */
  guest?: boolean;
}

const EVENT_KEYS = ATTENDEE_KINDS.map((kind) => kind.eventKey);
const TICKET_KEYS = ATTENDEE_KINDS.map((kind) => kind.ticketKey);
const OPTOUT_KEYS = ATTENDEE_KINDS.map((kind) => kind.optoutKey);
const CHECKED_IN_KEYS = ATTENDEE_KINDS.map((kind) => kind.checkedInKey);
const HOLDER_NAME_KEYS = ATTENDEE_KINDS.map((kind) => kind.holderNameKey);
const HOLDER_EMAIL_KEYS = ATTENDEE_KINDS.map((kind) => kind.holderEmailKey);
const ORDER_STATUS_KEYS = ATTENDEE_KINDS.flatMap((kind) => (kind.orderStatusKey === undefined ? [] : [kind.orderStatusKey]));

/** The event keys of the providers the `provider` filter names (map_or_discard over the repository's keys). */
export function providerEventKeys(providers: Values): string[] {
  return ATTENDEE_KINDS.filter((kind) => providers.some((provider) => String(provider) === kind.repositoryKey)).map((kind) => kind.eventKey);
}

/** Rows of any of the keys, in meta order. */
function rowsOf(meta: MetaMap, keys: readonly string[]): string[] {
  return keys.flatMap((key) => [...(meta.get(key) ?? [])]);
}

/** MySQL's loose `string = number`: the longest numeric prefix, 0 for none. */
function mysqlNumber(value: string): number {
  const match = /^\s*[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?/i.exec(value);
  return match === null ? 0 : Number(match[0]);
}

/** SQL LIKE under a case-insensitive collation: `%` any run, `_` one character, `\` escapes. */
export function sqlLike(value: string, pattern: string): boolean {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '\\' && i + 1 < pattern.length) source += escapeRegExp(pattern[++i]!);
    else if (char === '%') source += '[\\s\\S]*';
    else if (char === '_') source += '[\\s\\S]';
    else source += escapeRegExp(char);
  }
  return new RegExp(`^${source}$`, 'iu').test(value);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `meta_in` over several keys: some row of them holds one of the values (compared as SQL strings). */
function metaIn(meta: MetaMap, keys: readonly string[], values: Values): boolean {
  const wanted = new Set(values.map((value) => String(value).toLowerCase()));
  return rowsOf(meta, keys).some((row) => wanted.has(row.toLowerCase()));
}

/** `meta_not_in` over several keys: some row of them holds none of the values. */
function metaNotIn(meta: MetaMap, keys: readonly string[], values: Values): boolean {
  const unwanted = new Set(values.map((value) => String(value).toLowerCase()));
  return rowsOf(meta, keys).some((row) => !unwanted.has(row.toLowerCase()));
}

/** The IDs an attendee's event keys name, as MySQL joins `meta_value = ID`. */
function relatedIds(meta: MetaMap): number[] {
  return rowsOf(meta, EVENT_KEYS).map(mysqlNumber).filter((id) => Number.isInteger(id) && id > 0);
}

function matchesStatus(post: PostRow, statuses: readonly string[]): boolean {
  if (statuses.includes('any')) return !ATTENDEE_STATUSES_NOT_ANY.includes(post.post_status);
  return statuses.includes(post.post_status);
}

function matchesSearch(post: PostRow, search: string): boolean {
  const parsed = parsePostSearch(search, true);
  if (parsed === undefined) return true;
  const columns = [post.post_title, post.post_excerpt, post.post_content];
  return parsed.terms.every((term) => {
    const found = columns.map((column) => column.toLowerCase().includes(term.text.toLowerCase()));
    return term.exclude ? found.every((hit) => !hit) : found.some(Boolean);
  });
}

/** Whether one attendee passes every filter the query sets. */
export function attendeeMatches(attendee: { post: PostRow; meta: MetaMap }, query: AttendeeQuery, loaded: AttendeeCandidates): boolean {
  const { post, meta } = attendee;
  const statuses = query.guest ? [PostStatus.publish] : query.postStatus;
  if (!matchesStatus(post, statuses)) return false;
  if (query.event !== undefined && !metaIn(meta, EVENT_KEYS, query.event)) return false;
  if (query.eventNotIn !== undefined && !metaNotIn(meta, EVENT_KEYS, query.eventNotIn)) return false;
  if (query.ticket !== undefined && !metaIn(meta, TICKET_KEYS, query.ticket)) return false;
  if (query.ticketNotIn !== undefined && !metaNotIn(meta, TICKET_KEYS, query.ticketNotIn)) return false;
  if (query.postIn !== undefined && !query.postIn.some((id) => Number(id) === post.ID)) return false;
  if (query.postNotIn !== undefined && query.postNotIn.some((id) => Number(id) === post.ID)) return false;
  if (query.afterDate !== undefined && post.post_date < query.afterDate) return false;
  if (query.beforeDate !== undefined && post.post_date > query.beforeDate) return false;
  if (query.eventStatus !== undefined) {
    const wanted = query.eventStatus;
    if (!relatedIds(meta).some((id) => wanted.includes(loaded.related.get(id)?.post_status ?? ''))) return false;
  }
  if (query.orderStatus !== undefined && !matchesOrderStatus(post, meta, query.orderStatus, loaded)) return false;
  if (query.providerEventKeys !== undefined && rowsOf(meta, query.providerEventKeys).length === 0) return false;
  if (query.checkedIn === true && !metaIn(meta, CHECKED_IN_KEYS, ['1'])) return false;
  if (query.checkedIn === false) {
    const rows = rowsOf(meta, CHECKED_IN_KEYS);
    if (rows.length > 0 && rows.every((row) => row === '1')) return false;
  }
  const rsvpStatuses = query.guest ? ['yes'] : query.rsvpStatusOrNone;
  if (rsvpStatuses !== undefined) {
    const rows = meta.get(RSVP_STATUS_KEY) ?? [];
    if (rows.length > 0 && !metaIn(meta, [RSVP_STATUS_KEY], rsvpStatuses)) return false;
  }
  // WP_Query's meta_query compares these as CHAR: `'9' >= '10'`.
  if (query.priceMin !== undefined && !(meta.get(PAID_PRICE_KEY) ?? []).some((row) => row >= String(query.priceMin))) return false;
  if (query.priceMax !== undefined && !(meta.get(PAID_PRICE_KEY) ?? []).some((row) => row <= String(query.priceMax))) return false;
  if (query.hasAttendeeMeta !== undefined && meta.has(ATTENDEE_META_KEY) !== query.hasAttendeeMeta) return false;
  if (query.search !== undefined && !matchesSearch(post, query.search)) return false;
  const nameLike = query.holderNameLike;
  if (nameLike !== undefined && !rowsOf(meta, HOLDER_NAME_KEYS).some((row) => sqlLike(row, nameLike))) return false;
  const emailLike = query.holderEmailLike;
  if (emailLike !== undefined && !rowsOf(meta, HOLDER_EMAIL_KEYS).some((row) => sqlLike(row, emailLike))) return false;
  if (query.guest) {
    if (!metaNotIn(meta, OPTOUT_KEYS, ['yes', '1'])) return false;
    if (!showsAttendees(meta, loaded)) return false;
  }
  return true;
}

/**
 * filter_by_order_status: some RSVP / PayPal status row in the list, or a parent that is a
 * Tickets Commerce order in one of the list's order statuses.
 */
function matchesOrderStatus(
  post: PostRow,
  meta: MetaMap,
  wanted: { statuses: readonly string[]; tcPostStatuses: readonly string[] },
  loaded: AttendeeCandidates,
): boolean {
  if (metaIn(meta, ORDER_STATUS_KEYS, wanted.statuses)) return true;
  const parent = loaded.related.get(post.post_parent);
  return parent !== undefined && parent.post_type === TC_ORDER_POST_TYPE && wanted.tcPostStatuses.includes(parent.post_status);
}

/**
 * filter_by_show_attendees as Event Tickets writes it: the post an attendee is for has no
 * `_tribe_hide_attendees_list` row, or one equal to 1. (The comparison keeps the posts that hide
 * their list and drops those storing any other value; recorded so.)
 */
function showsAttendees(meta: MetaMap, loaded: AttendeeCandidates): boolean {
  return rowsOf(meta, EVENT_KEYS).some((value) => {
    const hide = loaded.hideList.get(mysqlNumber(value)) ?? [];
    return hide.length === 0 || hide.some((row) => mysqlNumber(row) === 1);
  });
}

/** The orders the archive sorts by (the REST repository's order_by map, then handle_order_by). */
export type AttendeeOrderBy = 'default' | 'id' | 'date' | 'full_name' | 'name' | 'meta_value_num';

/** The attendees in the archive's order; ties keep ID order. */
export function sortAttendees<T extends { post: PostRow; meta: MetaMap }>(attendees: T[], orderBy: AttendeeOrderBy, order: 'ASC' | 'DESC'): T[] {
  const direction = order === 'DESC' ? -1 : 1;
  const compare = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  const key = (attendee: T): string | number => {
    switch (orderBy) {
      case 'default':
      case 'id':
        return attendee.post.ID;
      case 'date':
        return attendee.post.post_date;
      case 'full_name':
        return (rowsOf(attendee.meta, HOLDER_NAME_KEYS)[0] ?? '').toLowerCase();
      case 'name':
        return attendee.post.post_name;
      case 'meta_value_num':
        // WP_Query ignores meta_value_num without a meta_key and falls back to post_date DESC.
        return attendee.post.post_date;
    }
  };
  const effective = orderBy === 'meta_value_num' ? -1 : direction;
  return [...attendees].sort((a, b) => compare(key(a), key(b)) * effective || a.post.ID - b.post.ID);
}
