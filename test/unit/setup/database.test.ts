import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../../../src/db/create-db.js';
import { asRecord, maybeUnserialize } from '../../../src/wp/php/php-values.js';
import {
  insertEvent,
  insertOrganizer,
  insertTerm,
  insertVenue,
  setOption,
  DEFAULT_ROLES,
  SITE_URL,
  type EventOverrides,
} from '../../builders/index.js';
import { createTestDatabase, databaseExists, type TestDatabase } from '../../setup/database.js';

const TABLES = [
  'options',
  'postmeta',
  'posts',
  'tec_events',
  'tec_occurrences',
  'term_relationships',
  'term_taxonomy',
  'termmeta',
  'terms',
  'usermeta',
  'users',
];

async function tableNames(db: Db): Promise<string[]> {
  const result = await sql<Record<string, string>>`SHOW TABLES`.execute(db);
  return result.rows.map((row) => Object.values(row)[0] ?? '').sort();
}

async function metaOf(db: Db, postId: number): Promise<Array<[string | null, string | null]>> {
  const rows = await db
    .selectFrom('postmeta')
    .select(['meta_key', 'meta_value'])
    .where('post_id', '=', postId)
    .where('meta_key', '!=', '_tribe_modified_fields')
    .orderBy('meta_id')
    .execute();
  return rows.map((row) => [row.meta_key, row.meta_value]);
}

function postRow(db: Db, id: number) {
  return db.selectFrom('posts').selectAll().where('ID', '=', id).executeTakeFirstOrThrow();
}

describe('createTestDatabase with the wp_2_ prefix', () => {
  let testDb: TestDatabase;
  let reader: Db;

  beforeAll(async () => {
    testDb = await createTestDatabase({ prefix: 'wp_2_' });
    // A second, independent createDb: what the app would open on this database.
    reader = createDb({ databaseUrl: testDb.url, tablePrefix: 'wp_2_' });
  });

  afterAll(async () => {
    await reader?.destroy();
    await testDb?.drop();
  });

  it('creates every WordPress + TEC table under the prefix', async () => {
    expect(testDb.name).toMatch(/^cs_test_/);
    expect(await tableNames(testDb.db)).toEqual(TABLES.map((table) => `wp_2_${table}`));
  });

  it('seeds the minimum options under the prefix', async () => {
    const rows = await reader.selectFrom('options').select(['option_name', 'option_value']).execute();
    expect(Object.fromEntries(rows.map((row) => [row.option_name, row.option_value]))).toEqual({
      siteurl: SITE_URL,
      home: SITE_URL,
      posts_per_page: '10',
      permalink_structure: '/%postname%/',
      gmt_offset: '0',
      timezone_string: 'UTC',
      tribe_events_calendar_options: 'a:0:{}',
    });
  });

  it('writes builder rows that createDb with the same prefix reads back', async () => {
    const db = testDb.db;
    const venue = await insertVenue(db, { post_title: 'Hall', city: 'Springfield', state: 'IL' });
    const first = await insertOrganizer(db, { post_title: 'First Org', email: 'first@example.test' });
    const second = await insertOrganizer(db, { post_title: 'Second Org' });
    const category = await insertTerm(db, { taxonomy: 'tribe_events_cat', name: 'Food & Drink' });
    const event = await insertEvent(db, {
      post_title: 'Launch Party',
      start_date: '2026-12-10 18:00:00',
      end_date: '2026-12-10 20:30:00',
      timezone: 'America/New_York',
      venue: venue.id,
      organizers: [second.id, first.id],
      cost: '15',
      featured: true,
      categories: [category.term_taxonomy_id],
    });
    const draft = await insertEvent(db, { post_status: 'draft', categories: [category.term_taxonomy_id] });

    const post = await reader.selectFrom('posts').selectAll().where('ID', '=', event.id).executeTakeFirstOrThrow();
    expect(post).toMatchObject({
      post_type: 'tribe_events',
      post_status: 'publish',
      post_name: 'launch-party',
      guid: `${SITE_URL}/event/launch-party/`,
      post_date: '2026-11-21 22:40:00',
    });
    expect(await metaOf(reader, event.id)).toEqual([
      ['_EventOrigin', 'events-calendar'],
      ['_EventShowMapLink', ''],
      ['_EventShowMap', ''],
      ['_EventVenueID', String(venue.id)],
      ['_EventOrganizerID', String(second.id)],
      ['_EventOrganizerID', String(first.id)],
      ['_EventStartDate', '2026-12-10 18:00:00'],
      ['_EventEndDate', '2026-12-10 20:30:00'],
      ['_EventStartDateUTC', '2026-12-10 23:00:00'],
      ['_EventEndDateUTC', '2026-12-11 01:30:00'],
      ['_EventDuration', '9000'],
      ['_EventCost', '15'],
      ['_EventTimezone', 'America/New_York'],
      ['_EventTimezoneAbbr', 'EST'],
      ['_tribe_featured', '1'],
    ]);
    const occurrence = await reader
      .selectFrom('tec_occurrences')
      .selectAll()
      .where('post_id', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(occurrence).toMatchObject({
      occurrence_id: event.occurrence_id,
      event_id: event.event_id,
      start_date_utc: '2026-12-10 23:00:00',
      duration: 9000,
    });
    const term = await reader
      .selectFrom('term_taxonomy')
      .innerJoin('terms', 'terms.term_id', 'term_taxonomy.term_id')
      .select(['terms.name', 'terms.slug', 'term_taxonomy.count'])
      .where('term_taxonomy.term_taxonomy_id', '=', category.term_taxonomy_id)
      .executeTakeFirstOrThrow();
    // The draft carries the term too, but WordPress counts published posts only.
    expect(term).toEqual({ name: 'Food &amp; Drink', slug: 'food-drink', count: 1 });
    const draftPost = await reader.selectFrom('posts').selectAll().where('ID', '=', draft.id).executeTakeFirstOrThrow();
    expect(draftPost).toMatchObject({ post_name: '', post_date_gmt: '0000-00-00 00:00:00' });

    await setOption(db, 'posts_per_page', '5');
    const option = await reader
      .selectFrom('options')
      .select('option_value')
      .where('option_name', '=', 'posts_per_page')
      .executeTakeFirstOrThrow();
    expect(option.option_value).toBe('5');
  });
});

describe('TestDatabase.drop', () => {
  it('removes the database, and a second call is harmless', async () => {
    const testDb = await createTestDatabase({ prefix: 'custom_' });
    expect(await databaseExists(testDb.name)).toBe(true);
    await testDb.drop();
    expect(await databaseExists(testDb.name)).toBe(false);
    await testDb.drop();
  });
});

// The builders claim to store rows as WordPress and TEC do; rebuilding reference rows proves it.
describe('builders against the reference dump', () => {
  let reference: TestDatabase;
  let scratch: TestDatabase;

  beforeAll(async () => {
    [reference, scratch] = await Promise.all([
      createTestDatabase({ dump: 'reference' }),
      createTestDatabase({ dump: 'schema' }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([reference?.drop(), scratch?.drop()]);
  });

  async function eventInputFromReference(id: number): Promise<EventOverrides> {
    const post = await reference.db.selectFrom('posts').selectAll().where('ID', '=', id).executeTakeFirstOrThrow();
    const meta = await metaOf(reference.db, id);
    const one = (key: string) => meta.find(([k]) => k === key)?.[1] ?? undefined;
    const terms = await reference.db
      .selectFrom('term_relationships')
      .innerJoin('term_taxonomy', 'term_taxonomy.term_taxonomy_id', 'term_relationships.term_taxonomy_id')
      .select(['term_taxonomy.term_taxonomy_id', 'term_taxonomy.taxonomy'])
      .where('object_id', '=', id)
      .execute();
    return {
      ID: id,
      post_author: post.post_author,
      post_title: post.post_title,
      post_content: post.post_content,
      post_excerpt: post.post_excerpt,
      post_status: post.post_status,
      post_password: post.post_password,
      post_parent: post.post_parent,
      post_date: post.post_date,
      start_date: one('_EventStartDate'),
      end_date: one('_EventEndDate'),
      timezone: one('_EventTimezone'),
      all_day: one('_EventAllDay') === '1',
      cost: one('_EventCost'),
      website: one('_EventURL'),
      venue: one('_EventVenueID') === undefined ? undefined : Number(one('_EventVenueID')),
      organizers: meta.filter(([key]) => key === '_EventOrganizerID').map(([, value]) => Number(value)),
      featured: one('_tribe_featured') === '1',
      sticky: post.menu_order === -1,
      hide_from_listings: one('_EventHideFromUpcoming') === 'yes',
      show_map: one('_EventShowMap') === '1',
      show_map_link: one('_EventShowMapLink') === '1',
      categories: terms.filter((t) => t.taxonomy === 'tribe_events_cat').map((t) => t.term_taxonomy_id),
      tags: terms.filter((t) => t.taxonomy === 'post_tag').map((t) => t.term_taxonomy_id),
    };
  }

  async function customTableRows(db: Db, postId: number) {
    const event = await db
      .selectFrom('tec_events')
      .select(['post_id', 'start_date', 'end_date', 'timezone', 'start_date_utc', 'end_date_utc', 'duration', 'hash'])
      .where('post_id', '=', postId)
      .executeTakeFirst();
    const occurrence = await db
      .selectFrom('tec_occurrences')
      .select(['post_id', 'start_date', 'start_date_utc', 'end_date', 'end_date_utc', 'duration', 'hash'])
      .where('post_id', '=', postId)
      .executeTakeFirst();
    return { event, occurrence };
  }

  // 6: venue, organizer, cost, URL, featured; 7: all-day multi-day; 9: New York; 51: all-day in
  // Berlin, cost "Free"; 245: hidden; 246: sticky; 248: password, two organizers; 249: Berlin;
  // 241 draft and 243 pending (no slug, zero GMT dates, plain guid); 244 future (plain guid).
  it.each([6, 7, 9, 51, 241, 243, 244, 245, 246, 248, 249])('rebuilds event %i', async (id) => {
    await insertEvent(scratch.db, await eventInputFromReference(id));

    const [expectedPost, actualPost] = await Promise.all([postRow(reference.db, id), postRow(scratch.db, id)]);
    expect(actualPost).toEqual(expectedPost);
    expect(await metaOf(scratch.db, id)).toEqual(await metaOf(reference.db, id));
    expect(await customTableRows(scratch.db, id)).toEqual(await customTableRows(reference.db, id));
  });

  it('rebuilds venues 5 and 24 and organizer 4', async () => {
    await insertVenue(scratch.db, {
      ID: 5,
      post_title: 'Oracle Hall',
      post_date: '2026-11-21 22:37:11',
      address: '1 Main St',
      city: 'Springfield',
      country: 'United States',
      state: 'IL',
      zip: '62701',
      phone: '555-0100',
      website: 'https://hall.example.test',
    });
    await insertVenue(scratch.db, {
      ID: 24,
      post_title: 'Seed Venue 6 London',
      post_date: '2026-11-21 22:38:07',
      show_map: false,
      address: '105 Seed St',
      city: 'London',
      country: 'United Kingdom',
      province: 'London Region',
      zip: '10005',
      phone: '555-0205',
      website: 'https://venue6.example.test',
    });
    await insertOrganizer(scratch.db, {
      ID: 4,
      post_title: 'Oracle Org',
      post_date: '2026-11-21 22:37:09',
      phone: '555-0101',
      website: 'https://org.example.test',
      email: 'org@example.test',
    });
    for (const id of [5, 24, 4]) {
      const [expectedPost, actualPost] = await Promise.all([postRow(reference.db, id), postRow(scratch.db, id)]);
      expect(actualPost).toEqual(expectedPost);
      expect(await metaOf(scratch.db, id)).toEqual(await metaOf(reference.db, id));
    }
  });

  // DEFAULT_ROLES is the permission tests' oracle: each role must grant exactly what the
  // recorded site's roles grant, WordPress's defaults plus TEC's capabilities.
  it('builds roles that grant exactly the capabilities of the reference wp_user_roles', async () => {
    const option = await reference.db
      .selectFrom('options')
      .select('option_value')
      .where('option_name', '=', `${reference.prefix}user_roles`)
      .executeTakeFirstOrThrow();
    const stored = asRecord(maybeUnserialize(option.option_value));
    expect(Object.keys(stored).sort()).toEqual(Object.keys(DEFAULT_ROLES).sort());
    for (const [role, [name, capabilities]] of Object.entries(DEFAULT_ROLES)) {
      const storedRole = asRecord(stored[role]);
      expect(storedRole.name, role).toBe(name);
      const storedCapabilities = Object.entries(asRecord(storedRole.capabilities));
      // WordPress stores a granted capability as `true`; a `false` one would be a denial.
      expect(storedCapabilities.filter(([, granted]) => granted !== true), role).toEqual([]);
      const granted = storedCapabilities.map(([capability]) => capability).sort();
      expect(granted, role).toEqual([...new Set(capabilities)].sort());
      expect(new Set(capabilities).size, `${role} lists a capability twice`).toBe(capabilities.length);
    }
  });

  it('stores a term name and description as WordPress does', async () => {
    const { term_id, term_taxonomy_id } = await insertTerm(scratch.db, {
      taxonomy: 'tribe_events_cat',
      name: 'Food & Drink',
      description: 'Food & Drink events',
    });
    const row = await scratch.db
      .selectFrom('terms')
      .innerJoin('term_taxonomy', 'term_taxonomy.term_id', 'terms.term_id')
      .select(['name', 'slug', 'term_group', 'taxonomy', 'description', 'parent'])
      .where('term_taxonomy.term_taxonomy_id', '=', term_taxonomy_id)
      .executeTakeFirstOrThrow();
    const expected = await reference.db
      .selectFrom('terms')
      .innerJoin('term_taxonomy', 'term_taxonomy.term_id', 'terms.term_id')
      .select(['name', 'slug', 'term_group', 'taxonomy', 'description', 'parent'])
      .where('terms.term_id', '=', 11)
      .executeTakeFirstOrThrow();
    expect(row).toEqual(expected);
    expect(term_id).toBeGreaterThan(0);
  });
});
