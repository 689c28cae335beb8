import type { PhpValue } from '../../http/php-query.js';
import { PostType } from '../../wp/constants.js';

/**
 * How WordPress, with TEC's rewrite rules (Tribe__Events__Rewrite::generate_core_rules), reads a
 * front-end URL: the query vars its path sets, then those of the query string, which win
 * (WP::parse_request). Pure: which posts and terms the slugs name is the service's business.
 */

/** The rewrite bases of the site: TEC's archive and single slugs, WordPress's tag base. */
export interface RewriteBases {
  events: string;
  single: string;
  tag: string;
}

/** What the path and the query string ask for, as query vars. */
export interface FrontEndQuery {
  /** The path matched a rewrite rule (or is the site root); otherwise WordPress answers 404. */
  matched: boolean;
  /** The path lacks the trailing slash `/%postname%/` permalinks give every page. */
  missingTrailingSlash: boolean;
  /** `/index.php` rather than `/`. */
  indexPhp: boolean;
  /** A pretty `…/ical/` rule set the `ical` query var (no request var). */
  prettyICal: boolean;
  eventDisplay?: string;
  eventDate?: string;
  paged?: string;
  featured: boolean;
  /** A single event's slug (`/event/{slug}/`, `?tribe_events=`). */
  eventSlug?: string;
  /** The event category's slug (`/events/category/{slug}/`). */
  category?: string;
  /** The tag's slug: TEC's `/events/tag/{slug}/` or WordPress's own tag archive. */
  tag?: string;
  /** The `post_type` query var: the rule's (TEC's rules and the post types' own), or the query string's. */
  postType?: string;
  venue?: string;
  organizer?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH = /^\d{4}-\d{2}$/;
const NUMBER = /^\d+$/;

type Vars = Pick<FrontEndQuery, 'eventDisplay' | 'eventDate' | 'paged'> & { featured?: boolean; ical?: boolean };

/** A rule's segments after the base: literal words, or patterns whose match becomes a var. */
type Rule = readonly [readonly (string | RegExp)[], (captured: string[]) => Vars];

// Tribe__Events__Rewrite::generate_core_rules' archive rules, in their order (the first match wins).
// `page/N` is declared twice there; the later rule (eventDisplay default) replaces the earlier one's
// query under the same regex key, in the earlier one's place (the site's stored rewrite_rules show it).
const ARCHIVE_RULES: readonly Rule[] = [
  [['page', NUMBER], ([paged]) => ({ eventDisplay: 'default', paged })],
  [['featured', 'page', NUMBER], ([paged]) => ({ featured: true, eventDisplay: 'list', paged })],
  [['month'], () => ({ eventDisplay: 'month' })],
  [['month', 'featured'], () => ({ eventDisplay: 'month', featured: true })],
  [['month', MONTH], ([eventDate]) => ({ eventDisplay: 'month', eventDate })],
  [['list', 'page', NUMBER], ([paged]) => ({ eventDisplay: 'list', paged })],
  [['list', 'featured', 'page', NUMBER], ([paged]) => ({ eventDisplay: 'list', featured: true, paged })],
  [['list'], () => ({ eventDisplay: 'list' })],
  [['list', 'featured'], () => ({ eventDisplay: 'list', featured: true })],
  [['today'], () => ({ eventDisplay: 'day' })],
  [['today', 'featured'], () => ({ eventDisplay: 'day', featured: true })],
  [[MONTH], ([eventDate]) => ({ eventDisplay: 'month', eventDate })],
  [[MONTH, 'featured'], ([eventDate]) => ({ eventDisplay: 'month', eventDate, featured: true })],
  [[DATE], ([eventDate]) => ({ eventDisplay: 'day', eventDate })],
  [[DATE, 'featured'], ([eventDate]) => ({ eventDisplay: 'day', eventDate, featured: true })],
  [['featured'], () => ({ featured: true })],
  [[], () => ({ eventDisplay: 'default' })],
  [['ical'], () => ({ ical: true })],
  [['featured', 'ical'], () => ({ ical: true, featured: true })],
  [[DATE, 'ical'], ([eventDate]) => ({ ical: true, eventDisplay: 'day', eventDate })],
  [[DATE, 'ical', 'featured'], ([eventDate]) => ({ ical: true, eventDisplay: 'day', eventDate, featured: true })],
];

// The category and tag rules (`->tax()`, `->tag()`), after the term's path, in their order.
const TERM_RULES: readonly Rule[] = [
  [['page', NUMBER], ([paged]) => ({ eventDisplay: 'list', paged })],
  [['featured', 'page', NUMBER], ([paged]) => ({ featured: true, eventDisplay: 'list', paged })],
  [['month'], () => ({ eventDisplay: 'month' })],
  [['month', 'featured'], () => ({ eventDisplay: 'month', featured: true })],
  [['list', 'page', NUMBER], ([paged]) => ({ eventDisplay: 'list', paged })],
  [['list', 'featured', 'page', NUMBER], ([paged]) => ({ eventDisplay: 'list', featured: true, paged })],
  [['list'], () => ({ eventDisplay: 'list' })],
  [['list', 'featured'], () => ({ eventDisplay: 'list', featured: true })],
  [['today'], () => ({ eventDisplay: 'day' })],
  [['today', 'featured'], () => ({ eventDisplay: 'day', featured: true })],
  [['day', DATE], ([eventDate]) => ({ eventDisplay: 'day', eventDate })],
  [['day', DATE, 'featured'], ([eventDate]) => ({ eventDisplay: 'day', eventDate, featured: true })],
  [[MONTH], ([eventDate]) => ({ eventDisplay: 'month', eventDate })],
  [[MONTH, 'featured'], ([eventDate]) => ({ eventDisplay: 'month', eventDate, featured: true })],
  [[DATE], ([eventDate]) => ({ eventDisplay: 'day', eventDate })],
  [[DATE, 'featured'], ([eventDate]) => ({ eventDisplay: 'day', eventDate, featured: true })],
  [['ical'], () => ({ ical: true })],
  [['featured', 'ical'], () => ({ featured: true, ical: true })],
  [['featured'], () => ({ featured: true, eventDisplay: 'default' })],
  [[], () => ({ eventDisplay: 'default' })],
];

/** The rule matching all of `segments` exactly, with what it sets; undefined for none. */
function matchRules(rules: readonly Rule[], segments: readonly string[]): Vars | undefined {
  for (const [pattern, vars] of rules) {
    if (pattern.length !== segments.length) continue;
    const captured: string[] = [];
    if (pattern.every((part, index) => (typeof part === 'string' ? part === segments[index] : part.test(segments[index]!) && captured.push(segments[index]!) > 0))) {
      return vars(captured);
    }
  }
  return undefined;
}

/**
 * A term archive's rules: the term path then a rule's segments; the first rule (in order) that
 * leaves a term path wins, the term being its last segment. A category's path is hierarchical,
 * `(?:[^/]+/)*([^/]+)`, so `food-drink/list/page/2` is the category `list`'s page 2 (the `page/N`
 * rule comes first); a tag's is one segment, `([^/]+)`.
 */
function matchTermRules(segments: readonly string[], hierarchical: boolean): { slug: string; vars: Vars } | undefined {
  for (const rule of TERM_RULES) {
    const length = rule[0].length;
    if (hierarchical ? segments.length <= length : segments.length !== length + 1) continue;
    const vars = matchRules([rule], segments.slice(segments.length - length));
    if (vars) return { slug: segments[segments.length - length - 1]!, vars };
  }
  return undefined;
}

function text(value: PhpValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** The query vars of a front-end request: the path's rule, then the query string's public vars. */
export function parseFrontEndQuery(path: string, query: Readonly<Record<string, PhpValue>>, bases: RewriteBases): FrontEndQuery {
  const indexPhp = path === '/index.php' || path.startsWith('/index.php/');
  const trimmed = (indexPhp ? path.slice('/index.php'.length) : path).replace(/^\/+/, '');
  const segments = trimmed.split('/').filter((segment) => segment !== '').map(safeDecode);
  const result: FrontEndQuery = {
    matched: false,
    missingTrailingSlash: trimmed !== '' && !trimmed.endsWith('/'),
    indexPhp,
    prettyICal: false,
    featured: false,
  };
  const apply = (vars: Vars) => {
    result.matched = true;
    if (vars.eventDisplay !== undefined) result.eventDisplay = vars.eventDisplay;
    if (vars.eventDate !== undefined) result.eventDate = vars.eventDate;
    if (vars.paged !== undefined) result.paged = vars.paged;
    if (vars.featured) result.featured = true;
    if (vars.ical) result.prettyICal = true;
  };
  const [first, second, ...rest] = segments;
  if (segments.length === 0) result.matched = true;
  else if (first === bases.single && second !== undefined && (rest.length === 0 || (rest.length === 1 && rest[0] === 'ical'))) {
    result.matched = true;
    result.eventSlug = second;
    result.postType = PostType.event;
    if (rest.length === 1) result.prettyICal = true;
  } else if (first === bases.events && (second === 'category' || second === 'tag') && rest.length > 0) {
    const found = matchTermRules(rest, second === 'category');
    if (found) {
      apply(found.vars);
      result.postType = PostType.event;
      if (second === 'category') result.category = found.slug;
      else result.tag = found.slug;
    }
  } else if (first === bases.events) {
    const vars = matchRules(ARCHIVE_RULES, segments.slice(1));
    if (vars) {
      apply(vars);
      result.postType = PostType.event;
    }
  } else if (first === bases.tag && second !== undefined && rest.length === 0) {
    result.matched = true;
    result.tag = second;
  } else if ((first === 'venue' || first === 'organizer') && second !== undefined && rest.length === 0) {
    result.matched = true;
    result[first] = second;
    result.postType = first === 'venue' ? PostType.venue : PostType.organizer;
  }
  // Public query vars of the query string win over the rule's (WP::parse_request).
  const fromQuery = (name: string) => text(query[name]);
  result.eventDisplay = fromQuery('eventDisplay') ?? result.eventDisplay;
  result.eventDate = fromQuery('eventDate') ?? result.eventDate;
  result.paged = fromQuery('paged') ?? result.paged;
  if (query.featured !== undefined) result.featured = isTruthyVar(query.featured);
  result.eventSlug = fromQuery('tribe_events') ?? result.eventSlug;
  // A post type's own query var (`tribe_events=`) sets post_type after the query string's `post_type`.
  result.postType = query.tribe_events !== undefined ? PostType.event : (fromQuery('post_type') ?? result.postType);
  return result;
}

/** PHP-empty: absent, '', '0', or an empty array. */
export function isTruthyVar(value: PhpValue | undefined): boolean {
  if (value === undefined) return false;
  if (typeof value === 'string') return value !== '' && value !== '0';
  return Object.keys(value).length > 0;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The raw query string without the named parameters, the others kept as sent (order and
 * encoding): what redirect_canonical keeps when it moves a query var into the path.
 */
export function queryWithout(querystring: string, names: readonly string[]): string {
  return querystring
    .split('&')
    .filter((pair) => pair !== '' && !names.includes(safeDecode(pair.split('=')[0]!.replace(/\+/g, ' '))))
    .join('&');
}
