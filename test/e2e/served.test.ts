import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { compareCase, loadCases, type ReferenceCase, type ReplayedResponse } from '../contract/captures.js';

/**
 * The service as a user runs it: `npm start`'s entry point started with DATABASE_URL on a
 * database loaded from the reference dump, answering the recorded anonymous event cases over
 * real HTTP. Cases whose answer depends on the day they were recorded are left to the contract
 * suite, which pins the clock; this process runs on the real clock.
 */
const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TIME_DEPENDENT = /time-dependent/;

const CASES = loadCases().filter(
  (testCase: ReferenceCase) =>
    testCase.auth === 'none' &&
    testCase.method === 'GET' &&
    (testCase.group === 'events.read' || testCase.group === 'index' || testCase.group === 'errors') &&
    !TIME_DEPENDENT.test(testCase.note) &&
    /^\/wp-json\/calendar\/events\/v1(\/events|\/nope|$)/.test(testCase.path),
);

let database: TestDatabase;
let server: ChildProcess;
let baseUrl: string;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`service did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^/\s]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    server.stdout?.on('data', onData);
    server.stderr?.on('data', onData);
    server.once('exit', (code) => reject(new Error(`service exited with ${code}:\n${output}`)));
  });
});

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await database?.drop();
});

async function fetchCase(testCase: ReferenceCase): Promise<ReplayedResponse> {
  const response = await fetch(`${baseUrl}${testCase.path}${testCase.query ? `?${testCase.query}` : ''}`);
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
    expect(CASES.length).toBe(90);
  });

  it('answers each of them identically', async () => {
    const mismatched: string[] = [];
    for (const testCase of CASES) {
      const comparison = compareCase(testCase, await fetchCase(testCase));
      if (comparison.mismatches.length > 0) mismatched.push(`${testCase.id}: ${comparison.mismatches.join('; ')}`);
    }
    expect(mismatched).toEqual([]);
  });

  it('stops cleanly on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
