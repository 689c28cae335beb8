/**
 * `$shortcode_tags` as a bare WordPress 7 leaves it when `the_content` runs do_shortcode() at
 * priority 11, in registration order (the order of WP_CORE_SHORTCODE_TAGS in
 * src/wp/text/formatting-options.ts): WP_Embed's constructor registers `embed` as __return_false (a
 * placeholder for strip_shortcodes(); the real [embed] ran at priority 8, so an [embed] still
 * there prints nothing), then wp-includes/media.php registers wp_caption, caption, gallery,
 * playlist, audio and video.
 *
 * [playlist] (wp_playlist_shortcode) is not ported: it is left out, so a [playlist] tag is printed
 * as written instead of as WordPress's player.
 */

import type { ShortcodeHandler } from '../text/content-env.js';
import { captionShortcode } from './caption.js';
import { audioShortcode, galleryShortcode, videoShortcode } from './media-shortcodes.js';

/** __return_false as a shortcode callback: PHP prints false as ''. */
const returnFalse: ShortcodeHandler = () => '';

export const CORE_SHORTCODE_HANDLERS: Readonly<Record<string, ShortcodeHandler>> = {
  embed: returnFalse,
  wp_caption: captionShortcode,
  caption: captionShortcode,
  gallery: galleryShortcode,
  audio: audioShortcode,
  video: videoShortcode,
};
