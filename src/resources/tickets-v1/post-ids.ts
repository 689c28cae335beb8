import type { RequestContext } from '../../http/request-context.js';
import { isPhpNumeric, phpIntval } from '../../wp/php/php-values.js';

/**
 * Event Tickets' Validator::is_post_id on each value: get_post() finds a post of any type and
 * status, which WP_Post::get_instance asks to be numeric, integral and not zero. One lookup for
 * the whole list; false for an empty one (is_post_id_list).
 */
export async function arePostIds(ctx: RequestContext, values: readonly unknown[]): Promise<boolean> {
  if (values.length === 0) return false;
  if (!values.every((value) => isPhpNumeric(value) && Number.isInteger(Number(value)) && Number(value) > 0)) return false;
  const ids = values.map(phpIntval);
  if (!ids.every(Number.isSafeInteger)) return false;
  const types = await ctx.lookups.postTypes(ids);
  return ids.every((id) => types.has(id));
}

/** Validator::is_post_id for one value. */
export function isPostId(value: unknown, ctx: RequestContext): Promise<boolean> {
  return arePostIds(ctx, [value]);
}
