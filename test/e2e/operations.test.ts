import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildService, removeBuild, SERVICE_CWD, START_BUILD, startBuiltService } from '../setup/built-service.js';
import { freePort } from '../setup/net.js';
import { createTestDatabase } from '../setup/database.js';
import { SERVICE_NODE_FLAGS } from '../setup/service-flags.js';

/**
 * The compiled service as an operator starts it, on a database that is not there: it does not
 * crash-loop but serves, says in its log that it waits for the database, answers /healthz 200,
 * /readyz and the API 503 in WordPress's error shape, and stops on SIGTERM with exit code 0.
 */
let buildDir: string | undefined;
let service: ChildProcess;
let baseUrl: string;
let output: () => string = () => '';

beforeAll(async () => {
  buildDir = await buildService('operations');
  const deadPort = await freePort();
  const running = await startBuiltService(buildDir, {
    DATABASE_URL: `mysql://root@127.0.0.1:${deadPort}/nowhere`,
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
  });
  service = running.process;
  baseUrl = running.baseUrl;
  output = running.output;
}, 120_000);

afterAll(async () => {
  if (service && service.exitCode === null) service.kill('SIGKILL');
  await removeBuild(buildDir);
});

describe('the service without its database', () => {
  it('serves and says it waits for the database, instead of crash-looping', async () => {
    expect((await fetch(`${baseUrl}/healthz`)).status).toBe(200);
    const ready = await fetch(`${baseUrl}/readyz`);
    expect(ready.status).toBe(503);
    const started = performance.now();
    const list = await fetch(`${baseUrl}/wp-json/calendar/events/v1/events`);
    expect(list.status).toBe(503);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await list.json()).toMatchObject({ code: 'rest_database_unavailable', data: { status: 503 } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(output()).toMatch(/database not ready \(ECONNREFUSED\)/);
    expect(service.exitCode).toBeNull();
  });

  it('refuses a request body past 1 MB with 413 in WordPress error shape', async () => {
    const response = await fetch(`${baseUrl}/wp-json/calendar/events/v1/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x'.repeat(1_100_000) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      code: 'rest_request_too_large',
      message: 'The request body is larger than the 1mb this service accepts.',
      data: { status: 413 },
    });
  });

  it('stops on SIGTERM with exit code 0', async () => {
    const exited = new Promise<number | null>((resolve) => service.once('exit', (code) => resolve(code)));
    service.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});

describe('a port already in use', () => {
  it('is named, with how to choose another (PORT, HOST), and the start ends with exit code 1, without a stack', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const deadPort = await freePort();
      const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, join(START_BUILD, 'main.js')], {
        cwd: SERVICE_CWD,
        env: { ...process.env, DATABASE_URL: `mysql://root@127.0.0.1:${deadPort}/nowhere`, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'fatal' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(stderr.trim()).toBe(
        `Port ${port} on 127.0.0.1 is already in use by another process: choose another with PORT (and the address with HOST), e.g. PORT=8081 npm start`,
      );
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});

describe('a TABLE_PREFIX that names no tables', () => {
  it('answers 503 with the reason, logs one line naming the prefixes found, and no stack', async () => {
    const site = await createTestDatabase({ prefix: 'site_' });
    let running: Awaited<ReturnType<typeof startBuiltService>> | undefined;
    try {
      running = await startBuiltService(START_BUILD, { DATABASE_URL: site.url, TABLE_PREFIX: 'wp_', LOG_LEVEL: 'info', NODE_ENV: 'production' });
      const list = await fetch(`${running.baseUrl}/wp-json/calendar/events/v1/events`);
      expect(list.status).toBe(503);
      expect(await list.json()).toEqual({ code: 'rest_database_unavailable', message: "The site's tables are missing from the database.", data: { status: 503 } });
      // The start's wait retries every second: still one line.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const lines = running.output().split('\n').filter((line) => line.includes('site tables missing'));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('TABLE_PREFIX wp_: wp_posts and wp_options missing; prefixes found: site_ (set TABLE_PREFIX=site_)');
      expect(running.output()).not.toContain('"stack"');
      expect(running.output()).not.toContain('database not ready');
    } finally {
      running?.process.kill('SIGKILL');
      await site.drop();
    }
  });
});

describe('NODE_ENV=development', () => {
  it('logs one readable line per request', async () => {
    const deadPort = await freePort();
    const running = await startBuiltService(START_BUILD, { DATABASE_URL: `mysql://root@127.0.0.1:${deadPort}/nowhere`, LOG_LEVEL: 'info', NODE_ENV: 'development' });
    try {
      for (let i = 0; i < 2; i += 1) expect((await fetch(`${running.baseUrl}/healthz`)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const requestLines = running.output().split('\n').filter((line) => line.includes('request'));
      expect(requestLines).toHaveLength(2);
      for (const line of requestLines) {
        expect(line).toMatch(/^\[\d{2}:\d{2}:\d{2}\.\d{3}\] INFO: request \{"reqId":"[^"]+","method":"GET","route":"\/healthz","status":200,"durationMs":[\d.]+,"userId":0,"statements":0\}$/);
      }
    } finally {
      running.process.kill('SIGKILL');
    }
  });
});
