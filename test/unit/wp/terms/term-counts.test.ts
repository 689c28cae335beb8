import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countPublishedObjects, countPublishedObjectsOfEach, updateTermCounts } from '../../../../src/wp/terms/term-writes.repository.js';
import { attachTerms, insertPost, insertTerm } from '../../../builders/index.js';
import { createTestDatabase, type TestDatabase } from '../../../setup/database.js';

/**
 * The recount of a write's terms in one statement (countPublishedObjectsOfEach, updateTermCounts)
 * against _update_post_term_count term by term (countPublishedObjects, one UPDATE each): the same
 * counts for terms of taxonomies with different post types, attachments counted apart.
 */
let database: TestDatabase;
const terms: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const { db } = database;
  for (const [key, taxonomy] of [['music', 'tribe_events_cat'], ['free', 'post_tag'], ['empty', 'post_tag'], ['photos', 'category']] as const) {
    terms[key] = (await insertTerm(db, { name: key, taxonomy })).term_taxonomy_id;
  }
  const post = async (post_type: string, post_status: string, termKeys: string[], post_parent = 0) => {
    const { id } = await insertPost(db, { post_type, post_status, post_parent });
    await attachTerms(db, id, termKeys.map((key) => terms[key]!));
    return id;
  };
  await post('tribe_events', 'publish', ['music', 'free']);
  await post('tribe_events', 'publish', ['music']);
  await post('tribe_events', 'draft', ['music', 'free']);
  await post('post', 'publish', ['free', 'music']); // music counts events only
  const parent = await post('post', 'publish', ['photos']);
  await post('attachment', 'inherit', ['photos'], parent);
  await post('attachment', 'inherit', ['photos']);
});
afterAll(() => database?.drop());

describe('countPublishedObjectsOfEach', () => {
  it('counts each term as countPublishedObjects does, in one statement for those counted by post type', async () => {
    const rules = [
      { termTaxonomyId: terms.music!, postTypes: ['tribe_events'], countAttachments: false },
      { termTaxonomyId: terms.free!, postTypes: ['post', 'tribe_events'], countAttachments: false },
      { termTaxonomyId: terms.empty!, postTypes: ['post', 'tribe_events'], countAttachments: false },
      { termTaxonomyId: terms.photos!, postTypes: ['post'], countAttachments: true },
    ];
    const together = await countPublishedObjectsOfEach(database.db, rules);
    const apart = new Map<number, number>();
    for (const rule of rules) apart.set(rule.termTaxonomyId, await countPublishedObjects(database.db, rule.termTaxonomyId, rule.postTypes, rule.countAttachments));
    expect(together).toEqual(apart);
    expect([...together.values()]).toEqual([2, 2, 0, 2]);
  });

  it('stores several counts in one UPDATE, each row its own', async () => {
    await updateTermCounts(database.db, new Map([[terms.music!, 7], [terms.free!, 3]]));
    const rows = await database.db.selectFrom('term_taxonomy').select(['term_taxonomy_id', 'count']).where('term_taxonomy_id', 'in', [terms.music!, terms.free!, terms.empty!]).orderBy('term_taxonomy_id').execute();
    expect(rows.map((row) => [row.term_taxonomy_id, Number(row.count)])).toEqual([[terms.music!, 7], [terms.free!, 3], [terms.empty!, 0]]);
  });
});
