import { describe, expect, it } from 'vitest';
import { emptyContentNeeds, newContentRenderState } from '../../../../src/wp/text/content-env.js';
import { collectEmbedNeeds } from '../../../../src/wp/shortcodes/embed.js';
import { collectShortcodeNeeds } from '../../../../src/wp/shortcodes/media-shortcodes.js';
import { renderTheContent as theContent } from '../../../../src/wp/text/the-content.js';
import { recordedDescription, referenceEnv, referencePost } from './reference-env.js';

describe('recorded descriptions, one post per request', () => {
  it.each([
    [256, 'dev-content.event-caption-gallery'],
    [257, 'dev-content.event-embeds-media'],
    [263, 'dev-content.event-generated-excerpt'],
    [265, 'dev-content.organizer-shortcodes'],
  ])('post %i (%s)', (id, caseId) => {
    expect(theContent(referencePost(id).post_content, referenceEnv())).toBe(recordedDescription(caseId, id));
  });

  it('event 257 as the first of its page (dev-content.list-august-p2)', () => {
    expect(theContent(referencePost(257).post_content, referenceEnv())).toBe(
      recordedDescription('dev-content.list-august-p2', 257),
    );
  });
});

describe('recorded descriptions, several posts in one request (events.list.window-past-end)', () => {
  it('counts gallery, audio, video and caption ids across the page, after block posts moved wpautop', () => {
    const state = newContentRenderState();
    const env = referenceEnv(state);
    // Events 254 and 255 come first on that page: rendering a text with blocks, as they are, moves
    // wpautop after shortcode_unautop for the texts after it.
    theContent('<!-- wp:paragraph -->\n<p>Blocks first</p>\n<!-- /wp:paragraph -->', env);
    expect(state.wpautopAfterUnautop).toBe(true);
    for (const id of [256, 257, 263]) {
      expect(theContent(referencePost(id).post_content, env)).toBe(
        recordedDescription('events.list.window-past-end', id),
      );
    }
    expect(state.usedIds.get('attachment_253')).toBe(2);
  });

  it('a second gallery in the same request is gallery-2, and its images name it', () => {
    const env = referenceEnv();
    theContent(referencePost(256).post_content, env);
    const organizer = theContent(referencePost(265).post_content, env);
    expect(organizer).toContain("<div id='gallery-2' class='gallery galleryid-0 gallery-columns-3 gallery-size-thumbnail'>");
    expect(organizer).toContain('aria-describedby="gallery-2-252"');
  });
});

describe('the core registry at priority 11', () => {
  it('prints nothing for an [embed] left after priority 8, as __return_false does', () => {
    // [[embed]] is unescaped by run_shortcode at 8, then do_shortcode at 11 runs the placeholder.
    expect(theContent('a [[embed]http://x.test/[/embed]] b', referenceEnv())).toBe('<p>a  b</p>');
  });
});

describe('needs of the recorded posts', () => {
  it('event 257 reads the two oEmbed cache posts 258 and 259', () => {
    const needs = emptyContentNeeds();
    collectEmbedNeeds(referencePost(257).post_content, needs);
    expect([...needs.oembedKeys].sort()).toEqual(
      [referencePost(258).post_name, referencePost(259).post_name].sort(),
    );
  });

  it('the galleries of 256 and 265 read their attachments', () => {
    const needs = emptyContentNeeds();
    collectShortcodeNeeds(referencePost(256).post_content, needs);
    collectShortcodeNeeds(referencePost(265).post_content, needs);
    expect([...needs.postIds].sort()).toEqual([252, 253]);
  });
});
