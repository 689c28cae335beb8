import { wpUnslash } from '../php/slashes.js';

/** Words WordPress drops from searches (the default, English list of wp_search_stopwords). */
const STOPWORDS = new Set(
  'about,an,are,as,at,be,by,com,for,from,how,in,is,it,of,on,or,that,the,this,to,was,what,when,where,who,will,with,www'.split(','),
);

/** wp_query_search_exclusion_prefix: a term starting with it must NOT appear. */
const EXCLUSION_PREFIX = '-';

/** One search term as WP_Query::parse_search uses it: matched with LIKE, or NOT LIKE when excluded. */
export interface SearchTerm {
  /** The text between the `%` wildcards (LIKE metacharacters in it are taken literally). */
  text: string;
  /** `-term`: each searched column must NOT contain the text (ANDed), instead of any column must. */
  exclude: boolean;
}

/** The search terms and whether the search also leaves password-protected posts out. */
export interface PostSearch {
  terms: readonly SearchTerm[];
  /** WP_Query adds `post_password = ''` to a search made by a visitor who is not logged in. */
  withoutPasswordProtected: boolean;
}

/**
 * WP_Query::parse_search for the `s` query variable: slashes stripped, line breaks removed (not
 * replaced), the string cut into terms (quoted phrases kept whole), single letters, lone dashes,
 * PHP-empty terms ("0") and stopwords dropped; a search left with no terms, or with ten or more,
 * is searched as the whole string. A term starting with `-` excludes instead of matching.
 * Returns undefined for an empty search: WP_Query searches only when `strlen( $q['s'] )`.
 */
export function parsePostSearch(search: string, loggedIn: boolean): PostSearch | undefined {
  if (search === '') return undefined;
  const text = wpUnslash(search).replace(/[\r\n]/g, '');
  const matches = text.match(/".*?("|$)|((?<=[\t ",+])|^)[^\t ",+]+/g);
  let phrases = matches === null ? [text] : parseSearchTerms(matches);
  if (phrases.length === 0 || phrases.length > 9) phrases = [text];
  const terms = phrases.map((phrase) =>
    phrase.startsWith(EXCLUSION_PREFIX) ? { text: phrase.slice(EXCLUSION_PREFIX.length), exclude: true } : { text: phrase, exclude: false },
  );
  return { terms, withoutPasswordProtected: !loggedIn };
}

/** WP_Query::parse_search_terms: trims quotes, drops noise terms and stopwords. */
function parseSearchTerms(matches: readonly string[]): string[] {
  const checked: string[] = [];
  for (const match of matches) {
    // Keep the spaces inside an exact "quoted phrase"; trim them from anything else.
    const term = /^".+"$/s.test(match) ? match.replace(/^["']+|["']+$/g, '') : match.replace(/^["' ]+|["' ]+$/g, '');
    // `! $term` is PHP's empty(): '' and '0' are no term. Single A-Z letters and dashes are noise.
    if (term === '' || term === '0' || /^[a-z-]$/i.test(term)) continue;
    if (STOPWORDS.has(term.toLowerCase())) continue;
    checked.push(term);
  }
  return checked;
}
