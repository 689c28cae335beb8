import { describe, expect, it } from 'vitest';
import { emptyContentNeeds } from '../../../../src/wp/text/content-env.js';
import { collectContentNeeds, renderTheContent, renderTheExcerpt } from '../../../../src/wp/text/the-content.js';
import { testContentEnv } from '../../../setup/content-env.js';
import { referenceEnv } from '../media/reference-env.js';

const BLOCKS = '<!-- wp:paragraph -->\n<p>Blocks</p>\n<!-- /wp:paragraph -->';
const CAPTION = '[caption width="10"]<img src="http://127.0.0.1:8080/x.png" width="10" height="10" /> Lights[/caption]';

describe('renderTheContent: the order of the_content filters', () => {
  it('unwraps a caption alone in its paragraph (wpautop, then shortcode_unautop, then do_shortcode)', () => {
    const html = renderTheContent(CAPTION, testContentEnv());
    expect(html.startsWith('<figure')).toBe(true);
    expect(html).toContain('<figcaption class="wp-caption-text">Lights</figcaption>');
  });

  it('renders a text with blocks without wpautop, and moves wpautop after shortcode_unautop for the later texts', () => {
    const env = testContentEnv();
    expect(renderTheContent(BLOCKS, env)).toBe('<p class="wp-block-paragraph">Blocks</p>');
    expect(env.state.wpautopAfterUnautop).toBe(true);
    // _restore_wpautop_hook put wpautop at the end of priority 10: the caption keeps its <p>.
    expect(renderTheContent(CAPTION, env).startsWith('<p><figure')).toBe(true);
    // A fresh request starts with WordPress's own order again.
    expect(renderTheContent(CAPTION, testContentEnv()).startsWith('<figure')).toBe(true);
  });

  it('texturizes, makes paragraphs, turns smilies into emoji and leaves unknown shortcodes as written', () => {
    expect(renderTheContent('Fun :) -- "yes"\n\n[nope a="b"]', testContentEnv())).toBe(
      '<p>Fun \u{1F642} &#8212; &#8220;yes&#8221;</p>\n<p>[nope a=&#8221;b&#8221;]</p>',
    );
    expect(renderTheContent('Fun :)', testContentEnv({ useSmilies: false }))).toBe('<p>Fun :)</p>');
  });

  it('adds loading and decoding to images, and width and height only where the attachment is known', () => {
    expect(renderTheContent('<img src="http://127.0.0.1:8080/x.png" width="10" height="10">', testContentEnv())).toBe(
      '<p><img loading="lazy" decoding="async" src="http://127.0.0.1:8080/x.png" width="10" height="10"></p>',
    );
  });
});

describe('renderTheExcerpt', () => {
  it('texturizes, converts smilies and wraps a stored excerpt in a paragraph', () => {
    expect(renderTheExcerpt('It\'s fun :)', testContentEnv())).toBe('<p>It&#8217;s fun \u{1F642}</p>');
    expect(renderTheExcerpt('', testContentEnv())).toBe('');
  });
});

describe('collectContentNeeds', () => {
  it('names what every room of the chain will read: attachments, oEmbed caches, dynamic block queries', () => {
    const needs = emptyContentNeeds();
    collectContentNeeds(
      [
        '<img class="wp-image-252" src="http://127.0.0.1:8080/a.jpg">',
        '[gallery ids="253,12"]',
        'Watch:\n\nhttps://vimeo.com/76979871\n',
        '<!-- wp:latest-posts /-->',
        '',
      ],
      needs,
    );
    expect([...needs.postIds].sort((a, b) => a - b)).toEqual([12, 252, 253]);
    expect(needs.oembedKeys.size).toBe(1);
    expect([...needs.queries.keys()].some((key) => key.startsWith('blocks:'))).toBe(true);
  });

  it('names nothing for plain texts', () => {
    const needs = emptyContentNeeds();
    collectContentNeeds(['<p>Plain.</p>', 'Just words'], needs);
    expect(needs.postIds.size + needs.oembedKeys.size + needs.queries.size).toBe(0);
  });
});

describe('renderTheContent on hostile markup', () => {
  it('never throws on character references outside Unicode in image attributes', () => {
    for (const reference of ['&#x110000;', '&#1114112;', '&#xD800;', '&#0;', '&#99999999999;']) {
      const html = renderTheContent(`Hi <img src="a.png" alt="${reference}" width="10" height="10">`, testContentEnv());
      expect(html).toContain('loading="lazy"');
      expect(html).toContain(`alt="${reference}"`);
    }
  });
});

describe('renderTheContent on mixed hostile fragments', () => {
  // Pieces of markup each room of the chain parses, some broken on purpose; a seeded walk glues
  // them together so a failure can be replayed.
  const FRAGMENTS = [
    '<!-- wp:paragraph -->', '<!-- /wp:paragraph -->', '<!-- wp:image {"id":252,"sizeSlug":"large"} -->',
    '<!-- wp:columns {"bad json -->', '<!-- wp:latest-posts {"postsToShow":"x"} /-->', '<!-- wp:archives {"type":"weekly"} /-->',
    '<!-- wp:group {"layout":{"type":"flex","flexWrap":7}} -->', '<!-- /wp:group -->', '<p>', '</p>', '<div class="x">', '</div>',
    '[caption id="attachment_253" width="-5"]', '[/caption]', '[gallery ids="252,0,-1,abc" columns="0"]', '[gallery]',
    '[audio src="javascript:alert(1)"]', '[video width="x" height="" src="a.webm"]', '[embed]', '[/embed]', '[[caption]]',
    '[unknown a="b"]', '[', ']', 'https://www.youtube.com/watch?v=abc', '\nhttps://vimeo.com/1\n', '<img src="a.png">',
    '<img class="wp-image-252" src="http://127.0.0.1:8080/wp-content/uploads/2026/11/harbour-night-300x200.jpg">',
    '<img class="wp-image-999999" width="abc" height="-1" src="x">', '<img alt="&#x110000;&amp;&bogus;" src=x>',
    '<iframe src="https://example.org"></iframe>', '<pre>', '</pre>', '<!--more-->', '<!--nextpage-->', ':) :-( ;)',
    '"quotes" -- dashes...', '&nbsp;&#0;&#xD800;', '\u0000', '\uD800', '<script>', '</script>', '<', '>', '\n\n',
  ];
  it('never throws, whatever the mix', () => {
    let seed = 42;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let round = 0; round < 1500; round += 1) {
      const pieces = Array.from({ length: 1 + (next() % 12) }, () => FRAGMENTS[next() % FRAGMENTS.length]);
      const text = pieces.join(next() % 2 === 0 ? '' : ' ');
      // Half the rounds with the reference site's attachments loaded, so images reach srcset.
      const env = round % 2 === 0 ? testContentEnv() : referenceEnv();
      expect(() => renderTheContent(text, env), JSON.stringify(text)).not.toThrow();
      expect(() => renderTheExcerpt(text, env), JSON.stringify(text)).not.toThrow();
    }
  });
});
