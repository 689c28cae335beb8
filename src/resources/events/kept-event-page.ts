import type { RequestContext } from '../../http/request-context.js';
import type { EventListFilter } from '../../wp/tec/events-query.js';

/**
 * One page of a list in its default order (start date, then ID) and its total, read from the
 * filter's kept event dates where the feed vouches for them (EventTotalsIndex.page): a window
 * never asked before costs no statement but its records'. Undefined where they cannot say (no
 * kept dates, a search or `include` list, an offset past any table): the page is read in SQL then.
 */
export async function keptEventPage(ctx: RequestContext, filter: EventListFilter, offset: number, limit: number): Promise<{ ids: number[]; total: number } | undefined> {
  if (!Number.isSafeInteger(offset)) return undefined;
  const kept = await ctx.totals?.();
  return kept?.index.page(ctx.db, ctx.listStatements, filter, kept.generation, { offset, limit }, kept.maxRows);
}
