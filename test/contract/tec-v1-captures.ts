import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import supertest from 'supertest';
import { sendRecordedRequest, type ReferenceCase, type ReplayedResponse } from './captures.js';

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

/** Sends a case exactly as recorded (sendRecordedRequest); a body that is not JSON is `{"$raw": text}`. */
export async function replayTecV1Case(agent: ReturnType<typeof supertest>, testCase: TecV1Case): Promise<ReplayedResponse> {
  const { status, headers, text } = await sendRecordedRequest(agent, testCase);
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    body = { $raw: text };
  }
  return { status, headers, body };
}
