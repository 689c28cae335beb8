import { isPhpEmpty } from '../php/php-empty.js';
import { PHP_TRIM_CHARS, phpTrim } from '../php/php-values.js';

/*
 * How WordPress reads the name a client signs in with: get_user_by('login') sanitizes it,
 * is_email() decides whether to try it as an e-mail address too.
 */

const EMAIL_LOCAL_PART = /^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-]+$/;
const EMAIL_DOMAIN_LABEL = /^[a-z0-9-]+$/i;
/** is_email(): WordPress's own (deliberately simple) test of an e-mail address. */
export function isEmail(text: string): boolean {
  if (Buffer.byteLength(text, 'utf8') < 6) return false;
  const at = text.indexOf('@', 1);
  if (at === -1) return false;
  const local = text.slice(0, at);
  const domain = text.slice(at + 1);
  if (!EMAIL_LOCAL_PART.test(local)) return false;
  if (/\.{2,}/.test(domain)) return false;
  if (phpTrim(domain, `${PHP_TRIM_CHARS}.`) !== domain) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  return labels.every((label) => phpTrim(label, `${PHP_TRIM_CHARS}-`) === label && EMAIL_DOMAIN_LABEL.test(label));
}

/** WP_User::get_data_by gives up, without a query, on a trimmed value PHP calls falsy. */
function isFalsyLookup(trimmed: string): boolean {
  return isPhpEmpty(trimmed);
}

/**
 * The login WP_User::get_data_by('login') looks up, or undefined when it looks nothing up:
 * trimmed, then sanitize_user() without `strict`: tags stripped, percent-escapes and HTML entities
 * removed, whitespace collapsed. (remove_accents is left out: the `user_login` column's
 * utf8mb4_unicode_ci collation already matches accented letters with their plain ones.)
 */
export function sanitizeLogin(username: string): string | undefined {
  if (isFalsyLookup(phpTrim(username))) return undefined;
  const stripped = phpTrim(
    phpTrim(username)
      .replace(/<(script|style)[^>]*?>.*?<\/\1>/gis, '')
      .replace(/<[^>]*>/g, ''),
  );
  const cleaned = stripped.replace(/%[a-fA-F0-9]{2}/g, '').replace(/&.+?;/g, '');
  return phpTrim(cleaned).replace(/[ \t\n\v\f\r]+/g, ' ');
}

/** The e-mail WP_User::get_data_by('email') looks up (only trimmed), or undefined for none. */
export function sanitizeEmailLookup(username: string): string | undefined {
  const trimmed = phpTrim(username);
  return isFalsyLookup(trimmed) ? undefined : trimmed;
}
