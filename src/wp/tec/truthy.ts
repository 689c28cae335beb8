import { isEmptyParam } from '../php/php-empty.js';

/** The strings tribe_is_truthy() takes for true (its `tribe_is_truthy_strings` default). */
const TRUTHY_STRINGS: ReadonlySet<string> = new Set(['1', 'enable', 'enabled', 'on', 'y', 'yes', 'true']);

/**
 * tribe_is_truthy: booleans as they are; a string only when, lower-cased (ASCII letters only, as
 * PHP's strtolower), it is one of TEC's yes-words exactly, so `" yes"` is false; anything else
 * as PHP's `(bool)` cast reads it (0, null and an empty array or object are false).
 */
export function isTribeTruthy(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return TRUTHY_STRINGS.has(value.replace(/[A-Z]+/g, (letters) => letters.toLowerCase()));
  return !isEmptyParam(value);
}
