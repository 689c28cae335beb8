import type { ContentEnv, ContentNeeds } from '../text/content-env.js';
import { wpautop } from '../text/autop.js';
import { TWENTY_TWENTY_FIVE } from './block-types.js';
import { collectDynamicBlockNeeds, renderDynamicBlock } from './dynamic-blocks.js';
import { renderLayoutSupport } from './layout.js';
import { hasBlocks, parseBlocks, type ParsedBlock } from './parser.js';
import { TagProcessor } from './tag-processor.js';
import { isPhpEmpty } from '../php/php-empty.js';

export { hasBlocks, parseBlocks, serializeBlock, serializeBlocks, type ParsedBlock } from './parser.js';

/**
 * do_blocks() and render_block() (wp-includes/blocks.php) with WP_Block::render()
 * (wp-includes/class-wp-block.php), for WordPress 7.1 with the twentytwentyfive theme.
 *
 * Rendering a block: its inner blocks are rendered in place of the `null`s of its
 * innerContent (each first passing `render_block_data`, which gives it `parentLayout`); a
 * dynamic block's render callback then gets the joined HTML; then the `render_block` filters
 * run (block visibility, the layout support), then `render_block_{name}` (the paragraph class).
 */

/** Static blocks whose render callback only adds the block's class to its first tag of a kind. */
const CLASS_ADDING_RENDERERS: Readonly<Record<string, { tags: readonly string[]; className: string }>> = {
  // block_core_heading_render(): `wp-block-heading` on the first H1-H6.
  'core/heading': { tags: ['H1', 'H2', 'H3', 'H4', 'H5', 'H6'], className: 'wp-block-heading' },
  // block_core_list_render(): `wp-block-list` on the first OL/UL.
  'core/list': { tags: ['OL', 'UL'], className: 'wp-block-list' },
};

function addClassToFirst(content: string, tags: readonly string[], className: string): string {
  // Both callbacks return their input unchanged when it is empty (PHP's `! $content`, so "0" too).
  if (isPhpEmpty(content)) return content;
  const processor = new TagProcessor(content);
  while (processor.nextTag()) {
    if (tags.includes(processor.getTag()!)) {
      processor.addClass(className);
      break;
    }
  }
  return processor.getUpdatedHtml();
}

/**
 * render_block_core_image(): nothing when the content has no <img> with a src; the `data-id`
 * attribute for images inside a gallery; an empty <figcaption> removed (the `caption` attribute
 * is sourced from the HTML, which the server does not read, so it is always empty there).
 * The lightbox is off unless a theme or the block enables it, which neither does here.
 */
function renderImage(attrs: Record<string, unknown>, content: string): string {
  if (!content.toLowerCase().includes('<img')) return '';
  const processor = new TagProcessor(content);
  if (!processor.nextTag('img')) return '';
  const src = processor.getAttribute('src');
  if (isPhpEmpty(src)) return '';
  if (attrs['data-id'] !== undefined && attrs['data-id'] !== null) processor.setAttribute('data-id', String(attrs['data-id']));
  const output = processor.getUpdatedHtml();
  // The first <figcaption>, when empty (comments allowed inside), is cut out.
  const figcaption = /<figcaption\b[^>]*>((?:(?!<\/figcaption)[\s\S])*)<\/figcaption\s*>/i.exec(output);
  if (figcaption && /^(?:<!--[\s\S]*?-->)*$/.test(figcaption[1]!)) {
    return output.slice(0, figcaption.index) + output.slice(figcaption.index + figcaption[0].length);
  }
  return output;
}

/**
 * block_core_paragraph_add_class() (`render_block_core/paragraph`, new in WordPress 7.0):
 * `wp-block-paragraph` appended to the first <p>'s classes.
 */
function addParagraphClass(content: string): string {
  if (isPhpEmpty(content)) return content;
  const processor = new TagProcessor(content);
  if (processor.nextTag('p')) processor.addClass('wp-block-paragraph');
  return processor.getUpdatedHtml();
}

/** The `metadata.blockVisibility` block support: a block set to hidden renders nothing. */
function isHidden(block: ParsedBlock): boolean {
  const metadata = block.attrs?.metadata;
  return (
    metadata !== null &&
    typeof metadata === 'object' &&
    (metadata as Record<string, unknown>).blockVisibility === false
  );
}

/**
 * render_block() / WP_Block::render() of one parsed block (with its inner blocks). Freeform
 * HTML (a null name) and unknown blocks come out as their own HTML.
 */
export function renderBlock(block: ParsedBlock, env: ContentEnv): string {
  let content = '';
  let index = 0;
  for (const chunk of block.innerContent) {
    if (typeof chunk === 'string') {
      content += chunk;
      continue;
    }
    const inner = block.innerBlocks[index++];
    if (!inner) continue;
    // render_block_data: wp_add_parent_layout_to_parsed_block() hands the parent's layout down.
    const layout = block.attrs?.layout;
    const prepared = layout !== undefined ? { ...inner, parentLayout: layout } : inner;
    content += renderBlock(prepared, env);
  }

  const name = block.blockName;
  const attrs = block.attrs ?? {};
  if (name !== null) {
    const dynamic = renderDynamicBlock(name, attrs, content, block, env);
    if (dynamic !== undefined) content = dynamic;
    else if (name === 'core/image') content = renderImage(attrs, content);
    else if (name === 'core/shortcode') content = wpautop(content); // render_block_core_shortcode()
    else if (CLASS_ADDING_RENDERERS[name]) {
      const { tags, className } = CLASS_ADDING_RENDERERS[name]!;
      content = addClassToFirst(content, tags, className);
    }
  }

  // `render_block` filters, in the order their files hook them.
  if (isHidden(block)) return '';
  content = renderLayoutSupport(content, block, TWENTY_TWENTY_FIVE);

  // `render_block_{name}` filters.
  if (name === 'core/paragraph') content = addParagraphClass(content);
  return content;
}

/**
 * do_blocks(): parse_blocks() and render_block() of each top-level block, joined.
 *
 * Like do_blocks() inside `the_content`, a text that has blocks takes wpautop off for the rest
 * of the request: wpautop is then skipped for this text, and _restore_wpautop_hook() brings it
 * back after shortcode_unautop for the later ones; `env.state.wpautopAfterUnautop` is set here.
 */
export function doBlocks(content: string, env: ContentEnv): string {
  let output = '';
  for (const block of parseBlocks(content)) output += renderBlock(block, env);
  if (hasBlocks(content)) env.state.wpautopAfterUnautop = true;
  return output;
}

/** The reads the dynamic blocks of `content` will make, added to `needs.queries`. */
export function collectBlockNeeds(content: string, needs: ContentNeeds): void {
  if (!hasBlocks(content)) return;
  const visit = (blocks: readonly ParsedBlock[]) => {
    for (const block of blocks) {
      if (block.blockName !== null) collectDynamicBlockNeeds(block.blockName, block.attrs ?? {}, needs);
      visit(block.innerBlocks);
    }
  };
  visit(parseBlocks(content));
}
