/** tribe_is_truthy: booleans as they are; strings only when one of TEC's yes-words. */
export function isTribeTruthy(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') {
    return ['1', 'enable', 'enabled', 'on', 'y', 'yes', 'true'].includes(value.trim().toLowerCase());
  }
  return Boolean(value);
}
