import { describe, expect, it } from 'vitest';
import { escJs } from '../../../../src/wp/text/escaping.js';
import { wpautop } from '../../../../src/wp/text/autop.js';
import { theTitle } from '../../../../src/wp/text/the-title.js';
import { renderTheContent, renderTheExcerpt } from '../../../../src/wp/text/the-content.js';
import { testContentEnv } from '../../../setup/content-env.js';

/** The whole the_content / the_excerpt chains on a site without preloaded records. */
const theContent = (raw: string, site: { useSmilies?: boolean } = {}) => renderTheContent(raw, testContentEnv(site));
const theExcerpt = (raw: string) => renderTheExcerpt(raw, testContentEnv());

const NBSP = '\u00a0';

/** Emoji from the UTF-8 bytes WordPress's tests spell out. */
const utf8 = (hex: string) => Buffer.from(hex, 'hex').toString('utf8');

describe('recorded from WordPress 7.1', () => {
  it('the_title curls an apostrophe', () => {
    expect(theTitle("Author's Book Reading")).toBe('Author&#8217;s Book Reading');
  });

  it('the_content curls quotes, makes -- an em dash and ... an ellipsis, and adds a paragraph', () => {
    expect(theContent('Reading from "the" new book -- with Q&amp;A...')).toBe(
      '<p>Reading from &#8220;the&#8221; new book &#8212; with Q&amp;A&#8230;</p>',
    );
  });

  it('the_content leaves a paragraph with inline markup and entities as it is', () => {
    const html = '<p>Description of seed event 1. <strong>Bold</strong> &amp; more.</p>';
    expect(theContent(html)).toBe(html);
  });

  it('the_excerpt wraps text in a paragraph and leaves an empty excerpt empty', () => {
    expect(theExcerpt('Live music')).toBe('<p>Live music</p>');
    expect(theExcerpt('')).toBe('');
  });

  it('the_content wraps plain text in a paragraph', () => {
    expect(theContent('Meetup with inline venue and organizer')).toBe('<p>Meetup with inline venue and organizer</p>');
    expect(theContent('<p>An evening of live music.</p>')).toBe('<p>An evening of live music.</p>');
  });

  it('esc_js of wpautop output escapes markup and writes the final newline as backslash-n', () => {
    expect(escJs(wpautop('Live music'))).toBe('&lt;p&gt;Live music&lt;/p&gt;\\n');
    expect(escJs(wpautop('Reading from "the" new book -- with Q&amp;A...'))).toBe(
      '&lt;p&gt;Reading from &quot;the&quot; new book -- with Q&amp;A...&lt;/p&gt;\\n',
    );
  });
});

describe('the_title, the_content and the_excerpt pipelines', () => {
  it('trims the title with PHP trim(), which keeps a non-breaking space', () => {
    expect(theTitle('  Gala night \n')).toBe('Gala night');
    expect(theTitle(`${NBSP}Gala`)).toBe(`${NBSP}Gala`);
  });

  it('makes a lone & in a title &#038; and keeps entities', () => {
    expect(theTitle('Rock & Roll &amp; Blues')).toBe('Rock &#038; Roll &amp; Blues');
  });

  it('runs capital_P_dangit after wptexturize and wpautop on the content', () => {
    expect(theContent('"Wordpress" and Wordpress')).toBe('<p>&#8220;WordPress&#8221; and WordPress</p>');
    // wpautop (10) runs first, so the paragraph's '>' lets capital_P_dangit (11) match.
    expect(theContent('Wordpress at the start')).toBe('<p>WordPress at the start</p>');
  });

  it('does not run capital_P_dangit on the excerpt', () => {
    expect(theExcerpt('About Wordpress')).toBe('<p>About Wordpress</p>');
  });

  it('leaves <code> contents alone in the content', () => {
    expect(theContent('Type <code>"--help"</code> -- it\'s easy')).toBe(
      '<p>Type <code>"--help"</code> &#8212; it&#8217;s easy</p>',
    );
  });

  it('converts smilies in the content after wpautop, and in the excerpt', () => {
    expect(theContent('Great fun :)')).toBe(`<p>Great fun ${utf8('f09f9982')}</p>`);
    expect(theContent('Great fun :)', { useSmilies: false })).toBe('<p>Great fun :)</p>');
    expect(theExcerpt('Great fun :)')).toBe(`<p>Great fun ${utf8('f09f9982')}</p>`);
  });

  it('builds paragraphs and line breaks from a multi-line description', () => {
    expect(theContent('Doors open at 7.\nBring a friend!\n\nTickets: $10 & up')).toBe(
      '<p>Doors open at 7.<br />\nBring a friend!</p>\n<p>Tickets: $10 &#038; up</p>',
    );
  });

  it('keeps a registered shortcode out of texturize and of its paragraph in the excerpt', () => {
    expect(theExcerpt('[gallery ids="1,2"]')).toBe('[gallery ids="1,2"]');
  });

  it('gives "" for a whitespace-only content or excerpt', () => {
    expect(theContent(' \n ')).toBe('');
    expect(theExcerpt('\n')).toBe('');
  });
});
