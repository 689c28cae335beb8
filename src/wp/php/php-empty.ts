/**
 * PHP's notion of an empty value (`empty()`, and what array_filter drops): false, null, '',
 * '0', 0, 0.0 and empty arrays. TEC filters venue and organizer objects with it.
 */
export function isPhpEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === '' || value === '0' || value === 0) {
    return true;
  }
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/**
 * PHP `empty()` of a value that may be a decoded PHP array: isPhpEmpty, and also an empty object
 * (`{}` from a request's JSON, an empty associative array from block attributes or unserialized
 * meta), which PHP holds as an empty array.
 */
export function isEmptyParam(value: unknown): boolean {
  if (isPhpEmpty(value)) return true;
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}

/** array_filter without a callback: the entries whose values are not empty, order kept. */
export function phpArrayFilter<T extends Record<string, unknown>>(record: T): Partial<T> {
  const kept: Record<string, unknown> = {};
  for (const key in record) {
    if (Object.hasOwn(record, key) && !isPhpEmpty(record[key])) kept[key] = record[key];
  }
  return kept as Partial<T>;
}
