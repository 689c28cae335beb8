import { randomBytes } from 'node:crypto';

/*
 * The random values Event Tickets stores on an attendee write. Its generators hash a random
 * number with md5 and keep the hex digest (or its head); the digest of an unpredictable input is
 * as good as random hex of the same length, so these draw that many hex digits from `crypto`.
 * Tickets Commerce's order hash is wp_generate_password's letters and digits, drawn the same way.
 * Recordings compare them by shape only (test/contract/table-rows.ts, RANDOM_META).
 */

/** Tribe__Tickets__RSVP::generate_order_id: `md5( time() . rand() )`, 32 lowercase hex digits. */
export function rsvpOrderHash(): string {
  return randomBytes(16).toString('hex');
}

/** Tribe__Tickets__Tickets::generate_security_code: `substr( md5( wp_rand() . '_' . $id ), 0, 10 )`, 10 lowercase hex digits. */
export function attendeeSecurityCode(): string {
  return randomBytes(5).toString('hex');
}

const PASSWORD_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** The largest multiple of the alphabet's size below 256: bytes from it up are drawn again, so every character is as likely. */
const UNBIASED_BYTES = 256 - (256 % PASSWORD_CHARS.length);

/** wp_generate_password( $length, false ): letters and digits, each drawn with wp_rand. */
export function wpGeneratePassword(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length)) {
      if (byte < UNBIASED_BYTES && out.length < length) out += PASSWORD_CHARS[byte % PASSWORD_CHARS.length];
    }
  }
  return out;
}

/** Tickets Commerce's manual gateway order ID: `md5( wp_generate_password() . microtime() )`, 32 lowercase hex digits. */
export function manualGatewayOrderId(): string {
  return randomBytes(16).toString('hex');
}
