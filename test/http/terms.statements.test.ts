import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { insertEvent, insertTerm, type InsertedTerm } from '../builders/index.js';
import { ROOT, agentFor, recordStatements, type StatementRecorder } from './support.js';

/**
 * A category or tag list costs a fixed number of SQL statements whatever per_page is: one page
 * query and one count (plus, for the hierarchical categories, one read of the whole tree), never
 * one query per term for its count, parent or archive link.
 */
const TERMS_EACH = 25;

let database: TestDatabase;
let recorder: StatementRecorder;
let eventId: number;
const termIds: Record<'categories' | 'tags', number[]> = { categories: [], tags: [] };

beforeAll(async () => {
  database = await createTestDatabase();
  const categories: InsertedTerm[] = [];
  const tags: InsertedTerm[] = [];
  for (let i = 1; i <= TERMS_EACH; i += 1) {
    // Every fifth category is a child of the one before, so links need ancestor slugs.
    const parent = i % 5 === 0 ? categories[i - 2] : undefined;
    categories.push(await insertTerm(database.db, { taxonomy: 'tribe_events_cat', name: `Category ${i}`, parent: parent?.term_id }));
    tags.push(await insertTerm(database.db, { taxonomy: 'post_tag', name: `Tag ${i}` }));
  }
  termIds.categories = categories.map((term) => term.term_id);
  termIds.tags = tags.map((term) => term.term_id);
  eventId = (
    await insertEvent(database.db, {
      post_title: 'Everything',
      categories: categories.map((term) => term.term_taxonomy_id),
      tags: tags.map((term) => term.term_taxonomy_id),
    })
  ).id;
  recorder = recordStatements(database);
});

afterAll(async () => {
  await recorder?.db.destroy();
  await database?.drop();
});

async function countStatements(path: string): Promise<{ count: number; listed: number }> {
  const agent = agentFor(database, { db: recorder.db, now: '2026-11-21T23:16:07Z' });
  // The first request warms the site-settings cache so both counts see the same cache state.
  await agent.get(`${ROOT}/categories?per_page=1`);
  recorder.clear();
  const response = await agent.get(`${ROOT}/${path}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const body = response.body as { categories?: unknown[]; tags?: unknown[] };
  return { count: recorder.statements.length, listed: (body.categories ?? body.tags ?? []).length };
}

describe('term list statement count', () => {
  for (const resource of ['categories', 'tags'] as const) {
    it(`is the same for 1 and for 20 ${resource}`, async () => {
      const one = await countStatements(`${resource}?per_page=1`);
      const twenty = await countStatements(`${resource}?per_page=20`);
      expect(one.listed).toBe(1);
      expect(twenty.listed).toBe(20);
      expect(twenty.count).toBe(one.count);
      expect(one.count).toBeLessThanOrEqual(3);
    });

    it(`stays fixed for ${resource} with every filter that validates against the database`, async () => {
      const exclude = termIds[resource].slice(0, 2).join(',');
      const filters = `exclude=${exclude}&post=${eventId}&search=${resource === 'tags' ? 'Tag' : 'Category'}&orderby=count&order=desc`;
      const one = await countStatements(`${resource}?per_page=1&${filters}`);
      const twenty = await countStatements(`${resource}?per_page=20&${filters}`);
      expect(twenty.listed).toBe(20);
      expect(twenty.count).toBe(one.count);
    });
  }
});
