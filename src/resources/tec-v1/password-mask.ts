import type { PasswordMasked } from './entity.types.js';

/*
 * TEC's Controller::recursive_hide_password_protected_data: what a reader who has not unlocked a
 * password-protected post sees of its entity. Every value but the whitelisted keys (at any depth)
 * becomes "Password protected" (strings), 0 (numbers) or null (anything else); lists and objects
 * are walked, so `tribe_events_cat: [11]` shows `[0]` and a date object keeps its `date` key.
 */

const WHITELISTED_FIELDS: ReadonlySet<string> = new Set([
  'id',
  'date',
  'date_gmt',
  'guid',
  'modified',
  'modified_gmt',
  'slug',
  'status',
  'type',
  'link',
  'title',
  'author',
  'class_list',
]);

export const PASSWORD_PROTECTED = 'Password protected';

function maskValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item, index) => maskEntry(String(index), item));
  if (value !== null && typeof value === 'object') return maskObject(value as Record<string, unknown>);
  if (typeof value === 'string') return PASSWORD_PROTECTED;
  if (typeof value === 'number') return 0;
  return null;
}

function maskEntry(key: string, value: unknown): unknown {
  return WHITELISTED_FIELDS.has(key) ? value : maskValue(value);
}

/** A PHP DateTimeImmutable as json_encode prints it: TEC swaps it for the epoch before walking it. */
function isDateObject(data: Record<string, unknown>): boolean {
  const keys = Object.keys(data);
  return keys.length === 3 && keys[0] === 'date' && keys[1] === 'timezone_type' && keys[2] === 'timezone';
}

function maskObject(data: Record<string, unknown>): Record<string, unknown> {
  if (isDateObject(data)) data = { date: '1970-01-01 00:00:00.000000', timezone_type: 3, timezone: 'UTC' };
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, maskEntry(key, value)]));
}

/** The masked copy of an entity (nothing in `entity` is changed). */
export function hidePasswordProtectedData<Entity extends object>(entity: Entity): PasswordMasked<Entity> {
  // The walk keeps every key and masks each value as PasswordMasked describes.
  return maskObject(entity as Record<string, unknown>) as PasswordMasked<Entity>;
}
