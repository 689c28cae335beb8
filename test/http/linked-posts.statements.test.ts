import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { insertEvent, insertOrganizer, insertPost, insertPostMeta, insertVenue } from '../builders/index.js';
import { ROOT, agentFor, recordStatements, type StatementRecorder } from './support.js';

/**
 * A venue or organizer list costs a fixed number of SQL statements whatever per_page is: the
 * filters are conditions of one count and one page query, and the page's posts, meta and
 * featured images are loaded in batches, never once per venue or organizer.
 */
const RECORDS = 25;

let database: TestDatabase;
let recorder: StatementRecorder;

async function insertImage(postId: number, index: number): Promise<void> {
  const { id } = await insertPost(database.db, {
    post_type: 'attachment',
    post_status: 'inherit',
    post_mime_type: 'image/jpeg',
    post_title: `Image ${index}`,
  });
  await insertPostMeta(database.db, id, [['_wp_attached_file', `2026/11/image-${index}.jpg`]]);
  await insertPostMeta(database.db, postId, [['_thumbnail_id', String(id)]]);
}

beforeAll(async () => {
  database = await createTestDatabase();
  for (let index = 0; index < RECORDS; index += 1) {
    const venue = await insertVenue(database.db, { post_title: `Hall ${index}`, city: 'Springfield' });
    const organizer = await insertOrganizer(database.db, { post_title: `Host ${index}`, email: `host${index}@example.test` });
    await insertImage(venue.id, index);
    await insertImage(organizer.id, RECORDS + index);
    await insertEvent(database.db, {
      start_date: `2026-12-${String((index % 28) + 1).padStart(2, '0')} 10:00:00`,
      venue: venue.id,
      organizers: [organizer.id],
    });
  }
  recorder = recordStatements(database);
});

afterAll(async () => {
  await recorder?.db.destroy();
  await database?.drop();
});

async function countStatements(path: string): Promise<{ count: number; items: unknown[] }> {
  const agent = agentFor(database, { db: recorder.db });
  // The first request warms the site-settings cache so both counts see the same cache state.
  await agent.get(`${ROOT}/venues?per_page=1`);
  recorder.clear();
  const response = await agent.get(`${ROOT}${path}`);
  expect(response.status).toBe(200);
  const body = response.body as { venues?: unknown[]; organizers?: unknown[] };
  return { count: recorder.statements.length, items: body.venues ?? body.organizers ?? [] };
}

describe.each(['venues', 'organizers'])('%s list statement count', (resource) => {
  const search = resource === 'venues' ? 'springfield' : 'example';

  it('is the same for 1 and for 20 records, each with a featured image', async () => {
    const one = await countStatements(`/${resource}?per_page=1`);
    const twenty = await countStatements(`/${resource}?per_page=20`);
    expect(one.items).toHaveLength(1);
    expect(twenty.items).toHaveLength(20);
    expect((twenty.items as { image?: unknown }[]).every((item) => typeof item.image === 'object')).toBe(true);
    expect(twenty.count).toBe(one.count);
  });

  it('stays fixed with every filter applied at once', async () => {
    const filters = `search=${search}&has_events=1&only_with_upcoming=1`;
    const one = await countStatements(`/${resource}?per_page=1&${filters}`);
    const twenty = await countStatements(`/${resource}?per_page=20&${filters}`);
    expect(one.items).toHaveLength(1);
    // Only the first page of upcoming events counts (posts_per_page = 10 on this site).
    expect(twenty.items).toHaveLength(10);
    expect(twenty.count).toBe(one.count);
  });
});
