import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/create-db.js';
import type { Database } from '../../db/tables.js';
import { likeText } from '../../db/dialect.js';
import { escLike } from '../../wp/php/sql-like.js';
import type { PostSearch } from '../../wp/posts/search.js';
import { postSearchCondition } from '../../wp/posts/search-condition.js';
import { DependencyTag, readOf } from '../../feed/dependencies.js';
import { TC_TICKET_POST_TYPE, TicketMeta } from './tickets.constants.js';

/*
 * The WP_Query behind tec/v1's ticket archive (tec_tc_tickets(), a Tribe__Repository over
 * Tickets Commerce tickets): the ticket type, the statuses asked for, the posts they are sold for
 * (`meta_in` on the event relation), WP_Query's search, then post date or title.
 */

export interface TicketListFilter {
  /** post_status IN (...); undefined: no condition on the status (WP_Query given only statuses it does not know). */
  statuses: readonly string[] | undefined;
  /** Only tickets sold for one of these posts (the relation meta compared as text, as `meta_in` does). */
  eventIds?: readonly number[];
  search?: PostSearch;
}

export interface TicketSort {
  /** The column WP_Query orders by: `post_date` unless `title` was asked for (other keys are not WP_Query's). */
  column: 'post_date' | 'post_title';
  direction: 'asc' | 'desc';
  /** `orderby=relevance` with a search: WP_Query's search order first (parse_search_order), from the raw search text. */
  relevance?: string;
}

type PostsQuery = SelectQueryBuilder<Database, 'posts', object>;
type PostsExpressions = ExpressionBuilder<Database, 'posts'>;

function filteredTickets(db: Db, filter: TicketListFilter): PostsQuery {
  let query = db.selectFrom('posts').where('posts.post_type', '=', TC_TICKET_POST_TYPE);
  if (filter.statuses !== undefined) query = query.where('posts.post_status', 'in', filter.statuses.length > 0 ? [...filter.statuses] : ['']);
  const eventIds = filter.eventIds;
  if (eventIds !== undefined) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('postmeta as event_meta')
          .select(sql`1`.as('one'))
          .whereRef('event_meta.post_id', '=', 'posts.ID')
          .where('event_meta.meta_key', '=', TicketMeta.event)
          .where('event_meta.meta_value', 'in', eventIds.length > 0 ? eventIds.map(String) : ['']),
      ),
    );
  }
  const search = filter.search;
  if (search) query = query.where((eb) => postSearchCondition(db, eb, search));
  return query;
}

/**
 * WP_Query::parse_search_order: one term, titles holding it first; several, a rank (the whole
 * search in the title, every term in it, any term in it, the whole search in the excerpt, then in
 * the content). Excluded terms take no part.
 */
function relevanceRank(db: Db, eb: PostsExpressions, search: PostSearch, whole: string) {
  const titleHas = (text: string) => likeText(db, eb.ref('posts.post_title'), `%${escLike(text)}%`);
  const terms = search.terms.filter((term) => !term.exclude).map((term) => term.text);
  if (search.terms.length <= 1) return terms.length === 0 ? undefined : sql`${titleHas(terms[0]!)} desc`;
  const wholeLike = `%${escLike(whole)}%`;
  const cases = [sql`when ${titleHas(whole)} then 1`];
  if (terms.length > 0 && terms.length < 7) {
    cases.push(sql`when ${sql.join(terms.map(titleHas), sql` and `)} then 2`);
    if (terms.length > 1) cases.push(sql`when ${sql.join(terms.map(titleHas), sql` or `)} then 3`);
  }
  cases.push(sql`when ${likeText(db, eb.ref('posts.post_excerpt'), wholeLike)} then 4`);
  cases.push(sql`when ${likeText(db, eb.ref('posts.post_content'), wholeLike)} then 5`);
  return sql`(case ${sql.join(cases, sql` `)} else 6 end)`;
}

function listTags(filter: TicketListFilter): string[] {
  const tags = [DependencyTag.list(TC_TICKET_POST_TYPE)];
  if (filter.search !== undefined) tags.push(DependencyTag.listText(TC_TICKET_POST_TYPE));
  return tags;
}

/**
 * One page of ticket IDs in WP_Query's order. WP_Query adds no tie-breaker; ties (tickets saved in
 * the same second) come by ID in the same direction here, so pages never overlap.
 */
export async function selectTicketIdsPage(db: Db, filter: TicketListFilter, sort: TicketSort, page: { limit: number; offset: number }): Promise<number[]> {
  return readOf(listTags(filter), async () => {
    let query = filteredTickets(db, filter).select('posts.ID');
    const search = filter.search;
    if (sort.relevance !== undefined && search !== undefined) {
      const rank = (eb: PostsExpressions) => relevanceRank(db, eb, search, sort.relevance!);
      query = query.orderBy((eb) => rank(eb) ?? sql`0`);
    }
    const rows = await query
      .orderBy(sql.ref(`posts.${sort.column}`), sort.direction)
      .orderBy('posts.ID', sort.direction)
      .limit(page.limit)
      .offset(page.offset)
      .execute();
    return rows.map((row) => Number(row.ID));
  });
}

/** found_posts: how many tickets the filter finds, whatever the page. */
export async function countTickets(db: Db, filter: TicketListFilter): Promise<number> {
  return readOf(listTags(filter), async () => {
    const row = await filteredTickets(db, filter).select((eb) => eb.fn.countAll().as('total')).executeTakeFirst();
    return Number(row?.total ?? 0);
  });
}
