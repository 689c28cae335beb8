/**
 * What WordPress knows about block types and the active theme when it renders blocks: the
 * `supports` of the core blocks' block.json files that render-time block supports read, and the
 * theme.json values of the site's theme (twentytwentyfive) merged over WordPress's own
 * theme.json, as wp_get_global_settings() / wp_get_global_styles() return them.
 */

export interface LayoutSupport {
  /** `supports.layout.default` (or `__experimentalLayout.default`); {} when there is none. */
  defaultLayout: Record<string, unknown>;
}

export interface BlockTypeInfo {
  /** Present when the block type supports layout (`supports.layout` true or an object). */
  layout?: LayoutSupport;
  /** `supports.spacing.blockGap.__experimentalDefault`, when block.json gives one. */
  blockGapDefault?: string;
  /** wp_should_skip_block_supports_serialization( $type, 'spacing', 'blockGap' ). */
  skipBlockGapSerialization?: boolean;
}

const flow: LayoutSupport = { defaultLayout: {} };
const flex: LayoutSupport = { defaultLayout: { type: 'flex' } };

/** The core blocks with layout support, from their block.json files (WordPress 7.1). */
const CORE_BLOCK_TYPES: Readonly<Record<string, BlockTypeInfo>> = {
  'core/accordion': { layout: flow },
  'core/accordion-item': { layout: flow },
  'core/accordion-panel': { layout: flow },
  'core/buttons': { layout: flex },
  'core/column': { layout: flow },
  'core/columns': { layout: { defaultLayout: { type: 'flex', flexWrap: 'nowrap' } }, blockGapDefault: '2em' },
  'core/comments-pagination': { layout: flex },
  'core/cover': { layout: flow },
  'core/details': { layout: flow },
  'core/gallery': {
    layout: flex,
    blockGapDefault:
      'var( --wp--style--gallery-gap-default, var( --gallery-block--gutter-size, var( --wp--style--block-gap, 0.5em ) ) )',
  },
  'core/group': { layout: flow },
  'core/latest-posts': { layout: flow, blockGapDefault: '1.25em' },
  'core/navigation': { layout: flex },
  'core/post-content': { layout: flow },
  'core/post-template': { layout: flow, blockGapDefault: '1.25em' },
  'core/query': { layout: flow },
  'core/query-pagination': { layout: flex },
  'core/quote': { layout: flow },
  'core/social-links': { layout: flex },
  'core/tab-list': { layout: { defaultLayout: { type: 'flex', flexWrap: 'wrap' } } },
  'core/tab-panel': { layout: flow },
  'core/tabs': { layout: flow },
  'core/term-template': { layout: flow, blockGapDefault: '1.25em' },
  'core/terms-query': { layout: flow },
};

export function blockTypeInfo(blockName: string | null): BlockTypeInfo | undefined {
  return blockName === null ? undefined : CORE_BLOCK_TYPES[blockName];
}

/** The theme values block supports read at render time. */
export interface ThemeSettings {
  /** settings.useRootPaddingAwareAlignments. */
  useRootPaddingAwareAlignments: boolean;
  /** isset( settings.spacing.blockGap ): true with appearanceTools. */
  hasBlockGapSupport: boolean;
  /** styles.spacing.blockGap. */
  rootBlockGap: string | null;
  /** styles.blocks[name].spacing.blockGap. */
  blockGaps: Readonly<Record<string, string>>;
}

/**
 * twentytwentyfive over WordPress's theme.json: appearanceTools (so blockGap support),
 * useRootPaddingAwareAlignments, a root gap of 1.2rem and its per-block gaps.
 */
export const TWENTY_TWENTY_FIVE: ThemeSettings = {
  useRootPaddingAwareAlignments: true,
  hasBlockGapSupport: true,
  rootBlockGap: '1.2rem',
  blockGaps: {
    'core/columns': 'var:preset|spacing|50',
    'core/buttons': '16px',
    'core/quote': 'var:preset|spacing|30',
  },
};

/**
 * wp_get_global_styles() writes theme.json's internal references `var:preset|spacing|50` as
 * the CSS custom property `var(--wp--preset--spacing--50)`.
 */
export function resolvePresetReference(value: string): string {
  if (!value.startsWith('var:')) return value;
  return `var(--wp--${value.slice(4).split('|').join('--')})`;
}
