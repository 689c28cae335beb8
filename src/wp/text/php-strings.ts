/** PHP's str_replace() and substr(), and WordPress's trailingslashit(), as the display filters use them. */

/** trailingslashit(): the value with its trailing slashes and backslashes replaced by one `/`. */
export function trailingslashit(value: string): string {
  return `${value.replace(/[/\\]+$/, '')}/`;
}

/** PHP str_replace() with one search string (every occurrence; an empty search changes nothing). */
export function strReplace(subject: string, search: string, replace: string): string {
  // Most searches find nothing: no array is made for those (texturize runs a dozen per text).
  return search === '' || !subject.includes(search) ? subject : subject.split(search).join(replace);
}

/** PHP str_replace() with arrays: each pair runs over the result of the previous one. */
export function strReplaceEach(subject: string, pairs: ReadonlyArray<readonly [string, string]>): string {
  return pairs.reduce((text, [search, replace]) => strReplace(text, search, replace), subject);
}

/** PHP substr() for a non-negative start, including its negative-length form. */
export function phpSubstr(text: string, start: number, length: number): string {
  if (start > text.length) return '';
  const end = length < 0 ? text.length + length : start + length;
  return end <= start ? '' : text.slice(start, end);
}
