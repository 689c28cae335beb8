import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import supertest from 'supertest';
import { asText, loadUsers, type ReferenceCase, type ReplayedResponse } from './captures.js';

/*
 * The recorded tec/v1 answers (fixtures/reference-tec-v1/README.md), read as they were recorded:
 * the namespace is the plugin's own, nothing is renamed. Same case format as ../captures, with
 * HEAD and OPTIONS requests besides.
 */

const CASES_FILE = fileURLToPath(new URL('../../fixtures/reference-tec-v1/cases.jsonl', import.meta.url));

export type TecV1Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD' | 'OPTIONS';

/** A recorded tec/v1 case (the ReferenceCase shape, with its own method set). */
export type TecV1Case = Omit<ReferenceCase, 'method'> & { method: TecV1Method };

let cached: readonly TecV1Case[] | undefined;

/** Every recorded case in file order. Throws on a line that is not JSON. */
export function loadTecV1Cases(): readonly TecV1Case[] {
  cached ??= Object.freeze(
    readFileSync(CASES_FILE, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const raw = JSON.parse(line) as TecV1Case & { expect: { headers: Record<string, string> } };
        const headers = Object.fromEntries(Object.entries(raw.expect.headers).map(([name, value]) => [name.toLowerCase(), String(value)]));
        return { ...raw, db_after: raw.db_after ?? null, expect: { ...raw.expect, headers } };
      }),
  );
  return cached;
}

/** Sends a case exactly as recorded (method, raw path and query, Basic credentials, headers, body). */
export async function replayTecV1Case(agent: ReturnType<typeof supertest>, testCase: TecV1Case): Promise<ReplayedResponse> {
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
    const user = loadUsers()[testCase.auth];
    if (!user) throw new Error(`Case ${testCase.id}: no user "${testCase.auth}" in users.json`);
    request = request.set('Authorization', `Basic ${Buffer.from(`${user.login}:${user.app_password}`).toString('base64')}`);
  }
  for (const [name, value] of Object.entries(testCase.headers ?? {})) request = request.set(name, value);
  if (testCase.content_type !== null) request = request.set('Content-Type', testCase.content_type);
  if (testCase.body !== null) request = request.send(testCase.body);
  const response = testCase.method === 'HEAD' ? await request : await asText(request);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.headers as Record<string, string | string[]>)) {
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  const text = testCase.method === 'HEAD' ? '' : String(response.body ?? '');
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    body = { $raw: text };
  }
  return { status: response.status, headers, body };
}
