import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { loadTecV1Cases, replayTecV1Case, type TecV1Case } from '../contract/tec-v1-captures.js';

/**
 * tec/v1 lists whose sort value ties between posts: the service orders the ties by ID, ascending
 * for events, descending for venues and organizers (as the plugin's lists by one status come back,
 * read backwards through type_status_date); the plugin leaves them to MariaDB's sort heap, whose
 * pages repeat rows (TIED_ORDER in test/contract/tec-v1-selection.ts). Walked page by page, each
 * recorded list shows every matching post exactly once, as many as X-WP-Total says, in (value, ID)
 * order.
 */

let database: TestDatabase;
let agent: ReturnType<typeof supertest>;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  const config = loadConfig({ DATABASE_URL: database.url, NAMESPACES: 'tec/v1' });
  agent = supertest(createHandler({ db: database.db, config, clock: fixedClock('2026-11-26T21:07:40Z') }));
});

afterAll(async () => {
  await database?.drop();
});

interface Walked {
  total: number;
  rows: Record<string, unknown>[];
}

/** Every page of a recorded list (its query with `per_page` and `_fields` replaced), in order. */
async function walk(recorded: TecV1Case, fields: string, perPage: number): Promise<Walked> {
  const query = new URLSearchParams(recorded.query);
  query.set('per_page', String(perPage));
  query.set('_fields', fields);
  const rows: Record<string, unknown>[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    query.set('page', String(page));
    const replayed = await replayTecV1Case(agent, { ...recorded, query: query.toString() });
    expect(replayed.status, `page ${page}`).toBe(200);
    total = Number(replayed.headers['x-wp-total']);
    rows.push(...(replayed.body as Record<string, unknown>[]));
    if (page >= Number(replayed.headers['x-wp-totalpages'])) break;
  }
  return { total, rows };
}

function recordedCase(id: string): TecV1Case {
  return loadTecV1Cases().find((testCase) => testCase.id === `tecv1-dev.${id}`)!;
}

/** Whether each row comes after the one before by (key, ID), the key compared in `direction`, the ID in `ties`. */
function inOrder(rows: readonly Record<string, unknown>[], key: (row: Record<string, unknown>) => number | string, direction: 1 | -1, ties: 1 | -1): boolean {
  return rows.every((row, i) => {
    if (i === 0) return true;
    const before = rows[i - 1]!;
    const [a, b] = [key(before), key(row)];
    if (a !== b) return (a < b ? 1 : -1) === direction;
    return Math.sign(Number(row.id) - Number(before.id)) === ties;
  });
}

describe('tec/v1 lists with ties, page by page', () => {
  it.each([
    { id: 'events.read.list.orderby-menu-order', fields: 'id,sticky', key: (row: Record<string, unknown>) => (row.sticky === true ? -1 : 0), direction: 1 as const, ties: 1 as const },
    { id: 'events.read.list.orderby-modified-desc', fields: 'id,modified', key: (row: Record<string, unknown>) => String(row.modified), direction: -1 as const, ties: 1 as const },
    { id: 'venues.read.list.status-two-editor', fields: 'id,date', key: (row: Record<string, unknown>) => String(row.date), direction: -1 as const, ties: -1 as const },
  ])('$id: every post once, ties by ID', async ({ id, fields, key, direction, ties }) => {
    const { total, rows } = await walk(recordedCase(id), fields, 4);
    const ids = rows.map((row) => Number(row.id));
    expect(total).toBeGreaterThan(8);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    expect(inOrder(rows, key, direction, ties)).toBe(true);
    // The ties are real: some neighbours share the sort value.
    expect(rows.some((row, i) => i > 0 && key(row) === key(rows[i - 1]!))).toBe(true);
  });
});
