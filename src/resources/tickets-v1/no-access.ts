import { isPhpNumeric } from '../../wp/php/php-values.js';

/**
 * Validator\Base::remove_ticket_data: the answer a reader gets for a ticket of a post it may not
 * see (a password it did not give): every value replaced, keys kept; numbers and numeric strings
 * become 0, booleans null, other strings and null "No Access", arrays (and objects) the same inside
 * (so an empty list stays empty).
 */
const NO_ACCESS = 'No Access';

export function removeTicketData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(removeTicketData);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, removeTicketData(inner)]));
  }
  if (isPhpNumeric(value)) return 0;
  if (typeof value === 'boolean') return null;
  return NO_ACCESS;
}
