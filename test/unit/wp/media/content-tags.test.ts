import { describe, expect, it } from 'vitest';
import {
  collectMediaNeeds,
  filterContentTags,
  imgTagAddAutoSizes,
  imgTagAddWidthAndHeightAttr,
} from '../../../../src/wp/media/content-tags.js';
import { wpGetAttachmentLink } from '../../../../src/wp/media/attachment-image.js';
import { setInMainLoop } from '../../../../src/wp/media/loading.js';
import { emptyContentNeeds } from '../../../../src/wp/text/content-env.js';
import { shortcodeUnautop, wpautop } from '../../../../src/wp/text/autop.js';
import { wptexturize } from '../../../../src/wp/text/texturize.js';
import { convertSmilies } from '../../../../src/wp/text/smilies.js';
import { phpTrim } from '../../../../src/wp/php/php-values.js';
import { recordedDescription, referenceEnv } from './reference-env.js';

const UPLOADS = 'http://127.0.0.1:8080/wp-content/uploads/2026/11';

/**
 * The text wp_filter_content_tags() received, rebuilt from a recorded description by taking out
 * what it adds: `loading="lazy" decoding="async" ` after `<img `, and for `wp-image-N` images the
 * width/height it put first and the srcset/sizes it put last.
 */
function unfilter(description: string): string {
  return description.replace(/<img [^>]*>/g, (tag) => {
    let out = tag.replace(/^<img loading="lazy" decoding="async" /, '<img ');
    if (/wp-image-\d+/.test(out)) {
      out = out.replace(/^<img width="\d+" height="\d+" /, '<img ');
      out = out.replace(/ srcset="[^"]*" sizes="[^"]*" \/>$/, ' />');
    }
    return out;
  });
}

describe('filterContentTags against the recorded descriptions', () => {
  const cases: [string, string, number][] = [
    ['event 254 (block image without width/height)', 'dev-content.event-blocks', 254],
    ['event 256 (caption image and gallery images)', 'dev-content.event-caption-gallery', 256],
    ['event 260 (classic images, one without a class)', 'dev-content.event-classic-images', 260],
    ['event 263 (caption inside a paragraph)', 'dev-content.event-generated-excerpt', 263],
    ['venue 264 (block image, medium)', 'dev-content.venue-blocks', 264],
    ['organizer 265 (gallery in a sentence)', 'dev-content.organizer-shortcodes', 265],
  ];
  it.each(cases)('%s', (_name, caseId, postId) => {
    const recorded = recordedDescription(caseId, postId);
    const input = unfilter(recorded);
    expect(input).not.toBe(recorded);
    expect(filterContentTags(input, referenceEnv())).toBe(recorded);
  });

  it('event 260 from its post_content through wptexturize, wpautop, shortcode_unautop, the tags and smilies', () => {
    // post_content of event 260 in fixtures/reference/db.sql.
    const postContent =
      `<p><img src="${UPLOADS}/harbour-night-300x200.jpg" alt="" width="300" height="200" class="wp-image-252 size-medium" /></p>\n\n` +
      'An image without a class: <img src="http://127.0.0.1:8080/x.png" width="10" height="10">\n\n' +
      `<img src="${UPLOADS}/stage-lights.jpg" alt="" width="800" height="600" class="wp-image-253 size-full" />`;
    const env = referenceEnv();
    let content = wptexturize(postContent);
    content = wpautop(content);
    content = shortcodeUnautop(content);
    content = filterContentTags(content, env);
    content = convertSmilies(content, { useSmilies: true });
    expect(phpTrim(content)).toBe(recordedDescription('dev-content.event-classic-images', 260));
  });

  it('the gallery images of event 256 are wp_get_attachment_link() output before the tags filter', () => {
    const input = unfilter(recordedDescription('dev-content.event-caption-gallery', 256));
    const env = referenceEnv();
    expect(input).toContain(wpGetAttachmentLink(252, 'thumbnail', true, env, { 'aria-describedby': 'gallery-1-252' }));
    expect(input).toContain(wpGetAttachmentLink(253, 'thumbnail', true, env));
  });

  it('the same texts render the same in a list: no per-request count outside the main loop', () => {
    const env = referenceEnv();
    for (const [caseId, postId] of [
      ['dev-content.event-blocks', 254],
      ['dev-content.event-classic-images', 260],
      ['dev-content.event-blocks', 254],
    ] as const) {
      const recorded = recordedDescription(caseId, postId);
      expect(filterContentTags(unfilter(recorded), env)).toBe(recorded);
    }
    expect(env.state.counters.size).toBe(0);
  });
});

describe('filterContentTags details (wp_filter_content_tags)', () => {
  const medium = `<img src="${UPLOADS}/stage-lights-300x225.jpg" alt="" class="wp-image-253 size-medium" />`;
  const srcsetMedium =
    `${UPLOADS}/stage-lights-300x225.jpg 300w, ${UPLOADS}/stage-lights-768x576.jpg 768w, ${UPLOADS}/stage-lights.jpg 800w`;

  it('handles each distinct tag once and replaces every copy', () => {
    const out = filterContentTags(`${medium}\n${medium}`, referenceEnv());
    const expected =
      `<img loading="lazy" decoding="async" width="300" height="225" src="${UPLOADS}/stage-lights-300x225.jpg" alt="" ` +
      `class="wp-image-253 size-medium" srcset="${srcsetMedium}" sizes="auto, (max-width: 300px) 100vw, 300px" />`;
    expect(out).toBe(`${expected}\n${expected}`);
  });

  it('keeps an existing srcset and sizes: width and height come from the file, then loading, decoding and auto sizes', () => {
    const tag = `<img src="${UPLOADS}/stage-lights-300x225.jpg" class="wp-image-253" srcset="a.jpg 2x" sizes="50vw">`;
    // No width/height in the tag: WordPress adds them from the file, then loading and auto sizes.
    expect(filterContentTags(tag, referenceEnv())).toBe(
      `<img loading="lazy" decoding="async" width="300" height="225" src="${UPLOADS}/stage-lights-300x225.jpg" class="wp-image-253" srcset="a.jpg 2x" sizes="auto, 50vw">`,
    );
  });

  it('adds only srcset when the tag already has sizes', () => {
    const tag = `<img sizes="99vw" src="${UPLOADS}/stage-lights-300x225.jpg" width="300" height="225" class="wp-image-253" />`;
    expect(filterContentTags(tag, referenceEnv())).toBe(
      `<img loading="lazy" decoding="async" sizes="auto, 99vw" src="${UPLOADS}/stage-lights-300x225.jpg" width="300" height="225" class="wp-image-253" srcset="${srcsetMedium}" />`,
    );
  });

  it('gives no srcset when the src is not one of the attachment files (#35045), but still loading attributes', () => {
    const tag = `<img src="http://127.0.0.1:8080/wp-content/uploads/foo.jpg" width="300" height="225" class="wp-image-253" />`;
    expect(filterContentTags(tag, referenceEnv())).toBe(
      `<img loading="lazy" decoding="async" src="http://127.0.0.1:8080/wp-content/uploads/foo.jpg" width="300" height="225" class="wp-image-253" />`,
    );
  });

  it('adds decoding but not loading to an image without dimensions, and nothing without src="', () => {
    expect(filterContentTags('<img src="a.png">', referenceEnv())).toBe('<img decoding="async" src="a.png">');
    expect(filterContentTags("<img src='a.png' width='1' height='1'>", referenceEnv())).toBe(
      "<img src='a.png' width='1' height='1'>",
    );
  });

  it('keeps the loading and decoding an image has', () => {
    const tag = '<img loading="eager" decoding="sync" src="a.png" width="10" height="10">';
    expect(filterContentTags(tag, referenceEnv())).toBe(tag);
  });

  it('lazy-loads iframes with src, width and height once, and leaves others', () => {
    const iframe = '<iframe src="https://www.example.com" width="640" height="360"></iframe>';
    expect(filterContentTags(`${iframe}\n${iframe}`, referenceEnv())).toBe(
      `<iframe loading="lazy" src="https://www.example.com" width="640" height="360"></iframe>\n` +
        `<iframe loading="lazy" src="https://www.example.com" width="640" height="360"></iframe>`,
    );
    const noSize = '<iframe src="https://www.example.com"></iframe>';
    expect(filterContentTags(noSize, referenceEnv())).toBe(noSize);
    const own = '<iframe loading="eager" src="https://www.example.com" width="1" height="1"></iframe>';
    expect(filterContentTags(own, referenceEnv())).toBe(own);
  });

  it('does the same in the_excerpt (WordPress adds wp_filter_content_tags to the_excerpt too)', () => {
    const recorded = recordedDescription('dev-content.event-classic-images', 260);
    expect(filterContentTags(unfilter(recorded), referenceEnv(), 'the_excerpt')).toBe(recorded);
  });

  it('in the main loop, leaves the first 3 media eager and marks the first large one fetchpriority=high', () => {
    const env = referenceEnv();
    setInMainLoop(env, true);
    const tags = [400, 401, 402, 403].map((n) => `<img src="p${n}.png" width="${n}" height="200">`);
    const out = filterContentTags(tags.join('\n'), env);
    expect(out.split('\n')).toEqual([
      '<img fetchpriority="high" decoding="async" src="p400.png" width="400" height="200">',
      '<img decoding="async" src="p401.png" width="401" height="200">',
      '<img decoding="async" src="p402.png" width="402" height="200">',
      '<img loading="lazy" decoding="async" src="p403.png" width="403" height="200">',
    ]);
    expect(env.state.counters.get('wp_increase_content_media_count')).toBe(4);
  });
});

describe('wp_img_tag_add_width_and_height_attr (tests/phpunit/tests/media/wpImgTagAddWidthAndHeightAttr.php)', () => {
  const full = `${UPLOADS}/stage-lights.jpg`;
  it('adds the dimensions of the file when missing', () => {
    expect(imgTagAddWidthAndHeightAttr(`<img src="${full}">`, 253, referenceEnv())).toBe(
      `<img width="800" height="600" src="${full}">`,
    );
  });
  it('does nothing without a src', () => {
    expect(imgTagAddWidthAndHeightAttr('<img>', 253, referenceEnv())).toBe('<img>');
  });
  it('follows an inline style width', () => {
    // 800x600 shown 100px wide: 75px high.
    expect(imgTagAddWidthAndHeightAttr(`<img src="${full}" style="width: 100px;">`, 253, referenceEnv())).toBe(
      `<img width="100" height="75" src="${full}" style="width: 100px;">`,
    );
  });
});

describe('wp_img_tag_add_auto_sizes', () => {
  it.each([
    ['lazy with width and sizes', '<img loading="lazy" width="10" sizes="100vw">', '<img loading="lazy" width="10" sizes="auto, 100vw">'],
    ['not lazy', '<img loading="eager" width="10" sizes="100vw">', '<img loading="eager" width="10" sizes="100vw">'],
    ['no width', '<img loading="lazy" sizes="100vw">', '<img loading="lazy" sizes="100vw">'],
    ['no sizes', '<img loading="lazy" width="10">', '<img loading="lazy" width="10">'],
    ['auto already first', '<img loading="lazy" width="10" sizes=" AUTO , 100vw">', '<img loading="lazy" width="10" sizes=" AUTO , 100vw">'],
    ['auto not first is added again', '<img loading="lazy" width="10" sizes="100vw, auto">', '<img loading="lazy" width="10" sizes="auto, 100vw, auto">'],
    ['single-quoted and upper-case', "<img LOADING=' Lazy ' width=10 SIZES='50vw'>", "<img LOADING=' Lazy ' width=10 sizes=\"auto, 50vw\">"],
  ])('%s', (_name, input, expected) => {
    expect(imgTagAddAutoSizes(input)).toBe(expected);
  });
});

describe('collectMediaNeeds', () => {
  it('names the attachments of wp-image-N classes of img tags only', () => {
    const needs = emptyContentNeeds();
    collectMediaNeeds(
      '<img class="wp-image-252" src="a"><img class="WP-IMAGE-253 x" src="b"><p class="wp-image-9">x</p><img src="c">',
      needs,
    );
    expect([...needs.postIds]).toEqual([252, 253]);
  });
});
