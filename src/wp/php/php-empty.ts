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

/**
 * array_filter of a list as json_encode prints the result: the kept values keep their indexes,
 * so the result is still a list only when none but trailing values were dropped; otherwise PHP
 * encodes it as an object keyed by the indexes kept (`{"1":"B"}`).
 */
export function phpListFilter<T>(values: readonly T[]): T[] | Record<string, T> {
  const kept = values.map((value, index) => [index, value] as const).filter(([, value]) => !isPhpEmpty(value));
  if (kept.every(([index], position) => index === position)) return kept.map(([, value]) => value);
  return Object.fromEntries(kept.map(([index, value]) => [String(index), value]));
}
