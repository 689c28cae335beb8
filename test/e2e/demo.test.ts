import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildService, removeBuild, startBuiltService, stopService } from '../setup/built-service.js';

/**
 * `npm start` with no DATABASE_URL, as a new user runs it: the built main.js serves the bundled
 * demo site from SQLite in memory, prints its users' application passwords, and takes a write
 * signed with one of them.
 */

let server: ChildProcess;
let baseUrl: string;
let output: () => string;
let buildDir: string | undefined;

beforeAll(async () => {
  buildDir = await buildService('demo');
  // An empty DATABASE_URL counts as none, whatever this process's environment holds.
  const service = await startBuiltService(buildDir, { DATABASE_URL: '', LOG_LEVEL: 'warn' });
  server = service.process;
  baseUrl = service.baseUrl;
  output = service.output;
}, 120_000);

afterAll(async () => {
  await stopService(server);
  await removeBuild(buildDir);
});

describe('npm start without DATABASE_URL', () => {
  it('serves the demo site and prints every demo user with a working application password', async () => {
    const root = `${baseUrl}/wp-json/calendar/events/v1`;
    const events = await fetch(`${root}/events`);
    expect(events.status).toBe(200);
    expect(((await events.json()) as { events: unknown[] }).events.length).toBeGreaterThan(0);
    // Printed once listening; give the banner a moment to arrive on the pipe.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const match = /^ {2}editor +(\S+) +\(editor\)$/m.exec(output());
    expect(match, output()).not.toBeNull();
    const created = await fetch(`${root}/tags`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`editor:${match![1]}`).toString('base64')}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'From the demo' }),
    });
    expect(created.status).toBe(201);
    const tag = (await created.json()) as { id: number };
    expect(((await (await fetch(`${root}/tags/${tag.id}`)).json()) as { name: string }).name).toBe('From the demo');
  });
});
