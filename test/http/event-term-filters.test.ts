import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCases, type ReferenceCase } from '../contract/captures.js';
import { recordedAt } from '../contract/suite.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { agentFor, ROOT } from './support.js';

/*
 * The events list's `categories` and `tags` filters (issue 20), as the plugin runs them on the
 * recorded site with some terms renamed. Its validator (Validator::is_term_of_taxonomy) asks
 * term_exists(): the sanitized slug, else the name (as stored, `R&B` being `R&amp;B`), compared by
 * the columns' case-insensitive collation. Its query (Archive_Event::parse_terms_query) asks only
 * get_term_by('slug') then get_term_by('id', (int) item): a term named but not slugged by the
 * filter passes the validator and then matches nothing, so the answer is an empty list.
 */

const cases = loadCases();
const recorded = (id: string): ReferenceCase => {
  const found = cases.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no case ${id}`);
  return found;
};
/** The plugin's answer for a list nothing matches, and the filters the dev-search cases sent. */
const EMPTY = recorded('dev-search.term-and-negation');
const RANGE = 'start_date=2026-09-01&end_date=2027-12-31';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  const rename = (termId: number, fields: { name?: string; slug?: string }) =>
    database.db.updateTable('terms').set(fields).where('term_id', '=', termId).execute();
  // Category 7 is named "Music" and now slugged "musique"; tag 14 named "Kids", slugged "enfants".
  await rename(7, { slug: 'musique' });
  await rename(14, { name: 'Kids', slug: 'enfants' });
  // Category 10 named "R&B" (stored escaped, as wp_insert_term stores it), slugged "rnb".
  await rename(10, { name: 'R&amp;B', slug: 'rnb' });
  // Category 9's name begins with another category's ID (8, Sports).
  await rename(9, { name: '8 Workshops' });
  // Category 5's slug stored with a capital, as an import may leave it.
  await rename(5, { slug: 'Meetups' });
});
afterAll(() => database?.drop());

async function list(filters: string) {
  const response = await agentFor(database, { now: recordedAt(EMPTY) }).get(`${ROOT}/events?${RANGE}&${filters}`);
  return response;
}

async function idsOf(filters: string): Promise<{ ids: number[]; total: number }> {
  const all: number[] = [];
  let total = 0;
  for (let page = 1; ; page++) {
    const response = await list(`${filters}&per_page=50&page=${page}`);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    all.push(...(response.body.events as { id: number }[]).map((event) => event.id));
    total = response.body.total as number;
    if (page >= (response.body.total_pages as number)) break;
  }
  return { ids: all, total };
}

/** The recorded empty answer, as it reads without the search that made it empty. */
function expectedEmpty() {
  const body = EMPTY.expect.body as { rest_url: string };
  return { ...body, rest_url: body.rest_url.replace('&search=live -concert', '') };
}

describe('a filter naming a term by a name its slug does not follow', () => {
  it.each(['categories=Music', 'categories=MUSIC', 'categories=music', 'tags=Kids', 'tags=kids', 'categories=R%26B'])(
    '%s: passes the validator (term_exists finds the name) and lists nothing, as the plugin answers',
    async (filters) => {
      const response = await list(filters);
      expect(response.status).toBe(200);
      expect(response.body).toEqual(expectedEmpty());
      expect(response.headers['x-tec-total']).toBe('0');
      expect(response.headers['x-tec-totalpages']).toBe('0');
    },
  );

  it('lists by the new slug what the recorded list by the old one held', async () => {
    const byOldSlug = recorded('events.list.cat-slug');
    const { ids, total } = await idsOf('categories=musique');
    expect(total).toBe((byOldSlug.expect.body as { total: number }).total);
    expect(ids.slice(0, 10)).toEqual((byOldSlug.expect.body as { events: { id: number }[] }).events.map((event) => event.id));
  });

  it('drops a name-only term from a list of several: `Music,sports` lists the sports events', async () => {
    expect(await idsOf('categories=Music,sports')).toEqual(await idsOf('categories=sports'));
    expect(await idsOf('tags=Kids,free')).toEqual(await idsOf('tags=free'));
  });

  it('takes `(int)` of a name the slug lookup missed as an ID: `8 Workshops` lists category 8', async () => {
    expect(await idsOf('categories=8%20Workshops')).toEqual(await idsOf('categories=8'));
  });

  it('compares slugs as the collation does: `meetups` finds the slug stored as `Meetups`', async () => {
    const { ids, total } = await idsOf('categories=meetups');
    expect(total).toBe(1);
    expect(ids).toHaveLength(1);
  });

  it('still refuses a term neither slug nor name names, as recorded', async () => {
    const unknown = recorded('events.list.cat-unknown');
    const response = await list('categories=nope');
    expect(response.status).toBe(unknown.expect.status);
    expect(response.body).toEqual(unknown.expect.body);
  });
});
