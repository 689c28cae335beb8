import { describe, expect, it } from 'vitest';
import { captionShortcode, sanitizeHtmlClass, uniqueRequestId } from '../../../../src/wp/shortcodes/caption.js';
import {
  addQueryArg,
  audioShortcode,
  collectShortcodeNeeds,
  galleryShortcode,
  videoShortcode,
  wpCheckFiletype,
  wpParseIdList,
  wpValidateBoolean,
} from '../../../../src/wp/shortcodes/media-shortcodes.js';
import { doShortcode } from '../../../../src/wp/shortcodes/shortcodes.js';
import { emptyContentNeeds, newContentRenderState, type ContentEnv } from '../../../../src/wp/text/content-env.js';
import { referenceEnv } from './reference-env.js';

const HANDLERS = { caption: captionShortcode, wp_caption: captionShortcode, gallery: galleryShortcode, audio: audioShortcode, video: videoShortcode };
const render = (text: string, env: ContentEnv = referenceEnv()) => doShortcode(text, HANDLERS, env);

const MP3 = 'http://127.0.0.1:8080/wp-content/uploads/2026/11/theme.mp3';

describe('[audio] (wp_audio_shortcode)', () => {
  it('prints the recorded player, counting instances per request', () => {
    const env = referenceEnv();
    const first = `<audio class="wp-audio-shortcode" id="audio-0-1" preload="none" style="width: 100%;" controls="controls"><source type="audio/mpeg" src="${MP3}?_=1" /><a href="${MP3}">${MP3}</a></audio>`;
    expect(render(`[audio src="${MP3}"]`, env)).toBe(first);
    expect(render(`[audio src="${MP3}"]`, env)).toBe(first.replace('audio-0-1', 'audio-0-2').replace('?_=1', '?_=2'));
  });

  it('adds loop and autoplay as "1", drops an empty preload, and lists every source', () => {
    const out = render('[audio loop="on" autoplay="false" preload="" ogg="http://x.test/a.ogg" mp3="http://x.test/a.mp3"]');
    expect(out).toBe(
      '<audio class="wp-audio-shortcode" id="audio-0-1" loop="1" style="width: 100%;" controls="controls">' +
        '<source type="audio/mpeg" src="http://x.test/a.mp3?_=1" /><source type="audio/ogg" src="http://x.test/a.ogg?_=1" />' +
        '<a href="http://x.test/a.mp3">http://x.test/a.mp3</a></audio>',
    );
  });

  it('prints a plain link for a src that is not audio, and nothing without a file', () => {
    expect(render('[audio src="http://x.test/a.txt?x=1&y=2"]')).toBe(
      '<a class="wp-embedded-audio" href="http://x.test/a.txt?x=1&#038;y=2">http://x.test/a.txt?x=1&amp;y=2</a>',
    );
    expect(render('[audio]')).toBe('');
  });
});

describe('[video] (wp_video_shortcode)', () => {
  const MP4 = 'http://127.0.0.1:8080/wp-content/uploads/2026/11/trailer.mp4';

  it('prints the recorded player', () => {
    expect(render(`[video src="${MP4}" width="640" height="360"]`)).toBe(
      `<div style="width: 640px;" class="wp-video"><video class="wp-video-shortcode" id="video-0-1" width="640" height="360" preload="metadata" controls="controls"><source type="video/mp4" src="${MP4}?_=1" /><a href="${MP4}">${MP4}</a></video></div>`,
    );
  });

  it('keeps the enclosed content (tracks) before the fallback link, newlines and tabs removed', () => {
    const out = render('[video mp4="http://x.test/v.mp4" poster="http://x.test/p.jpg" muted="1"]\n\t<track src="t.vtt" />\n[/video]');
    expect(out).toBe(
      '<div style="width: 640px;" class="wp-video"><video class="wp-video-shortcode" id="video-0-1" width="640" height="360" poster="http://x.test/p.jpg" muted="1" preload="metadata" controls="controls">' +
        '<source type="video/mp4" src="http://x.test/v.mp4?_=1" /><track src="t.vtt" /><a href="http://x.test/v.mp4">http://x.test/v.mp4</a></video></div>',
    );
  });

  it('forces https on YouTube and drops its feature argument (wordpress-develop Tests_Media)', () => {
    const out = render('[video src="http://www.youtube.com/watch?v=i_cVJgIz_Cs&feature=youtu.be"]');
    expect(out).toContain('<source type="video/youtube" src="https://www.youtube.com/watch?v=i_cVJgIz_Cs&#038;_=1" />');
    expect(out).not.toContain('feature=');
  });

  it('keeps only host and path of Vimeo URLs, with https and a loop argument', () => {
    expect(render('[video src="http://vimeo.com/76979871?blah=meh"]')).toContain(
      '<source type="video/vimeo" src="https://vimeo.com/76979871?loop=0&#038;_=1" />',
    );
    expect(render('[video src="http://vimeo.com/76979871" loop="true"]')).toContain('src="https://vimeo.com/76979871?loop=1&#038;_=1"');
  });

  it('prints a plain link for a src that is not video', () => {
    expect(render('[video src="http://x.test/a.mp3"]')).toBe('<a class="wp-embedded-video" href="http://x.test/a.mp3">http://x.test/a.mp3</a>');
  });
});

describe('[gallery] (gallery_shortcode)', () => {
  it('links to the files with link="file" and prints bare images with link="none"', () => {
    const file = render('[gallery ids="253" link="file"]');
    expect(file).toContain("<a href='http://127.0.0.1:8080/wp-content/uploads/2026/11/stage-lights.jpg'><img ");
    const none = render('[gallery ids="253" link="none" columns="1" size="medium"]');
    expect(none).toContain("<div id='gallery-1' class='gallery galleryid-0 gallery-columns-1 gallery-size-medium'>");
    expect(none).toContain("<div class='gallery-icon landscape'>\n\t\t\t\t<img ");
    expect(none).toContain('stage-lights-300x225.jpg');
  });

  it('keeps the order of ids, or sorts by menu_order and ID for include', () => {
    const byIds = render('[gallery ids="253,252"]');
    expect(byIds.indexOf('stage-lights')).toBeLessThan(byIds.indexOf('harbour-night'));
    const byInclude = render('[gallery include="253,252"]');
    expect(byInclude.indexOf('harbour-night')).toBeLessThan(byInclude.indexOf('stage-lights'));
    const descending = render('[gallery include="252,253" orderby="ID" order="DESC"]');
    expect(descending.indexOf('stage-lights')).toBeLessThan(descending.indexOf('harbour-night'));
  });

  it('falls back to dl/dt/dd for tags KSES does not allow', () => {
    const out = render('[gallery ids="252" itemtag="script" icontag="div" captiontag="blink"]');
    expect(out).toContain("<dl class='gallery-item'>");
    expect(out).toContain("<dd class='wp-caption-text gallery-caption' id='gallery-1-252'>");
  });

  it('names the global post in its class and ids (get_post(): what tec/v1 renders each entity as), 0 without one', () => {
    const env = referenceEnv();
    env.state.globalPostId = 265;
    expect(render('[gallery ids="253"]', env)).toContain("<div id='gallery-1' class='gallery galleryid-265 gallery-columns-3 gallery-size-thumbnail'>");
    expect(render('[gallery ids="253" id="7"]', env)).toContain("class='gallery galleryid-7 ");
    expect(render(`[audio src="${MP3}"]`, env)).toContain('id="audio-265-1"');
    expect(render('[video src="http://x.test/a.mp4"]', env)).toContain('id="video-265-1"');
    env.state.globalPostId = 0;
    expect(render('[gallery ids="253"]', env)).toContain("<div id='gallery-3' class='gallery galleryid-0 ");
  });

  it('prints nothing for images it cannot find or galleries without a list (post 0), still counting the instance', () => {
    const env = referenceEnv();
    expect(render('[gallery ids="99999"]', env)).toBe('');
    expect(render('[gallery]', env)).toBe('');
    expect(render('[gallery ids="252"]', env)).toContain("id='gallery-3'");
  });

  it('collects the attachments its galleries name, not escaped ones', () => {
    const needs = emptyContentNeeds();
    collectShortcodeNeeds('[gallery ids="5, 6,6"] [gallery include="7"] [[gallery ids="8"]] [gallery ids="0"]', needs);
    expect([...needs.postIds]).toEqual([5, 6, 7]);
  });
});

describe('[caption] (img_caption_shortcode)', () => {
  const IMG = '<img src="http://x.test/a.jpg" alt="" width="300" height="200" class="wp-image-9" />';

  it('returns the content unchanged without a width or a caption', () => {
    expect(render(`[caption id="attachment_9"]${IMG} A caption[/caption]`)).toBe(IMG);
    expect(render(`[caption width="300"]${IMG}[/caption]`)).toBe(IMG);
  });

  it('reads a link around the image and a caption attribute (filtered by KSES)', () => {
    const out = render(`[caption align="aligncenter" width="300" caption="Hi <script>x</script><em>there</em>"]<a href="/x">${IMG}</a>[/caption]`);
    expect(out).toBe(
      `<figure style="width: 300px" class="wp-caption aligncenter"><a href="/x">${IMG}</a><figcaption class="wp-caption-text">Hi x<em>there</em></figcaption></figure>`,
    );
  });

  it('uses a given caption_id and sanitizes ids', () => {
    const out = render(`[caption id="attach%20ment 9" caption_id="cap!1" width="300" class="extra"]${IMG} Text[/caption]`);
    expect(out).toBe(
      `<figure id="attachment9" aria-describedby="cap1" style="width: 300px" class="wp-caption alignnone extra">${IMG}<figcaption id="cap1" class="wp-caption-text">Text</figcaption></figure>`,
    );
  });

  it('suffixes ids already used in the request: -2, -3', () => {
    const state = newContentRenderState();
    expect([uniqueRequestId(state, 'a'), uniqueRequestId(state, 'a'), uniqueRequestId(state, 'b'), uniqueRequestId(state, 'a')]).toEqual([
      'a', 'a-2', 'b', 'a-3',
    ]);
  });

  it('runs shortcodes inside its content, but not in content it returns for lack of a caption', () => {
    const out = render(`[caption width="10" caption="Cap"][audio src="${MP3}"][/caption]`);
    expect(out).toContain('<figure style="width: 10px" class="wp-caption alignnone"><audio class="wp-audio-shortcode" id="audio-0-1"');
    // New-style captions need an <img>: without one there is no caption, and the content comes back as it was.
    expect(render(`[caption width="10"][audio src="${MP3}"] Cap[/caption]`)).toBe(`[audio src="${MP3}"] Cap`);
  });
});

describe('helpers', () => {
  it('wp_check_filetype reads the extension at the very end', () => {
    expect(wpCheckFiletype('http://x.test/a.M4A')).toEqual({ ext: 'M4A', type: 'audio/mpeg' });
    expect(wpCheckFiletype('http://x.test/a.mp3?x=1')).toEqual({ ext: false, type: false });
  });

  it('wp_validate_boolean', () => {
    expect([true, 'FALSE', '', '0', 'no', 1].map(wpValidateBoolean)).toEqual([true, false, false, false, true, true]);
  });

  it('add_query_arg keeps the fragment, re-encodes the query and replaces an existing key', () => {
    expect(addQueryArg('_', 1, 'http://x.test/a.mp3')).toBe('http://x.test/a.mp3?_=1');
    expect(addQueryArg('_', 2, 'http://x.test/a.mp3?b=c d&_=1#t')).toBe('http://x.test/a.mp3?b=c+d&_=2#t');
    expect(addQueryArg('feature', false, 'https://y.test/watch?v=1&feature=z')).toBe('https://y.test/watch?v=1');
    expect(addQueryArg('k', 'v', 'a=b')).toBe('a=b&k=v');
  });

  it('wp_parse_id_list and sanitize_html_class', () => {
    expect(wpParseIdList('3, 2 ,3,-4,x')).toEqual([3, 2, 4, 0]);
    expect(sanitizeHtmlClass('a%2Fb c!d_e-f')).toBe('abcd_e-f');
  });
});
