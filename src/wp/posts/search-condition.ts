import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/create-db.js';
import type { Database } from '../../db/tables.js';
import { likeText } from '../../db/dialect.js';
import { escLike } from '../php/sql-like.js';
import type { PostSearch } from './search.js';

/** WP_Query's default search_columns. */
const SEARCHED_COLUMNS = ['posts.post_title', 'posts.post_excerpt', 'posts.post_content'] as const;

/**
 * WP_Query::parse_search's WHERE for a parsed search (search.ts): each term in the title, excerpt
 * or content (an excluded one in none of them), and for a visitor not logged in, no password.
 */
export function postSearchCondition(db: Db, eb: ExpressionBuilder<Database, 'posts'>, search: PostSearch) {
  const conditions = search.terms.map((term) => {
    const like = `%${escLike(term.text)}%`;
    const columns = SEARCHED_COLUMNS.map((column) => likeText(db, eb.ref(column), like, term.exclude));
    return term.exclude ? eb.and(columns) : eb.or(columns);
  });
  if (search.withoutPasswordProtected) conditions.push(eb('posts.post_password', '=', ''));
  return eb.and(conditions);
}
