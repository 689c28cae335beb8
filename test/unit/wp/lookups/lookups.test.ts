import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRequestMemo } from '../../../../src/http/request-context.js';
import { createLookups } from '../../../../src/wp/lookups/lookups.js';
import { selectLookups } from '../../../../src/wp/lookups/lookups.repository.js';
import { selectPostTypes } from '../../../../src/wp/posts/posts.repository.js';
import { selectTermsNamedBy, selectTermsOfTaxonomy } from '../../../../src/wp/terms/terms.repository.js';
import { createTestDatabase, type TestDatabase } from '../../../setup/database.js';
import { recordStatements, type StatementRecorder } from '../../../http/support.js';

/**
 * A request's lookups: in one statement, the answers the separate queries give (on MariaDB and
 * on SQLite); asked in the same turn, one statement for all; asked again, none.
 */

const CATEGORY = 'tribe_events_cat';
const TAG = 'post_tag';
/** Venues 19 and 20, organizers 29 and 30, event 6, no post 99999 (the recorded site). */
const POST_IDS = [19, 20, 29, 30, 6, 99999];
const TAG_LOOKUP = { ids: [13], slugs: ['free', 'kids'], names: ['free', 'Kids'] };

describe.each(['mysql', 'sqlite'] as const)('selectLookups on %s', (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase({ dump: 'reference', dialect });
  });
  afterAll(() => database?.drop());

  it('answers what the separate queries answer', async () => {
    const unknownTag = { taxonomy: TAG, ids: [], slugs: ['nope'], names: ['nope'] };
    const [found, postTypes, categories, tags] = await Promise.all([
      selectLookups(database.db, { postIds: POST_IDS, taxonomies: [CATEGORY], termsNamed: [{ taxonomy: TAG, ...TAG_LOOKUP }, unknownTag] }),
      selectPostTypes(database.db, POST_IDS),
      selectTermsOfTaxonomy(database.db, CATEGORY),
      selectTermsNamedBy(database.db, TAG, TAG_LOOKUP),
    ]);
    expect(found.postTypes).toEqual(postTypes);
    expect(found.postTypes.get(19)).toBe('tribe_venue');
    expect(found.postTypes.has(99999)).toBe(false);
    const byId = (a: { term_taxonomy_id: number }, b: { term_taxonomy_id: number }) => a.term_taxonomy_id - b.term_taxonomy_id;
    expect(categories.length).toBeGreaterThan(3);
    expect(found.termsOfTaxonomy.get(CATEGORY)).toEqual([...categories].sort(byId));
    expect(tags.length).toBe(3);
    expect(found.termsNamed[0]).toEqual([...tags].sort(byId));
    expect(found.termsNamed[1]).toEqual([]);
  });

  it('reads nothing for a request that asks nothing', async () => {
    const found = await selectLookups(database.db, { postIds: [], taxonomies: [], termsNamed: [{ taxonomy: TAG, ids: [], slugs: [], names: [] }] });
    expect(found).toEqual({ postTypes: new Map(), termsOfTaxonomy: new Map(), termsNamed: [[]] });
  });
});

describe('createLookups', () => {
  let database: TestDatabase;
  let recorder: StatementRecorder;
  beforeAll(async () => {
    database = await createTestDatabase({ dump: 'reference' });
    recorder = recordStatements(database);
  });
  afterAll(async () => {
    await recorder?.db.destroy();
    await database?.drop();
  });

  it('reads what is asked in the same turn in one statement, and what was asked before in none', async () => {
    const { memo, forgetMemo } = createRequestMemo();
    const lookups = createLookups(recorder.db, memo);
    recorder.clear();
    const [venues, organizers, categories, tags] = await Promise.all([
      lookups.postTypes([19, 20]),
      lookups.postTypes([29, 30, 99999]),
      lookups.termsOfTaxonomy(CATEGORY),
      lookups.termsNamedBy(TAG, TAG_LOOKUP),
    ]);
    expect(recorder.statements, recorder.statements.join('\n')).toHaveLength(1);
    expect(venues).toEqual(new Map([[19, 'tribe_venue'], [20, 'tribe_venue']]));
    expect(organizers).toEqual(new Map([[29, 'tribe_organizer'], [30, 'tribe_organizer']]));
    expect(categories.map((term) => term.slug)).toContain('music');
    expect(tags.map((term) => term.slug).sort()).toEqual(['free', 'kids', 'online']);

    // Asked again (in another order, a repeat, the unknown post too): remembered.
    recorder.clear();
    expect(await lookups.postTypes([30, 19, 19, 99999])).toEqual(new Map([[30, 'tribe_organizer'], [19, 'tribe_venue']]));
    expect(await lookups.termsOfTaxonomy(CATEGORY)).toBe(categories);
    expect(await lookups.termsNamedBy(TAG, TAG_LOOKUP)).toBe(tags);
    expect(recorder.statements, recorder.statements.join('\n')).toHaveLength(0);

    // Only what is new is read: post 6 alone.
    expect(await lookups.postTypes([19, 6])).toEqual(new Map([[19, 'tribe_venue'], [6, 'tribe_events']]));
    expect(recorder.queries.map((query) => query.parameters)).toEqual([[6]]);

    // Forgetting the request memo (after a write) forgets the lookups.
    forgetMemo();
    recorder.clear();
    await lookups.termsOfTaxonomy(CATEGORY);
    expect(recorder.statements).toHaveLength(1);
  });

  it('reads each turn of asking in a statement of its own', async () => {
    const lookups = createLookups(recorder.db, createRequestMemo().memo);
    recorder.clear();
    await lookups.postTypes([19]);
    await lookups.postTypes([29]);
    expect(recorder.statements).toHaveLength(2);
  });
});
