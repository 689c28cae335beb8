import ICAL from 'ical.js';
import { decodeHTMLStrict } from 'entities/decode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { RECORDING_INSTANT } from '../contract/suite.js';
import { ROOT, agentFor, recordedUserAuth } from './support.js';

/**
 * GET /events.ics on the reference site, read back with ical.js (a parser of its own, which knows
 * no zone but the VTIMEZONEs the feed carries) and held against GET /events for the same query.
 */

interface ListedEvent {
  id: number;
  status: string;
  title: string;
  url: string;
  all_day: boolean;
  start_date: string;
  end_date: string;
  utc_start_date: string;
  utc_end_date: string;
  timezone: string;
  categories: { id: number; name: string; slug: string }[];
  venue: Record<string, unknown> | Record<string, unknown>[];
}

interface FeedEvent {
  id: number;
  summary: string;
  url: string;
  location: string | null;
  categories: string[];
  start: ICAL.Time;
  end: ICAL.Time;
  /** TZID of DTSTART, or null (UTC times and dates). */
  tzid: string | null;
}

interface Feed {
  calendar: ICAL.Component;
  events: FeedEvent[];
  zones: Map<string, ICAL.Timezone>;
}

/** Parses a feed; its VTIMEZONEs are the only zones ical.js then knows. */
function parseFeed(text: string): Feed {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  ICAL.TimezoneService.reset();
  const zones = new Map<string, ICAL.Timezone>();
  for (const component of calendar.getAllSubcomponents('vtimezone')) {
    const zone = new ICAL.Timezone(component);
    zones.set(zone.tzid, zone);
    ICAL.TimezoneService.register(zone);
  }
  const events = calendar.getAllSubcomponents('vevent').map((component): FeedEvent => {
    const event = new ICAL.Event(component);
    const categories = component.getAllProperties('categories').flatMap((property) => property.getValues() as string[]);
    const tzid = component.getFirstProperty('dtstart')?.getParameter('tzid');
    return {
      id: Number(event.uid.split('-')[0]),
      summary: event.summary,
      url: String(component.getFirstPropertyValue('url')),
      location: event.location,
      categories,
      start: event.startDate,
      end: event.endDate,
      tzid: typeof tzid === 'string' ? tzid : null,
    };
  });
  return { calendar, events, zones };
}

function unixOf(utc: string): number {
  return Date.parse(`${utc.replace(' ', 'T')}Z`) / 1000;
}

/** The date `days` after the date part of a `Y-m-d H:i:s`, as ical.js prints DATE values. */
function dayAfter(value: string, days: number): string {
  const [y, m, d] = value.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** TEC's get_address_full_string from the JSON venue. */
function expectedLocation(event: ListedEvent): string | null {
  const venue = Array.isArray(event.venue) ? event.venue[0] : event.venue;
  if (!venue || Object.keys(venue).length === 0) return null;
  const field = (key: string) => decodeHTMLStrict(String(venue[key] ?? ''));
  const region = field('stateprovince') || (field('country') === 'United States' ? field('state') : field('province'));
  const parts = [field('venue'), field('address'), field('city'), region, field('zip'), field('country')].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

describe('GET /events.ics on the reference site', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase({ dump: 'reference' });
  });

  afterAll(async () => {
    await database.drop();
  });

  const agent = () => agentFor(database, { now: RECORDING_INSTANT });

  async function fetchBoth(query: string, auth?: string): Promise<{ list: ListedEvent[]; feed: Feed }> {
    const json = agent().get(`${ROOT}/events?${query}`);
    const ics = agent().get(`${ROOT}/events.ics?${query}`);
    if (auth) {
      json.set('Authorization', auth);
      ics.set('Authorization', auth);
    }
    const [listResponse, feedResponse] = await Promise.all([json, ics]);
    expect(listResponse.status, listResponse.text).toBe(200);
    expect(feedResponse.status, feedResponse.text).toBe(200);
    return { list: (listResponse.body as { events: ListedEvent[] }).events, feed: parseFeed(feedResponse.text) };
  }

  /** The raw titles TEC's SUMMARY is made of (the JSON's are texturized: `’` for `'`). */
  async function rawTitles(ids: readonly number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await database.db.selectFrom('posts').select(['ID', 'post_title']).where('ID', 'in', [...ids]).execute();
    return new Map(rows.map((row) => [Number(row.ID), row.post_title]));
  }

  /** The feed holds the list's events in its order, each with the list's instants, zone, texts and categories. */
  async function expectFeedMatchesList(list: readonly ListedEvent[], feed: Feed): Promise<void> {
    expect(feed.events.map((event) => event.id)).toEqual(list.map((event) => event.id));
    const titles = await rawTitles(list.map((event) => event.id));
    feed.events.forEach((item, index) => {
      const event = list[index]!;
      const label = `event ${event.id}`;
      const title = titles.get(event.id)!;
      expect(item.summary, label).toBe(decodeHTMLStrict(title));
      // The same words as the JSON's title, but for the curly quotes wptexturize makes.
      expect(item.summary.replace(/'/g, '’'), label).toBe(decodeHTMLStrict(event.title).replace(/'/g, '’'));
      expect(item.url, label).toBe(event.url);
      expect(item.location, label).toBe(expectedLocation(event));
      expect(item.categories, label).toEqual(event.categories.map((term) => decodeHTMLStrict(term.name)));
      if (event.all_day) {
        expect(item.start.isDate, label).toBe(true);
        expect(item.start.toString(), label).toBe(event.start_date.slice(0, 10));
        expect(item.end.toString(), label).toBe(dayAfter(event.end_date, 1));
        return;
      }
      expect(item.start.isDate, label).toBe(false);
      expect(item.start.toUnixTime(), label).toBe(unixOf(event.utc_start_date));
      expect(item.end.toUnixTime(), label).toBe(unixOf(event.utc_end_date));
      if (event.timezone === 'UTC') {
        expect(item.tzid, label).toBeNull();
        expect(item.start.zone, label).toBe(ICAL.Timezone.utcTimezone);
      } else {
        expect(item.tzid, label).toBe(event.timezone);
        expect(feed.zones.has(event.timezone), `${label}: VTIMEZONE ${event.timezone}`).toBe(true);
      }
    });
  }

  it('answers text/calendar with the calendar properties TEC writes', async () => {
    const response = await agent().get(`${ROOT}/events.ics`);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="tec-oracle-[0-9a-f]{11}\.ics"$/);
    const { calendar } = parseFeed(response.text);
    expect(calendar.getFirstPropertyValue('prodid')).toBe('-//TEC Oracle - ECPv6.17.2//NONSGML v1.0//EN');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('calscale')).toBe('GREGORIAN');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe('TEC Oracle');
    expect(calendar.getFirstPropertyValue('x-wr-caldesc')).toBe('Events for TEC Oracle');
    expect(calendar.getFirstPropertyValue('x-original-url')).toBe('http://127.0.0.1:8080');
    const first = calendar.getFirstSubcomponent('vevent')!;
    expect(String(first.getFirstPropertyValue('uid'))).toMatch(/^\d+-\d+-\d+@127\.0\.0\.1$/);
  });

  it('holds TEC\'s 30 events by default, the list\'s first 30 in order, with their instants, zones and texts', async () => {
    const { list, feed } = await fetchBoth('per_page=30');
    expect(list).toHaveLength(30);
    await expectFeedMatchesList(list, feed);
    const plain = parseFeed((await agent().get(`${ROOT}/events.ics`)).text);
    expect(plain.events.map((event) => event.id)).toEqual(list.map((event) => event.id));
  });

  it('pages like the list: page and per_page pick the same events', async () => {
    const { list, feed } = await fetchBoth('per_page=7&page=3');
    expect(list).toHaveLength(7);
    await expectFeedMatchesList(list, feed);
  });

  it('writes all-day events as DATE values ending the day after their last day', async () => {
    const { list, feed } = await fetchBoth('start_date=2026-01-01&end_date=2027-12-31&per_page=50');
    const allDay = list.filter((event) => event.all_day);
    expect(allDay.length).toBeGreaterThan(0);
    await expectFeedMatchesList(list, feed);
  });

  it('carries VTIMEZONEs whose offsets are right in summer and winter (America/New_York, Europe/Berlin)', async () => {
    const expected: Record<string, { summer: number; winter: number }> = {
      'America/New_York': { summer: -4 * 3600, winter: -5 * 3600 },
      'Europe/Berlin': { summer: 2 * 3600, winter: 3600 },
    };
    const seen: Record<string, Set<string>> = { 'America/New_York': new Set(), 'Europe/Berlin': new Set() };
    for (let page = 1; page <= 8; page++) {
      const response = await agent().get(`${ROOT}/events?start_date=2026-01-01&end_date=2027-12-31&per_page=50&page=${page}`);
      if (response.status !== 200) break;
      const query = `start_date=2026-01-01&end_date=2027-12-31&per_page=50&page=${page}`;
      const { list, feed } = await fetchBoth(query);
      await expectFeedMatchesList(list, feed);
      feed.events.forEach((item, index) => {
        const event = list[index]!;
        const offsets = expected[event.timezone];
        if (!offsets || event.all_day) return;
        const zone = feed.zones.get(event.timezone)!;
        const offset = zone.utcOffset(item.start);
        // The wall time the feed wrote, read back through its own VTIMEZONE, is the event's start.
        expect(offset, `event ${event.id}`).toBe(unixOf(event.start_date) - unixOf(event.utc_start_date));
        const month = Number(event.start_date.slice(5, 7));
        // April to September lie wholly in daylight saving time in both zones.
        if (month >= 4 && month <= 9) {
          expect(offset, `event ${event.id} in summer`).toBe(offsets.summer);
          seen[event.timezone]!.add('summer');
        }
        if (month === 12 || month <= 2) {
          expect(offset, `event ${event.id} in winter`).toBe(offsets.winter);
          seen[event.timezone]!.add('winter');
        }
      });
    }
    expect([...seen['America/New_York']!].sort()).toEqual(['summer', 'winter']);
    expect([...seen['Europe/Berlin']!].sort()).toEqual(['summer', 'winter']);
  });

  describe('filters give the list\'s events', () => {
    it('start_date and end_date: the window\'s events, and none of those just outside it', async () => {
      const window = { start: '2027-01-01', end: '2027-03-31' };
      const { list, feed } = await fetchBoth(`start_date=${window.start}&end_date=${window.end}&per_page=50`);
      expect(list.length).toBeGreaterThan(0);
      await expectFeedMatchesList(list, feed);
      // Every event held touches the window: it ends on or after its first day, starts on or before its last.
      for (const event of list) {
        expect(event.end_date.slice(0, 10) >= window.start, `event ${event.id} ends ${event.end_date}`).toBe(true);
        expect(event.start_date.slice(0, 10) <= window.end, `event ${event.id} starts ${event.start_date}`).toBe(true);
      }
      // The nearest events wholly outside, from the months either side, are not held; the first and last wholly inside are.
      const { list: earlier } = await fetchBoth('start_date=2026-10-01&end_date=2026-12-31&per_page=50');
      const { list: later } = await fetchBoth('start_date=2027-04-01&end_date=2027-09-30&per_page=50');
      const held = new Set(feed.events.map((event) => event.id));
      const day = (value: string) => value.slice(0, 10);
      const before = earlier.filter((event) => day(event.end_date) < window.start).sort((a, b) => b.end_date.localeCompare(a.end_date));
      const after = later.filter((event) => day(event.start_date) > window.end).sort((a, b) => a.start_date.localeCompare(b.start_date));
      const inside = list.filter((event) => day(event.start_date) >= window.start && day(event.end_date) <= window.end);
      expect(before.length, 'an event ending before the window').toBeGreaterThan(0);
      expect(after.length, 'an event starting after the window').toBeGreaterThan(0);
      expect(inside.length, 'events inside the window').toBeGreaterThan(1);
      expect(held.has(before[0]!.id), `event ${before[0]!.id} ends ${before[0]!.end_date}, before the window`).toBe(false);
      expect(held.has(after[0]!.id), `event ${after[0]!.id} starts ${after[0]!.start_date}, after the window`).toBe(false);
      const byStart = [...inside].sort((a, b) => a.start_date.localeCompare(b.start_date));
      for (const event of [byStart[0]!, byStart.at(-1)!]) expect(held.has(event.id), `event ${event.id} from ${event.start_date} to ${event.end_date}`).toBe(true);
    });

    it('categories, venue and search', async () => {
      const { list: all } = await fetchBoth('per_page=50');
      const category = all.flatMap((event) => event.categories)[0]!;
      const venue = all.map((event) => (Array.isArray(event.venue) ? event.venue[0] : event.venue)).find((v) => v && 'id' in v)!;
      const word = all[0]!.title.split(' ').at(-1)!;
      for (const query of [`categories=${category.slug}`, `venue=${String(venue.id)}`, `search=${encodeURIComponent(word)}`]) {
        const { list, feed } = await fetchBoth(`${query}&per_page=50`);
        expect(list.length, query).toBeGreaterThan(0);
        expect(list.length, query).toBeLessThan(all.length);
        await expectFeedMatchesList(list, feed);
      }
    });
  });

  it('shows a signed-in admin the drafts and private events the list shows them, and anonymous readers none', async () => {
    const query = 'start_date=2027-06-01&end_date=2027-06-30&per_page=50';
    const admin = await fetchBoth(query, recordedUserAuth('admin'));
    const anonymous = await fetchBoth(query);
    await expectFeedMatchesList(admin.list, admin.feed);
    await expectFeedMatchesList(anonymous.list, anonymous.feed);
    const hidden = admin.list.filter((event) => event.status !== 'publish');
    expect(hidden.map((event) => event.status)).toEqual(expect.arrayContaining(['draft', 'private']));
    const anonymousIds = anonymous.feed.events.map((event) => event.id);
    for (const event of hidden) expect(anonymousIds).not.toContain(event.id);
  });

  it('refuses a bad argument with the list\'s own 400 JSON', async () => {
    for (const query of ['per_page=abc', 'start_date=not-a-date', 'page=0', 'categories=no-such-category']) {
      const list = await agent().get(`${ROOT}/events?${query}`);
      const feed = await agent().get(`${ROOT}/events.ics?${query}`);
      expect(list.status, query).toBe(400);
      expect(feed.status, query).toBe(400);
      expect(feed.headers['content-type']).toBe('application/json; charset=UTF-8');
      expect(feed.text, query).toBe(list.text);
    }
  });

  it('answers a page past the end with the list\'s 404', async () => {
    const list = await agent().get(`${ROOT}/events?page=99`);
    const feed = await agent().get(`${ROOT}/events.ics?page=99`);
    expect(feed.status).toBe(404);
    expect(feed.text).toBe(list.text);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await agent().get(`${ROOT}/events.ics`);
    const head = await agent().head(`${ROOT}/events.ics`);
    expect(head.status).toBe(200);
    expect(head.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.text ?? '').toBe('');
  });

  it('stays out of the namespace index and OPTIONS answers, as the plugin has no such route', async () => {
    const index = await agent().get(`${ROOT}`);
    expect(index.status).toBe(200);
    expect(index.text).not.toContain('ics');
    const root = await agent().get('/wp-json/');
    expect(root.status).toBe(200);
    expect(root.text).not.toContain('ics');
    const options = await agent().options(`${ROOT}/events.ics`);
    expect(options.status).toBe(200);
    expect(options.body).toEqual([]);
    expect(options.headers.allow).toBeUndefined();
  });

  it('is served under every namespace the app serves (the plugin\'s tribe/events/v1 alias), listed in none', async () => {
    const env = { NAMESPACES: 'calendar/events/v1,tribe/events/v1' };
    const alias = agentFor(database, { now: RECORDING_INSTANT, env });
    const viaAlias = await alias.get('/wp-json/tribe/events/v1/events.ics');
    const viaOurs = await agentFor(database, { now: RECORDING_INSTANT, env }).get(`${ROOT}/events.ics`);
    expect(viaAlias.status).toBe(200);
    expect(viaAlias.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(viaAlias.text).toBe(viaOurs.text);
    const index = await agentFor(database, { now: RECORDING_INSTANT, env }).get('/wp-json/tribe/events/v1');
    expect(index.status).toBe(200);
    expect(index.text).not.toContain('ics');
  });
});
