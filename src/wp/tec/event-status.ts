import { PostStatus } from '../constants.js';
import { isPhpEmpty } from '../php/php-empty.js';

/**
 * Endpoints\Base::scale_back_post_status, which the event, venue and organizer endpoints all call
 * against the event type: a user who may publish events gets the status asked for (`publish`
 * when none); anyone else has `publish` and `future` turned into `pending`, no status into
 * `draft`, and keeps any other status asked for.
 *
 * PHP's value rules are kept: `empty()` decides "none" (so `'0'` is none), and in_array's loose
 * comparison lets `true` (which the status validator accepts) equal `publish`. A status that is
 * not a string is returned as (string) casts it and sanitize_key keeps it (`true` -> `1`).
 */
export function scaleBackPostStatus(requested: unknown, canPublish: boolean): string {
  const asked = isPhpEmpty(requested) ? '' : statusText(requested);
  if (canPublish) return asked || PostStatus.publish;
  if (requested === true || asked === PostStatus.publish || asked === PostStatus.future) return PostStatus.pending;
  return asked || PostStatus.draft;
}

/** (string) of a scalar; an array or object, which no status can be, reads as none. */
function statusText(value: unknown): string {
  if (value === true) return '1';
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}
