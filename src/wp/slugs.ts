/**
 * sanitize_title for lookups (the 'save' context of sanitize_title_with_dashes): lowercase,
 * accents removed, tags and entities dropped, anything but letters, digits, `_` and `-` turned
 * into dashes, dashes collapsed and trimmed.
 */
export function sanitizeTitle(title: string): string {
  return title
    .replace(/<[^>]*>/g, '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&.+?;/g, '')
    .replace(/\./g, '-')
    .replace(/[^%a-z0-9 _-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The most characters sanitize_title_with_dashes keeps (utf8_uri_encode's `$length`). */
const MAX_ENCODED_TITLE_LENGTH = 200;

/**
 * utf8_uri_encode($text, $length): ASCII as it is, every other character as its UTF-8 octets in
 * lower-case `%xx`, stopping before the first character that would pass `length`.
 */
function utf8UriEncode(text: string, length: number): string {
  let out = '';
  for (const char of text) {
    const piece =
      char.charCodeAt(0) < 0x80 ? char : [...Buffer.from(char, 'utf8')].map((byte) => `%${byte.toString(16)}`).join('');
    if (out.length + piece.length > length) break;
    out += piece;
  }
  return out;
}

/**
 * sanitize_title_for_query (sanitize_title_with_dashes in the 'query' context): tags stripped,
 * escaped octets kept and other `%` dropped, lower-cased with non-ASCII characters percent-encoded
 * (at most 200 characters), entities removed, `.` made `-`, anything but `%`, letters, digits,
 * space, `_` and `-` removed, whitespace runs made one dash, dashes collapsed and trimmed. Unlike
 * sanitizeTitle it keeps accents (as encoded octets), as post names store them.
 */
export function sanitizeTitleForQuery(title: string): string {
  const octetsKept = title
    .replace(/<[^>]*>/g, '')
    .replace(/%([a-fA-F0-9]{2})/g, '---$1---')
    .replace(/%/g, '')
    .replace(/---([a-fA-F0-9]{2})---/g, '%$1');
  return utf8UriEncode(octetsKept.toLowerCase(), MAX_ENCODED_TITLE_LENGTH)
    .toLowerCase()
    .replace(/&.+?;/g, '')
    .replace(/\./g, '-')
    .replace(/[^%a-z0-9 _-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
}
