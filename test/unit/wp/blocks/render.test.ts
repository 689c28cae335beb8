import { describe, expect, it } from 'vitest';
import { doBlocks } from '../../../../src/wp/blocks/do-blocks.js';
import { uniqueIdFromValues } from '../../../../src/wp/blocks/layout.js';
import { TagProcessor } from '../../../../src/wp/blocks/tag-processor.js';
import { newContentRenderState, type ContentEnv } from '../../../../src/wp/text/content-env.js';

const env = (): ContentEnv => ({
  site: {
    home: 'http://example.org',
    siteUrl: 'http://example.org',
    uploadsUrl: 'http://example.org/wp-content/uploads',
    imageSizes: new Map(),
    useSmilies: true,
    permalink: (post) => `http://example.org/${post.post_name}/`,
    monthLink: (year, month) => `http://example.org/${year}/${String(month).padStart(2, '0')}/`,
  },
  records: { posts: new Map(), oembedCache: new Map(), queries: new Map() },
  state: newContentRenderState(),
  now: new Date('2026-11-24T00:00:00Z'),
});
const render = (html: string) => doBlocks(html, env());

describe('WP_HTML_Tag_Processor add_class / set_attribute', () => {
  const addClass = (html: string, ...names: string[]) => {
    const processor = new TagProcessor(html);
    processor.nextTag();
    for (const name of names) processor.addClass(name);
    return processor.getUpdatedHtml();
  };

  it('adds a class attribute right after the tag name when there is none', () => {
    expect(addClass('<p id="anchor">x</p>', 'a')).toBe('<p class="a" id="anchor">x</p>');
  });

  it('appends to the existing classes, keeping their whitespace and dropping duplicates', () => {
    expect(addClass('<div class="one  two">', 'three')).toBe('<div class="one  two three">');
    expect(addClass("<div class='one one'>", 'two')).toBe('<div class="one two">');
  });

  it('leaves the tag alone when the class is already there', () => {
    expect(addClass('<div class = "x"  >', 'x')).toBe('<div class = "x"  >');
  });

  it('skips comments and raw text when looking for tags', () => {
    const processor = new TagProcessor('<!-- <p> --><script>"<p>"</script><p>');
    expect(processor.nextTag('p')).toBe(true);
    processor.addClass('found');
    expect(processor.getUpdatedHtml()).toBe('<!-- <p> --><script>"<p>"</script><p class="found">');
  });

  it('replaces the first of duplicate attributes and removes the others', () => {
    const processor = new TagProcessor('<img src="a" data-id="1" data-id="2">');
    processor.nextTag('img');
    processor.setAttribute('data-id', '9');
    expect(processor.getUpdatedHtml()).toBe('<img src="a" data-id="9" >');
  });
});

describe('core/paragraph, heading, list classes (render_block_core_paragraph tests)', () => {
  it.each([
    ['<p>Hello World</p>', '<p class="wp-block-paragraph">Hello World</p>'],
    ['<p class="has-text-align-right">Hi</p>', '<p class="has-text-align-right wp-block-paragraph">Hi</p>'],
    ['<p id="anchor">Hi</p>', '<p class="wp-block-paragraph" id="anchor">Hi</p>'],
    ['<div><p>Nested</p></div>', '<div><p class="wp-block-paragraph">Nested</p></div>'],
  ])('%s', (input, expected) => {
    expect(render(`<!-- wp:paragraph -->${input}<!-- /wp:paragraph -->`)).toBe(expected);
  });

  it('adds wp-block-heading and wp-block-list where the saved markup lacks them', () => {
    expect(render('<!-- wp:heading --><h2>T</h2><!-- /wp:heading -->')).toBe('<h2 class="wp-block-heading">T</h2>');
    expect(render('<!-- wp:list --><ol><li>a</li></ol><!-- /wp:list -->')).toBe('<ol class="wp-block-list"><li>a</li></ol>');
  });

  it('keeps freeform HTML and unknown blocks as they are', () => {
    expect(render('<p>classic</p>\n<!-- wp:tec/thing -->\n<div>x</div>\n<!-- /wp:tec/thing -->')).toBe(
      '<p>classic</p>\n\n<div>x</div>\n',
    );
  });
});

describe('layout support (wp_render_layout_support_flag)', () => {
  it('hashes the layout values into the container class: core/columns under twentytwentyfive', () => {
    expect(
      uniqueIdFromValues(
        [{ type: 'flex', flexWrap: 'nowrap' }, true, null, false, 'var(--wp--preset--spacing--50)', null],
        'wp-container-core-columns-is-layout-',
      ),
    ).toBe('wp-container-core-columns-is-layout-794e3cfa');
  });

  it('flow layouts without a gap get no container class', () => {
    expect(render('<!-- wp:column --><div class="wp-block-column"></div><!-- /wp:column -->')).toBe(
      '<div class="wp-block-column is-layout-flow wp-block-column-is-layout-flow"></div>',
    );
  });

  it('a block gap gives a container class; flex attributes give their classes', () => {
    const out = render(
      '<!-- wp:group {"style":{"spacing":{"blockGap":"2rem"}},"layout":{"type":"flex","orientation":"vertical","justifyContent":"center","flexWrap":"nowrap"}} --><div class="wp-block-group"></div><!-- /wp:group -->',
    );
    expect(out).toMatch(
      /^<div class="wp-block-group is-vertical is-content-justification-center is-nowrap is-layout-flex wp-container-core-group-is-layout-[0-9a-f]{8} wp-block-group-is-layout-flex"><\/div>$/,
    );
  });

  it('legacy inherit/contentSize layouts are constrained, with root padding classes', () => {
    const out = render(
      '<!-- wp:group {"layout":{"contentSize":"600px"}} --><div class="wp-block-group"></div><!-- /wp:group -->',
    );
    expect(out).toMatch(
      /^<div class="wp-block-group has-global-padding is-layout-constrained wp-container-core-group-is-layout-[0-9a-f]{8} wp-block-group-is-layout-constrained"><\/div>$/,
    );
  });

  it('puts the classes on the inner-block wrapper, not an outer element', () => {
    const out = render(
      '<!-- wp:group --><section class="outer"><div class="inner"><!-- wp:paragraph --><p>x</p><!-- /wp:paragraph --></div></section><!-- /wp:group -->',
    );
    expect(out).toBe(
      '<section class="outer"><div class="inner is-layout-flow wp-block-group-is-layout-flow"><p class="wp-block-paragraph">x</p></div></section>',
    );
  });

  it('a child of a flex parent with selfStretch fill gets a wp-container-content class', () => {
    const out = render(
      '<!-- wp:group {"layout":{"type":"flex"}} --><div class="wp-block-group"><!-- wp:paragraph {"style":{"layout":{"selfStretch":"fill"}}} --><p>x</p><!-- /wp:paragraph --></div><!-- /wp:group -->',
    );
    expect(out).toMatch(/<p class="wp-container-content-[0-9a-f]{8} wp-block-paragraph">x<\/p>/);
  });
});

describe('core/image and core/shortcode render callbacks', () => {
  it('an image block without an <img> renders nothing; an empty figcaption is removed', () => {
    expect(render('<!-- wp:image --><figure class="wp-block-image"></figure><!-- /wp:image -->')).toBe('');
    expect(
      render('<!-- wp:image --><figure class="wp-block-image"><img src="a.jpg" alt=""/><figcaption class="wp-element-caption"></figcaption></figure><!-- /wp:image -->'),
    ).toBe('<figure class="wp-block-image"><img src="a.jpg" alt=""/></figure>');
  });

  it('a block hidden with metadata.blockVisibility false renders nothing', () => {
    expect(render('<!-- wp:paragraph {"metadata":{"blockVisibility":false}} --><p>x</p><!-- /wp:paragraph -->')).toBe('');
  });

  it('the shortcode block runs wpautop on its text', () => {
    expect(render('<!-- wp:shortcode -->[gallery]<!-- /wp:shortcode -->')).toBe('<p>[gallery]</p>\n');
  });
});
