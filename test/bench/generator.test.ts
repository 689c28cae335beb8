import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateSite, planSite, type GeneratedSite, type SitePlan } from '../../bench/support/generator/index.js';
import { Zones, formatWallTime, parseWallTime } from '../../bench/support/generator/zones.js';
import { insertEvent, insertOrganizer, insertTerm, insertVenue, localToUtc } from '../builders/index.js';
import { ROOT, agentFor } from '../http/support.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';

/*
 * The large-site generator (bench/support/generator) writes what test/builders would: a site of
 * 200 events is generated into one database, and the same plan (the builders' inputs) is replayed
 * through insertTerm / insertVenue / insertOrganizer / insertEvent into another. Every row of the
 * tables they write must be equal, IDs included (both start from empty tables, the builders get
 * their IDs from AUTO_INCREMENT in the same order).
 */

const EVENTS = 200;
const SEED = 7;

let generated: TestDatabase;
let twin: TestDatabase;
let site: GeneratedSite;
let plan: SitePlan;

beforeAll(async () => {
  [generated, twin] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  site = await generateSite(generated.db, { events: EVENTS, seed: SEED });

  plan = planSite({ events: EVENTS, seed: SEED });
  for (const term of plan.terms) {
    // No slug given: the builder derives it from the name, as the generator's must be.
    const { taxonomy, name, parent, description } = term.input;
    const inserted = await insertTerm(twin.db, { taxonomy, name, parent, description });
    expect(inserted).toEqual({ term_id: term.term_id, term_taxonomy_id: term.term_taxonomy_id });
  }
  for (const venue of plan.venues) await insertVenue(twin.db, venue.overrides);
  for (const organizer of plan.organizers) await insertOrganizer(twin.db, organizer.overrides);
  for (const event of plan.events()) await insertEvent(twin.db, event.overrides);
}, 60_000);

afterAll(async () => {
  await Promise.all([generated?.drop(), twin?.drop()]);
});

const TABLES: ReadonlyArray<readonly [table: string, orderBy: string]> = [
  ['posts', 'ID'],
  ['postmeta', 'meta_id'],
  ['terms', 'term_id'],
  ['term_taxonomy', 'term_taxonomy_id'],
  ['term_relationships', 'object_id, term_taxonomy_id'],
  ['tec_events', 'event_id'],
  ['tec_occurrences', 'occurrence_id'],
];

async function rowsOf(database: TestDatabase, table: string, orderBy: string): Promise<unknown[]> {
  const result = await sql.raw(`SELECT * FROM \`${database.prefix}${table}\` ORDER BY ${orderBy}`).execute(database.db);
  return result.rows;
}

describe('generateSite writes what the builders write', () => {
  it.each(TABLES)('%s: every row equal to the builders\' twin', async (table, orderBy) => {
    const [mine, theirs] = await Promise.all([rowsOf(generated, table, orderBy), rowsOf(twin, table, orderBy)]);
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.length).toBe(theirs.length);
    // Row by row, so a failure names the first row that differs instead of printing thousands.
    for (let index = 0; index < mine.length; index += 1) {
      expect(mine[index], `${table} row ${index}`).toEqual(theirs[index]);
    }
  });

  it('writes the site the plan describes: N events, N/50 venues, N/40 organizers, 20 categories, 50 tags', async () => {
    const count = async (type: string) =>
      Number(
        (
          await generated.db
            .selectFrom('posts')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('post_type', '=', type)
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('tribe_events')).toBe(EVENTS);
    expect(await count('tribe_venue')).toBe(EVENTS / 50);
    expect(await count('tribe_organizer')).toBe(EVENTS / 40);
    expect(plan.categories).toHaveLength(20);
    expect(plan.categories.some((term) => term.input.parent > 0)).toBe(true);
    expect(plan.tags).toHaveLength(50);
    expect(site.eventIds).toEqual({ first: plan.firstEventId, last: plan.firstEventId + EVENTS - 1 });
    expect(site.rows.tec_occurrences).toBe(EVENTS);
  });

  it('term counts are the published events carrying each term', async () => {
    const result = await sql
      .raw<{ term_taxonomy_id: number; count: number; published: number; linked: number }>(
        `SELECT tt.term_taxonomy_id, tt.count,
           (SELECT COUNT(*) FROM \`wp_term_relationships\` r JOIN \`wp_posts\` p ON p.ID = r.object_id
             WHERE r.term_taxonomy_id = tt.term_taxonomy_id AND p.post_status = 'publish') AS published,
           (SELECT COUNT(*) FROM \`wp_term_relationships\` r WHERE r.term_taxonomy_id = tt.term_taxonomy_id) AS linked
         FROM \`wp_term_taxonomy\` tt ORDER BY tt.term_taxonomy_id`,
      )
      .execute(generated.db);
    for (const row of result.rows) expect(Number(row.count), `term_taxonomy ${row.term_taxonomy_id}`).toBe(Number(row.published));
    // Some links are to unpublished events, so counting every link would have been wrong.
    const linked = result.rows.reduce((sum, row) => sum + Number(row.linked), 0);
    const counted = result.rows.reduce((sum, row) => sum + Number(row.count), 0);
    expect(counted).toBeGreaterThan(0);
    expect(counted).toBeLessThan(linked);
    const categoryIds = new Set(plan.categories.map((term) => term.term_taxonomy_id));
    const categoryCounts = result.rows.filter((row) => categoryIds.has(Number(row.term_taxonomy_id))).map((row) => Number(row.count));
    expect(site.category.events).toBe(Math.max(...categoryCounts));
  });

  it('rebuilds the secondary indexes the schema declares', async () => {
    for (const table of ['posts', 'postmeta', 'term_relationships', 'tec_events', 'tec_occurrences']) {
      const definition = async (database: TestDatabase) => {
        const result = await sql.raw<Record<string, string>>(`SHOW CREATE TABLE \`wp_${table}\``).execute(database.db);
        return String(Object.values(result.rows[0]!)[1]).replace(/ AUTO_INCREMENT=\d+/, '');
      };
      const mine = await definition(generated);
      expect(mine).toMatch(/KEY/);
      expect(mine, table).toBe(await definition(twin));
    }
  });

  it('refuses to fill tables that hold rows', async () => {
    await expect(generateSite(generated.db, { events: 1 })).rejects.toThrow(/empty tables only/);
  });
});

describe('the generated site', () => {
  it('is served: GET /events answers 200 with the upcoming events', async () => {
    const response = await agentFor(generated, { now: site.now }).get(`${ROOT}/events`);
    expect(response.status, JSON.stringify(response.body).slice(0, 500)).toBe(200);
    const body = response.body as { events: Array<{ id: number; start_date: string }>; total: number };
    expect(body.events.length).toBeGreaterThan(0);
    expect(body.total).toBeGreaterThan(body.events.length);
    for (const event of body.events) {
      expect(event.id).toBeGreaterThanOrEqual(site.eventIds.first);
      expect(event.id).toBeLessThanOrEqual(site.eventIds.last);
    }
    const single = await agentFor(generated, { now: site.now }).get(`${ROOT}/events/${site.eventId}`);
    expect(single.status).toBe(200);
    expect((single.body as { id: number }).id).toBe(site.eventId);
  });

  it('has the variety a real calendar has', () => {
    const events = [...plan.events()].map((event) => event.overrides);
    const zones = new Set(events.map((event) => event.timezone));
    expect(zones.size).toBeGreaterThanOrEqual(6);
    expect(events.some((event) => event.all_day)).toBe(true);
    expect(events.some((event) => !event.all_day && event.end_date!.slice(0, 10) !== event.start_date!.slice(0, 10))).toBe(true);
    expect(events.some((event) => event.featured)).toBe(true);
    expect(events.some((event) => event.cost !== undefined)).toBe(true);
    expect(events.some((event) => event.website !== undefined)).toBe(true);
    expect(events.some((event) => (event.organizers?.length ?? 0) > 1)).toBe(true);
    expect(new Set(events.map((event) => event.post_status)).size).toBeGreaterThan(1);
    const now = formatWallTime(plan.now);
    expect(events.some((event) => event.start_date! < now)).toBe(true);
    expect(events.some((event) => event.start_date! > now)).toBe(true);
    // Sticky and hidden events are 1 in 100: the first thousand events hold some.
    const more = [...planSite({ events: 1000, seed: SEED }).events()].map((event) => event.overrides);
    expect(more.some((event) => event.sticky)).toBe(true);
    expect(more.some((event) => event.hide_from_listings)).toBe(true);
  });

  it('is the same for a seed and different for another', () => {
    const first = [...planSite({ events: 20, seed: 3 }).events()];
    expect([...planSite({ events: 20, seed: 3 }).events()]).toEqual(first);
    expect([...planSite({ events: 20, seed: 4 }).events()]).not.toEqual(first);
  });

  it('centres the calendar on --now, not the wall clock', () => {
    const planned = planSite({ events: 1, now: '2030-01-15' });
    expect(formatWallTime(planned.now)).toBe('2030-01-15 00:00:00');
    expect(formatWallTime(planned.window.from)).toBe('2025-01-15 00:00:00');
    expect(formatWallTime(planned.window.to)).toBe('2035-01-15 00:00:00');
    expect(formatWallTime(planSite({ events: 1 }).now)).toBe('2026-11-24 00:00:00');
  });
});

describe('Zones (the fast wall time -> UTC of the generator)', () => {
  it('agrees with the builder around every 2026 DST switch, gaps and repeated hours included', () => {
    const zones = new Zones(Date.UTC(2021, 0, 1), Date.UTC(2031, 0, 1));
    const days = ['2026-03-08', '2026-03-29', '2026-10-25', '2026-11-01', '2026-06-15'];
    for (const zone of ['America/New_York', 'America/Los_Angeles', 'Europe/London', 'Europe/Berlin', 'Asia/Tokyo', 'Asia/Kolkata']) {
      for (const day of days) {
        for (let minutes = 0; minutes < 24 * 60; minutes += 30) {
          const wall = `${day} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
          expect(formatWallTime(zones.get(zone).toUtc(parseWallTime(wall))), `${zone} ${wall}`).toBe(localToUtc(wall, zone));
        }
      }
    }
  });
});
