import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../src/db/create-db.js';
import { Taxonomy, TecCacheKey } from '../../../../src/wp/constants.js';
import { ChangeSet } from '../../../../src/wp/write/change-set.js';
import type { Viewer } from '../../../../src/wp/auth/capabilities.js';
import { loadSiteSettings } from '../../../../src/wp/site/site.js';
import type { WriteScope } from '../../../../src/wp/write/transaction.js';
import {
  deleteTerm,
  insertTerm,
  setObjectTerms,
  updateTerm,
  updateTermCountOnTransition,
} from '../../../../src/wp/terms/term-writes.js';
import { insertPost } from '../../../builders/index.js';
import { inRolledBackWrite as rolledBack } from '../../../setup/rolled-back-write.js';
import { createTestDatabase, type TestDatabase } from '../../../setup/database.js';

/*
 * The term writes on the recorded site (fixtures/reference/db.sql), each run in a transaction
 * that is rolled back afterwards, so every test starts from the recorded state. Counts are
 * checked against what the plugin stored in the captures (`db_after.wp_term_taxonomy`).
 */

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
});

afterAll(async () => {
  await database?.drop();
});


/** An administrator: term writes themselves do not look at capabilities (the routes did). */
const TERM_WRITER: Viewer = { userId: 1, capabilities: new Set(['manage_categories', 'publish_tribe_events']) };

/** Runs `work` in a transaction, hands its result and notes to `check` inside it, then rolls back. */
async function inRolledBackWrite<T>(
  work: (scope: WriteScope) => Promise<T>,
  check: (result: T, changes: ChangeSet, trx: Db) => Promise<void>,
): Promise<void> {
  const site = await loadSiteSettings(database.db);
  await rolledBack(database.db, { now: new Date('2026-11-24T17:00:00Z'), site, viewer: TERM_WRITER }, async (scope, trx) => {
    const result = await work(scope);
    // The recounts the write left for its commit.
    await scope.beforeCommit.run();
    await check(result, scope.changes, trx);
  });
}

async function counts(trx: Db, ids: number[]): Promise<Record<number, number>> {
  const rows = await trx
    .selectFrom('term_taxonomy')
    .select(['term_taxonomy_id', 'count'])
    .where('term_taxonomy_id', 'in', ids)
    .execute();
  return Object.fromEntries(rows.map((row) => [row.term_taxonomy_id, row.count]));
}

async function option(trx: Db, name: string): Promise<string | undefined> {
  const row = await trx.selectFrom('options').select('option_value').where('option_name', '=', name).executeTakeFirst();
  return row?.option_value;
}

async function term(trx: Db, termId: number) {
  return trx
    .selectFrom('terms')
    .innerJoin('term_taxonomy', 'term_taxonomy.term_id', 'terms.term_id')
    .select(['terms.name', 'terms.slug', 'term_taxonomy.parent', 'term_taxonomy.description', 'term_taxonomy.count'])
    .where('terms.term_id', '=', termId)
    .executeTakeFirst();
}

/** The fields of an event post the term count transition reads. */
function event(id: number) {
  return { ID: id, post_type: 'tribe_events', post_parent: 0 };
}

async function setStatus(trx: Db, postId: number, status: string): Promise<void> {
  await trx.updateTable('posts').set({ post_status: status }).where('ID', '=', postId).execute();
}

describe('term counts (_update_post_term_count), as the plugin stored them', () => {
  it('a published event drafted: each of its terms loses one (cw.up.status-draft)', async () => {
    await inRolledBackWrite(
      async (scope) => {
        await setStatus(scope.trx, 46, 'draft');
        await updateTermCountOnTransition(scope, event(46), 'draft', 'publish');
      },
      async (_result, changes, trx) => {
        expect(await counts(trx, [7, 10, 14])).toEqual({ 7: 55, 10: 47, 14: 48 });
        expect([...changes.terms]).toEqual([
          [7, Taxonomy.eventCategory],
          [10, Taxonomy.eventCategory],
          [14, Taxonomy.tag],
        ]);
      },
    );
  });

  it('a trashed event no longer counts; its relationships stay (events.write.delete)', async () => {
    await inRolledBackWrite(
      async (scope) => {
        await setStatus(scope.trx, 37, 'trash');
        await updateTermCountOnTransition(scope, event(37), 'trash', 'publish');
      },
      async (_result, _changes, trx) => {
        expect(await counts(trx, [7, 12, 13, 16])).toEqual({ 7: 55, 12: 35, 13: 33, 16: 35 });
        const kept = await trx.selectFrom('term_relationships').select('term_taxonomy_id').where('object_id', '=', 37).execute();
        expect(kept).toHaveLength(4);
      },
    );
  });

  it('a draft published: its category gains one (cw.up.draft-publish)', async () => {
    await inRolledBackWrite(
      async (scope) => {
        await setStatus(scope.trx, 241, 'publish');
        await updateTermCountOnTransition(scope, event(241), 'publish', 'draft');
      },
      async (_result, _changes, trx) => {
        expect(await counts(trx, [9])).toEqual({ 9: 53 });
      },
    );
  });

  it('a published event scheduled (`future`) no longer counts; a move between uncounted statuses recounts nothing', async () => {
    await inRolledBackWrite(
      async (scope) => {
        await setStatus(scope.trx, 46, 'future');
        await updateTermCountOnTransition(scope, event(46), 'future', 'publish');
      },
      async (_result, _changes, trx) => {
        expect(await counts(trx, [7, 10, 14])).toEqual({ 7: 55, 10: 47, 14: 48 });
      },
    );
    await inRolledBackWrite(
      async (scope) => {
        await setStatus(scope.trx, 241, 'future');
        await updateTermCountOnTransition(scope, event(241), 'future', 'draft');
      },
      async (_result, changes, trx) => {
        expect(await counts(trx, [9])).toEqual({ 9: 52 });
        expect([...changes.terms]).toEqual([]);
      },
    );
  });

  it('terms set on a published event are counted (cw.ev.cats-csv), a replaced one recounted (cw.up.cats-replace)', async () => {
    await inRolledBackWrite(
      async (scope) => {
        const event = await insertPost(scope.trx, { post_type: 'tribe_events', post_status: 'publish', post_title: 'New Event' });
        return { id: event.id, set: await setObjectTerms(scope, event.id, 'tribe_events', Taxonomy.eventCategory, [7, 8]) };
      },
      async ({ id, set }, changes, trx) => {
        expect(set).toEqual({ termTaxonomyIds: [7, 8], changed: true });
        expect(await counts(trx, [7, 8])).toEqual({ 7: 57, 8: 42 });
        expect(changes.relationships.get(id)).toEqual(new Set([Taxonomy.eventCategory, Taxonomy.tag]));
      },
    );
    await inRolledBackWrite(
      (scope) => setObjectTerms(scope, 42, 'tribe_events', Taxonomy.eventCategory, [10]),
      async (_result, _changes, trx) => {
        expect(await counts(trx, [8, 10])).toEqual({ 8: 40, 10: 49 });
        const rows = await trx.selectFrom('term_relationships').select(['term_taxonomy_id', 'term_order']).where('object_id', '=', 42).execute();
        expect(rows.filter((row) => [8, 10].includes(row.term_taxonomy_id))).toEqual([{ term_taxonomy_id: 10, term_order: 0 }]);
      },
    );
  });

  it('append keeps the other terms; IDs of another taxonomy or of no term are skipped', async () => {
    await inRolledBackWrite(
      (scope) => setObjectTerms(scope, 42, 'tribe_events', Taxonomy.eventCategory, [10, 12, 99999], true),
      async (set, _changes, trx) => {
        expect(set).toEqual({ termTaxonomyIds: [10], changed: true });
        const rows = await trx.selectFrom('term_relationships').select('term_taxonomy_id').where('object_id', '=', 42).execute();
        expect(rows.map((row) => row.term_taxonomy_id)).toEqual(expect.arrayContaining([8, 10]));
      },
    );
  });

  it('a post this write created: its relationships are known without a read, and a second set replaces them right', async () => {
    await inRolledBackWrite(
      async (scope) => {
        const event = await insertPost(scope.trx, { post_type: 'tribe_events', post_status: 'publish', post_title: 'Created Here' });
        scope.changes.notePost(event.id, 'tribe_events', 'created');
        const first = await setObjectTerms(scope, event.id, 'tribe_events', Taxonomy.eventCategory, [7, 8]);
        const second = await setObjectTerms(scope, event.id, 'tribe_events', Taxonomy.eventCategory, [8, 10]);
        const appended = await setObjectTerms(scope, event.id, 'tribe_events', Taxonomy.eventCategory, [7, 12], true);
        return { id: event.id, first, second, appended };
      },
      async ({ id, first, second, appended }, _changes, trx) => {
        expect([first.changed, second.changed]).toEqual([true, true]);
        // 12 is no event category: skipped, as with any post.
        expect(appended).toEqual({ termTaxonomyIds: [7], changed: true });
        const rows = await trx.selectFrom('term_relationships').select('term_taxonomy_id').where('object_id', '=', id).orderBy('term_taxonomy_id').execute();
        expect(rows.map((row) => row.term_taxonomy_id)).toEqual([7, 8, 10]);
        expect(await counts(trx, [7, 8])).toEqual({ 7: 57, 8: 42 });
      },
    );
  });

  it('an existing post: a second and third set in the same write start from what the one before left', async () => {
    // The post's relationships are read once per write (both taxonomies) and kept; each set must
    // leave that kept state as it left the rows, or the next set adds a row twice or misses one.
    await inRolledBackWrite(
      async (scope) => ({
        first: await setObjectTerms(scope, 42, 'tribe_events', Taxonomy.eventCategory, [10]),
        again: await setObjectTerms(scope, 42, 'tribe_events', Taxonomy.eventCategory, [10]),
        back: await setObjectTerms(scope, 42, 'tribe_events', Taxonomy.eventCategory, [8]),
      }),
      async ({ first, again, back }, _changes, trx) => {
        expect([first.changed, again.changed, back.changed]).toEqual([true, false, true]);
        const rows = await trx.selectFrom('term_relationships').select('term_taxonomy_id').where('object_id', '=', 42).where('term_taxonomy_id', 'in', [8, 10]).execute();
        expect(rows.map((row) => row.term_taxonomy_id)).toEqual([8]);
        // As recorded before the write (see the replaced-category case above: 8 was 41, 10 was 48).
        expect(await counts(trx, [8, 10])).toEqual({ 8: 41, 10: 48 });
      },
    );
  });

  it('nothing changed, nothing noted', async () => {
    await inRolledBackWrite(
      (scope) => setObjectTerms(scope, 46, 'tribe_events', Taxonomy.eventCategory, [7, 10]),
      async (set, changes) => {
        expect(set).toEqual({ termTaxonomyIds: [7, 10], changed: false });
        expect(changes.isEmpty).toBe(true);
      },
    );
  });
});

describe('insertTerm (wp_insert_term)', () => {
  it('stores the sanitized name, notes the term, rebuilds the hierarchy and drops the colours cache', async () => {
    await inRolledBackWrite(
      (scope) => insertTerm(scope, Taxonomy.eventCategory, 'Arts & <b>Crafts</b>', { parent: 7, description: 'x <script>y</script>' }),
      async (created, changes, trx) => {
        expect(await term(trx, created.term_id)).toEqual({
          name: 'Arts &amp; Crafts',
          slug: 'arts-crafts',
          parent: 7,
          description: 'x y',
          count: 0,
        });
        expect(await option(trx, 'tribe_events_cat_children')).toBe(`a:1:{i:7;a:1:{i:0;i:${created.term_id};}}`);
        expect(changes.termsAddedOrRemoved.get(created.term_id)).toBe(Taxonomy.eventCategory);
        expect(changes.options.get('tribe_events_cat_children')).toEqual({ created: true, autoload: true });
        expect(changes.tecCacheKeys).toEqual(new Set([TecCacheKey.categoryColorsDropdown]));
      },
    );
  });

  it('a tag leaves the category options and caches alone', async () => {
    await inRolledBackWrite(
      (scope) => insertTerm(scope, Taxonomy.tag, 'brand new'),
      async (created, changes, trx) => {
        expect((await term(trx, created.term_id))?.slug).toBe('brand-new');
        expect(changes.options.size).toBe(0);
        expect(changes.tecCacheKeys.size).toBe(0);
      },
    );
  });

  it('a child whose slug is taken in the taxonomy gets its parent slug appended, then a number', async () => {
    await inRolledBackWrite(
      async (scope) => {
        const first = await insertTerm(scope, Taxonomy.eventCategory, 'Family', { parent: 7 });
        const second = await insertTerm(scope, Taxonomy.eventCategory, 'Family', { parent: 8, slug: 'family-music' });
        return { first, second };
      },
      async ({ first, second }, _changes, trx) => {
        expect((await term(trx, first.term_id))?.slug).toBe('family-music');
        // The slug asked for is taken in the taxonomy: the new parent's slug goes after it.
        expect((await term(trx, second.term_id))?.slug).toBe('family-music-sports');
      },
    );
  });

  it('the same slug in another taxonomy is allowed; a taken one gets -2', async () => {
    await inRolledBackWrite(
      async (scope) => ({
        tag: await insertTerm(scope, Taxonomy.tag, 'Music'),
        category: await insertTerm(scope, Taxonomy.eventCategory, 'Musique', { slug: 'music' }),
      }),
      async ({ tag, category }, _changes, trx) => {
        expect((await term(trx, tag.term_id))?.slug).toBe('music');
        // Now two rows hold `music`: the numbered search runs over every taxonomy.
        expect((await term(trx, category.term_id))?.slug).toBe('music-2');
      },
    );
  });

  it('a name that is a case variant of a sibling clashes; the same name under another parent does not', async () => {
    await inRolledBackWrite(
      async (scope) => {
        await expect(insertTerm(scope, Taxonomy.eventCategory, 'music')).rejects.toMatchObject({
          code: 'term_exists',
          status: 400,
          data: { term_id: 7 },
        });
        return insertTerm(scope, Taxonomy.eventCategory, 'Music', { parent: 8 });
      },
      async (created, _changes, trx) => {
        expect(await term(trx, created.term_id)).toMatchObject({ name: 'Music', slug: 'music-sports', parent: 8 });
      },
    );
  });

  it('refuses a blank name and a parent that is no term', async () => {
    await inRolledBackWrite(
      async (scope) => {
        await expect(insertTerm(scope, Taxonomy.tag, '  ')).rejects.toMatchObject({ code: 'empty_term_name', status: 400 });
        await expect(insertTerm(scope, Taxonomy.eventCategory, 'x', { parent: 99999 })).rejects.toMatchObject({
          code: 'missing_parent',
        });
      },
      async () => undefined,
    );
  });

  it('a name with no slug characters gets its term ID as slug', async () => {
    await inRolledBackWrite(
      (scope) => insertTerm(scope, Taxonomy.tag, '!!!'),
      async (created, _changes, trx) => {
        expect((await term(trx, created.term_id))?.slug).toBe(String(created.term_id));
      },
    );
  });
});

describe('updateTerm (wp_update_term)', () => {
  it('a parent that would make the term its own ancestor becomes 0', async () => {
    await inRolledBackWrite(
      async (scope) => {
        const child = await insertTerm(scope, Taxonomy.eventCategory, 'Jazz', { parent: 7 });
        await updateTerm(scope, 7, Taxonomy.eventCategory, { parent: child.term_id });
        return child;
      },
      async (child, _changes, trx) => {
        expect((await term(trx, 7))?.parent).toBe(0);
        expect(await option(trx, 'tribe_events_cat_children')).toBe(`a:1:{i:7;a:1:{i:0;i:${child.term_id};}}`);
      },
    );
  });

  it('another term slug: duplicate_term_slug, unless the parent changes too (then made unique)', async () => {
    await inRolledBackWrite(
      async (scope) => {
        await expect(updateTerm(scope, 10, Taxonomy.eventCategory, { slug: 'music' })).rejects.toMatchObject({
          code: 'duplicate_term_slug',
          status: 400,
          message: 'The slug &#8220;music&#8221; is already in use by another term.',
        });
        await updateTerm(scope, 10, Taxonomy.eventCategory, { slug: 'music', parent: 8 });
      },
      async (_result, changes, trx) => {
        expect(await term(trx, 10)).toMatchObject({ slug: 'music-sports', parent: 8 });
        expect(changes.terms.get(10)).toBe(Taxonomy.eventCategory);
      },
    );
  });

  it('an emptied slug is made again from the name', async () => {
    await inRolledBackWrite(
      (scope) => updateTerm(scope, 13, Taxonomy.tag, { name: 'Online Only', slug: '' }),
      async (_result, _changes, trx) => {
        expect(await term(trx, 13)).toMatchObject({ name: 'Online Only', slug: 'online-only' });
      },
    );
  });
});

describe('deleteTerm (wp_delete_term)', () => {
  it('moves children up, removes relationships and notes every object with all taxonomies of its type', async () => {
    await inRolledBackWrite(
      async (scope) => {
        const child = await insertTerm(scope, Taxonomy.eventCategory, 'Jazz', { parent: 7 });
        const fresh = new ChangeSet();
        const deleted = await deleteTerm({ ...scope, changes: fresh }, 7, Taxonomy.eventCategory);
        return { child, deleted, fresh };
      },
      async ({ child, deleted, fresh }, _changes, trx) => {
        expect(deleted).toBe(true);
        expect(await term(trx, 7)).toBeUndefined();
        expect((await term(trx, child.term_id))?.parent).toBe(0);
        expect(await trx.selectFrom('term_relationships').select('object_id').where('term_taxonomy_id', '=', 7).execute()).toEqual([]);
        expect(await option(trx, 'tribe_events_cat_children')).toBe('a:0:{}');
        expect(fresh.termsAddedOrRemoved.get(7)).toBe(Taxonomy.eventCategory);
        expect(fresh.terms.get(child.term_id)).toBe(Taxonomy.eventCategory);
        expect(fresh.relationships.size).toBe(56);
        expect(fresh.relationships.get(46)).toEqual(new Set([Taxonomy.eventCategory, Taxonomy.tag]));
      },
    );
  });

  it('a tag: objects noted with the taxonomies of posts and events alike', async () => {
    await inRolledBackWrite(
      (scope) => deleteTerm(scope, 14, Taxonomy.tag),
      async (_deleted, changes) => {
        expect(changes.relationships.get(46)).toEqual(new Set(['category', 'post_tag', 'post_format', 'tribe_events_cat']));
        expect(changes.options.size).toBe(0);
      },
    );
  });

  it('a term of another taxonomy is not deleted', async () => {
    await inRolledBackWrite(
      (scope) => deleteTerm(scope, 14, Taxonomy.eventCategory),
      async (deleted, changes, trx) => {
        expect(deleted).toBe(false);
        expect(changes.isEmpty).toBe(true);
        expect(await term(trx, 14)).toBeDefined();
      },
    );
  });
});
