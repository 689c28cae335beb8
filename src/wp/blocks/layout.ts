import { createHash } from 'node:crypto';
import { sanitizeTitle } from '../text/slugs.js';
import { blockTypeInfo, resolvePresetReference, type ThemeSettings } from './block-types.js';
import { phpJsonEncode, type ParsedBlock } from './parser.js';
import { isVoidElement, TagProcessor } from './tag-processor.js';
import { isEmptyParam, isPhpEmpty } from '../php/php-empty.js';

/**
 * The layout block support as it runs at render time: wp_render_layout_support_flag()
 * (wp-includes/block-supports/layout.php, WordPress 7.1), the `render_block` filter that adds
 * the layout classes to a block's wrapper. The CSS it also generates goes to the style engine's
 * stylesheet (printed in the page head, never in the content), so here only its class names
 * are made; whether the CSS would be non-empty still decides whether the container class is
 * added, so that part of wp_get_layout_style() is reproduced as a yes/no.
 */

type Json = Record<string, unknown>;

function asObject(value: unknown): Json | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
}

/** wp_get_layout_definitions()' class names by layout type. */
const LAYOUT_CLASS_NAMES: Readonly<Record<string, string>> = {
  default: 'is-layout-flow',
  constrained: 'is-layout-constrained',
  flex: 'is-layout-flex',
  grid: 'is-layout-grid',
};

/** PHP truthiness of a decoded JSON value (an empty JSON object is an empty PHP array). */
function phpTruthy(value: unknown): boolean {
  return !isEmptyParam(value);
}

/** wp_unique_id_from_values(): the prefix and the first 8 hex digits of md5( wp_json_encode( $data ) ). */
export function uniqueIdFromValues(data: unknown, prefix = ''): string {
  return `${prefix}${createHash('md5').update(phpJsonEncode(data), 'utf8').digest('hex').slice(0, 8)}`;
}

/**
 * wp_sanitize_block_gap_value(): a gap with characters CSS values may not hold (`\`, `(`, `&`,
 * `=`, `}` or `/*`) is dropped.
 */
function sanitizeBlockGap(value: unknown): unknown {
  const unsafe = (item: unknown) => phpTruthy(item) && /[\\(&=}]|\/\*/.test(String(item));
  const object = asObject(value);
  if (object) {
    return Object.fromEntries(Object.entries(object).map(([key, item]) => [key, unsafe(item) ? null : item]));
  }
  if (Array.isArray(value)) return value.map((item) => (unsafe(item) ? null : item));
  return unsafe(value) ? null : value;
}

/**
 * Whether wp_get_layout_style() would produce any CSS for this layout (no viewport overrides).
 * Each branch mirrors a rule the PHP pushes into $layout_styles.
 */
function layoutHasStyles(
  layout: Json,
  hasBlockGapSupport: boolean,
  gapValue: unknown,
  skipGapSerialization: boolean,
  blockSpacing: unknown,
): boolean {
  const type = typeof layout.type === 'string' ? layout.type : 'default';
  const gapTop = (value: unknown) => (asObject(value) ? (asObject(value)!.top ?? null) : value);

  if (type === 'default') {
    return hasBlockGapSupport && gapTop(gapValue) !== null && gapTop(gapValue) !== undefined && !skipGapSerialization;
  }
  if (type === 'constrained') {
    if (phpTruthy(layout.contentSize) || phpTruthy(layout.wideSize)) return true;
    const spacing = asObject(blockSpacing);
    const padding = spacing ? spacing.padding : undefined;
    // wp_style_engine_get_styles() gives padding-left/right for a string padding or those sides.
    if (typeof padding === 'string' && padding !== '') return true;
    const paddingSides = asObject(padding);
    if (paddingSides && (phpTruthy(paddingSides.left) || phpTruthy(paddingSides.right))) return true;
    const justify = layout.justifyContent ?? 'center';
    if (justify === 'left' || justify === 'right') return true;
    return hasBlockGapSupport && gapTop(gapValue) !== null && gapTop(gapValue) !== undefined && !skipGapSerialization;
  }
  if (type === 'flex') {
    if (phpTruthy(layout.flexWrap) && layout.flexWrap === 'nowrap') return true;
    if (hasBlockGapSupport && gapValue !== null && gapValue !== undefined && !skipGapSerialization) return true;
    const orientation = layout.orientation ?? 'horizontal';
    if (orientation !== 'horizontal') return true; // flex-direction: column is always written.
    const justifyOptions = ['left', 'right', 'center', 'space-between'];
    const alignOptions = ['top', 'center', 'bottom', 'stretch'];
    if (phpTruthy(layout.justifyContent) && justifyOptions.includes(String(layout.justifyContent))) return true;
    if (phpTruthy(layout.verticalAlignment) && alignOptions.includes(String(layout.verticalAlignment))) return true;
    return false;
  }
  if (type === 'grid') {
    // Without columnCount a grid always gets its auto-fill template (and with one, a fixed one).
    return true;
  }
  return false;
}

/**
 * wp_render_layout_support_flag() for a block's rendered HTML. Child-layout classes
 * (`wp-container-content-*`, from `style.layout` inside a flex or grid parent) are made too.
 */
export function renderLayoutSupport(blockContent: string, block: ParsedBlock, theme: ThemeSettings): string {
  const type = blockTypeInfo(block.blockName);
  const supportsLayout = type?.layout !== undefined;
  const attrs = block.attrs ?? {};
  const style = asObject(attrs.style) ?? {};
  const childLayout = style.layout;

  if (!supportsLayout && !phpTruthy(childLayout)) return blockContent;

  const outerClassNames: string[] = [];
  const childLayoutObject = asObject(childLayout);
  if (childLayoutObject && phpTruthy(childLayout)) {
    const childKeys = ['selfStretch', 'flexSize', 'columnStart', 'columnSpan', 'rowStart', 'rowSpan'];
    const baseChild = Object.fromEntries(Object.entries(childLayoutObject).filter(([key]) => childKeys.includes(key)));
    const parentLayout = asObject(block.parentLayout) ?? {};
    const parentForId = Object.fromEntries(
      Object.entries(parentLayout).filter(([key]) => key === 'minimumColumnWidth' || key === 'columnCount'),
    );
    const contentClass = uniqueIdFromValues({ layout: baseChild, parentLayout: parentForId }, 'wp-container-content-');
    if (childLayoutHasStyles(baseChild, parentLayout)) outerClassNames.push(contentClass);
  }

  const processor = new TagProcessor(blockContent);
  if (!processor.nextTag()) return blockContent;

  if (!supportsLayout) {
    if (outerClassNames.length === 0) return blockContent;
    for (const name of outerClassNames) processor.addClass(name);
    return processor.getUpdatedHtml();
  }

  const fallbackLayout = type!.layout!.defaultLayout;
  const usedLayout: Json = { ...(attrs.layout !== undefined ? (asObject(attrs.layout) ?? {}) : fallbackLayout) };
  const layoutAttr = asObject(attrs.layout) ?? {};
  const classNames: string[] = [];

  // Legacy content width: `inherit` or a contentSize makes the layout constrained.
  if (phpTruthy(usedLayout.inherit) || phpTruthy(usedLayout.contentSize)) usedLayout.type = 'constrained';

  if (theme.useRootPaddingAwareAlignments && usedLayout.type === 'constrained') classNames.push('has-global-padding');

  // The few attribute-based classes WordPress 5.9 had removed and later brought back.
  if (phpTruthy(layoutAttr.orientation)) classNames.push(`is-${sanitizeTitle(String(layoutAttr.orientation))}`);
  if (phpTruthy(layoutAttr.justifyContent)) {
    classNames.push(`is-content-justification-${sanitizeTitle(String(layoutAttr.justifyContent))}`);
  }
  if (phpTruthy(layoutAttr.flexWrap) && layoutAttr.flexWrap === 'nowrap') classNames.push('is-nowrap');

  const layoutType = usedLayout.type !== undefined && usedLayout.type !== null ? String(usedLayout.type) : 'default';
  const layoutClassName = LAYOUT_CLASS_NAMES[layoutType] ?? '';
  if (layoutClassName !== '') classNames.push(sanitizeTitle(layoutClassName));

  // The container class: only when wp_get_layout_style() generated CSS for this layout.
  const spacing = asObject(style.spacing);
  const gapValue = sanitizeBlockGap(spacing?.blockGap ?? null);
  let fallbackGap: unknown = type!.blockGapDefault ?? '0.5em';
  const blockSpacing = style.spacing ?? null;
  const skipGap = type!.skipBlockGapSerialization ?? false;
  const hasBlockGapSupport = theme.hasBlockGapSupport;
  // WordPress 7.1 takes the fallback gap from the global styles: the block's own blockGap, else the root's.
  const globalGap = theme.blockGaps[block.blockName!] ?? theme.rootBlockGap;
  if (globalGap !== null && globalGap !== undefined) fallbackGap = resolvePresetReference(globalGap);
  const containerClass = uniqueIdFromValues(
    [usedLayout, hasBlockGapSupport, gapValue, skipGap, fallbackGap, blockSpacing],
    `wp-container-${sanitizeTitle(block.blockName!)}-is-layout-`,
  );
  if (layoutHasStyles(usedLayout, hasBlockGapSupport, gapValue, skipGap, blockSpacing)) classNames.push(containerClass);

  // The compound class global styles hook onto: `wp-block-{name}-{layout class}`.
  const parts = block.blockName!.split('/');
  const fullName = parts[0] === 'core' ? parts[parts.length - 1]! : parts.join('-');
  classNames.push(`wp-block-${fullName}-${layoutClassName}`);

  for (const name of outerClassNames) processor.addClass(name);

  // The inner-block wrapper: the last still-open element with a class in the first HTML chunk.
  let wrapperClasses: string | null = null;
  const firstChunk = block.innerContent[0];
  if (typeof firstChunk === 'string' && block.innerContent.length > 1) {
    const chunkProcessor = new TagProcessor(firstChunk);
    const stack: (string | true | null)[] = [];
    while (chunkProcessor.nextTag({ visitClosers: true })) {
      if (chunkProcessor.isTagCloser()) stack.pop();
      else if (!isVoidElement(chunkProcessor.getTag()!)) stack.push(chunkProcessor.getAttribute('class'));
    }
    for (const classAttribute of [...stack].reverse()) {
      if (typeof classAttribute === 'string' && !isPhpEmpty(classAttribute)) {
        wrapperClasses = classAttribute;
        break;
      }
    }
  }

  // Advance to the first tag whose class attribute contains the wrapper's classes.
  if (wrapperClasses !== null) {
    do {
      const classAttribute = processor.getAttribute('class');
      if (typeof classAttribute === 'string' && classAttribute.includes(wrapperClasses)) break;
    } while (processor.nextTag());
  }

  for (const name of classNames) processor.addClass(name);
  return processor.getUpdatedHtml();
}

/** Whether wp_get_child_layout_style_rules() gives any rule (no viewport overrides). */
function childLayoutHasStyles(child: Json, parentLayout: Json): boolean {
  if (child.selfStretch === 'fixed' && child.flexSize !== undefined && child.flexSize !== null) return true;
  if (child.selfStretch === 'fill') return true;
  if (phpTruthy(child.columnStart) || phpTruthy(child.columnSpan)) return true;
  if (phpTruthy(child.rowStart) || phpTruthy(child.rowSpan)) return true;
  void parentLayout;
  return false;
}
