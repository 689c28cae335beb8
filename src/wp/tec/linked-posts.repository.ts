import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/create-db.js';
import { castSigned, likeText, sameBytes } from '../../db/dialect.js';
import type { Database } from '../../db/tables.js';
import { PostStatus, PostType } from '../constants.js';
import { escLike } from '../php/sql-like.js';
import { DependencyTag, readOf } from '../../feed/dependencies.js';

/**
 * The SQL behind the venue and organizer archives: TEC's Linked_Posts base class (find_like,
 * find_for_event, find_with_events, find_with_upcoming_events) and the WP_Query that
 * tribe_get_venues() / tribe_get_organizers() run over its results. Each finder becomes a
 * condition of one query, so a list is a count and a page query whatever its filters. The
 * upcoming events themselves come from tribe_get_events()'s query, in events-query.ts.
 */

/** What sets venues and organizers apart in these queries. */
export interface LinkedPostKind {
  postType: string;
  /** The event meta key pointing at posts of this kind (`_EventVenueID`, `_EventOrganizerID`). */
  eventMetaKey: string;
  /** The meta keys find_like searches besides the title, content and excerpt. */
  searchMetaKeys: readonly string[];
}

export interface LinkedPostFilter {
  /** post_status IN (...); an empty list means WP_Query's default, `publish`. */
  statuses: readonly string[];
  /** find_like's words: a post matches when one of its fields contains every word. */
  searchWords?: readonly string[];
  /** find_for_event: only the posts this event links to. */
  eventId?: number;
  /** find_with_events: linked (true) or not linked (false) to an event that is not a draft or pending. */
  hasEvents?: boolean;
  /** tec/v1's `has_events`: events of any status count (its repository does not look at their status). */
  hasEventsOfAnyStatus?: boolean;
  /** find_with_upcoming_events: only the posts these events link to. */
  linkedToEventIds?: readonly number[];
}

type PostsQuery = SelectQueryBuilder<Database, 'posts', object>;
type PostsExpressions = ExpressionBuilder<Database, 'posts'>;

/** Statuses Tribe__Duplicate__Post leaves out; `autodraft` is the plugin's spelling, so auto-drafts stay in. */
const LIKE_EXCLUDED_STATUSES = [PostStatus.trash, 'autodraft'];

/** Events in these statuses do not make a venue or organizer "have events". */
const HAS_EVENTS_EXCLUDED_STATUSES = [PostStatus.pending, PostStatus.draft];

/** The statuses of events that do not count for `hasEvents` (none but the empty status, which no post has, for tec/v1). */
function hasEventsExcludedStatuses(filter: LinkedPostFilter): readonly string[] {
  return filter.hasEventsOfAnyStatus ? [''] : HAS_EVENTS_EXCLUDED_STATUSES;
}

function likePattern(word: string): string {
  return `%${escLike(word)}%`;
}

/**
 * Tribe__Duplicate__Strategy__Like over every field, ORed: the title, content or excerpt holds
 * every word, or one meta row of a searched key does (the plugin LEFT JOINs each key).
 */
function matchesLike(db: Db, eb: PostsExpressions, kind: LinkedPostKind, words: readonly string[]) {
  const allWords = (column: 'posts.post_title' | 'posts.post_content' | 'posts.post_excerpt') =>
    eb.and(words.map((word) => likeText(db, eb.ref(column), likePattern(word))));
  const metaHasAllWords = (key: string) =>
    eb.exists(
      eb
        .selectFrom('postmeta as search_meta')
        .select(sql`1`.as('one'))
        .whereRef('search_meta.post_id', '=', 'posts.ID')
        .where('search_meta.meta_key', '=', key)
        .where((inner) => inner.and(words.map((word) => likeText(db, inner.ref('search_meta.meta_value'), likePattern(word))))),
    );
  return eb.and([
    eb('posts.post_status', 'not in', LIKE_EXCLUDED_STATUSES),
    eb.or([
      allWords('posts.post_title'),
      allWords('posts.post_content'),
      allWords('posts.post_excerpt'),
      ...kind.searchMetaKeys.map(metaHasAllWords),
    ]),
  ]);
}

/** The IDs events link to through the kind's meta key, as PHP's intval() reads them. */
function linkedIds(db: Db, eb: PostsExpressions, kind: LinkedPostKind) {
  return eb
    .selectFrom('postmeta as link_meta')
    .innerJoin('posts as linking_event', 'linking_event.ID', 'link_meta.post_id')
    .select(castSigned(db, sql.ref('link_meta.meta_value')).as('linked_id'))
    .where('linking_event.post_type', '=', PostType.event)
    .where('link_meta.meta_key', '=', kind.eventMetaKey);
}

/** The filtered posts of the kind, before ordering and paging. */
function filteredLinkedPosts(db: Db, kind: LinkedPostKind, filter: LinkedPostFilter): PostsQuery {
  let query = db
    .selectFrom('posts')
    .where('posts.post_type', '=', kind.postType)
    .where('posts.post_status', 'in', filter.statuses.length > 0 ? [...filter.statuses] : [PostStatus.publish]);

  const words = filter.searchWords;
  if (words && words.length > 0) query = query.where((eb) => matchesLike(db, eb, kind, words));

  const eventId = filter.eventId;
  if (eventId !== undefined) {
    query = query.where('posts.ID', 'in', (eb) => linkedIds(db, eb, kind).where('link_meta.post_id', '=', eventId));
  }
  if (filter.hasEvents === true) {
    query = query.where('posts.ID', 'in', (eb) =>
      linkedIds(db, eb, kind).where('linking_event.post_status', 'not in', [...hasEventsExcludedStatuses(filter)]),
    );
  } else if (filter.hasEvents === false) {
    // The plugin removes the linked IDs from the kind's IDs with array_diff: an exact string
    // comparison, hence binary here (it also spares mixing the tables' and the session's collations).
    query = query.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('postmeta as link_meta')
            .innerJoin('posts as linking_event', 'linking_event.ID', 'link_meta.post_id')
            .select(sql`1`.as('one'))
            .where('linking_event.post_type', '=', PostType.event)
            .where('linking_event.post_status', 'not in', [...hasEventsExcludedStatuses(filter)])
            .where('link_meta.meta_key', '=', kind.eventMetaKey)
            .where(sameBytes(db, sql.ref('link_meta.meta_value'), sql.ref('posts.ID'))),
        ),
      ),
    );
  }
  const eventIds = filter.linkedToEventIds;
  if (eventIds) {
    query = query.where('posts.ID', 'in', (eb) =>
      eb
        .selectFrom('postmeta as upcoming_meta')
        .select(castSigned(db, sql.ref('upcoming_meta.meta_value')).as('linked_id'))
        .where('upcoming_meta.post_id', 'in', eventIds.length > 0 ? [...eventIds] : [0])
        .where('upcoming_meta.meta_key', '=', kind.eventMetaKey),
    );
  }
  return query;
}

/** Whether find_like finds anything: any post of the kind, trashed ones aside, matching the words. */
export async function selectHasLikeMatch(db: Db, kind: LinkedPostKind, words: readonly string[]): Promise<boolean> {
  if (words.length === 0) return false;
  const row = await readOf([DependencyTag.list(kind.postType), DependencyTag.listText(kind.postType)], () =>
    db
      .selectFrom('posts')
      .select('posts.ID')
      .where('posts.post_type', '=', kind.postType)
      .where((eb) => matchesLike(db, eb, kind, words))
      .limit(1)
      .executeTakeFirst(),
  );
  return row !== undefined;
}

/** How many posts of the kind match (WP_Query's found_posts). */
export async function countLinkedPosts(db: Db, kind: LinkedPostKind, filter: LinkedPostFilter): Promise<number> {
  const row = await readOf(linkedListTags(kind, filter), () =>
    filteredLinkedPosts(db, kind, filter)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirst(),
  );
  return Number(row?.total ?? 0);
}

/**
 * One page of IDs in WP_Query's default order, newest post_date first. The plugin gives no
 * tie-breaker; MySQL's answer for posts saved in the same second was descending ID, made explicit.
 */
export async function selectLinkedPostIdsPage(
  db: Db,
  kind: LinkedPostKind,
  filter: LinkedPostFilter,
  page: { limit: number; offset: number; tiesInEventLinkOrder?: boolean },
): Promise<number[]> {
  const eventId = filter.eventId;
  const rows = await readOf(linkedListTags(kind, filter), () => {
    const newestFirst = filteredLinkedPosts(db, kind, filter).select('posts.ID').orderBy('posts.post_date', 'desc');
    const ordered =
      page.tiesInEventLinkOrder && eventId !== undefined
        ? newestFirst.orderBy((eb) => eventLinkPosition(db, eb, kind, eventId)).orderBy('posts.ID', 'desc')
        : newestFirst.orderBy('posts.ID', 'desc');
    return ordered.limit(page.limit).offset(page.offset).execute();
  });
  return rows.map((row) => row.ID);
}

/** The first of the event's link meta rows naming the post (its meta_id): the order the event lists them in. */
function eventLinkPosition(db: Db, eb: PostsExpressions, kind: LinkedPostKind, eventId: number) {
  return eb
    .selectFrom('postmeta as order_meta')
    .select((inner) => inner.fn.min('order_meta.meta_id').as('position'))
    .where('order_meta.post_id', '=', eventId)
    .where('order_meta.meta_key', '=', kind.eventMetaKey)
    .where((inner) => inner(castSigned(db, sql.ref('order_meta.meta_value')), '=', inner.ref('posts.ID')));
}

/**
 * What a venue or organizer list depends on: the kind's posts (by their texts too when searched),
 * and the events when it is filtered by the events that link to them.
 */
function linkedListTags(kind: LinkedPostKind, filter: LinkedPostFilter): string[] {
  const tags = [DependencyTag.list(kind.postType)];
  if (filter.searchWords !== undefined) tags.push(DependencyTag.listText(kind.postType));
  // Filtered by the events that link them: which events exist and which venue and organizers
  // they name, never the events' post dates.
  if (filter.eventId !== undefined || filter.hasEvents !== undefined || filter.linkedToEventIds !== undefined) {
    tags.push(DependencyTag.listWithoutAspects(PostType.event), DependencyTag.listAspect(PostType.event, 'venue'), DependencyTag.listAspect(PostType.event, 'organizer'));
  }
  return tags;
}
