import type { RequestContext } from '../../http/request-context.js';
import { userCan } from '../../wp/auth/capabilities.js';

/**
 * Tribe__Tickets__REST__V1__Main::request_has_manage_access: an administrator (`edit_users`), a
 * holder of `tribe_manage_attendees`, or a request whose `api_key` equals the QR API key option
 * (an empty option lets no key in). tribe_get_request_var reads a form body before the query
 * string and sanitizes the value: only the query string is read here, as the routes served so far
 * are GETs, and a key with characters sanitize_text_field would change does not match.
 */
export function requestHasManageAccess(ctx: RequestContext): boolean {
  if (userCan(ctx.viewer, 'edit_users') || userCan(ctx.viewer, 'tribe_manage_attendees')) return true;
  const key = ctx.site.plugins.eventTickets?.qrApiKey;
  if (key === undefined || key === '') return false;
  const sent = ctx.query.api_key;
  return typeof sent === 'string' && sent !== '' && sent === key;
}
