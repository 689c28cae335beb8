import type { RequestContext } from '../../http/request-context.js';
import type { EventListFilter } from '../../wp/tec/events-query.js';

/**
 * One page of a list in its default order (start date, then ID) and its total, read from the
 * filter's kept event dates where the feed vouches for them (EventTotalsIndex.page): a window
 * never asked before costs no statement but its records'. Undefined where the kept dates were not
 * asked (none kept, an offset past any table); `ids` or `total` undefined where they cannot say
 * (a search or `include` list, a filter with several rows an event): read in SQL then, the total
 * without asking the kept dates again.
 */
export async function keptEventPage(ctx: RequestContext, filter: EventListFilter, offset: number, limit: number): Promise<{ ids: number[] | undefined; total: number | undefined } | undefined> {
  if (!Number.isSafeInteger(offset)) return undefined;
  const kept = await ctx.totals?.();
  return kept?.index.page(ctx.db, ctx.listStatements, filter, kept.generation, { offset, limit }, kept.maxRows);
}
