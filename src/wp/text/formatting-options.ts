/**
 * The shortcodes a bare WordPress registers on every request, in registration order: `embed`
 * (WP_Embed's placeholder) and the six of wp-includes/media.php. wptexturize() leaves their tags
 * alone and shortcode_unautop() unwraps them; the-content.ts registers their handlers.
 */
export const WP_CORE_SHORTCODE_TAGS: readonly string[] = [
  'embed',
  'wp_caption',
  'caption',
  'gallery',
  'playlist',
  'audio',
  'video',
];

/** What the content and excerpt pipelines need to know about the site. */
export interface FormattingOptions {
  /** The `use_smilies` option; WordPress installs with 1. */
  readonly useSmilies?: boolean;
  /**
   * includes_url() of the site, e.g. `https://example.org/wp-includes/`. Only image smilies need it
   * (`:mrgreen:` by default); without it those codes are left as typed.
   */
  readonly includesUrl?: string;
  /** The keys of `$shortcode_tags`; defaults to the shortcodes WordPress core registers. */
  readonly shortcodeTags?: readonly string[];
}
