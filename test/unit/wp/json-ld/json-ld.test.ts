import { describe, expect, it } from 'vitest';
import { ANONYMOUS, type Viewer } from '../../../../src/wp/auth/capabilities.js';
import {
  antispambot,
  isJsonLdVisible,
  jsonLdEventUrl,
  toEventJsonLd,
  toOrganizerJsonLd,
  toVenueJsonLd,
  tribeExcerpt,
  type EventJsonLdInput,
  type EventJsonLdSite,
  type JsonLdPost,
} from '../../../../src/wp/json-ld/index.js';
import type { PostRow } from '../../../../src/wp/posts/posts.repository.js';
import { loadCases } from '../../../contract/captures.js';
import { RECORDING_INSTANT } from '../../../contract/suite.js';

const HOME = 'http://127.0.0.1:8080';
const NOW = new Date(RECORDING_INSTANT);
const SITE: EventJsonLdSite = {
  prettyPermalinks: true,
  timezone: 'UTC',
  timezoneMode: 'event',
  defaultCurrencyCode: 'USD',
};

const viewer = (userId: number, capabilities: string[]): Viewer => ({ userId, capabilities: new Set(capabilities) });
const ADMIN = viewer(1, ['read', 'read_private_posts', 'edit_posts']);
const EDITOR = viewer(2, ['read', 'read_private_posts', 'edit_posts']);
const AUTHOR = viewer(3, ['read', 'edit_posts']);
const CONTRIBUTOR = viewer(4, ['read', 'edit_posts']);

/** A `posts` row as the reference database holds it, with WordPress's defaults for the rest. */
function row(fields: Partial<PostRow> & Pick<PostRow, 'ID'>, meta: [string, string][] = []): JsonLdPost {
  const post: PostRow = {
    post_author: 1,
    post_date: '2026-11-21 22:40:00',
    post_date_gmt: '2026-11-21 22:40:00',
    post_content: '',
    post_title: '',
    post_excerpt: '',
    post_status: 'publish',
    comment_status: 'closed',
    ping_status: 'closed',
    post_password: '',
    post_name: '',
    to_ping: '',
    pinged: '',
    post_modified: '2026-11-21 22:40:00',
    post_modified_gmt: '2026-11-21 22:40:00',
    post_content_filtered: '',
    post_parent: 0,
    guid: '',
    menu_order: 0,
    post_type: 'tribe_events',
    post_mime_type: '',
    comment_count: 0,
    ...fields,
  };
  const grouped = new Map<string, string[]>();
  for (const [key, value] of meta) grouped.set(key, [...(grouped.get(key) ?? []), value]);
  return { post, meta: grouped, imageUrl: null, excerptLength: 30 };
}

// Rows of fixtures/reference/db.sql (the meta keys JSON-LD reads).
const ROWS: Record<number, JsonLdPost> = {
  6: row({ ID: 6, post_title: 'Oracle Concert', post_name: 'oracle-concert', post_date: '2026-11-21 22:37:13', post_excerpt: 'Live music', post_content: '<p>An evening of live music.</p>' }, [['_EventVenueID', '5'], ['_EventOrganizerID', '4'], ['_EventStartDate', '2026-12-05 19:00:00'], ['_EventEndDate', '2026-12-05 22:30:00'], ['_EventStartDateUTC', '2026-12-05 19:00:00'], ['_EventEndDateUTC', '2026-12-05 22:30:00'], ['_EventCost', '15'], ['_EventTimezone', 'UTC']]),
  7: row({ ID: 7, post_title: 'All Day Fair', post_name: 'all-day-fair', post_date: '2026-11-21 22:37:18' }, [['_EventVenueID', '5'], ['_EventOrganizerID', '4'], ['_EventAllDay', '1'], ['_EventStartDate', '2026-12-12 00:00:00'], ['_EventEndDate', '2026-12-13 23:59:59'], ['_EventStartDateUTC', '2026-12-12 00:00:00'], ['_EventEndDateUTC', '2026-12-13 23:59:59'], ['_EventTimezone', 'UTC']]),
  15: row({ ID: 15, post_title: 'Inline Venue Meetup NY', post_name: 'inline-venue-meetup-ny', post_date: '2026-11-21 22:37:30', post_content: 'Meetup with inline venue and organizer' }, [['_EventVenueID', '13'], ['_EventOrganizerID', '14'], ['_EventStartDate', '2026-12-10 18:00:00'], ['_EventEndDate', '2026-12-10 20:00:00'], ['_EventStartDateUTC', '2026-12-10 23:00:00'], ['_EventEndDateUTC', '2026-12-11 01:00:00'], ['_EventTimezone', 'America/New_York']]),
  12: row({ ID: 12, post_title: 'T-tag updated', post_name: 't-tag', post_date: '2026-11-21 22:39:43' }, [['_EventStartDate', '2026-12-11 19:00:00'], ['_EventEndDate', '2026-12-11 21:00:00'], ['_EventStartDateUTC', '2026-12-11 19:00:00'], ['_EventEndDateUTC', '2026-12-11 21:00:00'], ['_EventTimezone', 'UTC'], ['_EventVenueID', '5'], ['_EventAllDay', ''], ['_EventCurrencySymbol', ''], ['_EventCurrencyPosition', ''], ['_EventCost', '25']]),
  100: row({ ID: 100, post_title: 'Seed Event 064', post_name: 'seed-event-064', post_date: '2026-11-21 22:38:14', post_excerpt: 'Seed excerpt 64', post_content: '<p>Description of seed event 64. <strong>Bold</strong> &amp; more.</p>' }, [['_EventVenueID', '22'], ['_EventOrganizerID', '31'], ['_EventStartDate', '2026-10-15 09:00:00'], ['_EventEndDate', '2026-10-15 10:00:00'], ['_EventStartDateUTC', '2026-10-15 09:00:00'], ['_EventEndDateUTC', '2026-10-15 10:00:00'], ['_EventTimezone', 'UTC']]),
  245: row({ ID: 245, post_title: 'Hidden Staff Party', post_name: 'hidden-staff-party', post_date: '2026-11-21 22:46:17' }, [['_EventStartDate', '2027-06-11 19:00:00'], ['_EventEndDate', '2027-06-11 23:00:00'], ['_EventStartDateUTC', '2027-06-11 19:00:00'], ['_EventEndDateUTC', '2027-06-11 23:00:00'], ['_EventTimezone', 'UTC']]),
  246: row({ ID: 246, post_title: 'Sticky Summer Kickoff', post_name: 'sticky-summer-kickoff', post_date: '2026-11-21 22:46:18' }, [['_EventStartDate', '2027-06-12 12:00:00'], ['_EventEndDate', '2027-06-12 15:00:00'], ['_EventStartDateUTC', '2027-06-12 12:00:00'], ['_EventEndDateUTC', '2027-06-12 15:00:00'], ['_EventCost', '25'], ['_EventTimezone', 'UTC']]),
  249: row({ ID: 249, post_author: 3, post_title: "Author's Book Reading", post_name: 'authors-book-reading', post_date: '2026-11-21 22:46:18', post_content: 'Reading from "the" new book -- with Q&amp;A...' }, [['_EventStartDate', '2027-06-16 17:00:00'], ['_EventEndDate', '2027-06-16 18:30:00'], ['_EventStartDateUTC', '2027-06-16 15:00:00'], ['_EventEndDateUTC', '2027-06-16 16:30:00'], ['_EventTimezone', 'Europe/Berlin']]),
  251: row({ ID: 251, post_parent: 249, post_title: 'Workshop Part 2', post_name: 'workshop-part-2', post_date: '2026-11-21 22:46:18' }, [['_EventStartDate', '2027-06-19 10:00:00'], ['_EventEndDate', '2027-06-19 12:00:00'], ['_EventStartDateUTC', '2027-06-19 10:00:00'], ['_EventEndDateUTC', '2027-06-19 12:00:00'], ['_EventTimezone', 'UTC']]),
  241: row({ ID: 241, post_status: 'draft', post_title: 'Draft Planning Session', post_date: '2026-11-21 22:46:17' }, [['_EventVenueID', '19'], ['_EventStartDate', '2027-06-03 10:00:00'], ['_EventEndDate', '2027-06-03 12:00:00'], ['_EventStartDateUTC', '2027-06-03 10:00:00'], ['_EventEndDateUTC', '2027-06-03 12:00:00'], ['_EventTimezone', 'UTC']]),
  242: row({ ID: 242, post_status: 'private', post_title: 'Private Board Meeting', post_name: 'private-board-meeting', post_date: '2026-11-21 22:46:17' }, [['_EventOrganizerID', '29'], ['_EventStartDate', '2027-06-05 09:00:00'], ['_EventEndDate', '2027-06-05 10:30:00'], ['_EventStartDateUTC', '2027-06-05 09:00:00'], ['_EventEndDateUTC', '2027-06-05 10:30:00'], ['_EventTimezone', 'UTC']]),
  250: row({ ID: 250, post_author: 4, post_status: 'pending', post_title: 'Contributor Workshop Proposal', post_date: '2026-11-21 22:46:18' }, [['_EventStartDate', '2027-06-18 10:00:00'], ['_EventEndDate', '2027-06-18 12:00:00'], ['_EventStartDateUTC', '2027-06-18 10:00:00'], ['_EventEndDateUTC', '2027-06-18 12:00:00'], ['_EventTimezone', 'UTC']]),
  5: row({ ID: 5, post_type: 'tribe_venue', post_title: 'Oracle Hall', post_name: 'oracle-hall', post_date: '2026-11-21 22:37:11' }, [['_VenueAddress', '1 Main St'], ['_VenueCity', 'Springfield'], ['_VenueCountry', 'United States'], ['_VenueState', 'IL'], ['_VenueZip', '62701'], ['_VenuePhone', '555-0100'], ['_VenueURL', 'https://hall.example.test'], ['_VenueStateProvince', 'IL']]),
  13: row({ ID: 13, post_type: 'tribe_venue', post_title: 'Inline Venue NY', post_name: 'inline-venue-ny', post_date: '2026-11-21 22:37:30' }, [['_VenueCity', 'New York'], ['_VenueCountry', 'United States'], ['_VenueState', 'NY'], ['_VenueStateProvince', 'NY']]),
  19: row({ ID: 19, post_type: 'tribe_venue', post_title: 'Seed Venue 1 Springfield', post_name: 'seed-venue-1-springfield', post_date: '2026-11-21 22:38:06' }, [['_VenueAddress', '100 Seed St'], ['_VenueCity', 'Springfield'], ['_VenueCountry', 'United States'], ['_VenueState', 'IL'], ['_VenueZip', '10000'], ['_VenuePhone', '555-0200'], ['_VenueURL', 'https://venue1.example.test'], ['_VenueStateProvince', 'IL']]),
  20: row({ ID: 20, post_type: 'tribe_venue', post_title: 'Seed Venue 2 Portland', post_name: 'seed-venue-2-portland', post_date: '2026-11-21 22:38:06' }, [['_VenueAddress', '101 Seed St'], ['_VenueCity', 'Portland'], ['_VenueCountry', 'United States'], ['_VenueState', 'OR'], ['_VenueZip', '10001'], ['_VenuePhone', '555-0201'], ['_VenueURL', 'https://venue2.example.test'], ['_VenueStateProvince', 'OR']]),
  22: row({ ID: 22, post_type: 'tribe_venue', post_title: 'Seed Venue 4 Boston', post_name: 'seed-venue-4-boston', post_date: '2026-11-21 22:38:06' }, [['_VenueAddress', '103 Seed St'], ['_VenueCity', 'Boston'], ['_VenueCountry', 'United States'], ['_VenueState', 'MA'], ['_VenueZip', '10003'], ['_VenuePhone', '555-0203'], ['_VenueURL', 'https://venue4.example.test'], ['_VenueStateProvince', 'MA']]),
  4: row({ ID: 4, post_type: 'tribe_organizer', post_title: 'Oracle Org', post_name: 'oracle-org', post_date: '2026-11-21 22:37:09' }, [['_OrganizerPhone', '555-0101'], ['_OrganizerWebsite', 'https://org.example.test'], ['_OrganizerEmail', 'org@example.test']]),
  14: row({ ID: 14, post_type: 'tribe_organizer', post_title: 'Inline Org NY', post_name: 'inline-org-ny', post_date: '2026-11-21 22:37:30' }, [['_OrganizerEmail', 'inline@example.test']]),
  29: row({ ID: 29, post_type: 'tribe_organizer', post_title: 'Seed Organizer 1', post_name: 'seed-organizer-1', post_date: '2026-11-21 22:38:07' }, [['_OrganizerPhone', '555-0300'], ['_OrganizerWebsite', 'https://org1.example.test'], ['_OrganizerEmail', 'org1@example.test']]),
  31: row({ ID: 31, post_type: 'tribe_organizer', post_title: 'Seed Organizer 3', post_name: 'seed-organizer-3', post_date: '2026-11-21 22:38:07' }, [['_OrganizerPhone', '555-0302'], ['_OrganizerWebsite', 'https://org3.example.test'], ['_OrganizerEmail', 'org3@example.test']]),
  10: row({ ID: 10, post_type: 'tribe_organizer', post_status: 'trash', post_title: 'Inline Org', post_name: 'inline-org__trashed', post_date: '2026-11-21 22:37:26' }, [['_OrganizerEmail', 'inline@example.test']]),
  32: row({ ID: 32, post_type: 'tribe_organizer', post_title: 'Seed Organizer 4', post_name: 'seed-organizer-4', post_date: '2026-11-21 22:38:07' }, [['_OrganizerPhone', '555-0303'], ['_OrganizerWebsite', 'https://org4.example.test'], ['_OrganizerEmail', 'org4@example.test']]),
};

const rowOf = (id: number): JsonLdPost => {
  const found = ROWS[id];
  if (!found) throw new Error(`no fixture row ${id}`);
  return found;
};

/** The comparison the reference cases use: e-mails are compared after decoding entities. */
function decodeEmails(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(decodeEmails);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === 'email' && typeof inner === 'string' ? decodeEntities(inner) : decodeEmails(inner),
      ]),
    );
  }
  return value;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(Number(dec)));
}

/** toEventJsonLd for a fixture event, its venue and organizers looked up in ROWS. */
function eventJsonLd(id: number, who: Viewer, permalink: string, overrides: Partial<EventJsonLdInput> = {}) {
  const event = rowOf(id);
  const venueId = Number(event.meta.get('_EventVenueID')?.[0] ?? 0);
  const organizerIds = (event.meta.get('_EventOrganizerID') ?? []).map(Number);
  return toEventJsonLd({
    event,
    venue: venueId ? (ROWS[venueId] ?? null) : null,
    organizers: organizerIds.map((organizerId) => ROWS[organizerId]).filter((o): o is JsonLdPost => o !== undefined),
    permalink,
    viewer: who,
    site: SITE,
    now: NOW,
    ...overrides,
  });
}

/** A recorded single answer (fixtures/reference/cases.jsonl): the record's ID, URL and `json_ld`. */
function recorded(caseId: string): { id: number; url: string; auth: string; jsonLd: Record<string, unknown> } {
  const testCase = loadCases().find((candidate) => candidate.id === caseId);
  if (!testCase) throw new Error(`no recorded case ${caseId}`);
  const body = testCase.expect.body as { id: number; url: string; json_ld: Record<string, unknown> };
  return { id: body.id, url: body.url, auth: testCase.auth, jsonLd: body.json_ld };
}

/** The viewer each recorded user stands for, with the capabilities JSON-LD asks about. */
const VIEWERS: Readonly<Record<string, Viewer>> = { none: ANONYMOUS, admin: ADMIN, editor: EDITOR, contributor: CONTRIBUTOR };

const EVENT_CASES = [
  'events.get.6', 'events.get.7-allday', 'events.get.15-ny', 'events.get.12-updated', 'events.get.seed',
  'events.get.hidden', 'events.get.sticky', 'events.get.author-berlin', 'events.get.child',
  'events.get.draft-admin', 'events.get.private-editor', 'events.get.pending-own-contributor',
];

describe('toEventJsonLd against the recorded single-event answers', () => {
  it.each(EVENT_CASES)('%s', (caseId) => {
    const { id, url, auth, jsonLd } = recorded(caseId);
    const actual = eventJsonLd(id, VIEWERS[auth]!, url);
    expect(decodeEmails(actual)).toEqual(decodeEmails(jsonLd));
    // Key order is part of the answer.
    expect(Object.keys(actual ?? {})).toEqual(Object.keys(jsonLd));
  });
});

describe('toVenueJsonLd and toOrganizerJsonLd against the recorded single answers', () => {
  it.each(['venues.get.19', 'venues.get.5', 'venues.slug.ok'])('%s', (caseId) => {
    const { id, jsonLd } = recorded(caseId);
    const actual = toVenueJsonLd(rowOf(id).post, rowOf(id).meta, { excerptLength: 30 });
    expect(actual).toEqual(jsonLd);
    expect(Object.keys(actual)).toEqual(Object.keys(jsonLd));
    expect(Object.keys(actual.address as object)).toEqual(Object.keys(jsonLd.address as object));
  });

  it.each(['organizers.get.29', 'organizers.get.trashed-admin', 'organizers.slug.ok'])('%s', (caseId) => {
    const { id, jsonLd } = recorded(caseId);
    const actual = toOrganizerJsonLd(rowOf(id).post, rowOf(id).meta, { excerptLength: 30 });
    expect(decodeEmails(actual)).toEqual(decodeEmails(jsonLd));
    expect(Object.keys(actual)).toEqual(Object.keys(jsonLd));
  });

  it('adds the image after the description when the post has a thumbnail', () => {
    const venue = toVenueJsonLd(rowOf(5).post, rowOf(5).meta, { imageUrl: `${HOME}/wp-content/uploads/hall.jpg`, excerptLength: 30 });
    expect(Object.keys(venue).slice(0, 5)).toEqual(['@type', 'name', 'description', 'image', 'url']);
    expect(venue.image).toBe(`${HOME}/wp-content/uploads/hall.jpg`);
    // A thumbnail ID without an attachment URL prints false, as wp_get_attachment_url() returns.
    expect(toVenueJsonLd(rowOf(5).post, rowOf(5).meta, { imageUrl: false, excerptLength: 30 }).image).toBe(false);
  });
});

describe('venue address rules', () => {
  const venue = (meta: [string, string][]) => {
    const built = row({ ID: 90, post_type: 'tribe_venue', post_title: 'V' }, meta);
    return toVenueJsonLd(built.post, built.meta, { excerptLength: 30 }).address;
  };

  it('uses the state for United States venues without _VenueStateProvince, the province elsewhere', () => {
    expect(venue([['_VenueCountry', 'United States'], ['_VenueState', 'CA'], ['_VenueProvince', 'X']])).toEqual({
      '@type': 'PostalAddress', addressRegion: 'CA', addressCountry: 'United States',
    });
    expect(venue([['_VenueCountry', 'Canada'], ['_VenueState', 'CA'], ['_VenueProvince', 'Ontario']])).toEqual({
      '@type': 'PostalAddress', addressRegion: 'Ontario', addressCountry: 'Canada',
    });
  });

  it('reads the country name out of a serialized [code, name] pair', () => {
    expect(venue([['_VenueCountry', 'a:2:{i:0;s:2:"DE";i:1;s:7:"Germany";}']])).toEqual({
      '@type': 'PostalAddress', addressCountry: 'Germany',
    });
  });

  it('escapes the address parts and drops the empty ones', () => {
    expect(venue([['_VenueAddress', 'A & B <St>'], ['_VenueZip', '0']])).toEqual({
      '@type': 'PostalAddress', streetAddress: 'A &amp; B &lt;St&gt;',
    });
  });
});

describe('toEventJsonLd rules', () => {
  const permalink = `${HOME}/event/e/`;
  const event = (fields: Partial<PostRow>, meta: [string, string][]) =>
    row({ ID: 300, post_title: 'E', post_name: 'e', post_date: '2027-01-15 23:59:59', ...fields }, [
      ['_EventStartDate', '2027-07-01 10:00:00'],
      ['_EventEndDate', '2027-07-01 12:00:00'],
      ['_EventStartDateUTC', '2027-07-01 14:00:00'],
      ['_EventEndDateUTC', '2027-07-01 16:00:00'],
      ...meta,
    ]);
  const build = (source: JsonLdPost, overrides: Partial<EventJsonLdInput> = {}) =>
    toEventJsonLd({ event: source, venue: null, organizers: [], permalink, viewer: ANONYMOUS, site: SITE, now: NOW, ...overrides });

  it('dates validFrom from the post date, not from now', () => {
    const data = build(event({}, [['_EventCost', '10']]), { now: new Date('2030-01-01T00:00:00Z') });
    expect((data?.offers as Record<string, unknown>).validFrom).toBe('2027-01-15T00:00:00+00:00');
  });

  it('takes priceCurrency from _EventCurrencyCode, else from the site default', () => {
    expect((build(event({}, [['_EventCost', '10'], ['_EventCurrencyCode', 'EUR']]))?.offers as Record<string, unknown>).priceCurrency).toBe('EUR');
    expect((build(event({}, [['_EventCost', '10']]), { site: { ...SITE, defaultCurrencyCode: 'GBP' } })?.offers as Record<string, unknown>).priceCurrency).toBe('GBP');
  });

  it('prices Free as 0 and a range as the unformatted range', () => {
    expect((build(event({}, [['_EventCost', 'Free']]))?.offers as Record<string, unknown>).price).toBe('0');
    expect((build(event({}, [['_EventCost', '5 - 25']]))?.offers as Record<string, unknown>).price).toBe('5 – 25');
    expect(build(event({}, []))).not.toHaveProperty('offers');
  });

  it('gives nothing for a post the viewer may not see in JSON-LD', () => {
    expect(build(event({ post_status: 'draft' }, []))).toBeNull();
    expect(build(event({ post_password: 'letmein' }, []), { viewer: ADMIN })).toBeNull();
    expect(build(event({ post_status: 'private' }, []), { viewer: AUTHOR })).toBeNull();
    expect(build(event({ post_status: 'private' }, []), { viewer: EDITOR })).not.toBeNull();
  });

  it('prints location and organizer false when the linked post is missing or hidden', () => {
    const source = event({}, [['_EventVenueID', '5'], ['_EventOrganizerID', '4']]);
    const missing = build(source);
    expect(missing?.location).toBe(false);
    expect(missing?.organizer).toBe(false);
    const draftVenue = row({ ...rowOf(5).post, post_status: 'draft' }, [['_VenueCity', 'X']]);
    expect(build(source, { venue: draftVenue, organizers: [rowOf(4)] })?.location).toBe(false);
    expect(build(source, { venue: draftVenue, organizers: [rowOf(4)], viewer: ADMIN })?.location).toMatchObject({ name: 'Oracle Hall' });
  });

  it('uses the first _EventOrganizerID row only', () => {
    const source = event({}, [['_EventOrganizerID', '29'], ['_EventOrganizerID', '4']]);
    const data = build(source, { organizers: [rowOf(4), rowOf(29)] });
    expect(data?.organizer).toMatchObject({ name: 'Seed Organizer 1' });
  });

  it('maps the Event Status meta to schema.org statuses', () => {
    expect(build(event({}, [['_tribe_events_status', 'canceled']]))?.eventStatus).toBe('https://schema.org/EventCancelled');
    expect(build(event({}, [['_tribe_events_status', 'postponed']]))?.eventStatus).toBe('https://schema.org/EventPostponed');
    expect(build(event({}, [['_tribe_events_status', 'scheduled']]))?.eventStatus).toBe('https://schema.org/EventScheduled');
  });

  it('gives the zone offset in force on the day', () => {
    const ny = build(event({}, [['_EventTimezone', 'America/New_York']]));
    expect(ny?.startDate).toBe('2027-07-01T10:00:00-04:00');
    const kolkata = build(event({}, [['_EventTimezone', 'Asia/Kolkata']]));
    expect(kolkata?.endDate).toBe('2027-07-01T12:00:00+05:30');
  });

  it('reads events without a zone in the site zone, including UTC+N offsets', () => {
    expect(build(event({}, []), { site: { ...SITE, timezone: 'UTC+5.5' } })?.startDate).toBe('2027-07-01T10:00:00+05:30');
    expect(build(event({}, []), { site: { ...SITE, timezone: 'UTC-3' } })?.startDate).toBe('2027-07-01T10:00:00-03:00');
    expect(build(event({}, []), { site: { ...SITE, timezone: 'Europe/Berlin' } })?.startDate).toBe('2027-07-01T10:00:00+02:00');
  });

  it('shows other-zone events in the site zone when the timezone mode is site', () => {
    const data = build(event({}, [['_EventTimezone', 'America/New_York']]), {
      site: { ...SITE, timezone: 'Europe/Berlin', timezoneMode: 'site' },
    });
    expect(data?.startDate).toBe('2027-07-01T16:00:00+02:00');
    expect(data?.endDate).toBe('2027-07-01T18:00:00+02:00');
  });

  it('puts the image between description and url', () => {
    const data = build({ ...event({}, []), imageUrl: `${HOME}/wp-content/uploads/e.jpg` });
    expect(Object.keys(data ?? {}).slice(0, 6)).toEqual(['@context', '@type', 'name', 'description', 'image', 'url']);
  });

  it('escapes the title for JavaScript after texturizing it', () => {
    expect(build(event({ post_title: 'Rock "n" Roll\'s <Night>' }, []))?.name).toBe('Rock &#8220;n&#8221; Roll&#8217;s &lt;Night&gt;');
  });
});

describe('jsonLdEventUrl', () => {
  it('keeps a pretty permalink as it is', () => {
    expect(jsonLdEventUrl(`${HOME}/event/oracle-concert/`, true)).toBe(`${HOME}/event/oracle-concert/`);
  });

  it('re-encodes the trailing slash TEC appends to a query-string link', () => {
    expect(jsonLdEventUrl(`${HOME}/?post_type=tribe_events&p=241`, true)).toBe(`${HOME}/?post_type=tribe_events&p=241%2F/`);
  });

  it('adds nothing without pretty permalinks', () => {
    expect(jsonLdEventUrl(`${HOME}/?tribe_events=oracle-concert`, false)).toBe(`${HOME}/?tribe_events=oracle-concert`);
  });
});

describe('antispambot', () => {
  it('writes every character as a decimal reference when the coin always says so', () => {
    expect(antispambot('a@b.c', () => 0)).toBe('&#97;&#64;&#98;&#46;&#99;');
  });

  it('leaves characters alone otherwise, but always hides the @', () => {
    expect(antispambot('a@b.c', () => 0.99)).toBe('a&#64;b.c');
  });

  it('decodes back to the address whatever the random choices', () => {
    for (let i = 0; i < 20; i++) {
      const obfuscated = antispambot('jazz.näher@example.test', Math.random);
      expect(obfuscated).not.toContain('@');
      expect(decodeEntities(obfuscated)).toBe('jazz.näher@example.test');
    }
  });

  it('writes one address the same way every time by default, and different addresses differently', () => {
    const addresses = ['jazz.näher@example.test', 'box-office@venue.example', 'a.b.c.d.e.f@g.example'];
    for (const address of addresses) {
      const first = antispambot(address);
      expect(antispambot(address)).toBe(first);
      expect(decodeEntities(first)).toBe(address);
      // Some characters written out, some left: a draw, not a constant coin.
      expect(first).toMatch(/&#(?!64;)\d+;/);
      expect(first.replaceAll(/&#\d+;/g, '')).not.toBe('');
    }
    // Seeded by the address: two addresses of one length are not written with the same pattern.
    const pattern = (address: string) => antispambot(address).replaceAll(/&#\d+;/g, 'E').replaceAll(/[^E]/g, '.');
    expect(pattern('aaaa@bbbb.cc')).not.toBe(pattern('cccc@dddd.ee'));
  });

  it('is what the organizer JSON-LD prints, fed the escaped address', () => {
    const organizer = row({ ID: 91, post_type: 'tribe_organizer', post_title: 'O' }, [['_OrganizerEmail', 'a&b@x.test']]);
    expect(toOrganizerJsonLd(organizer.post, organizer.meta, { random: () => 0.99, excerptLength: 30 }).email).toBe('a&amp;b&#64;x.test');
  });
});

describe('isJsonLdVisible', () => {
  const post = (post_status: string, post_password = '') => ({ post_status, post_password });

  it('shows visitors published posts only', () => {
    expect(isJsonLdVisible(post('publish'), ANONYMOUS)).toBe(true);
    expect(isJsonLdVisible(post('draft'), ANONYMOUS)).toBe(false);
    expect(isJsonLdVisible(post('private'), ANONYMOUS)).toBe(false);
  });

  it('shows signed-in readers any status, private ones with read_private_posts', () => {
    expect(isJsonLdVisible(post('trash'), CONTRIBUTOR)).toBe(true);
    expect(isJsonLdVisible(post('private'), CONTRIBUTOR)).toBe(false);
    expect(isJsonLdVisible(post('private'), ADMIN)).toBe(true);
  });

  it('never shows a password-protected post', () => {
    expect(isJsonLdVisible(post('publish', 'letmein'), ADMIN)).toBe(false);
  });
});

describe('tribeExcerpt', () => {
  it('wraps a manual excerpt in a paragraph', () => {
    expect(tribeExcerpt({ post_excerpt: 'Live music', post_content: '<p>ignored</p>' }, 55)).toBe('<p>Live music</p>\n');
  });

  it('falls back to the content, tags stripped and cut at the excerpt length (30 in the list view, else 55)', () => {
    const words = Array.from({ length: 60 }, (_, i) => `w${i}`).join(' ');
    for (const length of [30, 55]) {
      expect(tribeExcerpt({ post_excerpt: '', post_content: `<p><strong>${words}</strong></p>` }, length)).toBe(
        `<p>${words.split(' ').slice(0, length).join(' ')} [&hellip;]</p>\n`,
      );
    }
  });

  it('keeps the allowed inline tags of a manual excerpt and drops the rest', () => {
    expect(
      tribeExcerpt({ post_excerpt: '<b onclick="x()">Bold</b> <a href="javascript:alert(1)" title="t">link</a> <img src="x.png">', post_content: '' }, 55),
    ).toBe('<p><b>Bold</b> <a href="alert(1)">link</a> </p>\n');
  });

  it('removes shortcodes and the blocks that do not belong in an excerpt', () => {
    const content =
      '<!-- wp:paragraph --><p>Kept [gallery ids="1"] text</p><!-- /wp:paragraph -->' +
      '<!-- wp:buttons --><div><a>Buy</a></div><!-- /wp:buttons -->';
    expect(tribeExcerpt({ post_excerpt: '', post_content: content }, 55)).toBe('<p>Kept text</p>\n');
  });

  it('treats an excerpt of "0" as no excerpt', () => {
    expect(tribeExcerpt({ post_excerpt: '0', post_content: 'From content' }, 55)).toBe('<p>From content</p>\n');
  });
});
