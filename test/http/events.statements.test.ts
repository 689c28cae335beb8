import { describe, expect, it } from 'vitest';
import { RECORDING_INSTANT } from '../contract/suite.js';
import { agentFor, countStatements, recordedDatabase, ROOT } from './support.js';

/**
 * A list costs a fixed number of SQL statements whatever per_page is: the page's meta, terms,
 * venues, organizers and images are loaded in batches, never once per event.
 */

/**
 * GET /events/248 (a venue, two organizers, a password): the event's post with its meta, its
 * terms, venue, organizers and their featured images, in one statement shared by the
 * permission checks.
 */
const SINGLE_EVENT_STATEMENTS = 1;
/**
 * An events list: the page (IDs in date order, with TEC's change marker), the page's posts with
 * their meta and terms, then their venues, organizers and featured images (with whatever the
 * descriptions render from) by ID. The total comes from the count cache after the warm-up.
 */
const LIST_STATEMENTS = 3;
/** Issue 9's limits: a list costs at most 4 statements whatever per_page, a single event at most 3. */
const LIST_LIMIT = 4;
const SINGLE_LIMIT = 3;
const WINDOW = 'start_date=2026-09-01&end_date=2027-12-31';
/** Issue 9's filters together; one event of the recorded site matches them all. */
const ALL_FILTERS = 'categories=music&tags=free&venue=19,20&organizer=29,30';
/** A filtered list: one statement more for the four validators' lookups, which the list then reuses. */
const FILTER_LOOKUP_STATEMENTS = 1;

const site = recordedDatabase('reference');

type ListedEvent = { venue: unknown; organizer: unknown[]; image: unknown };

/**
 * The events list at `query`, counted after a warm-up request: the statement count, how many
 * events it listed, and which linked records the page had to load (a batch with nothing to load
 * is skipped, so two pages only cost the same when both load the same kinds).
 */
async function countList(query: string): Promise<{ count: number; events: number; loads: string[]; statements: string[] }> {
  const counted = await countStatements<{ events: ListedEvent[] }>(site.database, site.recorder, `/events?${query}`, {
    warmUp: `/events?per_page=1&${WINDOW}`,
    now: RECORDING_INSTANT,
  });
  const events = counted.body.events;
  const loads = [
    events.some((event) => !Array.isArray(event.venue)) ? 'venues' : '',
    events.some((event) => event.organizer.length > 0) ? 'organizers' : '',
    events.some((event) => event.image !== false) ? 'images' : '',
  ].filter((kind) => kind !== '');
  return { count: counted.count, events: events.length, loads, statements: counted.statements };
}

describe('events list statement count', () => {
  it('is the same for 1 event and for 50 events with venues, organizers and terms', async () => {
    const one = await countList(`per_page=1&${WINDOW}`);
    const fifty = await countList(`per_page=50&${WINDOW}`);
    expect(one.events).toBe(1);
    expect(fifty.events).toBe(50);
    expect(one.loads).toEqual(['venues', 'organizers']);
    expect(fifty.loads).toEqual(one.loads);
    expect(fifty.count).toBe(one.count);
    expect(fifty.count, fifty.statements.join('\n')).toBe(LIST_STATEMENTS);
    expect(fifty.count).toBeLessThanOrEqual(LIST_LIMIT);
  });

  it('stays within the limit when the total is not cached yet (a filter this app never counted)', async () => {
    const counted = await countStatements<{ events: unknown[] }>(site.database, site.recorder, `/events?per_page=50&${WINDOW}&featured=false`, {
      warmUp: `/events?per_page=1&start_date=2027-01-01&end_date=2027-01-31`,
      now: RECORDING_INSTANT,
    });
    expect(counted.body.events).toHaveLength(50);
    // The page, the count, the posts with meta and terms, the linked posts with images.
    expect(counted.statements.filter((statement) => statement.startsWith('select count('))).toHaveLength(1);
    expect(counted.count, counted.statements.join('\n')).toBeLessThanOrEqual(LIST_LIMIT);
  });

  // Each filter alone, so the larger page really holds 20 matching events: a lookup run once per
  // listed event would make the two counts differ. Two events on the small page, because the first
  // `tags=free` event has no venue.
  it.each(['venue=19,20', 'organizer=29,30', 'categories=music', 'tags=free'])(
    'stays fixed for 2 and 20 events filtered by %s',
    async (filter) => {
      const two = await countList(`per_page=2&${WINDOW}&${filter}`);
      const twenty = await countList(`per_page=20&${WINDOW}&${filter}`);
      expect(two.events).toBe(2);
      expect(twenty.events).toBe(20);
      expect(two.loads).toEqual(['venues', 'organizers']);
      expect(twenty.loads).toEqual(two.loads);
      expect(twenty.count).toBe(two.count);
    },
  );

  it('spends one statement on the filter lookups of a list filtered by category, tag, venue and organizer', async () => {
    const count = (query: string) =>
      countStatements<{ events: unknown[] }>(site.database, site.recorder, `/events?${query}`, { warmUp: `/events?${query}`, now: RECORDING_INSTANT });
    const unfiltered = await count(`per_page=5&${WINDOW}`);
    const filtered = await count(`per_page=5&${WINDOW}&${ALL_FILTERS}`);
    expect(unfiltered.count, unfiltered.statements.join('\n')).toBe(LIST_STATEMENTS);
    expect(filtered.body.events).toHaveLength(1);
    expect(filtered.count, filtered.statements.join('\n')).toBe(unfiltered.count + FILTER_LOOKUP_STATEMENTS);
    expect(filtered.count).toBeLessThanOrEqual(LIST_LIMIT);
  });

  it('spends one statement on the filter lookups when the filtered total is not cached yet', async () => {
    const count = (query: string) =>
      countStatements<{ events: unknown[] }>(site.database, site.recorder, `/events?${query}`, {
        warmUp: `/events?per_page=1&start_date=2027-01-01&end_date=2027-01-31`,
        now: RECORDING_INSTANT,
      });
    const unfiltered = await count(`per_page=5&${WINDOW}&featured=false`);
    const filtered = await count(`per_page=5&${WINDOW}&featured=false&${ALL_FILTERS}`);
    expect(filtered.body.events).toHaveLength(1);
    expect(filtered.statements.filter((statement) => statement.startsWith('select count('))).toHaveLength(1);
    // The page, the count, the posts, what they link to: 4; the lookups: 1 (they cost 6 when each
    // validator and the list read its own).
    expect(unfiltered.count, unfiltered.statements.join('\n')).toBe(LIST_STATEMENTS + 1);
    expect(filtered.count, filtered.statements.join('\n')).toBe(unfiltered.count + FILTER_LOOKUP_STATEMENTS);
  });

  it('checks every filter of a refused list in one statement, and names the refused ones in arg order', async () => {
    const agent = agentFor(site.database, { db: site.recorder.db, now: RECORDING_INSTANT });
    await agent.get(`${ROOT}/events?per_page=1&${WINDOW}`);
    site.recorder.clear();
    // Category `nope`, tag `nope`, event 6 as a venue and no post 99999 as an organizer, with
    // post_parent 19 (a venue, not an event) and the valid page between them.
    const response = await agent.get(`${ROOT}/events?post_parent=19&organizer=29,99999&venue=6&tags=free,nope&page=1&categories=music,nope`);
    expect(site.recorder.statements, site.recorder.statements.join('\n')).toHaveLength(1);
    expect(response.status).toBe(400);
    const params = Object.fromEntries(['categories', 'tags', 'venue', 'organizer', 'post_parent'].map((name) => [name, 'Invalid parameter.']));
    expect(JSON.stringify(response.body)).toBe(
      JSON.stringify({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): categories, tags, venue, organizer, post_parent',
        data: { status: 400, params, details: [] },
      }),
    );
  });

  it('keeps a single event read to a fixed number of statements', async () => {
    const counted = await countStatements(site.database, site.recorder, '/events/248?password=letmein', {
      warmUp: '/events/6',
      now: RECORDING_INSTANT,
    });
    expect(counted.count, counted.statements.join('\n')).toBe(SINGLE_EVENT_STATEMENTS);
    expect(counted.count).toBeLessThanOrEqual(SINGLE_LIMIT);
  });
});
