import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type supertest from 'supertest';

/**
 * The reference captures (fixtures/reference/README.md): answers recorded from the real plugin,
 * read as if the plugin's namespace had been `calendar/events/v1` all along.
 */

/**
 * A recorded site under fixtures/: its cases.jsonl and users.json, and the dump (`db.sql`) every
 * case starts from, which createTestDatabase loads under the same name. `reference`: TEC alone;
 * `reference-tickets`: the same site with Event Tickets (fixtures/reference-tickets/README.md).
 */
export type CaptureSet = 'reference' | 'reference-tickets';

const casesFile = (set: CaptureSet) => fileURLToPath(new URL(`../../fixtures/${set}/cases.jsonl`, import.meta.url));
const usersFile = (set: CaptureSet) => fileURLToPath(new URL(`../../fixtures/${set}/users.json`, import.meta.url));

const RECORDED_NAMESPACE = 'tribe/events/v1';
const SERVED_NAMESPACE = 'calendar/events/v1';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const HTTP_METHODS: ReadonlySet<string> = new Set<HttpMethod>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** Rows as the README describes them: every value a string, SQL NULL as null, keyed by prefixed table. */
export type TableRows = Record<string, Array<Record<string, string | null>>>;

export interface ReferenceCase {
  id: string;
  group: string;
  note: string;
  method: HttpMethod;
  /** Path with the namespace already rewritten, e.g. `/wp-json/calendar/events/v1/events/6`. */
  path: string;
  /** Raw query string exactly as sent, without `?`; empty when there was none. */
  query: string;
  /** A key of users.json, or `none` for no Authorization header. */
  auth: string;
  content_type: string | null;
  /** Raw request body exactly as sent. */
  body: string | null;
  mutates: boolean;
  /** Extra request headers sent (X-WP-Nonce, X-HTTP-Method-Override, a raw Authorization). */
  headers?: Record<string, string>;
  /** The UTC instant the request was sent (ISO 8601); replays stop the clock there. */
  recorded_at?: string;
  expect: {
    status: number;
    /** Lower-case names; namespace rewritten. */
    headers: Record<string, string>;
    /** Parsed JSON (namespace rewritten in every key and string), or `{ "$raw": text }`. */
    body: unknown;
  };
  /** Mutating cases: rows created or changed (not rewritten: these are stored values). */
  db_after: TableRows | null;
  db_deleted?: TableRows;
}

export interface ReferenceUser {
  login: string;
  app_password: string;
  role: string;
}

export interface ReplayedResponse {
  status: number;
  /** Lower-case names; repeated headers joined with `, `. */
  headers: Record<string, string>;
  /** Parsed JSON, or `{ "$raw": text }` when the body is not JSON (as the recordings hold it). */
  body: unknown;
}

/** The only headers the README compares. */
export const COMPARED_HEADERS = [
  'x-tec-total',
  'x-tec-totalpages',
  'x-wp-total',
  'x-wp-totalpages',
  'allow',
  'link',
] as const;

/**
 * How a case's namespace is read: `served`, rewritten to `calendar/events/v1` (README, "Paths");
 * `recorded`, exactly as recorded under the plugin's `tribe/events/v1`, for a service that serves
 * that namespace too (NAMESPACES).
 */
export type CaseNamespace = 'served' | 'recorded';

const cachedCases = new Map<string, readonly ReferenceCase[]>();
const cachedUsers = new Map<CaptureSet, Readonly<Record<string, ReferenceUser>>>();

/** The namespace the recorded paths, headers and bodies name. */
export const PLUGIN_NAMESPACE = RECORDED_NAMESPACE;

/**
 * All recorded cases of a capture set in file order, namespace rewritten unless asked for as
 * `recorded`. Throws on a malformed line or a repeated id.
 */
export function loadCases(namespace: CaseNamespace = 'served', set: CaptureSet = 'reference'): readonly ReferenceCase[] {
  const cacheKey = `${set}:${namespace}`;
  const cached = cachedCases.get(cacheKey);
  if (cached) return cached;
  const rewrite = namespace === 'served' ? rewriteNamespace : <T>(value: T): T => value;
  const seen = new Set<string>();
  const cases = readFileSync(casesFile(set), 'utf8')
    .split('\n')
    .map((line, index) => ({ line, lineNumber: index + 1 }))
    .filter(({ line }) => line.trim() !== '')
    .map(({ line, lineNumber }) => {
      const parsed = toReferenceCase(JSON.parse(line) as unknown, lineNumber, rewrite);
      if (seen.has(parsed.id)) throw new Error(`cases.jsonl line ${lineNumber}: id ${parsed.id} repeats`);
      seen.add(parsed.id);
      return parsed;
    });
  const frozen = Object.freeze(cases);
  cachedCases.set(cacheKey, frozen);
  return frozen;
}

/** users.json of a capture set: the users cases authenticate as. */
export function loadUsers(set: CaptureSet = 'reference'): Readonly<Record<string, ReferenceUser>> {
  let users = cachedUsers.get(set);
  if (!users) {
    users = Object.freeze(JSON.parse(readFileSync(usersFile(set), 'utf8')) as Record<string, ReferenceUser>);
    cachedUsers.set(set, users);
  }
  return users;
}

/** Replaces the recorded namespace in every string and every object key, keeping key order. */
export function rewriteNamespace<T>(value: T): T {
  return mapJson(value, (text) => text.replaceAll(RECORDED_NAMESPACE, SERVED_NAMESPACE)) as T;
}

/** The request fields of a recorded case, in either capture set (tribe/events/v1 or tec/v1). */
export type RecordedRequest = Pick<ReferenceCase, 'id' | 'path' | 'query' | 'auth' | 'headers' | 'content_type' | 'body'> & {
  method: ReferenceCase['method'] | 'HEAD' | 'OPTIONS';
};

/**
 * Sends a case's request exactly as recorded: method, path + `?` + raw query (no re-encoding),
 * HTTP Basic credentials from users.json, its headers, its Content-Type and raw body when present.
 * The answer's body is taken as text (a HEAD answer has none), whatever its content type, so a
 * non-JSON answer (a Koa default "Not Found", an HTML error page) is reported rather than thrown.
 */
export async function sendRecordedRequest(
  agent: ReturnType<typeof supertest>,
  testCase: RecordedRequest,
  set: CaptureSet = 'reference',
): Promise<{ status: number; headers: Record<string, string>; text: string }> {
  const url = testCase.query === '' ? testCase.path : `${testCase.path}?${testCase.query}`;
  const methods = {
    GET: () => agent.get(url),
    POST: () => agent.post(url),
    PUT: () => agent.put(url),
    PATCH: () => agent.patch(url),
    DELETE: () => agent.delete(url),
    HEAD: () => agent.head(url),
    OPTIONS: () => agent.options(url),
  } as const;
  let request = methods[testCase.method]();

  if (testCase.auth !== 'none') {
    const user = loadUsers(set)[testCase.auth];
    if (!user) throw new Error(`Case ${testCase.id}: no user "${testCase.auth}" in users.json`);
    const credentials = Buffer.from(`${user.login}:${user.app_password}`).toString('base64');
    request = request.set('Authorization', `Basic ${credentials}`);
  }
  for (const [name, value] of Object.entries(testCase.headers ?? {})) request = request.set(name, value);
  if (testCase.content_type !== null) request = request.set('Content-Type', testCase.content_type);
  // A string body goes out byte for byte; superagent only serializes objects.
  if (testCase.body !== null) request = request.send(testCase.body);

  const response = testCase.method === 'HEAD' ? await request : await asText(request);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers as Record<string, string | string[]>)) {
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return { status: response.status, headers, text: testCase.method === 'HEAD' ? '' : String(response.body ?? '') };
}

/** Sends a recorded case of a capture set (sendRecordedRequest) and parses its body as the captures record it. */
export async function replayCase(agent: ReturnType<typeof supertest>, testCase: ReferenceCase, set: CaptureSet = 'reference'): Promise<ReplayedResponse> {
  const { status, headers, text } = await sendRecordedRequest(agent, testCase, set);
  return { status, headers, body: parseBody(text) };
}

/** Sends `request` and takes its body as text (`response.body`), whatever the content type. */
export function asText(request: supertest.Test): Promise<supertest.Response> {
  return request.buffer(true).parse((res, done) => {
    let text = '';
    res.setEncoding('utf8');
    res.on('data', (chunk: string) => {
      text += chunk;
    });
    res.on('end', () => done(null, text));
  });
}

export interface CaseComparison {
  pass: boolean;
  /** One readable line per difference (`body.events[2].cost: expected "$15", got "15"`), capped. */
  mismatches: string[];
  /** What was compared, after the README's normalizations, for a full diff if wanted. */
  expected: ComparedParts;
  actual: ComparedParts;
}

export interface ComparedParts {
  status: number;
  headers: Record<string, string>;
  body: unknown;
}

const MAX_MISMATCHES = 30;

/**
 * Applies the README's comparison rules: equal status; the compared headers equal when recorded
 * and absent when not; the whole body equal with keys in order, `json_ld` e-mail fields compared
 * after decoding the HTML entities the plugin scatters through them at random.
 */
export function compareCase(testCase: ReferenceCase, actual: ReplayedResponse): CaseComparison {
  const expectedParts: ComparedParts = {
    status: testCase.expect.status,
    headers: pickComparedHeaders(testCase.expect.headers),
    body: normalizeBody(testCase.expect.body),
  };
  const actualParts: ComparedParts = {
    status: actual.status,
    headers: pickComparedHeaders(actual.headers),
    body: normalizeBody(actual.body),
  };

  const mismatches: string[] = [];
  if (expectedParts.status !== actualParts.status) {
    mismatches.push(`status: expected ${expectedParts.status}, got ${actualParts.status}`);
  }
  for (const name of COMPARED_HEADERS) {
    const want = expectedParts.headers[name];
    const got = actualParts.headers[name];
    if (want === undefined && got !== undefined) {
      mismatches.push(`headers.${name}: expected no header, got ${show(got)}`);
    } else if (want !== undefined && got !== want) {
      mismatches.push(`headers.${name}: expected ${show(want)}, got ${got === undefined ? 'no header' : show(got)}`);
    }
  }
  const bodyMismatches: string[] = [];
  diffJson(expectedParts.body, actualParts.body, 'body', bodyMismatches);
  if (bodyMismatches.length === 0 && JSON.stringify(expectedParts.body) !== JSON.stringify(actualParts.body)) {
    bodyMismatches.push('body: serializations differ');
  }
  mismatches.push(...bodyMismatches);

  const shown = mismatches.slice(0, MAX_MISMATCHES);
  if (mismatches.length > MAX_MISMATCHES) shown.push(`... and ${mismatches.length - MAX_MISMATCHES} more`);
  return { pass: mismatches.length === 0, mismatches: shown, expected: expectedParts, actual: actualParts };
}

/** Decodes `&#NN;` and `&#xNN;`, the only entities WordPress's antispambot() writes. */
export function decodeNumericEntities(text: string): string {
  return text.replace(/&#(x[0-9a-fA-F]+|\d+);/g, (entity, code: string) => {
    const point = code.startsWith('x') ? Number.parseInt(code.slice(1), 16) : Number.parseInt(code, 10);
    return Number.isFinite(point) && point <= 0x10ffff ? String.fromCodePoint(point) : entity;
  });
}

function pickComparedHeaders(headers: Record<string, string>): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const name of COMPARED_HEADERS) {
    const value = headers[name];
    if (value !== undefined) picked[name] = value;
  }
  return picked;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return { $raw: text };
  }
}

// `email` values anywhere under a `json_ld` key are decoded; everything else is copied unchanged.
function normalizeBody(body: unknown, insideJsonLd = false): unknown {
  if (Array.isArray(body)) return body.map((item) => normalizeBody(item, insideJsonLd));
  if (!isPlainObject(body)) return body;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    copy[key] =
      insideJsonLd && key === 'email' && typeof value === 'string'
        ? decodeNumericEntities(value)
        : normalizeBody(value, insideJsonLd || key === 'json_ld');
  }
  return copy;
}

function diffJson(expected: unknown, actual: unknown, path: string, out: string[]): void {
  if (out.length > MAX_MISMATCHES) return;
  if (path === 'body' && isRawBody(expected) !== isRawBody(actual)) {
    // Listing every key of a JSON body against `$raw` says less than this one line.
    out.push(`${path}: expected ${describeBody(expected)}, got ${describeBody(actual)}`);
    return;
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    const expectedIds = idsOf(expected);
    const actualIds = idsOf(actual);
    if (expectedIds && actualIds && expectedIds.join() !== actualIds.join()) {
      // A list of records in another order or with other members: the ids say it best.
      out.push(`${path}: expected ids [${expectedIds.join(', ')}], got [${actualIds.join(', ')}]`);
      return;
    }
    if (expected.length !== actual.length) {
      out.push(`${path}: expected ${expected.length} items, got ${actual.length}`);
    }
    const common = Math.min(expected.length, actual.length);
    for (let i = 0; i < common; i += 1) diffJson(expected[i], actual[i], `${path}[${i}]`, out);
    return;
  }
  if (isPlainObject(expected) && isPlainObject(actual)) {
    const expectedKeys = Object.keys(expected);
    const actualKeys = Object.keys(actual);
    const missing = expectedKeys.filter((key) => !Object.hasOwn(actual, key));
    const extra = actualKeys.filter((key) => !Object.hasOwn(expected, key));
    for (const key of missing) out.push(`${childPath(path, key)}: missing (expected ${show(expected[key])})`);
    for (const key of extra) out.push(`${childPath(path, key)}: unexpected (got ${show(actual[key])})`);
    if (missing.length === 0 && extra.length === 0 && expectedKeys.join('\u0000') !== actualKeys.join('\u0000')) {
      out.push(`${path}: keys out of order: expected [${expectedKeys.join(', ')}], got [${actualKeys.join(', ')}]`);
    }
    for (const key of expectedKeys) {
      if (Object.hasOwn(actual, key)) diffJson(expected[key], actual[key], childPath(path, key), out);
    }
    return;
  }
  if (!Object.is(expected, actual)) {
    out.push(`${path}: expected ${show(expected)}, got ${show(actual)}`);
  }
}

function isRawBody(value: unknown): boolean {
  return isPlainObject(value) && Object.keys(value).length === 1 && typeof value.$raw === 'string';
}

function describeBody(value: unknown): string {
  return isRawBody(value) ? `non-JSON text ${show((value as { $raw: string }).$raw)}` : `JSON ${show(value)}`;
}

function idsOf(items: unknown[]): unknown[] | null {
  if (items.length === 0) return null;
  const ids = items.map((item) => (isPlainObject(item) && 'id' in item ? item.id : undefined));
  return ids.every((id) => typeof id === 'number' || typeof id === 'string') ? ids : null;
}

function childPath(path: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function show(value: unknown): string {
  const text = value === undefined ? 'undefined' : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mapJson(value: unknown, mapString: (text: string) => string): unknown {
  if (typeof value === 'string') return mapString(value);
  if (Array.isArray(value)) return value.map((item) => mapJson(item, mapString));
  if (isPlainObject(value)) {
    const mapped: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) mapped[mapString(key)] = mapJson(item, mapString);
    return mapped;
  }
  return value;
}

function toReferenceCase(raw: unknown, lineNumber: number, rewrite: <T>(value: T) => T): ReferenceCase {
  const fail = (problem: string): never => {
    throw new Error(`cases.jsonl line ${lineNumber}: ${problem}`);
  };
  if (!isPlainObject(raw)) return fail('not a JSON object');
  const text = (key: string): string => {
    const value = raw[key];
    return typeof value === 'string' ? value : fail(`"${key}" is not a string`);
  };
  const textOrNull = (key: string): string | null => {
    const value = raw[key];
    return value === null || typeof value === 'string' ? value : fail(`"${key}" is not a string or null`);
  };
  const method = text('method');
  if (!HTTP_METHODS.has(method)) fail(`unknown method ${method}`);
  const expected = raw.expect;
  if (!isPlainObject(expected) || typeof expected.status !== 'number' || !isPlainObject(expected.headers)) {
    return fail('"expect" lacks status or headers');
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(expected.headers)) {
    headers[name.toLowerCase()] = rewrite(String(value));
  }
  const testCase: ReferenceCase = {
    id: text('id'),
    group: text('group'),
    note: text('note'),
    method: method as HttpMethod,
    path: rewrite(text('path')),
    query: text('query'),
    auth: text('auth'),
    content_type: textOrNull('content_type'),
    body: textOrNull('body'),
    mutates: raw.mutates === true,
    expect: { status: expected.status, headers, body: rewrite(expected.body) },
    db_after: (raw.db_after ?? null) as TableRows | null,
  };
  if (raw.db_deleted !== undefined) testCase.db_deleted = raw.db_deleted as TableRows;
  if (typeof raw.recorded_at === 'string') testCase.recorded_at = raw.recorded_at;
  if (isPlainObject(raw.headers)) {
    testCase.headers = Object.fromEntries(Object.entries(raw.headers).map(([name, value]) => [name, String(value)]));
  }
  return testCase;
}
