import type { Viewer } from '../wp/auth/capabilities.js';
import { formatInZone, zoneOffsetSeconds } from '../wp/tec/dates.js';
import type { PhpValue } from '../http/php-query.js';

/**
 * Which answers the response cache may keep, and under which key. An answer depends on the data
 * (the change feed's business), on who asks, and on the time: the default event window starts
 * "yesterday" in the site's zone, and the root index prints the zone's current offset. Answers
 * that depend on the time more finely than the site's day are never cached.
 */

/**
 * Arguments read as times (strtotime), which may be relative to now ("now", "+1 week", "tomorrow"):
 * TEC's windows, Event Tickets' post-date bounds and sale windows (`after`, `before`,
 * `available_from`, `available_until`).
 */
const TIME_ARGUMENTS = /^(start_date|end_date|starts_before|starts_after|ends_before|ends_after|after|before|available_from|available_until)$/;
/** A date as an absolute wall time: "2026-11-26", "2026-11-26 10:00", "2026-11-26T10:00:00". */
const ABSOLUTE_DATE = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?$/;
/** Arguments whose answer moves with the current instant: venues and organizers with upcoming events. */
const INSTANT_ARGUMENTS = new Set(['only_with_upcoming']);

/**
 * Whether an answer to this query may be cached: no time argument relative to now, and none of
 * the arguments whose answer moves with every passing second.
 */
export function isCacheableQuery(query: Readonly<Record<string, PhpValue>>): boolean {
  for (const [name, value] of Object.entries(query)) {
    if (INSTANT_ARGUMENTS.has(name)) return false;
    if (TIME_ARGUMENTS.test(name) && !(typeof value === 'string' && (value === '' || ABSOLUTE_DATE.test(value.trim())))) return false;
  }
  return true;
}

/**
 * Whether answers of this route may be cached at all. The indexes (the namespace's and the REST
 * root's, both at the empty route path) print each argument's default computed for this request,
 * and the events list's `end_date` default is now plus two years to the second: two requests in
 * the same second-less window would share an answer that differs. A route that says so
 * (`answersKept: false`: a GET that writes, or reads the visitor's cart) is never kept. What
 * Event Tickets' answers read of its own tables and options (order modifiers, the plugin set) is
 * declared by no read, so such an answer depends on everything (dependencies.ts).
 */
export function isCacheableRoute(routePath: string, route: { answersKept?: false } | undefined): boolean {
  return routePath !== '' && route?.answersKept !== false;
}

/**
 * The cache key: the namespace and route path, the raw query string (an answer echoes its query
 * in `rest_url`, in the order given, so two orders are two answers), who asks (anonymous, or the
 * signed-in user: capabilities come from the user's roles, which the feed watches), and the
 * site's day and zone offset (the default date window; gmt_offset across a DST change).
 */
export function responseCacheKey(parts: {
  namespace: string;
  routePath: string;
  querystring: string;
  viewer: Viewer;
  siteZone: string;
  now: Date;
  /** How the request's X-TEC-EEA header reads (experimentalAcknowledgement): tec/v1 answers differ by it. */
  experimental?: string;
}): string {
  return [parts.namespace, parts.routePath, parts.querystring, `user:${parts.viewer.userId}`, `eea:${parts.experimental ?? 'missing'}`, siteDayKey(parts.siteZone, parts.now)].join('\n');
}

/**
 * The key of an anonymous answer as sent (cached-answers.ts): the method (a HEAD answer lacks the
 * GET's `Vary: Origin`), the raw URL as received (path and query string, before `rest_route` is
 * read: the same URL makes the same answer), the Origin the CORS headers echo, and the site's day
 * and zone offset as in responseCacheKey.
 */
export function sentAnswerKey(parts: { method: string; url: string; origin: string; siteZone: string; now: Date; experimental?: string }): string {
  return ['sent', parts.method, parts.url, `origin:${parts.origin}`, `eea:${parts.experimental ?? 'missing'}`, siteDayKey(parts.siteZone, parts.now)].join('\n');
}

/**
 * The site's current day and zone offset: what the time contributes to a cache key. Kept for the
 * UTC minute it was computed in (every request asks it): a day begins, and an offset changes, only
 * on a whole minute in every zone in use (offsets are whole minutes since 1972).
 */
function siteDayKey(siteZone: string, now: Date): string {
  const unix = Math.floor(now.getTime() / 1000);
  const minute = Math.floor(unix / 60);
  if (lastDayKey?.siteZone === siteZone && lastDayKey.minute === minute) return lastDayKey.key;
  const key = `${formatInZone(unix, siteZone).slice(0, 10)}${zoneOffsetSeconds(siteZone, unix)}`;
  lastDayKey = { siteZone, minute, key };
  return key;
}

let lastDayKey: { siteZone: string; minute: number; key: string } | undefined;
