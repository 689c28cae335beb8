import { createHash } from 'node:crypto';
import { phpRawurlencode } from '../php/php-values.js';

/** rest_get_avatar_sizes(): the sizes a REST user lists avatar URLs for. */
export const REST_AVATAR_SIZES = [24, 48, 96] as const;

/** The Discussion settings get_avatar_data() reads. */
export interface AvatarOptions {
  /** `avatar_default` (empty or missing: `mystery`). */
  avatarDefault: string | undefined;
  /** `avatar_rating` (`G`, `PG`, `R`, `X`; empty leaves `r` out). */
  avatarRating: string | undefined;
}

/**
 * get_avatar_url( $user, [ 'size' => $size ] ) for a user's e-mail address, as WordPress 6.8+
 * builds it: the Gravatar of the SHA-256 of the trimmed, lower-cased address, on
 * `secure.gravatar.com` when the request is over HTTPS and otherwise on the numbered host the
 * hash's first digit picks; `s`, `d` (the mystery man spelled `mm`, `gravatar_default` dropped)
 * and `r` (lower-cased), empty ones left out. WordPress reads HTTPS off the request (is_ssl());
 * behind a proxy the service cannot see that, so the scheme of the site URL it prints stands in.
 */
export function gravatarUrl(email: string, size: number, options: AvatarOptions, secure: boolean): string {
  const hash = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  const base = secure ? `https://secure.gravatar.com/avatar/${hash}` : `http://${Number.parseInt(hash[0]!, 16) % 3}.gravatar.com/avatar/${hash}`;
  let avatarDefault: string | false = options.avatarDefault || 'mystery';
  if (['mm', 'mystery', 'mysteryman'].includes(avatarDefault)) avatarDefault = 'mm';
  else if (avatarDefault === 'gravatar_default') avatarDefault = false;
  const rating = (options.avatarRating ?? '').toLowerCase();
  const query: [string, string | number | false][] = [
    ['s', size],
    ['d', avatarDefault],
    ['r', rating],
  ];
  // array_filter drops what PHP calls empty ('' and '0' too).
  const kept = query.filter(([, value]) => value !== false && value !== '' && value !== '0' && value !== 0);
  return `${base}?${kept.map(([name, value]) => `${name}=${phpRawurlencode(String(value))}`).join('&')}`;
}

/** rest_get_avatar_urls(): size => URL for each REST avatar size. */
export function restAvatarUrls(email: string, options: AvatarOptions, secure: boolean): Record<string, string> {
  return Object.fromEntries(REST_AVATAR_SIZES.map((size) => [String(size), gravatarUrl(email, size, options, secure)]));
}
