/** wp_html_split() (wp-includes/formatting.php): HTML cut into text and elements. */

import { splitDelimited } from './pcre.js';

/** get_html_split_regex(): comments and CDATA sections (closed or not), then any other element. */
export const HTML_SPLIT = new RegExp(
  '<(?:' +
    '(?=!--|!\\[CDATA\\[)(?:(?=!-)!(?:-(?!->)[^-]*)*(?:-->)?|!\\[CDATA\\[[^\\]]*(?:\\](?!\\]>)[^\\]]*)*(?:\\]\\]>)?)' +
    '|(?!!--|!\\[CDATA\\[)[^>]*>?' +
    ')',
  'g',
);

/** wp_html_split(): text, element, text, element, ..., text. */
export function wpHtmlSplit(text: string): string[] {
  return splitDelimited(text, HTML_SPLIT);
}
