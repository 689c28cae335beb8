import { wpautop } from '../text/autop.js';
import { isPhpEmpty } from '../php/php-empty.js';
import { wpKses, wpStripAllTags, type KsesAllowList } from '../text/kses.js';
import { parseBlocks, type ParsedBlock } from '../blocks/parser.js';
import { PureMemo } from '../../cache/pure-memo.js';

/** The HTML tribe_events_get_the_excerpt() keeps by default. */
const EXCERPT_ALLOWED_HTML: KsesAllowList = {
  a: ['class', 'id', 'style', 'href', 'rel', 'target'],
  b: ['class', 'id', 'style'],
  strong: ['class', 'id', 'style'],
  em: ['class', 'id', 'style'],
  span: ['class', 'id', 'style'],
  ul: ['class', 'id', 'style'],
  li: ['class', 'id', 'style'],
  ol: ['class', 'id', 'style'],
};

const EXCERPT_LENGTH = 55;
const EXCERPT_MORE = ' [&hellip;]';

/** excerpt_remove_blocks(): blocks whose content belongs in an excerpt (null = classic HTML). */
const ALLOWED_INNER_BLOCKS: readonly (string | null)[] = [
  null,
  'core/freeform',
  'core/heading',
  'core/html',
  'core/list',
  'core/media-text',
  'core/paragraph',
  'core/preformatted',
  'core/pullquote',
  'core/quote',
  'core/table',
  'core/verse',
];
const ALLOWED_WRAPPER_BLOCKS: readonly string[] = ['core/columns', 'core/column', 'core/group'];
const ALLOWED_BLOCKS: readonly (string | null)[] = [...ALLOWED_INNER_BLOCKS, ...ALLOWED_WRAPPER_BLOCKS];

/**
 * render_block() for the static blocks an excerpt keeps: their HTML with the inner blocks in
 * place. What render-time supports add (classes) is markup kses strips from the excerpt anyway.
 */
function renderBlock(block: ParsedBlock): string {
  let index = 0;
  return block.innerContent
    .map((piece) => (piece === null ? renderBlock(block.innerBlocks[index++]!) : piece))
    .join('');
}

function renderInnerBlocks(block: ParsedBlock): string {
  return block.innerBlocks
    .filter((inner) => ALLOWED_BLOCKS.includes(inner.blockName))
    .map((inner) => (inner.innerBlocks.length === 0 ? renderBlock(inner) : renderInnerBlocks(inner)))
    .join('');
}

/** excerpt_remove_blocks(): only text-like blocks (and layout wrappers around them) survive. */
export function excerptRemoveBlocks(content: string): string {
  if (!content.includes('<!-- wp:')) return content;
  let output = '';
  for (const block of parseBlocks(content)) {
    if (!ALLOWED_BLOCKS.includes(block.blockName)) continue;
    if (block.innerBlocks.length > 0) {
      if (block.blockName !== null && ALLOWED_WRAPPER_BLOCKS.includes(block.blockName)) {
        output += renderInnerBlocks(block);
        continue;
      }
      const nested = block.innerBlocks.some(
        (inner) => !ALLOWED_INNER_BLOCKS.includes(inner.blockName) || inner.innerBlocks.length > 0,
      );
      if (nested) continue;
    }
    output += renderBlock(block);
  }
  return output;
}

/** wp_trim_words() for word-counting locales: tags stripped, whitespace collapsed, at most N words. */
export function wpTrimWords(text: string, numWords = EXCERPT_LENGTH, more = '&hellip;'): string {
  const words = wpStripAllTags(text).split(/[\n\r\t ]+/).filter((word) => word !== '');
  if (words.length > numWords) return `${words.slice(0, numWords).join(' ')}${more}`;
  return words.join(' ');
}

/**
 * tribe_events_get_the_excerpt() with its defaults: the manual excerpt, or else the content
 * trimmed to 55 words (` [&hellip;]` appended when cut); blocks that do not belong in an
 * excerpt and shortcode-looking text removed, HTML limited to a few inline tags, then wpautop.
 */
export function tribeExcerpt(post: { post_excerpt: string; post_content: string }, excerptLength: number): string {
  // has_excerpt() is PHP's ! empty(): an excerpt of "0" counts as none.
  const hasExcerpt = !isPhpEmpty(post.post_excerpt);
  const source = hasExcerpt ? post.post_excerpt : post.post_content;
  return excerpts.get(`${excerptLength}\u0000${hasExcerpt ? 'e' : 'c'}${source}`, () => makeExcerpt(source, hasExcerpt, excerptLength));
}

/**
 * Excerpts by their source text, whether it is the manual excerpt, and the length: JSON-LD shows
 * one for the event, its venue and its organizers on every single-event answer, and the block
 * parser, kses and wpautop behind it are slow by design. A pure function of its key, so never
 * stale; bounded (texts past 4,000 characters are not kept).
 */
const excerpts = new PureMemo<string>(500, 4_000);

function makeExcerpt(source: string, hasExcerpt: boolean, excerptLength: number): string {
  let excerpt = source;
  excerpt = excerptRemoveBlocks(excerpt);
  excerpt = excerpt.replace(/\[[^\n]+?\]/g, '');
  excerpt = wpKses(excerpt, EXCERPT_ALLOWED_HTML);
  if (!hasExcerpt) excerpt = wpTrimWords(excerpt, excerptLength, EXCERPT_MORE);
  return wpautop(excerpt);
}
