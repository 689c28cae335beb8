import type { RestResponse } from '../../http/rest-route.js';

/**
 * Read_Entity_Response's refusals: not a WP_Error but a plain `{"error": ...}` body with 404, for
 * an ID that is `0`, of another post type, or that the ORM does not find (trashed, auto-draft).
 */
export function entityNotReadable(): RestResponse {
  return { status: 404, body: { error: 'The entity could not be read.' } };
}
