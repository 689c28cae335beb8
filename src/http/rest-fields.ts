import { parseList } from '../wp/php/lists.js';
import { phpTrim } from '../wp/php/php-values.js';

/*
 * WordPress's rules for `_fields` inside a controller (WP_REST_Controller::get_fields_for_response
 * and rest_is_field_included), as against rest_filter_response_fields, which filters the finished
 * answer (global-params.ts). Core's posts controller builds only the fields these let through; TEC's
 * tec/v1 runs that controller for each venue and organizer nested in an event with the event's
 * request, so the nested entities show only what `_fields` names of their own fields.
 */

/** `_fields` as wp_parse_list reads it, each name trimmed; undefined when it names nothing. */
export function requestedFields(raw: unknown): string[] | undefined {
  if (raw === undefined) return undefined;
  const fields = parseList(raw).map((field) => phpTrim(String(field)));
  return fields.length === 0 ? undefined : fields;
}

/**
 * rest_is_field_included: `field` is named, or is the parent of a named `field.child`, or the
 * child of a named parent.
 */
export function restIsFieldIncluded(field: string, fields: readonly string[]): boolean {
  if (fields.includes(field)) return true;
  return fields.some((accepted) => accepted.startsWith(`${field}.`) || field.startsWith(`${accepted}.`));
}

/**
 * get_fields_for_response with `_fields` given: the names asked for (and `id`, which core always
 * keeps when the context shows it) whose top-level name is one of `schemaFields`, the fields the
 * context shows.
 */
export function fieldsForResponse(schemaFields: readonly string[], requested: readonly string[]): string[] {
  const asked = schemaFields.includes('id') ? [...requested, 'id'] : [...requested];
  return asked.filter((field) => schemaFields.includes(field) || schemaFields.includes(field.split('.')[0]!));
}
