/** the_title as WordPress's default filters (default-filters.php) show a post title. */

import { capitalPDangit, convertChars } from './char-fixes.js';
import type { FormattingOptions } from './formatting-options.js';
import { wptexturize } from './texturize.js';
import { phpTrim } from '../php/php-values.js';
import { PureMemo } from '../../cache/pure-memo.js';

/**
 * `trim( apply_filters( 'the_title', $raw ) )` with WordPress's default filters: wptexturize,
 * convert_chars and trim at priority 10, then capital_P_dangit at 11 in its title mode.
 */
export function theTitle(raw: string, options: Pick<FormattingOptions, 'shortcodeTags'> = {}): string {
  const tags = options.shortcodeTags;
  return filteredTitles.get(`${tags === undefined ? '-' : JSON.stringify(tags)}\u0000${raw}`, () => filterTitle(raw, tags));
}

/**
 * Titles as the_title shows them, by the shortcode tags and the raw title: every event, venue and
 * organizer of every answer shows one (list pages, JSON-LD, archive links), and wptexturize's
 * regular expressions took about 2 % of a cold list's CPU. A pure function of its key (no state
 * across calls), so the memo is never stale; bounded.
 */
const filteredTitles = new PureMemo<string>(5_000, 1_000);

function filterTitle(raw: string, shortcodeTags: readonly string[] | undefined): string {
  let title = wptexturize(raw, shortcodeTags);
  title = convertChars(title);
  title = phpTrim(title);
  title = capitalPDangit(title, 'the_title');
  return phpTrim(title);
}
