import type { ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { buildService, removeBuild, startBuiltService } from '../setup/built-service.js';
import { answerJson as json, freePort, rawRequest, stopChild, type Answer } from '../setup/net.js';
import { renderSnippet, requireNginx, SHIPPED_UPSTREAM, siteServer, SNIPPET, startNginx, type RunningNginx, checkAfterSetup } from '../setup/nginx.js';

/**
 * Debian's nginx in front of the service, configured with the shipped snippet
 * deploy/nginx/calendar-sidecar.conf (issue 10): the namespace's REST paths, in each of the three
 * forms WordPress publishes them (pretty `/wp-json/...`, PATHINFO `/index.php/wp-json/...`, plain
 * `/?rest_route=...`), reach the sidecar and come back exactly as the sidecar answers them directly;
 * everything else stays with the site (here a `location /` answering 418 stands in for PHP).
 *
 * The snippet is rendered twice: once towards the real service (built and started as a user runs
 * it: `tsc -p tsconfig.build.json`, then `node main.js` with PORT=0), once towards a small echo
 * server that answers with the request line and headers nginx forwarded, to check the URI is passed
 * untouched and Host / X-Forwarded-For / X-Forwarded-Proto are set.
 *
 * The build goes to a folder of this file's own (under node_modules/.cache, so the compiled files
 * still resolve the project's node_modules) rather than dist/: test/e2e/served.test.ts builds into
 * dist/ and may run at the same time, and two compilers rewriting the same files could hand one of
 * the services a half-written module.
 */
const NS = '/wp-json/calendar/events/v1';
/** A list with explicit dates, so its answer does not move with the clock. */
const LIST_QUERY = 'start_date=2000-01-01&end_date=2100-12-31&per_page=3&page=2';

let database: TestDatabase | undefined;
let service: ChildProcess | undefined;
let nginx: RunningNginx | undefined;
let echo: Server | undefined;
let buildDir: string | undefined;
let serviceAddress = '';
let proxyPort = 0;
let echoProxyPort = 0;

/** GET over its own connection (see rawRequest). */
function get(port: number, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return rawRequest(port, path, { headers });
}

async function startService(database: TestDatabase): Promise<string> {
  buildDir = await buildService('nginx');
  const running = await startBuiltService(buildDir, { DATABASE_URL: database.url });
  service = running.process;
  // host:port, as the snippet's upstream is written.
  return running.baseUrl.replace(/^http:\/\//, '');
}

/** Answers every request with what nginx sent upstream: the request target and the headers. */
function startEcho(): Promise<number> {
  echo = createHttpServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ url: req.url, headers: req.headers }));
  });
  const server = echo;
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : 0);
    });
  });
}

async function startSiteNginx(serviceAt: string, echoPort: number): Promise<void> {
  proxyPort = await freePort();
  echoProxyPort = await freePort();
  nginx = await startNginx(async (prefix) => {
    await writeFile(join(prefix, 'calendar-sidecar.conf'), await renderSnippet(serviceAt));
    await writeFile(join(prefix, 'calendar-sidecar-echo.conf'), await renderSnippet(`127.0.0.1:${echoPort}`));
    return `${siteServer(proxyPort, [join(prefix, 'calendar-sidecar.conf')])}\n${siteServer(echoProxyPort, [join(prefix, 'calendar-sidecar-echo.conf')])}`;
  }, [proxyPort, echoProxyPort]);
}

/**
 * Set when nginx is missing or the setup failed: every test then fails with it, rather than being
 * reported as skipped, which is what vitest makes of tests whose beforeAll threw.
 */
let setupError: Error | undefined;

beforeAll(async () => {
  try {
    requireNginx();
    database = await createTestDatabase({ dump: 'reference' });
    const [address, echoPort] = await Promise.all([startService(database), startEcho()]);
    serviceAddress = address;
    await startSiteNginx(serviceAddress, echoPort);
  } catch (error) {
    setupError = error instanceof Error ? error : new Error(String(error));
  }
  // Compiling the service takes over a minute when other end-to-end tests compile at the same time.
}, 180_000);

/** `it`, failing with the setup's error when there was one. */
const check = checkAfterSetup(() => setupError);

afterAll(async () => {
  // Each step runs even if one before it failed.
  await nginx?.stop().catch(() => undefined);
  await stopChild(service, 'SIGTERM').catch(() => undefined);
  await new Promise((resolve) => (echo ? echo.close(resolve) : resolve(undefined)));
  await database?.drop().catch(() => undefined);
  await removeBuild(buildDir);
});

function servicePort(): number {
  return Number(serviceAddress.split(':').pop());
}

/**
 * The answer through nginx next to the service's own to the same request. The namespace index
 * prints defaults from the clock (to the second), so the direct answer is taken before and after
 * the proxied one and the round is repeated until those two agree: then the clock did not move
 * the answer in between, and the proxied one must equal it.
 */
async function throughNginxAndDirect(proxiedPath: string, directPath = proxiedPath): Promise<{ proxied: Answer; direct: Answer }> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const before = await get(servicePort(), directPath);
    const proxied = await get(proxyPort, proxiedPath);
    const after = await get(servicePort(), directPath);
    if (before.status === after.status && before.text === after.text) return { proxied, direct: before };
  }
  throw new Error(`the service answered ${directPath} differently five times in a row`);
}

/**
 * What a client sees, less what nginx owns or makes per hop (Date, Server, Connection, framing) and
 * a per-request id, which differs between any two requests.
 */
const HOP_HEADERS = new Set(['date', 'server', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'x-request-id']);
function apiHeaders(headers: IncomingHttpHeaders): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_HEADERS.has(name)));
}

describe('nginx with deploy/nginx/calendar-sidecar.conf in front of the service', () => {
  check('the shipped snippet names its upstream only as 127.0.0.1:8080, and the rendered copy only the service port', async () => {
    const shipped = await readFile(SNIPPET, 'utf8');
    const proxyPasses = shipped.match(/^\s*proxy_pass\s[^;]*;/gm) ?? [];
    expect(proxyPasses.length).toBeGreaterThanOrEqual(5);
    expect(new Set(proxyPasses.map((line) => line.trim()))).toEqual(new Set([`proxy_pass http://${SHIPPED_UPSTREAM}$request_uri;`]));
    const rendered = await readFile(join(nginx!.prefix, 'calendar-sidecar.conf'), 'utf8');
    expect(rendered).not.toContain(SHIPPED_UPSTREAM);
    expect(rendered.match(/^\s*proxy_pass\s[^;]*;/gm)?.map((line) => line.trim())).toEqual(proxyPasses.map(() => `proxy_pass http://${serviceAddress}$request_uri;`));
  });

  check('the namespace index answers exactly as the service does directly', async () => {
    const { proxied, direct } = await throughNginxAndDirect(NS);
    expect(direct.status).toBe(200);
    expect((json(direct) as { namespace: string }).namespace).toBe('calendar/events/v1');
    expect(proxied.status).toBe(direct.status);
    expect(json(proxied)).toEqual(json(direct));
    expect(proxied.text).toBe(direct.text);
    expect(apiHeaders(proxied.headers)).toEqual(apiHeaders(direct.headers));
  });

  check('the namespace index with a trailing slash too', async () => {
    const { proxied, direct } = await throughNginxAndDirect(`${NS}/`);
    expect(direct.status).toBe(200);
    expect(proxied.status).toBe(200);
    expect(proxied.text).toBe(direct.text);
  });

  check('an events list answers exactly as the service does directly (status, JSON body, paging headers)', async () => {
    const path = `${NS}/events?${LIST_QUERY}`;
    const { proxied, direct } = await throughNginxAndDirect(path);
    expect(direct.status).toBe(200);
    const body = json(direct) as { events: unknown[]; total: number };
    expect(body.events.length).toBe(3);
    expect(body.total).toBeGreaterThan(6);
    expect(proxied.status).toBe(direct.status);
    expect(json(proxied)).toEqual(body);
    expect(proxied.text).toBe(direct.text);
    expect(apiHeaders(proxied.headers)).toEqual(apiHeaders(direct.headers));
    // TEC's own paging headers, which a client pages with, came through.
    expect(proxied.headers['x-tec-total']).toBe(String(body.total));
    expect(proxied.headers['x-tec-totalpages']).toBe(String(Math.ceil(body.total / 3)));
  });

  check('an error of the namespace (unknown route) is the service JSON error, not a page of the site', async () => {
    const { proxied, direct } = await throughNginxAndDirect(`${NS}/nope`);
    expect(direct.status).toBe(404);
    expect((json(direct) as { code: string }).code).toBe('rest_no_route');
    expect(proxied.status).toBe(404);
    expect(proxied.text).toBe(direct.text);
  });

  check('the PATHINFO form /index.php/wp-json/... reaches the sidecar', async () => {
    const { proxied, direct } = await throughNginxAndDirect(`/index.php${NS}/events?${LIST_QUERY}`, `${NS}/events?${LIST_QUERY}`);
    expect(direct.status).toBe(200);
    expect(proxied.status).toBe(200);
    expect(proxied.text).toBe(direct.text);
  });

  check('the plain-permalink form ?rest_route=... reaches the sidecar, on / and /index.php, encoded or not', async () => {
    const direct = `${NS}/events?${LIST_QUERY}`;
    for (const proxiedPath of [
      `/?rest_route=/calendar/events/v1/events&${LIST_QUERY}`,
      `/index.php?rest_route=/calendar/events/v1/events&${LIST_QUERY}`,
      `/?rest_route=%2Fcalendar%2Fevents%2Fv1%2Fevents&${LIST_QUERY}`,
    ]) {
      const answers = await throughNginxAndDirect(proxiedPath, direct);
      expect(answers.direct.status, proxiedPath).toBe(200);
      expect(answers.proxied.status, proxiedPath).toBe(200);
      expect(answers.proxied.text, proxiedPath).toBe(answers.direct.text);
    }
    const index = await throughNginxAndDirect('/?rest_route=/calendar/events/v1', NS);
    expect(index.proxied.status).toBe(200);
    expect(index.proxied.text).toBe(index.direct.text);
  });

  check('everything else stays with the site: not proxied to the sidecar', async () => {
    for (const path of [
      '/',
      '/events/some-event/',
      '/wp-json/',
      '/wp-json/wp/v2/posts',
      '/wp-json/tribe/events/v1/events',
      '/wp-json/calendar/events/v10',
      '/wp-json/calendar/events/v1x/events',
      '/wp-login.php',
      '/?rest_route=/wp/v2/posts',
      '/?rest_route=/calendar/events/v10',
      '/?p=12',
      '/some-page/?rest_route=/calendar/events/v1/events',
    ]) {
      const answer = await get(proxyPort, path);
      expect({ path, status: answer.status, text: answer.text }).toEqual({ path, status: 418, text: 'php\n' });
    }
  });

  check('the internal location of the rest_route form cannot be requested from outside', async () => {
    const answer = await get(proxyPort, '/.calendar-sidecar-rest-route');
    expect(answer.status).toBe(404);
  });

  check('passes the request URI untouched and sets Host, X-Forwarded-For and X-Forwarded-Proto', async () => {
    const cases = [
      `${NS}/events?search=a%20b&categories=1,2`,
      `${NS}/events/by-slug/caf%C3%A9`,
      `/index.php${NS}/events?per_page=1`,
      `/?rest_route=%2Fcalendar%2Fevents%2Fv1%2Fevents&search=x%26y`,
      `/index.php?rest_route=/calendar/events/v1/events/1`,
    ];
    for (const path of cases) {
      const answer = await get(echoProxyPort, path, { Host: 'events.example.test', 'X-Forwarded-For': '203.0.113.9' });
      expect(answer.status, path).toBe(200);
      const seen = json(answer) as { url: string; headers: Record<string, string> };
      expect(seen.url, path).toBe(path);
      expect(seen.headers.host, path).toBe('events.example.test');
      expect(seen.headers['x-forwarded-for'], path).toBe('203.0.113.9, 127.0.0.1');
      expect(seen.headers['x-forwarded-proto'], path).toBe('http');
      expect(seen.headers['x-real-ip'], path).toBe('127.0.0.1');
    }
  });
});
