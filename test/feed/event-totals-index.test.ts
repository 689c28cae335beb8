import { describe, expect, it } from 'vitest';
import { RECORDING_INSTANT } from '../contract/suite.js';
import { ROOT, agentFor } from '../http/support.js';
import { ManualClock, publishAsBinlog, sqlUpdatePostAsBinlog, useBinlogFeedApp } from './support.js';

/*
 * List totals counted in memory from the kept event dates (EventTotalsIndex) follow changes made
 * by SQL behind the service's back, reported as the binlog reports them: an event's dates moved
 * out of the window, an event trashed. A filter's first total loads its dates; its first after a
 * change is counted in SQL, the next window loads its dates again. Pages are read from the same
 * kept dates and list what SQL lists. Every URL is asked once (a new page size each time), so no
 * kept answer gives the total; the truth is a fresh app without a feed, which counts in SQL.
 */

const clock = new ManualClock(new Date(RECORDING_INSTANT));
const fixture = useBinlogFeedApp('reference', clock);
const WINDOW = 'start_date=2026-01-01&end_date=2027-12-31';
const OTHER_WINDOW = 'start_date=2026-06-01&end_date=2026-12-31';
const THIRD_WINDOW = 'start_date=2025-01-01&strict_dates=true';
const FOURTH_WINDOW = 'start_date=2026-03-01&end_date=2026-09-30';
let pageSize = 0;

/** The total the app answers for `query`, asked under a URL not asked before. */
async function totalOf(query: string): Promise<number> {
  pageSize += 1;
  const response = await fixture.app.agent.get(`${ROOT}/events?${query}&per_page=${pageSize}`);
  expect(response.status, response.text.slice(0, 300)).toBe(200);
  return (response.body as { total: number }).total;
}

/** The total a fresh app counts in SQL. */
async function truthOf(query: string): Promise<number> {
  const response = await agentFor(fixture.database, { now: RECORDING_INSTANT }).get(`${ROOT}/events?${query}`);
  expect(response.status).toBe(200);
  return (response.body as { total: number }).total;
}

/** `cache_{hits,misses}_total{cache="event_totals"}` from the app's /metrics. */
async function lookups(): Promise<{ hits: number; misses: number }> {
  const text = (await fixture.app.agent.get('/metrics')).text;
  const read = (outcome: string) => Number(new RegExp(`^cache_${outcome}_total\\{cache="event_totals"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
  return { hits: read('hits'), misses: read('misses') };
}

/** Published, listed events wholly inside WINDOW. */
async function eventsInWindow(): Promise<number[]> {
  const [rows] = await fixture.raw.query(
    `SELECT p.ID FROM wp_posts p JOIN wp_tec_occurrences o ON o.post_id = p.ID
     WHERE p.post_type = 'tribe_events' AND p.post_status = 'publish' AND o.start_date >= '2026-01-01 00:00:00' AND o.end_date <= '2027-12-31 23:59:59'
       AND NOT EXISTS (SELECT 1 FROM wp_postmeta h WHERE h.post_id = p.ID AND h.meta_key = '_EventHideFromUpcoming')
     ORDER BY p.ID`,
  );
  return (rows as { ID: number }[]).map((row) => Number(row.ID));
}

/** Moves an event's dates (its occurrence and its date meta) five years on by SQL, reported as the binlog would. */
async function moveDatesBySql(id: number): Promise<void> {
  const occurrences = async () => (await fixture.raw.query('SELECT * FROM wp_tec_occurrences WHERE post_id = ?', [id]))[0] as Record<string, unknown>[];
  const dateMeta = async () =>
    (await fixture.raw.query("SELECT * FROM wp_postmeta WHERE post_id = ? AND meta_key IN ('_EventStartDate', '_EventEndDate', '_EventStartDateUTC', '_EventEndDateUTC') ORDER BY meta_id", [id]))[0] as Record<string, unknown>[];
  const [occurrencesBefore, metaBefore] = [await occurrences(), await dateMeta()];
  await fixture.raw.query(
    `UPDATE wp_tec_occurrences SET start_date = start_date + INTERVAL 5 YEAR, end_date = end_date + INTERVAL 5 YEAR,
       start_date_utc = start_date_utc + INTERVAL 5 YEAR, end_date_utc = end_date_utc + INTERVAL 5 YEAR WHERE post_id = ?`,
    [id],
  );
  await fixture.raw.query(
    "UPDATE wp_postmeta SET meta_value = DATE_FORMAT(CAST(meta_value AS DATETIME) + INTERVAL 5 YEAR, '%Y-%m-%d %H:%i:%s') WHERE post_id = ? AND meta_key IN ('_EventStartDate', '_EventEndDate', '_EventStartDateUTC', '_EventEndDateUTC')",
    [id],
  );
  const [occurrencesAfter, metaAfter] = [await occurrences(), await dateMeta()];
  publishAsBinlog(fixture.feed, clock.now(), [
    { table: 'tec_occurrences', action: 'update', rows: occurrencesBefore.map((before, at) => ({ before, after: occurrencesAfter[at]! })) },
    { table: 'postmeta', action: 'update', rows: metaBefore.map((before, at) => ({ before, after: metaAfter[at]! })) },
  ]);
}

/** The whole answer to `query` from the app and from a fresh app reading SQL, with how many events it lists. */
async function sameAnswer(query: string): Promise<number> {
  const kept = await fixture.app.agent.get(`${ROOT}/events?${query}`);
  const truth = await agentFor(fixture.database, { now: RECORDING_INSTANT }).get(`${ROOT}/events?${query}`);
  expect(kept.status, query).toBe(truth.status);
  expect(kept.body, query).toEqual(truth.body);
  return (kept.body as { events?: unknown[] }).events?.length ?? 0;
}

describe('list totals from the kept event dates', () => {
  it('count windows in memory once the dates are loaded, as SQL counts them', async () => {
    const start = await lookups();
    expect(await totalOf(WINDOW)).toBe(await truthOf(WINDOW));
    expect(await totalOf(OTHER_WINDOW)).toBe(await truthOf(OTHER_WINDOW));
    expect(await totalOf(THIRD_WINDOW)).toBe(await truthOf(THIRD_WINDOW));
    const end = await lookups();
    // The first window loads the filter's dates, the next two are counted from them.
    expect(end.misses - start.misses).toBe(1);
    expect(end.hits - start.hits).toBe(2);
  });

  it('see an event whose dates SQL moved out of the window, and one SQL trashed', async () => {
    const total = await totalOf(WINDOW);
    expect(await totalOf(WINDOW)).toBe(total);
    const [moved, trashed] = await eventsInWindow();
    expect(trashed).toBeDefined();

    await moveDatesBySql(moved!);
    const afterMove = await totalOf(WINDOW);
    expect(afterMove).toBe(await truthOf(WINDOW));
    expect(afterMove).toBe(total - 1);

    await sqlUpdatePostAsBinlog(fixture.raw, fixture.feed, clock.now(), trashed!, 'post_status = ?', ['trash']);
    const afterTrash = await totalOf(WINDOW);
    expect(afterTrash).toBe(await truthOf(WINDOW));
    expect(afterTrash).toBe(total - 2);
    // After the changes: WINDOW was counted in SQL (above), the next window loads the dates again,
    // the windows after it are counted from them.
    const reloaded = await lookups();
    expect(await totalOf(OTHER_WINDOW)).toBe(await truthOf(OTHER_WINDOW));
    expect((await lookups()).misses - reloaded.misses).toBe(1);
    const before = await lookups();
    expect(await totalOf(THIRD_WINDOW)).toBe(await truthOf(THIRD_WINDOW));
    expect(await totalOf(FOURTH_WINDOW)).toBe(await truthOf(FOURTH_WINDOW));
    expect((await lookups()).hits - before.hits).toBe(2);
  });

  it('see a category list narrowed from the kept dates lose an event whose relationship SQL deleted', async () => {
    // A category with at least two events in WINDOW (among the events it counts).
    const [rows] = await fixture.raw.query(
      `SELECT t.slug, tr.object_id, tr.term_taxonomy_id FROM wp_term_relationships tr
         JOIN wp_term_taxonomy tt ON tt.term_taxonomy_id = tr.term_taxonomy_id AND tt.taxonomy = 'tribe_events_cat'
         JOIN wp_terms t ON t.term_id = tt.term_id
       WHERE tr.object_id IN (${(await eventsInWindow()).join(',')}) AND tt.parent = 0
       ORDER BY tt.count DESC, tr.object_id`,
    );
    const relationships = rows as { slug: string; object_id: number; term_taxonomy_id: number }[];
    const { slug } = relationships[0]!;
    const query = `${WINDOW}&categories=${slug}`;
    // The wider list's dates kept first, then the category's narrowed from them.
    await totalOf(WINDOW);
    const before = await lookups();
    const total = await totalOf(query);
    expect(total).toBe(await truthOf(query));
    expect(await totalOf(query)).toBe(total);
    expect((await lookups()).hits - before.hits).toBeGreaterThan(0);

    const dropped = relationships.find((row) => row.slug === slug)!;
    const [gone] = await fixture.raw.query('SELECT * FROM wp_term_relationships WHERE object_id = ? AND term_taxonomy_id = ?', [dropped.object_id, dropped.term_taxonomy_id]);
    await fixture.raw.query('DELETE FROM wp_term_relationships WHERE object_id = ? AND term_taxonomy_id = ?', [dropped.object_id, dropped.term_taxonomy_id]);
    publishAsBinlog(fixture.feed, clock.now(), [{ table: 'term_relationships', action: 'delete', rows: [{ before: (gone as Record<string, unknown>[])[0]! }] }]);
    // Counted in SQL after the change, then loaded (narrowed) again: both as SQL counts.
    for (let ask = 0; ask < 3; ask += 1) {
      const after = await totalOf(query);
      expect(after).toBe(await truthOf(query));
      expect(after).toBe(total - 1);
    }
  });

  it('load the dates again at the second page of one window after a change dropped them', async () => {
    const url = (page: number) => `${ROOT}/events?${FOURTH_WINDOW}&per_page=1&page=${page}`;
    expect((await fixture.app.agent.get(url(1))).status).toBe(200);
    const [moved] = await eventsInWindow();
    await moveDatesBySql(moved!);
    // Counted and paged in SQL after the change; the next page of the same window is a second ask.
    const first = await lookups();
    expect((await fixture.app.agent.get(url(2))).status).toBe(200);
    expect((await fixture.app.agent.get(url(3))).status).toBe(200);
    expect((await fixture.app.agent.get(url(4))).status).toBe(200);
    const after = await lookups();
    // Page 2: a miss (SQL); page 3: a miss (the load); page 4: a hit.
    expect(after.misses - first.misses).toBe(2);
    expect(after.hits - first.hits).toBe(1);
  });

  it('read every page of a window from the kept dates, as SQL lists it, before and after changes by SQL', async () => {
    const pages = async () => {
      let listed = 0;
      for (const window of [WINDOW, OTHER_WINDOW, THIRD_WINDOW, FOURTH_WINDOW]) {
        for (const page of [1, 2, 3]) listed += await sameAnswer(`${window}&per_page=2&page=${page}`);
      }
      return listed;
    };
    const start = await lookups();
    expect(await pages()).toBeGreaterThan(10);
    // Read from the kept dates (the pages an earlier test asked are answered whole from the cache).
    expect((await lookups()).hits - start.hits).toBeGreaterThan(5);
    const [moved] = await eventsInWindow();
    await moveDatesBySql(moved!);
    expect(await pages()).toBeGreaterThan(10);
  });
});
