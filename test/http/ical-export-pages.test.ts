import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { maybeUnserialize, phpSerialize } from '../../src/wp/php/php-values.js';
import { attachTerms, insertTerm } from '../builders/terms.js';
import { contractConfig } from '../contract/suite.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';

/**
 * How TEC's iCal export answers paged term archives beyond the recorded cases, on MariaDB and on
 * SQLite: WordPress reads a category path as `(?:[^/]+/)*([^/]+)` before a rule's segments and
 * takes the first rule that matches, so `…/list/page/2/` is the category `list`'s page 2; a tag
 * path is one segment; and TEC keeps WordPress from answering 404 for a paged events list
 * (prevent_list_view_paged_404) unless the list view is disabled.
 */

const NOW = '2026-11-28T22:38:02Z';
const BAR = 'tribe-bar-date=2026-10-01&ical=1';

interface Answer {
  status: number;
  type: string | undefined;
  robots: string | undefined;
  text: string;
}

for (const dialect of ['mysql', 'sqlite'] as const) {
  describe(`iCal export: paged term archives (${dialect})`, () => {
    let database: TestDatabase;
    let foodDrinkEvents: number[];

    beforeAll(async () => {
      database = await createTestDatabase({ dump: 'reference', dialect });
      const foodDrink = await database.db
        .selectFrom('terms')
        .innerJoin('term_taxonomy', 'term_taxonomy.term_id', 'terms.term_id')
        .select(['term_taxonomy.term_taxonomy_id', 'terms.term_id'])
        .where('terms.slug', '=', 'food-drink')
        .where('term_taxonomy.taxonomy', '=', 'tribe_events_cat')
        .executeTakeFirstOrThrow();
      const rows = await database.db.selectFrom('term_relationships').select('object_id').where('term_taxonomy_id', '=', foodDrink.term_taxonomy_id).execute();
      foodDrinkEvents = rows.map((row) => Number(row.object_id));
      // A child of food-drink holding all its events: the parent's archive and the child's export the same events.
      const child = await insertTerm(database.db, { taxonomy: 'tribe_events_cat', name: 'Street Food', parent: Number(foodDrink.term_id) });
      for (const id of foodDrinkEvents) await attachTerms(database.db, id, [child.term_taxonomy_id]);
    }, 120_000);

    afterAll(async () => {
      await database?.drop();
    });

    /** A fresh app each time: the tests change terms and options behind its back. */
    async function get(path: string, query: string): Promise<Answer> {
      const app = createHandler({ db: database.db, config: contractConfig(database.url), clock: fixedClock(NOW) });
      const response = await supertest(app)
        .get(`${path}?${query}`)
        .buffer(true)
        .parse((res, done) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          res.on('end', () => done(null, text));
        });
      return { status: response.status, type: response.headers['content-type'], robots: response.headers['x-robots-tag'], text: String(response.body ?? '') };
    }

    function uids(answer: Answer): string[] {
      expect(answer.status).toBe(200);
      expect(answer.type).toBe('text/calendar; charset=UTF-8');
      return [...answer.text.matchAll(/^UID:(.*)$/gm)].map((match) => match[1]!);
    }

    function expectNothingToExport(answer: Answer, status = 200): void {
      expect(answer).toEqual({ status, type: 'text/html; charset=UTF-8', robots: 'noindex, nofollow', text: '' });
    }

    it('reads a child category by its path: its page 2 exports the events of the parent’s page 2', async () => {
      const parent = uids(await get('/events/category/food-drink/page/2/', BAR));
      expect(parent.length).toBeGreaterThan(0);
      expect(uids(await get('/events/category/food-drink/street-food/page/2/', BAR))).toEqual(parent);
      expect(uids(await get('/events/category/food-drink/street-food/list/', BAR)).length).toBeGreaterThan(0);
    });

    it('answers a child category’s list/page/2/ (the category "list", none) 200 with nothing to export', async () => {
      expectNothingToExport(await get('/events/category/food-drink/street-food/list/page/2/', BAR));
    });

    it('answers an unknown category’s page 2 200 (a paged list) but its month and its archive 404', async () => {
      expectNothingToExport(await get('/events/category/no-such-cat/page/2/', 'ical=1'));
      expectNothingToExport(await get('/events/category/no-such-cat/month/', 'ical=1'), 404);
      expectNothingToExport(await get('/events/category/no-such-cat/', 'ical=1&paged=2'), 404);
      expectNothingToExport(await get('/events/category/no-such-cat/', 'ical=1&eventDisplay=list&paged=2'));
    });

    it('answers a page beyond the last on a tag 200 with nothing to export', async () => {
      expect(uids(await get('/events/tag/kids/page/2/', BAR)).length).toBeGreaterThan(0);
      expectNothingToExport(await get('/events/tag/kids/page/20/', BAR));
      expectNothingToExport(await get('/events/tag/no-such-tag/page/2/', 'ical=1'));
    });

    it('answers a page beyond the main query’s last 404 where it is not a paged list (WordPress’s handle_404)', async () => {
      expectNothingToExport(await get('/events/category/food-drink/', `${BAR}&paged=20`), 404);
      expectNothingToExport(await get('/events/category/food-drink/month/', 'ical=1&paged=20'), 404);
      expectNothingToExport(await get('/events/page/30/', BAR), 404);
      expectNothingToExport(await get('/events/category/food-drink/list/', `${BAR}&paged=20`));
      expectNothingToExport(await get('/events/list/page/30/', BAR));
      expect(uids(await get('/events/category/food-drink/', `${BAR}&paged=2`)).length).toBeGreaterThan(0);
    });

    it('reads a tag path as one segment: list/page/2/ is the tag’s page 2; two segments match no rule', async () => {
      const kidsPage2 = uids(await get('/events/tag/kids/page/2/', BAR));
      expect(uids(await get('/events/tag/kids/list/page/2/', BAR))).toEqual(kidsPage2);
      // A path no rule matches is WordPress's 404, where TEC still exports the default list (as for
      // the recorded `/events/day/DATE/`): the events of no tag.
      const everyEvent = uids(await get('/events/list/', BAR));
      expect(everyEvent).not.toEqual(uids(await get('/events/tag/kids/', BAR)));
      expect(uids(await get('/events/tag/kids/evening/', BAR))).toEqual(everyEvent);
    });

    it('reads list/page/2/ after a category path as the category named "list" once one exists', async () => {
      const list = await insertTerm(database.db, { taxonomy: 'tribe_events_cat', name: 'List', slug: 'list' });
      for (const id of foodDrinkEvents) await attachTerms(database.db, id, [list.term_taxonomy_id]);
      const parentPage2 = uids(await get('/events/category/food-drink/page/2/', BAR));
      expect(uids(await get('/events/category/food-drink/street-food/list/page/2/', BAR))).toEqual(parentPage2);
      expect(uids(await get('/events/category/anything/list/page/2/', BAR))).toEqual(parentPage2);
    });

    it('answers 404 when the list view is disabled (TEC keeps the paged list from 404 only when enabled)', async () => {
      const row = await database.db.selectFrom('options').select('option_value').where('option_name', '=', 'tribe_events_calendar_options').executeTakeFirstOrThrow();
      const options = maybeUnserialize(row.option_value) as Record<string, unknown>;
      options.tribeEnableViews = ['month', 'day'];
      await database.db.updateTable('options').set({ option_value: phpSerialize(options) }).where('option_name', '=', 'tribe_events_calendar_options').execute();
      expectNothingToExport(await get('/events/category/no-such-cat/page/2/', 'ical=1'), 404);
    });
  });
}
