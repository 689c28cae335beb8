import { describe, expect, it } from 'vitest';
import type { PostRow } from '../../../../src/wp/posts/posts.repository.js';
import {
  autoembed,
  collectEmbedNeeds,
  oembedCacheKey,
  runEmbedShortcode,
  wpEmbedDefaults,
} from '../../../../src/wp/shortcodes/embed.js';
import { emptyContentNeeds, type ContentEnv } from '../../../../src/wp/text/content-env.js';
import { referenceEnv, referencePost } from './reference-env.js';

const YOUTUBE = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const VIMEO = 'https://vimeo.com/76979871';

/** The reference env with one more oembed_cache post, as WP_Embed would have stored it. */
function envWithCache(url: string, html: string, modifiedGmt = '2026-11-24 16:55:59', attr: Record<string, string> | '' = ''): ContentEnv {
  const env = referenceEnv();
  const post: PostRow = { ...referencePost(258), ID: 900, post_name: oembedCacheKey(url, attr), post_content: html, post_modified_gmt: modifiedGmt };
  (env.records.oembedCache as Map<string, PostRow>).set(post.post_name, post);
  return env;
}

const link = (url: string) => `<a href="${url}">${url}</a>`;

describe('oEmbed cache keys', () => {
  it('wp_embed_defaults() without $content_width is 500x750', () => {
    expect(wpEmbedDefaults()).toEqual({ width: 500, height: 750 });
    expect(wpEmbedDefaults(800)).toEqual({ width: 800, height: 1000 });
  });

  it('md5( url . serialize( attributes over the defaults ) ) names posts 258 and 259', () => {
    expect(oembedCacheKey(VIMEO)).toBe(referencePost(258).post_name);
    expect(oembedCacheKey(YOUTUBE)).toBe(referencePost(259).post_name);
  });

  it('given attributes override the defaults in place, as wp_parse_args does', () => {
    // md5( $url . 'a:2:{s:5:"width";s:3:"640";s:6:"height";i:750;}' )
    expect(oembedCacheKey(VIMEO, { width: '640' })).toBe('9226064b2e9c6a16970d5a7bc5a03886');
  });
});

describe('[embed] (WP_Embed::run_shortcode)', () => {
  it('prints a link for a cached failure (event 257)', () => {
    expect(runEmbedShortcode(`[embed]${VIMEO}[/embed]`, referenceEnv())).toBe(link(VIMEO));
  });

  it('prints cached HTML as it is', () => {
    const html = '<iframe title="A video" src="https://player.vimeo.com/video/76979871"></iframe>';
    expect(runEmbedShortcode(`x [embed]${VIMEO}[/embed] y`, envWithCache(VIMEO, html))).toBe(`x ${html} y`);
  });

  it('prints a cache older than oembed_ttl the same way (WordPress serves it; nothing is refetched)', () => {
    const html = '<b>old</b>';
    expect(runEmbedShortcode(`[embed]${VIMEO}[/embed]`, envWithCache(VIMEO, html, '2001-01-01 00:00:00'))).toBe(html);
  });

  it('with a global post reads its cache from that post\'s `_oembed_{key}` meta, not from the oembed_cache posts', () => {
    const html = '<iframe title="From the meta"></iframe>';
    const env = envWithCache(VIMEO, '<b>from the cache post</b>');
    const post = referencePost(257);
    (env.records.posts as Map<number, { post: PostRow; meta: ReadonlyMap<string, readonly string[]> }>).set(257, {
      post,
      meta: new Map([[`_oembed_${oembedCacheKey(VIMEO)}`, [html]]]),
    });
    env.state.globalPostId = 257;
    expect(runEmbedShortcode(`[embed]${VIMEO}[/embed]`, env)).toBe(html);
    expect(autoembed(`${YOUTUBE}`, env)).toBe(YOUTUBE);
    env.state.globalPostId = 0;
    expect(runEmbedShortcode(`[embed]${VIMEO}[/embed]`, env)).toBe('<b>from the cache post</b>');
  });

  it('prints the link a failed fetch gives when nothing is cached', () => {
    const url = 'http://example.com/embed/foo';
    expect(runEmbedShortcode(`[embed]${url}[/embed]`, referenceEnv())).toBe(link(url));
  });

  it('takes the URL from src, and prints nothing without one', () => {
    const url = 'http://example.com/embed/foo';
    expect(runEmbedShortcode(`[embed src="${url}" /]`, referenceEnv())).toBe(link(url));
    expect(runEmbedShortcode('[embed][/embed]', referenceEnv())).toBe('');
  });

  it('reads the cache under the key of the given width and height', () => {
    const html = '<b>640</b>';
    const env = envWithCache(VIMEO, html, undefined, { width: '640' });
    expect(runEmbedShortcode(`[embed width="640"]${VIMEO}[/embed]`, env)).toBe(html);
    expect(runEmbedShortcode(`[embed]${VIMEO}[/embed]`, env)).toBe(link(VIMEO));
  });

  it('undoes the &amp; KSES adds and escapes the link', () => {
    expect(runEmbedShortcode('[embed]http://example.com/?a=1&amp;b=2[/embed]', referenceEnv())).toBe(
      '<a href="http://example.com/?a=1&#038;b=2">http://example.com/?a=1&amp;b=2</a>',
    );
  });

  it('hands audio and video file URLs to [audio] and [video], with the size only when both are given', () => {
    const env = referenceEnv();
    expect(runEmbedShortcode('[embed]http://example.com/a.mp3[/embed]', env)).toBe('[audio src="http://example.com/a.mp3" /]');
    expect(runEmbedShortcode('[embed]http://example.com/v.MP4[/embed]', env)).toBe('[video src="http://example.com/v.MP4" /]');
    expect(runEmbedShortcode('[embed width="640" height="360"]http://example.com/v.webm[/embed]', env)).toBe(
      '[video width="640" height="360" src="http://example.com/v.webm" /]',
    );
    expect(runEmbedShortcode('[embed width="640"]http://example.com/v.webm[/embed]', env)).toBe('[video src="http://example.com/v.webm" /]');
  });

  it('turns a YouTube embed URL into its watch URL, autoembedded (bare when unknown)', () => {
    expect(runEmbedShortcode('[embed]https://www.youtube.com/embed/dQw4w9WgXcQ[/embed]', referenceEnv())).toBe(
      'https://youtube.com/watch?v=dQw4w9WgXcQ',
    );
    const html = '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>';
    const env = envWithCache('https://youtube.com/watch?v=dQw4w9WgXcQ', html);
    expect(runEmbedShortcode('[embed]https://www.youtube.com/embed/dQw4w9WgXcQ[/embed]', env)).toBe(html);
  });

  it('leaves [embed] inside HTML tags and escaped [[embed]] alone, and no other shortcode runs', () => {
    const text = `<a title="[embed]${VIMEO}[/embed]">[[embed]x[/embed]] [gallery ids="1"]</a>`;
    expect(runEmbedShortcode(text, referenceEnv())).toBe(`<a title="[embed]${VIMEO}[/embed]">[embed]x[/embed] [gallery ids="1"]</a>`);
  });
});

describe('autoembed', () => {
  it('leaves an unknown URL alone on its line (event 257)', () => {
    const text = `Watch this:\n\n${YOUTUBE}\n\n`;
    expect(autoembed(text, referenceEnv())).toBe(text);
  });

  it('replaces a URL alone on its line or in its own paragraph with the cached HTML', () => {
    const html = '<iframe src="x"></iframe>';
    const env = envWithCache(YOUTUBE, html);
    expect(autoembed(`a\n  ${YOUTUBE}  \nb`, env)).toBe(`a\n  ${html}  \nb`);
    expect(autoembed(`<p class="x">${YOUTUBE}</p>`, env)).toBe(`<p class="x">${html}</p>`);
    expect(autoembed(`see ${YOUTUBE} here`, env)).toBe(`see ${YOUTUBE} here`);
    expect(autoembed(`<a href="${YOUTUBE}">${YOUTUBE}</a>`, env)).toBe(`<a href="${YOUTUBE}">${YOUTUBE}</a>`);
  });

  it('does not take a newline inside a tag for the end of a line', () => {
    const html = '<b>embedded</b>';
    const env = envWithCache(YOUTUBE, html);
    const text = `<div\nclass="a">\n${YOUTUBE}\n</div>`;
    expect(autoembed(text, env)).toBe(`<div\nclass="a">\n${html}\n</div>`);
  });

  it('embeds a URL alone on its line inside <pre> and <code> too, as WordPress does (Trac 39472)', () => {
    const env = envWithCache(YOUTUBE, '<b>embedded</b>');
    const text = `<pre>\n${YOUTUBE}\n</pre>\n<code>\n${YOUTUBE}\n</code>\n${YOUTUBE}\n`;
    expect(autoembed(text, env)).toBe(`<pre>\n<b>embedded</b>\n</pre>\n<code>\n<b>embedded</b>\n</code>\n<b>embedded</b>\n`);
  });

  it('hands an audio file URL on its line to [audio] (test_autoembed_should_return_modified_content)', () => {
    expect(autoembed('\nhttp://example.com/embed/foo.mp3\n', referenceEnv())).toBe('\n[audio src="http://example.com/embed/foo.mp3" /]\n');
    expect(autoembed('\nhttp://example.com/embed/foo\n', referenceEnv())).toBe('\nhttp://example.com/embed/foo\n');
  });
});

describe('collectEmbedNeeds', () => {
  it('lists the keys of [embed] URLs, bare URLs and YouTube watch URLs, not of media files', () => {
    const needs = emptyContentNeeds();
    collectEmbedNeeds(
      `${YOUTUBE}\n[embed width="640"]${VIMEO}[/embed]\n[embed]https://www.youtube.com/embed/abc[/embed]\nhttp://example.com/a.mp3\n`,
      needs,
    );
    expect([...needs.oembedKeys].sort()).toEqual(
      [oembedCacheKey(YOUTUBE), oembedCacheKey(VIMEO, { width: '640' }), oembedCacheKey('https://youtube.com/watch?v=abc')].sort(),
    );
  });

  it('adds nothing for a text without URLs', () => {
    const needs = emptyContentNeeds();
    collectEmbedNeeds('[caption]x[/caption]', needs);
    expect(needs.oembedKeys.size).toBe(0);
  });
});
