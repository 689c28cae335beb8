import type { Db } from '../db/create-db.js';
import type { Clock } from '../clock.js';
import type { ChangeFeed } from '../feed/change-feed.js';
import { touchedByChange } from '../feed/data-change.js';
import { DependencyTag, touches } from '../feed/dependencies.js';
import { PostType } from '../wp/constants.js';
import { RSVP, TICKETS_COMMERCE } from '../wp/tickets/providers.js';
import { createSiteSettingsCache, type SiteSettingsCache } from '../wp/site/site.js';
import type { CacheStats } from '../ops/metrics.js';
import { ResponseCache } from './response-cache.js';
import { RecordCache } from './record-cache.js';
import { EventTotalsIndex } from './event-totals-index.js';
import { EventCountCache } from './event-count-cache.js';
import { RenderCache } from './render-cache.js';

/** The part of CACHE_MAX_MB the record cache takes when both caches are kept: records are small, and answers repeat. */
const RECORD_SHARE = 0.25;
/**
 * The part of CACHE_MAX_MB the event dates of list filters take (EventTotalsIndex), out of the
 * response cache's: 12 bytes an event (16 where the list orders by another date than the start), so
 * a million events' default list fits at the default 64 MB, with room for a few of its narrowings.
 * In binlog mode; in probe mode each filter's load is capped in rows (see http/pipeline.ts,
 * keptValuesFor) and the dates take PROBE_TOTALS_SHARE.
 */
const TOTALS_SHARE = 0.25;
/** The event dates' part of CACHE_MAX_MB in the other modes: filters of 5,000 events at most. */
const PROBE_TOTALS_SHARE = 1 / 32;
/**
 * What an event total can read: which events match (never their post dates), their texts when
 * searched, their venue and organizer links when filtered by them.
 */
const EVENT_TOTAL_TAGS = [
  DependencyTag.listWithoutAspects(PostType.event),
  DependencyTag.listText(PostType.event),
  DependencyTag.listAspect(PostType.event, 'venue'),
  DependencyTag.listAspect(PostType.event, 'organizer'),
  // Event Tickets' `ticketed` filter counts the events its tickets' relation meta names.
  ...[RSVP, TICKETS_COMMERCE].map((provider) => DependencyTag.list(provider.ticketPostType)),
];

/** Which of the byte-bounded caches to keep (tests take one alone); all of them unless set. */
export interface KeptCaches {
  answers: boolean;
  records: boolean;
  /** False: no event dates for list totals (EventTotalsIndex). */
  totals?: boolean;
}

export interface CachesOptions {
  feed: ChangeFeed;
  /** The database the site settings are read from. */
  db: Db;
  clock: Clock;
  /** Whether the site is a multisite network (its settings read the network's options too). */
  multisite: boolean;
  /** CACHE_MAX_MB in bytes; 0: none of the byte-bounded caches. */
  bytes: number;
  which?: KeptCaches;
}

/** Everything the app keeps in memory across requests, kept fresh by the feed (see README.md here). */
export interface Caches {
  /** Whole answers (and, through the front door, anonymous answers as sent); none without a budget. */
  response: ResponseCache | undefined;
  /** Records as answers show them; none without a budget. */
  records: RecordCache | undefined;
  /** The dates of the events each list filter finds, so a window's total is counted in memory. */
  eventTotals: EventTotalsIndex | undefined;
  /** Event list totals, kept against TEC's change marker. */
  eventCounts: EventCountCache;
  /** Rendered texts that depend on nothing but themselves. */
  render: RenderCache;
  /** The site's settings, read at most every few seconds. */
  siteSettings: SiteSettingsCache;
  /** The caches by name, as /metrics reports them. */
  byName: Readonly<Record<string, CacheStats>>;
}

/**
 * Assembles the caches and subscribes each to the feed with the rule that drops it: the budget is
 * split between answers, records and event dates here, and nowhere else.
 */
export function createCaches({ feed, db, clock, multisite, bytes, which = { answers: true, records: true } }: CachesOptions): Caches {
  const recordBytes = which.answers ? Math.floor(bytes * RECORD_SHARE) : bytes;
  // The event dates' share depends on the feed's mode (the mode is settled after the app is made,
  // and may change): the caches are resized on each switch, which the feed reports as a change of
  // everything.
  const totalsBytes = () => (which.totals === false ? 0 : Math.floor(bytes * (feed.mode === 'binlog' ? TOTALS_SHARE : PROBE_TOTALS_SHARE)));
  const responseBytes = () => bytes - (which.records ? recordBytes : 0) - totalsBytes();
  const response = bytes > 0 && which.answers ? new ResponseCache(feed, responseBytes()) : undefined;
  const records = recordBytes > 0 && which.records ? new RecordCache(feed, recordBytes) : undefined;
  const eventTotals = totalsBytes() > 0 ? new EventTotalsIndex(feed, totalsBytes()) : undefined;
  let sizedFor = feed.mode;
  feed.subscribe(() => {
    if (feed.mode === sizedFor) return;
    sizedFor = feed.mode;
    response?.resize(responseBytes());
    eventTotals?.resize(totalsBytes());
  });
  const siteSettings = createSiteSettingsCache(db, clock, undefined, multisite);
  // An option changed outside this process must reach the next answer, not wait out the TTL (and
  // never be cached under a generation that postdates it).
  feed.subscribe((change) => {
    if (change.everything || change.options.size > 0) siteSettings.clear();
  });
  const render = new RenderCache();
  const eventCounts = new EventCountCache();
  // A change the feed saw may have bypassed TEC's marker (SQL straight on the tables): totals go
  // when it may have changed which events a list finds (their texts too: a search counts them).
  feed.subscribe((change) => {
    const touched = touchedByChange(change);
    if (touched === undefined || EVENT_TOTAL_TAGS.some((tag) => touches(touched, tag)) || touched.has(DependencyTag.terms)) {
      eventCounts.clear();
    }
  });
  return {
    response,
    records,
    eventTotals,
    eventCounts,
    render,
    siteSettings,
    byName: {
      render,
      event_count: eventCounts,
      ...(eventTotals ? { event_totals: eventTotals } : {}),
      ...(response ? { response } : {}),
      ...(records ? { record: records } : {}),
    },
  };
}
