import { sql } from 'kysely';
import type { Db } from '../../db/create-db.js';
import { collationKey, datePart } from '../../db/dialect.js';
import { declaredRead, DependencyTag } from '../../feed/dependencies.js';

import { CoreTaxonomy, PostStatus, PostType } from '../constants.js';
import type { PostRow } from '../posts/posts.repository.js';
import type { ArchivePeriodRow, ArchivesQuery, BlockQuery, LatestPostsQuery } from './dynamic-blocks.js';

/**
 * The reads of the dynamic blocks (see dynamic-blocks.ts): one statement per distinct query
 * description, answered under the key it was asked with. Unknown descriptions are skipped.
 */
export async function loadBlockQueries(db: Db, queries: ReadonlyMap<string, unknown>): Promise<Map<string, unknown>> {
  const answers = new Map<string, unknown>();
  const done = new Map<string, unknown>();
  for (const [key, description] of queries) {
    const query = description as BlockQuery | undefined;
    if (!query || (query.kind !== 'latest-posts' && query.kind !== 'archives')) continue;
    const identity = JSON.stringify(query);
    if (!done.has(identity)) {
      done.set(identity, await declaredRead(() => (query.kind === 'latest-posts' ? selectLatestPosts(db, query) : selectArchives(db, query)), blockQueryTags));
    }
    answers.set(key, done.get(identity));
  }
  return answers;
}

/**
 * What a block's answer depends on: which published `post` posts there are and in what order (by
 * date, or by title: list-text), which categories there are (a category filter names term IDs),
 * and the rows of the posts it shows. Not events, venues or organizers: a change of those no
 * longer drops an event whose text holds a latest-posts or archives block.
 */
function blockQueryTags(rows: ArchivePeriodRow[] | PostRow[]): string[] {
  const tags: string[] = [DependencyTag.list(PostType.post), DependencyTag.listText(PostType.post), DependencyTag.terms];
  for (const row of rows) if ('ID' in row) tags.push(DependencyTag.post(Number(row.ID)));
  return tags;
}

/**
 * The WP_Query of render_block_core_latest_posts(): published `post` posts, ordered as the
 * block asks (WP_Query's `orderby=date` is `ORDER BY post_date`), limited to postsToShow;
 * `category__in` keeps posts in any of the categories (children not included), `author` one author.
 */
async function selectLatestPosts(db: Db, query: LatestPostsQuery): Promise<PostRow[]> {
  const column = { date: 'post_date', title: 'post_title', modified: 'post_modified', ID: 'ID' } as const;
  const direction = query.order === 'ASC' ? 'asc' : 'desc';
  let select = db
    .selectFrom('posts')
    .selectAll('posts')
    .where('posts.post_type', '=', PostType.post)
    .where('posts.post_status', '=', PostStatus.publish);
  if (query.author !== null) select = select.where('posts.post_author', '=', query.author);
  if (query.categories.length > 0) {
    const categories = query.categories;
    select = select.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('term_relationships')
          .innerJoin('term_taxonomy', 'term_taxonomy.term_taxonomy_id', 'term_relationships.term_taxonomy_id')
          .select('term_relationships.object_id')
          .whereRef('term_relationships.object_id', '=', 'posts.ID')
          .where('term_taxonomy.taxonomy', '=', CoreTaxonomy.category)
          .where('term_taxonomy.term_id', 'in', categories),
      ),
    );
  }
  if (query.limit <= 0) return [];
  return select.orderBy(`posts.${column[query.orderBy]}`, direction).limit(query.limit).execute();
}

/**
 * wp_get_archives()' statements: counts of published `post` posts by year, month or day,
 * newest first; or the posts themselves (postbypost: newest first; alpha: by title).
 */
async function selectArchives(db: Db, query: ArchivesQuery): Promise<ArchivePeriodRow[] | PostRow[]> {
  const base = db.selectFrom('posts').where('post_type', '=', PostType.post).where('post_status', '=', PostStatus.publish);
  if (query.type === 'postbypost') {
    return base.selectAll().orderBy('post_date', 'desc').orderBy('ID', 'desc').execute();
  }
  if (query.type === 'alpha') {
    return base.selectAll().orderBy(collationKey(db, sql.ref('post_title')), 'asc').execute();
  }
  const postDate = sql.ref('post_date');
  const year = datePart(db, 'year', postDate);
  const month = query.type === 'yearly' ? sql<number>`0` : datePart(db, 'month', postDate);
  const day = query.type === 'daily' ? datePart(db, 'day', postDate) : sql<number>`0`;
  const rows = await base
    .select([year.as('year'), month.as('month'), day.as('day'), sql<number>`COUNT(ID)`.as('posts')])
    .groupBy(['year', 'month', 'day'])
    .orderBy('year', 'desc')
    .orderBy('month', 'desc')
    .orderBy('day', 'desc')
    .execute();
  return rows.map((row) => ({
    year: Number(row.year),
    month: Number(row.month),
    day: Number(row.day),
    posts: Number(row.posts),
  }));
}
