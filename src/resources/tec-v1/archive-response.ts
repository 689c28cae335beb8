import type { RequestContext } from '../../http/request-context.js';
import type { RestResponse } from '../../http/rest-route.js';
import type { PhpValue } from '../../http/php-query.js';
import { phpUrlencode } from '../../wp/php/php-values.js';
import { restUrl } from '../../wp/site/urls.js';

/*
 * Read_Archive_Response::read's answer around a page of entities: 404 past the last page, the
 * X-WP-Total / X-WP-TotalPages headers, and `Link` with `next` / `prev` URLs.
 */

/** The event model's `dates` is a PHP object (a stdClass of DateTimeImmutable). */
export const EVENT_OBJECT_FIELDS: readonly string[] = ['dates'];

type QueryValue = PhpValue | number | boolean | null | undefined | readonly unknown[];

/**
 * The request's query parameters as get_query_params() holds them once WordPress sanitized them:
 * the route's arguments with their sanitized values (`featured=yes` is `true`, `status=a,b` a
 * list), every other parameter as sent, in the order sent.
 */
function sanitizedQuery(ctx: RequestContext, argNames: ReadonlySet<string>): [string, QueryValue][] {
  return Object.entries(ctx.query).map(([name, raw]) => [name, argNames.has(name) ? (ctx.params[name] as QueryValue) : raw]);
}

/**
 * build_query's pairs for one value (http_build_query without encoding: lists and maps as
 * `key%5B0%5D`), true as `1`, false and null left out.
 */
function queryPairs(key: string, value: QueryValue): [string, string][] {
  if (value === null || value === undefined || value === false) return [];
  if (value === true) return [[key, '1']];
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, QueryValue>).flatMap(([inner, item]) => queryPairs(`${key}%5B${inner}%5D`, item));
  }
  return [[key, String(value)]];
}

/**
 * add_query_arg('page', $page, get_current_rest_url()): the current URL's values read back and
 * urlencoded, `page` set in its place (or appended), and `=` dropped after empty values.
 */
function pageUrl(base: string, pairs: readonly [string, string][], page: number): string {
  const encoded = pairs.map(([key, value]): [string, string] => [key, phpUrlencode(value)]);
  const at = encoded.findIndex(([key]) => key === 'page');
  if (at === -1) encoded.push(['page', String(page)]);
  else encoded[at] = ['page', String(page)];
  const query = encoded.map(([key, value]) => (value === '' ? key : `${key}=${value}`)).join('&');
  return `${base}?${query}`;
}

/** The answer for a page of entities, or the 404 past the last page (TEC's code names organizers for every type). */
export function archiveResponse(
  ctx: RequestContext,
  route: string,
  argNames: ReadonlySet<string>,
  page: { items: readonly unknown[]; total: number; page: number; perPage: number },
): RestResponse {
  if (page.items.length === 0 && page.page > 1) {
    return { status: 404, body: { code: 'tec_rest_organizers_page_not_found', message: 'The requested page was not found.' } };
  }
  const totalPages = page.perPage > 0 ? Math.ceil(page.total / page.perPage) : 1;
  const headers: Record<string, string> = { 'X-WP-Total': String(page.total), 'X-WP-TotalPages': String(totalPages) };
  // A repeated `key=` keeps its last value and `key[]=` makes a list, as PHP parsed the query.
  const pairs = sanitizedQuery(ctx, argNames).flatMap(([key, value]) => queryPairs(key, value));
  const base = restUrl(ctx.urls, route.replace(/^\//, ''));
  const links: string[] = [];
  if (page.page < totalPages) links.push(`<${pageUrl(base, pairs, page.page + 1)}>; rel="next"`);
  if (page.page > 1) links.push(`<${pageUrl(base, pairs, page.page - 1)}>; rel="prev"`);
  if (links.length > 0) headers.Link = links.join(', ');
  return { body: page.items, headers, objectFields: EVENT_OBJECT_FIELDS };
}

/** The route schema TEC registers (shown by OPTIONS): a reference into /docs' components. */
export function entitySchema(title: string, component: string, collection: boolean): (ctx: RequestContext) => unknown {
  return (ctx) => {
    const ref = `${restUrl(ctx.urls, 'docs')}#/components/schemas/${component}`;
    return collection
      ? { $schema: 'http://json-schema.org/draft-04/schema#', title, type: 'array', items: { $ref: ref } }
      : { $schema: 'http://json-schema.org/draft-04/schema#', title, type: 'object', $ref: ref };
  };
}
