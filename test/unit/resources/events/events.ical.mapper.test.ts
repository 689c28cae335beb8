import ical from 'ical-generator';
import { describe, expect, it } from 'vitest';
import {
  PROTECTED_DESCRIPTION,
  icalDescription,
  icalZoneOf,
  toICalEventData,
  venueAddress,
  type ICalEventInput,
} from '../../../../src/resources/events/events.ical.mapper.js';
import type { EventResource } from '../../../../src/resources/events/events.types.js';
import type { PostRow } from '../../../../src/wp/posts/posts.repository.js';

const eventMode = { timezone: 'UTC', tec: { timezoneMode: 'event' } } as ICalEventInput['site'];
const siteMode = { timezone: 'Europe/Berlin', tec: { timezoneMode: 'site' } } as ICalEventInput['site'];

function event(overrides: Partial<EventResource> = {}): EventResource {
  return {
    id: 7,
    url: 'http://example.test/event/gala/',
    description: '<p>First &amp; <strong>second</strong></p>\n<p>Third, with a comma</p>',
    all_day: false,
    start_date: '2026-07-01 19:00:00',
    end_date: '2026-07-01 21:30:00',
    utc_start_date: '2026-07-01 23:00:00',
    utc_end_date: '2026-07-02 01:30:00',
    timezone: 'America/New_York',
    image: false,
    categories: [],
    venue: [],
    organizer: [],
    ...overrides,
  } as EventResource;
}

const post = {
  ID: 7,
  post_title: 'Rock &amp; <em>Roll</em> Gala',
  post_date: '2026-05-01 10:00:00',
  post_date_gmt: '2026-05-01 10:00:00',
  post_modified: '2026-05-02 10:00:00',
  post_modified_gmt: '0000-00-00 00:00:00',
} as PostRow;

function vevent(input: Partial<ICalEventInput> = {}): string {
  const data = toICalEventData({ event: event(), post, contentReadable: true, site: eventMode, host: 'example.test', ...input });
  expect(data).not.toBeNull();
  return ical({ events: [data!] }).toString();
}

describe('toICalEventData', () => {
  it('writes TEC\'s UID, the times on the event zone\'s wall clock, and the post dates in UTC', () => {
    const text = vevent();
    expect(text).toContain(`UID:7-${Date.parse('2026-07-01T23:00:00Z') / 1000}-${Date.parse('2026-07-02T01:30:00Z') / 1000}@example.test`);
    expect(text).toContain('DTSTART;TZID=America/New_York:20260701T190000');
    expect(text).toContain('DTEND;TZID=America/New_York:20260701T213000');
    expect(text).toContain('CREATED:20260501T100000Z');
    // No GMT modified date: the local one read in the site's zone (UTC here).
    expect(text).toContain('LAST-MODIFIED:20260502T100000Z');
    expect(text).toContain('DTSTAMP:20260502T100000Z');
    expect(text).toContain('SUMMARY:Rock & Roll Gala');
    expect(text).toContain('DESCRIPTION:First & second \\nThird\\, with a comma');
    expect(text).toContain('URL;VALUE=URI:http://example.test/event/gala/');
  });

  it('writes the site zone\'s wall clock in TEC\'s site timezone mode', () => {
    expect(vevent({ site: siteMode })).toContain('DTSTART;TZID=Europe/Berlin:20260702T010000');
  });

  it('writes all-day events as dates, DTEND the day after the last day', () => {
    const text = vevent({
      event: event({
        all_day: true,
        start_date: '2026-12-30 00:00:00',
        end_date: '2026-12-31 23:59:59',
        utc_start_date: '2026-12-30 05:00:00',
        utc_end_date: '2027-01-01 04:59:59',
      }),
    });
    expect(text).toContain('DTSTART;VALUE=DATE:20261230');
    expect(text).toContain('DTEND;VALUE=DATE:20270101');
    expect(text).not.toContain('TZID');
  });

  it('says only "Content is protected." of an event the reader may not open, and attaches no image', () => {
    const image = { url: 'http://example.test/wp-content/uploads/gala.jpg' } as unknown as EventResource['image'];
    const open = vevent({ event: event({ image }) });
    expect(open).toContain('ATTACH:http://example.test/wp-content/uploads/gala.jpg');
    const locked = vevent({ event: event({ image }), contentReadable: false });
    expect(locked).toContain(`DESCRIPTION:${PROTECTED_DESCRIPTION}`);
    expect(locked).not.toContain('ATTACH');
  });

  it('writes the venue address as LOCATION, GEO when the venue has coordinates, the first organizer with an e-mail, and the categories', () => {
    const text = vevent({
      event: event({
        venue: { venue: 'Hall &amp; Annex', address: '1 Main St', city: 'Boston', state: 'MA', country: 'United States', zip: '02100', geo_lat: 42.36, geo_lng: -71.06 },
        organizer: [{ organizer: 'The &#8220;Best&#8221; Crew', email: 'crew@example.test' }, { organizer: 'Other', email: 'o@example.test' }],
        categories: [{ name: 'Food &amp; Drink' }, { name: 'Music' }] as EventResource['categories'],
      }),
    });
    expect(text).toContain('LOCATION:Hall & Annex\\, 1 Main St\\, Boston\\, MA\\, 02100\\, United States');
    expect(text).toContain('GEO:42.36;-71.06');
    expect(text).toContain('ORGANIZER;CN="The “Best” Crew":mailto:crew@example.test');
    expect(text).toContain('CATEGORIES:Food & Drink,Music');
  });

  it('leaves LOCATION, ORGANIZER and CATEGORIES out when the event has none', () => {
    const text = vevent({ event: event({ organizer: [{ organizer: 'No mail' }] }) });
    expect(text).not.toMatch(/LOCATION|ORGANIZER|CATEGORIES|GEO/);
  });

  it('gives no VEVENT for an event without dates', () => {
    expect(toICalEventData({ event: event({ utc_start_date: null }), post, contentReadable: true, site: eventMode, host: 'h' })).toBeNull();
  });
});

describe('icalZoneOf', () => {
  it('takes the event\'s zone in event mode (the site\'s when it has none), the site\'s in site mode', () => {
    expect(icalZoneOf({ timezone: 'Asia/Tokyo' }, eventMode)).toBe('Asia/Tokyo');
    expect(icalZoneOf({ timezone: '' }, { ...eventMode, timezone: 'Europe/Berlin' })).toBe('Europe/Berlin');
    expect(icalZoneOf({ timezone: 'Asia/Tokyo' }, siteMode)).toBe('Europe/Berlin');
  });

  it('keeps UTC+N zones, and makes UTC+0 and unknown names UTC', () => {
    expect(icalZoneOf({ timezone: 'UTC+5.5' }, eventMode)).toBe('UTC+5.5');
    expect(icalZoneOf({ timezone: 'UTC+0' }, eventMode)).toBe('UTC');
    expect(icalZoneOf({ timezone: 'Mars/Olympus' }, eventMode)).toBe('UTC');
  });
});

describe('venueAddress', () => {
  it('takes the state-or-province field first, the state for US addresses, else the province', () => {
    expect(venueAddress({ venue: 'V', stateprovince: 'SP', state: 'S', province: 'P', country: 'United States' })).toBe('V, SP, United States');
    expect(venueAddress({ venue: 'V', state: 'S', province: 'P', country: 'United States' })).toBe('V, S, United States');
    expect(venueAddress({ venue: 'V', state: 'S', province: 'P', country: 'Canada' })).toBe('V, P, Canada');
    expect(venueAddress({})).toBe('');
  });
});

describe('icalDescription', () => {
  it('strips tags and scripts, spaces paragraphs and decodes every named reference', () => {
    expect(icalDescription('<p>A&nbsp;&mdash;&hellip;</p><script>x()</script><p>B&#8217;s</p>')).toBe('A\u00a0—… B’s');
  });
});
