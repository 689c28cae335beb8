import { JSON_DEPTH_ERROR, JSON_SYNTAX_ERROR, JSON_UTF16_ERROR, JSON_UTF8_ERROR, type JsonDecodeError } from './errors.js';

/**
 * PHP's json_decode($body, true) of a request body, as WP_REST_Request::parse_json_params runs it:
 * any JSON value (a scalar or `null` is no error, it only gives no parameters), or the error
 * json_last_error() would report. Besides syntax, PHP refuses what JavaScript's JSON.parse takes:
 * - bytes that are not UTF-8 (JSON_ERROR_UTF8), which JSON.parse never sees once decoded;
 * - a string holding half of a UTF-16 surrogate pair (`"\ud800"`, JSON_ERROR_UTF16), which would
 *   also hand the database text MySQL cannot store as utf8mb4;
 * - arrays and objects nested deeper than json_decode's default depth of 512 (JSON_ERROR_DEPTH),
 *   which would also cost every later walk over the body a deep recursion.
 * A byte order mark is a syntax error there too, so it is kept, not stripped.
 */
export function decodeJson(raw: Buffer): { value: unknown } | { error: JsonDecodeError } {
  let text: string;
  let malformedUtf8 = false;
  try {
    text = STRICT_UTF8.decode(raw);
  } catch {
    text = raw.toString('utf8');
    malformedUtf8 = true;
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: JSON_SYNTAX_ERROR };
  }
  // Well-formed but for its bytes: what PHP reports is the encoding.
  if (malformedUtf8) return { error: JSON_UTF8_ERROR };
  const refused = jsonDecodeRefusal(value);
  return refused ? { error: refused } : { value };
}

const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** json_decode's default $depth: a scalar is depth 1, each array or object around it one more. */
const MAX_JSON_DEPTH = 512;

/**
 * The json_decode error a parsed JSON value would have given in PHP, if any: too deep first (PHP
 * stops there), else an unpaired surrogate. Walks without recursion, so any depth is safe.
 */
export function jsonDecodeRefusal(value: unknown): JsonDecodeError | undefined {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 1 }];
  let surrogate = false;
  while (stack.length > 0) {
    const { value: item, depth } = stack.pop()!;
    if (typeof item === 'string') {
      surrogate ||= LONE_SURROGATE.test(item);
      continue;
    }
    if (typeof item !== 'object' || item === null) continue;
    if (depth >= MAX_JSON_DEPTH + 1) return JSON_DEPTH_ERROR;
    if (Array.isArray(item)) {
      for (const element of item) stack.push({ value: element, depth: depth + 1 });
    } else {
      for (const [key, element] of Object.entries(item)) {
        surrogate ||= LONE_SURROGATE.test(key);
        stack.push({ value: element, depth: depth + 1 });
      }
    }
  }
  return surrogate ? JSON_UTF16_ERROR : undefined;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether any string or key in a parsed JSON value holds an unpaired surrogate. */
export function holdsLoneSurrogate(value: unknown): boolean {
  return jsonDecodeRefusal(value) === JSON_UTF16_ERROR;
}
