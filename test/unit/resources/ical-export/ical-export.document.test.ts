import { describe, expect, it } from 'vitest';
import { organizerName, toICalDocument, type ICalExportCalendar, type ICalExportEvent } from '../../../../src/resources/ical-export/ical-export.document.js';
import { parseFrontEndQuery, queryWithout } from '../../../../src/resources/ical-export/ical-export.request.js';

/**
 * The rules of TEC's export the recorded site does not show (Tribe__Events__iCal 6.17.2): an
 * `_EventAllDay` of exactly `yes`, organizer names with characters a CN must not hold, commas in
 * category names, the Outlook flavour; and the URL rules beyond the recorded forms.
 */

const EVENT: ICalExportEvent = {
  id: 7,
  title: 'Jazz, &amp; more <b>live</b>',
  description: '<p>One</p><p>Two, three</p>\r\nFour',
  allDay: false,
  startUnix: Date.UTC(2027, 2, 28, 1, 30) / 1000,
  endUnix: Date.UTC(2027, 2, 28, 3, 30) / 1000,
  zone: 'Europe/Berlin',
  modified: '2026-11-21 22:38:11',
  created: '2026-11-20 10:00:00',
  url: 'https://example.org/event/jazz/',
  location: 'Hall, 1 Main St',
  categories: ['Rock, Pop', 'Food &amp; Drink'],
  organizer: { name: 'Café "Zur Post"; A:B, C', email: 'post@example.org' },
};

const CALENDAR: ICalExportCalendar = {
  flavour: 'ical',
  blogName: 'My Site',
  homeUrl: 'https://example.org',
  host: 'example.org',
  tecVersion: '6.17.2',
  siteZone: 'UTC',
  events: [EVENT],
};

const lines = (calendar: ICalExportCalendar) => toICalDocument(calendar).split('\r\n');

describe("TEC's iCal document", () => {
  it('writes the event fields with TEC\'s escapes, CRLF ends and no CRLF after the end', () => {
    const text = toICalDocument(CALENDAR);
    expect(text.endsWith('END:VEVENT\r\nEND:VCALENDAR')).toBe(true);
    const all = lines(CALENDAR);
    expect(all).toContain('SUMMARY:Jazz\\, & more live');
    expect(all).toContain('DESCRIPTION:One Two\\, three \\nFour');
    expect(all).toContain('LOCATION:Hall\\, 1 Main St');
    // The names joined by commas, commas inside a name left as they are.
    expect(all).toContain('CATEGORIES:Rock, Pop,Food & Drink');
    expect(all).toContain('DTSTAMP:20261121T223811Z');
    expect(all).toContain('CREATED:20261120T100000Z');
    expect(all).toContain(`UID:7-${EVENT.startUnix}-${EVENT.endUnix}@example.org`);
  });

  it('keeps an organizer name fit for a quoted CN: rawurlencoded, the allowed characters back, double quotes single', () => {
    expect(organizerName('Café "Zur Post"; A:B, C')).toBe("Caf%C3%A9 'Zur Post'%3B A%3AB%2C C");
    expect(lines(CALENDAR)).toContain(`ORGANIZER;CN="Caf%C3%A9 'Zur Post'%3B A%3AB%2C C":MAILTO:post@example.org`);
  });

  it('writes DATE values, the end a day later, only for an all-day flag of exactly `yes`', () => {
    const allDay = { ...EVENT, allDay: true, startUnix: Date.UTC(2027, 0, 31) / 1000, endUnix: Date.UTC(2027, 0, 31, 23, 59, 59) / 1000 };
    const all = lines({ ...CALENDAR, events: [allDay] });
    expect(all).toContain('DTSTART;VALUE=DATE:20270131');
    expect(all).toContain('DTEND;VALUE=DATE:20270201');
  });

  it('writes the transitions of the years around the event, their instants in UTC', () => {
    const all = lines(CALENDAR);
    const zone = all.slice(all.indexOf('BEGIN:VTIMEZONE'), all.indexOf('END:VTIMEZONE') + 1);
    expect(zone[1]).toBe('TZID:Europe/Berlin');
    // 2026 to 2028: two changes a year; the spring one of 2027 at 01:00 UTC.
    expect(zone.filter((line) => line.startsWith('BEGIN:DAYLIGHT'))).toHaveLength(3);
    expect(zone).toContain('DTSTART:20270328T010000');
    expect(zone.slice(2, 8)).toEqual(['BEGIN:DAYLIGHT', 'TZOFFSETFROM:+0100', 'TZOFFSETTO:+0200', 'TZNAME:CEST', 'DTSTART:20260329T010000', 'END:DAYLIGHT']);
  });

  it('leaves X-WR-CALNAME out of the Outlook flavour', () => {
    expect(lines(CALENDAR)).toContain('X-WR-CALNAME:My Site');
    expect(lines({ ...CALENDAR, flavour: 'outlook' }).some((line) => line.startsWith('X-WR-CALNAME'))).toBe(false);
  });
});

describe("front-end URLs read by TEC's rewrite rules", () => {
  const bases = { events: 'events', single: 'event', tag: 'tag' };

  it('reads featured, paged and dated archive paths, the query string winning', () => {
    expect(parseFrontEndQuery('/events/list/featured/page/3/', {}, bases)).toMatchObject({ matched: true, eventDisplay: 'list', featured: true, paged: '3' });
    expect(parseFrontEndQuery('/events/2027-03/featured/', {}, bases)).toMatchObject({ eventDisplay: 'month', eventDate: '2027-03', featured: true });
    expect(parseFrontEndQuery('/events/month/', { eventDisplay: 'day' }, bases)).toMatchObject({ eventDisplay: 'day' });
    expect(parseFrontEndQuery('/events/day/2027-03-08/', {}, bases).matched).toBe(false);
  });

  it('takes the last segment of a term path before the first rule (in TEC\'s order) that matches', () => {
    expect(parseFrontEndQuery('/events/category/music/concerts/month/', {}, bases)).toMatchObject({ category: 'concerts', eventDisplay: 'month' });
    // The `ical` rule comes before `featured/ical`, and a category's path is greedy: `featured` is read as the category.
    expect(parseFrontEndQuery('/events/category/music/featured/ical/', {}, bases)).toMatchObject({ category: 'featured', featured: false, prettyICal: true });
    // A tag's path is one segment (`([^/]+)`), so the `featured/ical` rule is the one that matches.
    expect(parseFrontEndQuery('/events/tag/kids/featured/ical/', {}, bases)).toMatchObject({ tag: 'kids', featured: true, prettyICal: true });
    expect(parseFrontEndQuery('/events/tag/kids/list/page/2/', {}, bases)).toMatchObject({ tag: 'kids', eventDisplay: 'list', paged: '2' });
    expect(parseFrontEndQuery('/events/tag/kids/evening/', {}, bases)).toMatchObject({ matched: false });
  });

  it('reads the post type a rule or the query string sets', () => {
    expect(parseFrontEndQuery('/events/category/music/list/page/2/', {}, bases)).toMatchObject({ category: 'list', postType: 'tribe_events', eventDisplay: 'list', paged: '2' });
    expect(parseFrontEndQuery('/venue/hall/', {}, bases)).toMatchObject({ venue: 'hall', postType: 'tribe_venue' });
    expect(parseFrontEndQuery('/tag/kids/', {}, bases).postType).toBeUndefined();
    expect(parseFrontEndQuery('/tag/kids/', { post_type: 'tribe_events' }, bases).postType).toBe('tribe_events');
    expect(parseFrontEndQuery('/', { post_type: 'page', tribe_events: 'x' }, bases).postType).toBe('tribe_events');
    // `/events/page/N/` is declared twice in TEC's rules; the later one (eventDisplay default) is the one stored.
    expect(parseFrontEndQuery('/events/page/2/', {}, bases)).toMatchObject({ eventDisplay: 'default', paged: '2' });
  });

  it('drops the named parameters from a query string, the rest kept as sent', () => {
    expect(queryWithout('p=194&ical=1&tribe-bar-date=2027%2D03', ['p'])).toBe('ical=1&tribe-bar-date=2027%2D03');
  });
});
