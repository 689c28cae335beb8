/**
 * PCRE's habits spelled out for JavaScript, as WordPress's display filters rely on them.
 *
 * PHP runs these regular expressions over UTF-8 bytes with PCRE; JavaScript runs them over UTF-16
 * code units. Three PCRE habits are therefore spelled out instead of borrowed from JavaScript:
 * - `\s` is only HT, LF, VT, FF, CR and space (JavaScript's `\s` also takes NBSP and other
 *   Unicode spaces): see `WS`.
 * - `$` and `\Z` also match before a final newline: see `END`.
 * - `.` only excludes LF (JavaScript's also excludes CR, U+2028 and U+2029): written `[^\n]`.
 * Possessive quantifiers that guard against runaway backtracking are emulated with a lookahead
 * and a back-reference, which JavaScript evaluates atomically.
 */

/** PCRE's `\s` without the UTF flag, as the contents of a character class. */
export const WS_CHARS = '\\t\\n\\v\\f\\r ';
/** PCRE's `\s` without the UTF flag. */
export const WS = `[${WS_CHARS}]`;
/** wp_spaces_regexp(): the UTF-8 bytes C2 A0 of the PHP pattern are U+00A0 once decoded. */
export const SPACES = '[\\r\\n\\t ]|\\u00a0|&nbsp;';
/** PCRE's `\Z`, and `$` without the D modifier: the end, or just before a final newline. */
export const END = '(?=\\n?$)';

/** PHP preg_replace() with arrays of patterns: each pattern runs over the previous result. */
export function pregReplaceEach(subject: string, pairs: ReadonlyArray<readonly [RegExp, string]>): string {
  return pairs.reduce((text, [pattern, replace]) => text.replace(pattern, replace), subject);
}

/** PHP preg_replace() with its `$count` out-parameter. */
export function replaceCounting(subject: string, pattern: RegExp, replacement: string) {
  let count = 0;
  const result = subject.replace(pattern, () => {
    count++;
    return replacement;
  });
  return { result, count };
}

/** PHP preg_quote() for use in a JavaScript pattern (NUL is not quoted: no caller's text holds one). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/\-!:#<>=]/g, '\\$&');
}

/**
 * preg_split() with PREG_SPLIT_DELIM_CAPTURE around a pattern that captures its whole match:
 * text, delimiter, text, ... Works from the full match, so the pattern may hold groups of its own.
 */
export function splitDelimited(text: string, pattern: RegExp): string[] {
  const parts: string[] = [];
  const scanner = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
  let last = 0;
  for (let match = scanner.exec(text); match; match = scanner.exec(text)) {
    if (match[0] === '') {
      scanner.lastIndex++;
      continue;
    }
    parts.push(text.slice(last, match.index), match[0]);
    last = match.index + match[0].length;
  }
  parts.push(text.slice(last));
  return parts;
}
