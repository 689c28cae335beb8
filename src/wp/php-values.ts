import { isSerialized, unserialize } from 'php-serialize';

/**
 * WordPress's maybe_unserialize: a serialized PHP value decoded, anything else as it is.
 * A corrupt serialized string decodes to `false`, as PHP's unserialize() returns.
 */
export function maybeUnserialize(value: string): unknown {
  if (!isSerialized(value)) return value;
  try {
    // strict: false lets a class instance through as a plain object instead of throwing.
    return unserialize(value, {}, { strict: false });
  } catch {
    return false;
  }
}

/** A decoded PHP array as a plain record, or an empty one for anything else. */
export function asRecord(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
