import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectTermBySlugOrName } from '../../../../src/wp/tec/event-terms.repository.js';
import { createTestDatabase, type TestDatabase } from '../../../setup/database.js';

/*
 * term_exists( $name, $taxonomy ) as the event writes look terms up: the term whose slug is the
 * sanitized value, else the one whose name is the value, lowest ID first, in one statement whose
 * rows say which matched by slug (the database's collation decides). On both databases.
 */

for (const dialect of ['mysql', 'sqlite'] as const) {
  describe(`selectTermBySlugOrName (${dialect})`, () => {
    let database: TestDatabase;

    beforeAll(async () => {
      database = await createTestDatabase({ dump: 'schema', dialect });
      const terms: [number, string, string][] = [
        [10, 'Jazz', 'blues'], // named Jazz, slug blues
        [11, 'Blues', 'jazz'], // slug jazz: a slug match beats the lower ID named Jazz
        [12, 'Blues', 'blues-2'],
        [13, 'Folk', 'folk'],
        [14, 'Folk', 'folk-2'],
        [15, 'Rock', 'rock'], // another taxonomy below
      ];
      await database.db.insertInto('terms').values(terms.map(([term_id, name, slug]) => ({ term_id, name, slug, term_group: 0 }))).execute();
      await database.db
        .insertInto('term_taxonomy')
        .values(terms.map(([term_id]) => ({ term_taxonomy_id: term_id + 100, term_id, taxonomy: term_id === 15 ? 'post_tag' : 'tribe_events_cat', description: '', parent: 0, count: 0 })))
        .execute();
    });

    afterAll(async () => {
      await database?.drop();
    });

    const find = async (slug: string, name: string) => (await selectTermBySlugOrName(database.db, 'tribe_events_cat', slug, name))?.term_id;

    it('takes the slug match over a lower ID matched by name', async () => {
      expect(await find('jazz', 'Jazz')).toBe(11);
    });

    it('takes the lowest ID among slug matches, then among name matches', async () => {
      expect(await find('blues', 'Blues')).toBe(10);
      expect(await find('no-such-slug', 'Folk')).toBe(13);
      expect(await find('no-such-slug', 'Blues')).toBe(11);
    });

    it('compares as the database does (letter case), and only in the taxonomy', async () => {
      expect(await find('FOLK', 'x')).toBe(13);
      expect(await find('no-such-slug', 'folk')).toBe(13);
      expect(await find('rock', 'Rock')).toBeUndefined();
    });

    it('looks up by name alone when the value gives no slug', async () => {
      expect(await find('', 'Jazz')).toBe(10);
      expect(await find('', 'Nothing')).toBeUndefined();
    });
  });
}
