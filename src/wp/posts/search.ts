/** Words WordPress drops from searches (the default, English list of wp_search_stopwords). */
const STOPWORDS = new Set(
  'about,an,are,as,at,be,by,com,for,from,how,in,is,it,of,on,or,that,the,this,to,was,what,when,where,who,will,with,www'.split(','),
);

/**
 * WP_Query::parse_search: the search string cut into terms (quoted phrases kept whole), at most
 * single letters and stopwords dropped; a search left with no terms, or with ten or more, is
 * searched as one phrase.
 */
export function parseSearchTerms(search: string): string[] {
  const text = search.replace(/[\r\n]+/g, ' ').trim();
  const matches = text.match(/"[^"]*("|$)|((?<=[\t ",+])|^)[^\t ",+]+/g) ?? [];
  const terms = matches
    .map((term) => (/^".+"$/.test(term) ? term.replace(/^["']+|["']+$/g, '') : term.replace(/^["' ]+|["' ]+$/g, '')))
    // Single letters and lone dashes are noise; single digits are kept.
    .filter((term) => term !== '' && !/^[a-z-]$/i.test(term) && !STOPWORDS.has(term.toLowerCase()));
  return terms.length === 0 || terms.length > 9 ? [search] : terms;
}
