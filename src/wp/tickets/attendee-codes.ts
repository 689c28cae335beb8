import { randomBytes } from 'node:crypto';

/*
 * The random values Event Tickets stores on an attendee write. Its generators hash a random
 * number with md5 and keep the hex digest (or its head); the digest of an unpredictable input is
 * as good as random hex of the same length, so these draw that many hex digits from `crypto`.
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
