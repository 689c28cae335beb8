import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { insertEvent, insertPostMeta } from '../builders/index.js';
import { countStatements, recordStatements, type StatementRecorder } from './support.js';

/**
 * Rendering rich descriptions (blocks, dynamic blocks, captions, galleries, embeds, images) reads
 * the database only in batches: a page of 50 such events costs the statements of a page of 10,
 * and no more than a page of 50 plain events with the same venues, organizers and featured
 * images, beyond one statement per dynamic block query (attachments and oEmbed caches load with
 * the featured images); and no more than that page cost before descriptions were rendered.
 */

const RICH = { from: '2031-01-01', to: '2031-12-31' };
const PLAIN = { from: '2032-01-01', to: '2032-12-31' };
const NOW = '2026-11-24T16:56:11Z';
/** The rich-content posts of the reference site: events 254-263, venue 264, organizer 265. */
const RICH_SOURCES = [254, 255, 256, 257, 258, 260, 261, 262, 263, 264, 265];
/** Statements only rich texts read here: the latest-posts and archives blocks' queries. */
const RICH_ONLY_KINDS = 2;
/**
 * What the plain page of 50 cost before descriptions were rendered (measured at 73976e6, where
 * venues, organizers and featured images were three loads of their own): the rich page of
 * today must stay within it.
 */
const PAGE_BEFORE_RENDERING = 11;

let database: TestDatabase;
let recorder: StatementRecorder;

/** 50 events in `year`, every other one at `linked.venue`, every third with `linked.organizer`, every fourth with image 252. */
async function insertPage(
  year: number,
  contentOf: (index: number) => string,
  linked: { venue: number; organizer: number },
): Promise<void> {
  for (let index = 0; index < 50; index += 1) {
    const month = String(1 + Math.floor(index / 28)).padStart(2, '0');
    const day = String(1 + (index % 28)).padStart(2, '0');
    const { id } = await insertEvent(database.db, {
      post_title: `Page event ${year}-${index}`,
      post_content: contentOf(index),
      start_date: `${year}-${month}-${day} 10:00:00`,
      venue: index % 2 === 0 ? linked.venue : undefined,
      organizers: index % 3 === 0 ? [linked.organizer] : [],
    });
    if (index % 4 === 0) await insertPostMeta(database.db, id, [['_thumbnail_id', '252']]);
  }
}

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  recorder = recordStatements(database);
  const sources = await database.db
    .selectFrom('posts')
    .select(['ID', 'post_content'])
    .where('ID', 'in', RICH_SOURCES)
    .where('post_content', '!=', '{{unknown}}')
    .orderBy('ID')
    .execute();
  const texts = sources.map((row) => row.post_content);
  expect(texts).toHaveLength(10);
  // The rich page links the rich venue 264 and organizer 265; the plain one plain venue 19 and organizer 29.
  await insertPage(2031, (index) => texts[index % texts.length]!, { venue: 264, organizer: 265 });
  await insertPage(2032, (index) => `<p>Plain description of event ${index}.</p>`, { venue: 19, organizer: 29 });
}, 120_000);

afterAll(async () => {
  await recorder?.db.destroy();
  await database?.drop();
});

async function countPage(window: { from: string; to: string }, perPage: number) {
  const counted = await countStatements<{ events: { description: string }[] }>(
    database,
    recorder,
    `/events?per_page=${perPage}&start_date=${window.from}&end_date=${window.to}`,
    { warmUp: '/events?per_page=1', now: NOW },
  );
  expect(counted.body.events).toHaveLength(perPage);
  return counted;
}

describe('rendering rich descriptions', () => {
  it('costs the same statements for 10 events (one of each kind of content) and for 50', async () => {
    const ten = await countPage(RICH, 10);
    const fifty = await countPage(RICH, 50);
    // The texts really were rendered: blocks, a gallery, an image with srcset, an emoji.
    const descriptions = fifty.body.events.map((event) => event.description).join('\n');
    for (const rendered of ['wp-block-paragraph', 'gallery-columns-2', 'srcset=', 'wp-block-latest-posts__list', '\u{1F642}']) {
      expect(descriptions).toContain(rendered);
    }
    expect(fifty.count, fifty.statements.join('\n')).toBe(ten.count);
  });

  it('costs no more than plain descriptions with the same linked posts and images, beyond one statement per dynamic block query, and within the page before rendering', async () => {
    const rich = await countPage(RICH, 50);
    const plain = await countPage(PLAIN, 50);
    expect(rich.count - plain.count, `${rich.statements.join('\n')}\n---\n${plain.statements.join('\n')}`).toBe(RICH_ONLY_KINDS);
    expect(rich.count).toBeLessThanOrEqual(PAGE_BEFORE_RENDERING);
  });
});
