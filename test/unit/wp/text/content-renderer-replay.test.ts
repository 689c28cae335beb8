import { describe, expect, it } from 'vitest';
import type { Db } from '../../../../src/db/create-db.js';
import { ContentRenderer, type RenderedPost } from '../../../../src/wp/text/content-renderer.js';
import { testContentSite } from '../../../setup/content-env.js';

/**
 * Texts one request rendered, taken by another (ContentRenderer.replay, what the record cache
 * relies on): only where rendering them there would give the very same HTML and leave the same
 * state behind. Every text here reads no record, so no database is needed.
 */

const NOW = new Date('2026-11-26T12:00:00Z');
/** A renderer of one request; its texts are scanned (collect) as the services do before rendering. */
function request(posts: readonly RenderedPost[]): ContentRenderer {
  const renderer = new ContentRenderer(undefined as unknown as Db, testContentSite(), NOW);
  renderer.collect(posts);
  return renderer;
}
const post = (ID: number, post_content: string): RenderedPost => ({ ID, post_content, post_excerpt: '' });

const plain = post(1, 'A plain text\n\nwith "quotes" -- and [caption]no image[/caption] two paragraphs.');
const blocks = post(2, '<!-- wp:paragraph -->\n<p>A text with blocks</p>\n<!-- /wp:paragraph -->');
const later = post(3, 'Rendered [after] the others\n\nin two paragraphs');
const counted = post(4, '[audio src="https://example.org/a.mp3"]');

describe('ContentRenderer.replay', () => {
  it('takes texts rendered from the same state: the same HTML as rendering them here', () => {
    const first = request([plain, later]);
    first.renderInOrder([plain]);
    const texts = first.renderedTexts(plain.ID)!;
    expect(texts).toMatchObject({ entry: '00', exit: '00' });

    const second = request([plain, later]);
    expect(second.replay([texts])).toBe(true);
    expect(second.description(plain)).toBe(first.description(plain));
  });

  it('moves the state as the texts moved it, so later texts render as after them', () => {
    const first = request([blocks, later]);
    first.renderInOrder([blocks]);
    const texts = first.renderedTexts(blocks.ID)!;
    expect(texts.exit).not.toBe(texts.entry);

    const replayed = request([blocks, later]);
    expect(replayed.replay([texts])).toBe(true);
    const rendered = request([blocks, later]);
    rendered.renderInOrder([blocks, later]);
    expect(replayed.description(later)).toBe(rendered.description(later));
  });

  it('refuses texts that began in another state, and changes nothing then', () => {
    const afterBlocks = request([blocks, plain]);
    afterBlocks.renderInOrder([blocks, plain]);
    const plainAfterBlocks = afterBlocks.renderedTexts(plain.ID)!;
    expect(plainAfterBlocks.entry).toBe(plainAfterBlocks.exit);

    const fresh = request([plain, later]);
    expect(fresh.replay([plainAfterBlocks])).toBe(false);
    const alone = request([plain, later]);
    alone.renderInOrder([plain, later]);
    expect(fresh.description(plain)).toBe(alone.description(plain));
    expect(fresh.description(later)).toBe(alone.description(later));
  });

  it('gives no texts to replay when rendering them moved a counter (their HTML is this request\'s alone)', () => {
    const renderer = request([counted]);
    renderer.renderInOrder([counted]);
    expect(renderer.description(counted)).toContain('audio');
    expect(renderer.renderedTexts(counted.ID)).toBeUndefined();
  });
});
