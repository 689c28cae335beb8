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
