import { phpUrldecode, phpUrlencode } from '../php/php-values.js';

/**
 * WordPress's add_query_arg / remove_query_arg, quirks included: values already in the URL are
 * decoded and re-encoded with PHP's urlencode (space as `+`, `:` as `%3A`), while newly added
 * values go in as they are; `false` removes a key, `null` is skipped, `true` is written `1`,
 * and an empty value leaves a bare key (`?a&b=1`).
 */
export type QueryArgValue = string | number | boolean | null | undefined;

function splitUrl(url: string): { base: string; query: string } {
  const index = url.indexOf('?');
  return index === -1 ? { base: url, query: '' } : { base: url.slice(0, index), query: url.slice(index + 1) };
}

export function addQueryArgs(url: string, args: Record<string, QueryArgValue>): string {
  const { base, query } = splitUrl(url);
  const pairs = new Map<string, QueryArgValue>();
  for (const part of query.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = phpUrldecode(eq === -1 ? part : part.slice(0, eq));
    const value = eq === -1 ? '' : phpUrldecode(part.slice(eq + 1));
    pairs.set(key, phpUrlencode(value));
  }
  for (const [key, value] of Object.entries(args)) pairs.set(key, value);

  const built: string[] = [];
  for (const [key, value] of pairs) {
    if (value === false || value === null || value === undefined) continue;
    const text = value === true ? '1' : String(value);
    built.push(text === '' ? key : `${key}=${text}`);
  }
  return built.length > 0 ? `${base}?${built.join('&')}` : base;
}

export function removeQueryArg(url: string, key: string): string {
  return addQueryArgs(url, { [key]: false });
}
