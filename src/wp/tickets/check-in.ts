import { phpSerialize } from '../php/php-values.js';
import { deletePostMeta, updatePostMeta } from '../write/post-meta.js';
import type { WriteScope } from '../write/transaction.js';
import { mysqlNow } from '../write/write-env.js';
import type { AttendeeKind } from './attendee-kinds.js';

/** The meta a QR (app) check-in sets on the attendee besides the provider's check-in key. */
export const QR_STATUS_KEY = '_tribe_qr_status';

/**
 * Tribe__Tickets__RSVP::checkin: `_tribe_qr_status` = 1 for a check-in from the app, the
 * provider's check-in key = 1, then its `_details` row (the site's local "now", `app` or `site`,
 * the user checking in, no device), each through update_post_meta, in that order.
 */
export async function checkInRsvpAttendee(scope: WriteScope, attendeeId: number, kind: AttendeeKind, how: { qr: boolean; author: number }): Promise<void> {
  if (how.qr) await updatePostMeta(scope, attendeeId, QR_STATUS_KEY, '1');
  await updatePostMeta(scope, attendeeId, kind.checkedInKey, '1');
  const details = { date: mysqlNow(scope, scope.site).local, source: how.qr ? 'app' : 'site', author: how.author, device_id: null };
  await updatePostMeta(scope, attendeeId, `${kind.checkedInKey}_details`, phpSerialize(details));
}

/** Tribe__Tickets__RSVP::uncheckin: the check-in key, its `_details` and the QR status go, in that order. */
export async function uncheckInRsvpAttendee(scope: WriteScope, attendeeId: number, kind: AttendeeKind): Promise<void> {
  await deletePostMeta(scope, attendeeId, kind.checkedInKey);
  await deletePostMeta(scope, attendeeId, `${kind.checkedInKey}_details`);
  await deletePostMeta(scope, attendeeId, QR_STATUS_KEY);
}
