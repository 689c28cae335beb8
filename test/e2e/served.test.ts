import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { buildService, removeBuild, startBuiltService, stopService } from '../setup/built-service.js';
import { compareCase, loadCases, loadUsers, type ReferenceCase, type ReplayedResponse } from '../contract/captures.js';
import { PENDING_ON_OTHER_ISSUES } from '../contract/pending.js';
import { isTimeDependent } from '../contract/read-selections.js';

/**
 * The service as a user runs it: `npm start`'s build (`tsc -p tsconfig.build.json`, here into a
 * folder of this test's own) and its entry point, main.js, started with DATABASE_URL on a
 * database loaded from the reference dump, answering the recorded anonymous event cases over
 * real HTTP. This process runs on the real clock, not at each case's `recorded_at`, so the cases
 * the fixtures README names as time-dependent are left to the contract suite, which stops the
 * clock there; every other event case passes explicit dates. Cases pending on another issue
 * (test/contract/pending.ts) are left out too: the contract suite checks they still differ.
 */

const CASES = loadCases().filter(
  (testCase: ReferenceCase) =>
    testCase.auth === 'none' &&
    testCase.method === 'GET' &&
    (testCase.group === 'events.read' || testCase.group === 'index' || testCase.group === 'errors') &&
    !isTimeDependent(testCase) &&
    !Object.hasOwn(PENDING_ON_OTHER_ISSUES, testCase.id) &&
    /^\/wp-json\/calendar\/events\/v1(\/events|\/nope|$)/.test(testCase.path),
);

let database: TestDatabase;
let server: ChildProcess;
let baseUrl: string;
let buildDir: string | undefined;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  buildDir = await buildService('served');
  const service = await startBuiltService(buildDir, { DATABASE_URL: database.url });
  server = service.process;
  baseUrl = service.baseUrl;
});

afterAll(async () => {
  await stopService(server);
  await removeBuild(buildDir);
  await database?.drop();
});

async function fetchCase(testCase: ReferenceCase): Promise<ReplayedResponse> {
  const response = await fetch(`${baseUrl}${testCase.path}${testCase.query ? `?${testCase.query}` : ''}`, {
    headers: testCase.headers ?? {},
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = { $raw: text };
  }
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { status: response.status, headers, body };
}

describe('npm start serves the recorded answers over HTTP', () => {
  it('selects the day-independent anonymous event cases', () => {
    // 132 anonymous GETs of the index (without its trailing-slash twin) and the event routes, less 4
    // time-dependent (none is pending any more).
    expect(CASES.length).toBe(128);
  });

  it('answers each of them identically', async () => {
    const mismatched: string[] = [];
    for (const testCase of CASES) {
      const comparison = compareCase(testCase, await fetchCase(testCase));
      if (comparison.mismatches.length > 0) mismatched.push(`${testCase.id}: ${comparison.mismatches.join('; ')}`);
    }
    expect(mismatched).toEqual([]);
  });

  it('writes: an event created over HTTP, with a nested venue, is served back and trashed', async () => {
    const admin = loadUsers().admin!;
    const headers = {
      Authorization: `Basic ${Buffer.from(`${admin.login}:${admin.app_password}`).toString('base64')}`,
      'Content-Type': 'application/json',
    };
    const root = `${baseUrl}/wp-json/calendar/events/v1`;
    const created = await fetch(`${root}/events`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'Served Write', start_date: '2031-02-03 18:00:00', end_date: '2031-02-03 20:00:00', venue: { venue: 'Served Hall', city: 'Lyon' } }),
    });
    expect(created.status).toBe(201);
    const event = (await created.json()) as { id: number; slug: string; venue: { venue: string } };
    expect(event).toMatchObject({ slug: 'served-write', venue: { venue: 'Served Hall' } });

    const read = await fetch(`${root}/events/${event.id}`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { title: string }).title).toBe('Served Write');

    const trashed = await fetch(`${root}/events/${event.id}`, { method: 'DELETE', headers: { Authorization: headers.Authorization } });
    expect(trashed.status).toBe(200);
    expect(((await trashed.json()) as { status: string }).status).toBe('trash');
  });

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
