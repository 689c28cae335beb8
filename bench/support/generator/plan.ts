import type { EventOverrides } from '../../../test/builders/events.js';
import type { OrganizerOverrides } from '../../../test/builders/organizers.js';
import type { TermInput } from '../../../test/builders/terms.js';
import type { VenueOverrides } from '../../../test/builders/venues.js';
import { sanitizeTitle } from '../../../test/builders/posts.js';
import { Random } from './random.js';
import { DAY, HOUR, formatWallTime, parseWallTime } from './zones.js';

/*
 * What the generated site holds, as the inputs test/builders takes (EventOverrides, VenueOverrides,
 * OrganizerOverrides, TermInput) plus the IDs the generator assigns. rows.ts turns these into the
 * rows the builders would write; the generator test replays the same inputs through the builders
 * and compares. Deterministic: everything is drawn from Random streams seeded by `seed`.
 */

/** The instant the generated calendar is centred on unless told otherwise. */
export const DEFAULT_NOW = '2026-11-24 00:00:00';
export const DEFAULT_SEED = 1;
/** Events are spread over this many years either side of `now`. */
const YEARS_EACH_SIDE = 5;

export interface PlanOptions {
  events: number;
  seed?: number;
  /** `YYYY-MM-DD` or `YYYY-MM-DD HH:MM:SS` (UTC, the site's zone) or an ISO instant. */
  now?: string;
}

export interface TermSpec {
  term_id: number;
  term_taxonomy_id: number;
  /** What insertTerm takes; slug given, parent is a term_id. */
  input: TermInput & { slug: string; parent: number };
}

export interface PostSpec<O> {
  id: number;
  /** What the builder takes, with `ID` set to `id`. */
  overrides: O & { ID: number; post_title: string };
}

export type EventSpec = PostSpec<EventOverrides>;
export type VenueSpec = PostSpec<VenueOverrides>;
export type OrganizerSpec = PostSpec<OrganizerOverrides>;

export interface SitePlan {
  seed: number;
  /** Epoch ms of `now`. */
  now: number;
  /** Every term in term_id order: `Uncategorized`, event categories, then tags. */
  terms: TermSpec[];
  categories: TermSpec[];
  tags: TermSpec[];
  venues: VenueSpec[];
  organizers: OrganizerSpec[];
  eventCount: number;
  firstEventId: number;
  /** Epoch ms bounds of event start days. */
  window: { from: number; to: number };
  /** The events in ID order; each call starts again from the first and yields the same events. */
  events(): Generator<EventSpec>;
}

export function parseNow(value: string | undefined): number {
  const text = value ?? DEFAULT_NOW;
  if (/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/.test(text)) return parseWallTime(text);
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) throw new Error(`--now must be a date (YYYY-MM-DD[ HH:MM:SS]) or an ISO instant (got "${text}")`);
  return ms - (ms % 1000);
}

export function planSite(options: PlanOptions): SitePlan {
  const eventCount = Math.trunc(options.events);
  if (!Number.isFinite(eventCount) || eventCount < 1) throw new Error(`events must be a positive integer (got ${options.events})`);
  const seed = Math.trunc(options.seed ?? DEFAULT_SEED);
  const now = parseNow(options.now);
  const nowDay = now - (now % DAY);
  const window = {
    from: Date.UTC(new Date(nowDay).getUTCFullYear() - YEARS_EACH_SIDE, new Date(nowDay).getUTCMonth(), new Date(nowDay).getUTCDate()),
    to: Date.UTC(new Date(nowDay).getUTCFullYear() + YEARS_EACH_SIDE, new Date(nowDay).getUTCMonth(), new Date(nowDay).getUTCDate()),
  };

  const terms = planTerms(new Random(seed, 1));
  const categories = terms.filter((term) => term.input.taxonomy === 'tribe_events_cat');
  const tags = terms.filter((term) => term.input.taxonomy === 'post_tag');

  const venueCount = Math.max(1, Math.round(eventCount / 50));
  const organizerCount = Math.max(1, Math.round(eventCount / 40));
  let nextId = 1;
  const venues = planVenues(new Random(seed, 2), venueCount, nextId, now);
  nextId += venueCount;
  const organizers = planOrganizers(new Random(seed, 3), organizerCount, nextId, now);
  nextId += organizerCount;
  const firstEventId = nextId;

  const venueZones = venues.map((venue) => CITY_BY_NAME.get(venue.overrides.city ?? '')?.zone ?? 'UTC');
  return {
    seed,
    now,
    terms,
    categories,
    tags,
    venues,
    organizers,
    eventCount,
    firstEventId,
    window,
    *events() {
      const random = new Random(seed, 4);
      for (let index = 0; index < eventCount; index += 1) {
        yield planEvent(random, firstEventId + index, { now, window, venues, venueZones, organizers, categories, tags });
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Terms: ~20 event categories (some nested) and 50 tags, after WordPress's own `Uncategorized`.

const CATEGORY_TREE: ReadonlyArray<readonly [name: string, description: string, children: readonly string[]]> = [
  ['Music', 'Concerts, gigs and recitals', ['Jazz', 'Rock', 'Classical']],
  ['Arts & Culture', 'Exhibitions and performances', ['Theatre', 'Film']],
  ['Sports', 'Games, races and classes', ['Running', 'Cycling']],
  ['Food & Drink', '', ['Wine Tasting']],
  ['Education', 'Learn something new', ['Workshops', 'Lectures']],
  ['Community', '', []],
  ['Family', 'For all ages', []],
  ['Business', '', ['Networking']],
  ['Health & Wellness', '', []],
];

const TAG_NAMES = [
  'free', 'online', 'kids', 'evening', 'weekend', 'premium', 'outdoor', 'indoor', 'beginner', 'advanced',
  'accessible', 'live', 'summer', 'winter', 'spring', 'autumn', 'charity', 'members', 'students', 'seniors',
  'festival', 'local', 'international', 'hands-on', 'talk', 'panel', 'late night', 'morning', 'lunchtime', 'dog friendly',
  'vegan', 'wine', 'beer', 'coffee', 'books', 'poetry', 'dance', 'painting', 'photography', 'gardening',
  'science', 'history', 'technology', 'startup', 'meditation', 'yoga', 'running', 'cycling', 'chess', 'trivia',
];

function planTerms(random: Random): TermSpec[] {
  const terms: TermSpec[] = [];
  const add = (taxonomy: string, name: string, description: string, parent: number) => {
    const id = terms.length + 1;
    terms.push({
      term_id: id,
      term_taxonomy_id: id,
      input: { taxonomy, name, slug: sanitizeTitle(name), parent, description },
    });
    return id;
  };
  // WordPress creates term 1 at install; posts are filed there, events are not.
  add('category', 'Uncategorized', '', 0);
  for (const [name, description, children] of CATEGORY_TREE) {
    const parent = add('tribe_events_cat', name, description, 0);
    for (const child of children) add('tribe_events_cat', child, random.chance(0.5) ? `${child} events` : '', parent);
  }
  for (const name of TAG_NAMES) add('post_tag', name, '', 0);
  return terms;
}

// ---------------------------------------------------------------------------------------------
// Venues and organizers.

interface City {
  city: string;
  country: string;
  zone: string;
  state?: string;
  province?: string;
  zip: () => string;
  phone: () => string;
}

function cities(random: Random): City[] {
  const digits = (count: number) => Array.from({ length: count }, () => random.int(0, 9)).join('');
  const us = (city: string, state: string, zone: string, area: string): City => ({
    city,
    state,
    country: 'United States',
    zone,
    zip: () => digits(5),
    phone: () => `(${area}) 555-${digits(4)}`,
  });
  const ca = (city: string, province: string, zone: string, area: string): City => ({
    city,
    province,
    country: 'Canada',
    zone,
    zip: () => `${random.pick(['M5V', 'V6B', 'H2X'])} ${digits(1)}A${digits(1)}`,
    phone: () => `${area}-555-${digits(4)}`,
  });
  const other = (city: string, country: string, zone: string, zip: () => string, phone: () => string): City => ({
    city,
    country,
    zone,
    zip,
    phone,
  });
  return [
    us('New York', 'NY', 'America/New_York', '212'),
    us('Boston', 'MA', 'America/New_York', '617'),
    us('Chicago', 'IL', 'America/Chicago', '312'),
    us('Austin', 'TX', 'America/Chicago', '512'),
    us('Nashville', 'TN', 'America/Chicago', '615'),
    us('Denver', 'CO', 'America/Denver', '303'),
    us('Seattle', 'WA', 'America/Los_Angeles', '206'),
    us('Portland', 'OR', 'America/Los_Angeles', '503'),
    ca('Toronto', 'ON', 'America/Toronto', '416'),
    ca('Vancouver', 'BC', 'America/Vancouver', '604'),
    other('London', 'United Kingdom', 'Europe/London', () => `EC${random.int(1, 4)}A ${digits(1)}BB`, () => `+44 20 7946 ${digits(4)}`),
    other('Manchester', 'United Kingdom', 'Europe/London', () => `M${random.int(1, 9)} ${digits(1)}AB`, () => `+44 161 496 ${digits(4)}`),
    other('Berlin', 'Germany', 'Europe/Berlin', () => `10${digits(3)}`, () => `+49 30 ${digits(7)}`),
    other('Munich', 'Germany', 'Europe/Berlin', () => `80${digits(3)}`, () => `+49 89 ${digits(7)}`),
    other('Tokyo', 'Japan', 'Asia/Tokyo', () => `1${digits(2)}-${digits(4)}`, () => `+81 3 ${digits(4)} ${digits(4)}`),
    other('Mumbai', 'India', 'Asia/Kolkata', () => `400${digits(3)}`, () => `+91 22 ${digits(4)} ${digits(4)}`),
  ];
}

const CITY_BY_NAME = new Map(cities(new Random(0)).map((city) => [city.city, city]));

const VENUE_FIRST = [
  'Harbour', 'Riverside', 'Grand', 'Oak', 'Maple', 'Union', 'Liberty', 'Central', 'North Star', 'Lakeside',
  'Old Mill', 'Granite', 'Copper', 'Silver', 'Crown', 'Beacon', 'Cedar', 'Summit', 'Meadow', 'Orchard',
  'Foundry', 'Lantern', 'Ivy', 'Willow', 'Parkside', 'Hilltop', 'Bayview', 'Canal', 'Station', 'Market',
];
const VENUE_KIND = [
  'Hall', 'Theatre', 'Arena', 'Pavilion', 'Library', 'Gallery', 'Community Center', 'Park', 'Club', 'Loft',
  'Studio', 'Auditorium', 'Brewery', 'Conservatory', 'Gardens',
];
const STREETS = ['Main', 'High', 'Church', 'Mill', 'Park', 'Station', 'King', 'Queen', 'Elm', 'Water', 'Bridge', 'Market'];
const STREET_KIND = ['Street', 'Avenue', 'Road', 'Lane', 'Boulevard'];

function planVenues(random: Random, count: number, firstId: number, now: number): VenueSpec[] {
  const places = cities(random);
  const venues: VenueSpec[] = [];
  for (let index = 0; index < count; index += 1) {
    const place = random.pick(places);
    const title = `${random.pick(VENUE_FIRST)} ${random.pick(VENUE_KIND)}`;
    const date = formatWallTime(pastInstant(random, now, 6 * 365));
    const overrides: VenueSpec['overrides'] = {
      ID: firstId + index,
      post_title: title,
      post_date: date,
      post_content: random.chance(0.4) ? `${title} in ${place.city}.` : '',
      city: place.city,
      country: place.country,
    };
    if (random.chance(0.9)) overrides.address = `${random.int(1, 999)} ${random.pick(STREETS)} ${random.pick(STREET_KIND)}`;
    if (place.state !== undefined) overrides.state = place.state;
    if (place.province !== undefined) overrides.province = place.province;
    if (random.chance(0.85)) overrides.zip = place.zip();
    if (random.chance(0.7)) overrides.phone = place.phone();
    if (random.chance(0.5)) overrides.website = `https://venues.example.org/${firstId + index}`;
    if (random.chance(0.1)) {
      overrides.show_map = false;
      overrides.show_map_link = false;
    }
    venues.push({ id: firstId + index, overrides });
  }
  return venues;
}

const FIRST_NAMES = ['Ada', 'Ben', 'Chloe', 'Diego', 'Elif', 'Farah', 'Gus', 'Hana', 'Ivan', 'Jun', 'Kofi', 'Lena', 'Mateo', 'Nora', 'Omar', 'Priya'];
const LAST_NAMES = ['Smith', 'Okafor', 'Müller', 'Tanaka', 'García', 'Novak', 'Khan', 'Rossi', 'Dubois', 'Kim', 'Silva', 'Jensen'];
const ORGANIZER_SUFFIX = ['Productions', 'Events', 'Collective', 'Society', 'Presents', 'Club', 'Foundation'];

function planOrganizers(random: Random, count: number, firstId: number, now: number): OrganizerSpec[] {
  const organizers: OrganizerSpec[] = [];
  for (let index = 0; index < count; index += 1) {
    const person = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
    const title = random.chance(0.5) ? person : `${random.pick(LAST_NAMES)} ${random.pick(ORGANIZER_SUFFIX)}`;
    const overrides: OrganizerSpec['overrides'] = {
      ID: firstId + index,
      post_title: title,
      post_date: formatWallTime(pastInstant(random, now, 6 * 365)),
    };
    if (random.chance(0.7)) overrides.phone = `+1 555 ${String(random.int(0, 9999999)).padStart(7, '0')}`;
    if (random.chance(0.6)) overrides.website = `https://organizers.example.org/${firstId + index}`;
    if (random.chance(0.8)) overrides.email = `contact${firstId + index}@example.org`;
    organizers.push({ id: firstId + index, overrides });
  }
  return organizers;
}

// ---------------------------------------------------------------------------------------------
// Events.

const TITLE_MOOD = [
  'Sunset', 'Midnight', 'Morning', 'Community', 'Summer', 'Winter', 'Harvest', 'Open', 'Grand', 'Little',
  'Downtown', 'Riverside', 'Acoustic', 'Electric', 'Family', 'Neighbourhood', 'Spring', 'Autumn', 'Late', 'Annual',
  "Farmers'", 'Café', 'Wine & Cheese', 'Beginners’', 'Masters',
];
const TITLE_THEME = [
  'Jazz', 'Yoga', 'Poetry', 'Chess', 'Film', 'Book', 'Coding', 'Pottery', 'Salsa', 'Trivia',
  'Photography', 'Gardening', 'Comedy', 'Choir', 'Science', 'History', 'Startup', 'Cycling', 'Running', 'Tango',
  'Painting', 'Baking', 'Robotics', 'Astronomy', 'Folk', 'Opera', 'Vinyl', 'Craft Beer', 'Meditation', 'Design',
];
const TITLE_FORMAT = [
  'Night', 'Class', 'Workshop', 'Meetup', 'Festival', 'Market', 'Session', 'Club', 'Showcase', 'Tour',
  'Fair', 'Social', 'Lecture', 'Jam', 'Retreat', 'Screening', 'Concert', 'Marathon', 'Party', 'Summit',
];
const SENTENCES = [
  'Join us for an evening of good company and great music.',
  'Doors open thirty minutes before the start.',
  'All ages welcome; children must be accompanied by an adult.',
  'Bring a friend, or come along and make new ones.',
  'Light refreshments will be served.',
  'Tickets are limited, so please register early.',
  'The venue is step-free and has an accessible restroom.',
  'No experience needed: everything is explained on the day.',
  'Our guest speaker has twenty years of experience in the field.',
  'Parking is available nearby; public transport is recommended.',
  'Please arrive on time, as latecomers may not be admitted.',
  'This is a members’ event, but guests are very welcome.',
  'We’ll finish with a Q&A and time to chat.',
  'Materials are provided; wear clothes you don’t mind getting messy.',
  'Proceeds go to the local food bank.',
  'The programme may change slightly; check back for updates.',
];
const COSTS = ['Free', '0', '5', '10', '12.50', '15', '20', '25', '35', '50', '75', '10-20', '15-30', '99'];
const ZONE_WEIGHTS: ReadonlyArray<readonly [string, number]> = [
  ['UTC', 40],
  ['America/New_York', 15],
  ['America/Chicago', 6],
  ['America/Los_Angeles', 8],
  ['Europe/London', 8],
  ['Europe/Berlin', 12],
  ['Asia/Tokyo', 7],
  ['Asia/Kolkata', 4],
];
const STATUS_WEIGHTS: ReadonlyArray<readonly [string, number]> = [
  ['publish', 960],
  ['draft', 15],
  ['pending', 5],
  ['private', 10],
  ['protected', 10],
];
const DURATIONS_MINUTES = [60, 90, 120, 120, 120, 150, 180, 240];

interface EventContext {
  now: number;
  window: { from: number; to: number };
  venues: readonly VenueSpec[];
  venueZones: readonly string[];
  organizers: readonly OrganizerSpec[];
  categories: readonly TermSpec[];
  tags: readonly TermSpec[];
}

function planEvent(random: Random, id: number, context: EventContext): EventSpec {
  const { now, window } = context;
  const title = `${random.pick(TITLE_MOOD)} ${random.pick(TITLE_THEME)} ${random.pick(TITLE_FORMAT)}`;
  const days = Math.round((window.to - window.from) / DAY);
  const day = window.from + random.int(0, days - 1) * DAY;

  const hasVenue = random.chance(0.85);
  const venueIndex = hasVenue ? random.skewedIndex(context.venues.length, 1.5) : -1;
  // An event at a venue is usually in the venue's zone; others mostly in the site's.
  const timezone =
    venueIndex >= 0 && random.chance(0.6) ? context.venueZones[venueIndex]! : random.weighted(ZONE_WEIGHTS);

  const kind = random.weighted<'timed' | 'all-day' | 'multi-day'>([
    ['timed', 85],
    ['all-day', 10],
    ['multi-day', 5],
  ]);
  let start: number;
  let end: number;
  if (kind === 'all-day') {
    start = day;
    end = day + (random.chance(0.3) ? random.int(1, 3) : 0) * DAY;
  } else {
    start = day + random.int(14, 43) * 30 * 60 * 1000; // 07:00 to 21:30
    end =
      kind === 'multi-day'
        ? start + random.int(1, 3) * DAY + random.int(0, 8) * HOUR
        : start + random.pick(DURATIONS_MINUTES) * 60 * 1000;
  }

  const status = random.weighted(STATUS_WEIGHTS);
  // Announced some weeks before it starts, never after `now`.
  const announced = Math.min(start - random.int(7, 120) * DAY + random.int(0, 86399) * 1000, now - random.int(60, 86400) * 1000);
  const postDate = formatWallTime(announced);

  const overrides: EventSpec['overrides'] = {
    ID: id,
    post_title: title,
    post_date: postDate,
    post_status: status === 'protected' ? 'publish' : status,
    post_content: eventContent(random),
    start_date: formatWallTime(start),
    end_date: formatWallTime(end),
    timezone,
  };
  if (status === 'protected') overrides.post_password = 'letmein';
  if (random.chance(0.1)) overrides.post_excerpt = random.pick(SENTENCES);
  if ((status === 'publish' || status === 'protected' || status === 'private') && random.chance(0.2)) {
    const modified = formatWallTime(Math.min(announced + random.int(1, 30 * 86400) * 1000, now));
    overrides.post_modified = modified;
    overrides.post_modified_gmt = modified;
  }
  if (kind === 'all-day') overrides.all_day = true;
  if (random.chance(0.6)) overrides.cost = random.pick(COSTS);
  if (random.chance(0.3)) overrides.website = `https://tickets.example.org/e/${id}`;
  if (venueIndex >= 0) {
    overrides.venue = context.venues[venueIndex]!.id;
    const map = random.chance(0.7);
    overrides.show_map = map;
    overrides.show_map_link = map;
  }
  const organizerCount = random.weighted([
    [0, 15],
    [1, 70],
    [2, 12],
    [3, 3],
  ]);
  if (organizerCount > 0) {
    overrides.organizers = random
      .distinctSkewed(organizerCount, context.organizers.length, 1.5)
      .map((index) => context.organizers[index]!.id);
  }
  if (random.chance(0.05)) overrides.featured = true;
  if (random.chance(0.01)) overrides.sticky = true;
  if (random.chance(0.01)) overrides.hide_from_listings = true;
  const categoryCount = random.weighted([
    [0, 10],
    [1, 65],
    [2, 25],
  ]);
  if (categoryCount > 0) {
    overrides.categories = random
      .distinctSkewed(categoryCount, context.categories.length, 1.8)
      .map((index) => context.categories[index]!.term_taxonomy_id);
  }
  const tagCount = random.weighted([
    [0, 30],
    [1, 30],
    [2, 25],
    [3, 15],
  ]);
  if (tagCount > 0) {
    overrides.tags = random.distinctSkewed(tagCount, context.tags.length, 1.6).map((index) => context.tags[index]!.term_taxonomy_id);
  }
  return { id, overrides };
}

/** A description as editors write them: a paragraph or two of text, some in block markup. */
function eventContent(random: Random): string {
  if (random.chance(0.08)) return '';
  const paragraph = () =>
    Array.from({ length: random.int(1, 3) }, () => random.pick(SENTENCES)).join(' ');
  const paragraphs = Array.from({ length: random.chance(0.3) ? 2 : 1 }, paragraph);
  if (random.chance(0.15)) {
    return paragraphs.map((text) => `<!-- wp:paragraph -->\n<p>${text}</p>\n<!-- /wp:paragraph -->`).join('\n\n');
  }
  return paragraphs.join('\n\n');
}

/** An instant within `days` before `now`, whole seconds. */
function pastInstant(random: Random, now: number, days: number): number {
  return now - random.int(1, days * 86400) * 1000;
}
