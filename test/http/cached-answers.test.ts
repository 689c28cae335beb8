import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { createLogger } from '../../src/ops/logging.js';
import { loadConfig } from '../../src/config.js';
import { ChangeFeed } from '../../src/feed/change-feed.js';
import { everythingChanged } from '../../src/feed/data-change.js';
import { RECORDING_INSTANT } from '../contract/suite.js';
import { ROOT, recordedDatabase, recordedUserAuth } from './support.js';
import { ManualClock, MB } from '../feed/support.js';

/**
 * The response cache's front door (src/cache/cached-answers.ts): an anonymous GET or HEAD answered
 * from memory must be the very bytes the full stack sends (every header, in order, with its name
 * as written, then the body), run no statement, and be told apart from anything carrying
 * credentials, a method override or a body, which the door must leave to the full stack.
 */

const site = recordedDatabase('reference');

interface RawAnswer {
  status: number;
  /** Header names and values as they came over the wire, in order, without the per-request ones. */
  headers: string[];
  body: Buffer;
  statements: number;
}

interface Served {
  request(path: string, options?: { method?: string; headers?: Record<string, string>; body?: string }): Promise<RawAnswer>;
  feed: ChangeFeed;
  clock: ManualClock;
  close(): Promise<void>;
}

/**
 * The app on a real socket, its feed reporting only its own writes (binlog mode with nobody else
 * writing), or in probe mode.
 */
async function serve(bytes = 8 * MB, mode: 'binlog' | 'probe' = 'binlog', logLines: Record<string, unknown>[] = []): Promise<Served> {
  const clock = new ManualClock(new Date(RECORDING_INSTANT));
  const feed = new ChangeFeed();
  if (mode === 'binlog') feed.useBinlog(() => true, clock.now());
  else feed.useProbe('mariadb', clock.now());
  const config = loadConfig({ DATABASE_URL: site.database.url, TABLE_PREFIX: site.database.prefix });
  const logger = createLogger({ level: 'info', pretty: false }, { write: (line: string) => logLines.push(JSON.parse(line) as Record<string, unknown>) });
  const app = createHandler({ db: site.recorder.db, config, clock, changeFeed: feed, responseCacheBytes: bytes, logger });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    feed,
    clock,
    request: (path, options = {}) =>
      new Promise((resolve, reject) => {
        site.recorder.clear();
        const request = http.request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const headers: string[] = [];
            for (let i = 0; i < response.rawHeaders.length; i += 2) {
              const name = response.rawHeaders[i]!;
              if (/^(x-request-id|date)$/i.test(name)) continue;
              headers.push(`${name}: ${response.rawHeaders[i + 1]}`);
            }
            resolve({ status: response.statusCode ?? 0, headers, body: Buffer.concat(chunks), statements: site.recorder.statements.length });
          });
        });
        request.on('error', reject);
        request.end(options.body);
      }),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const READS = ['/events', '/events?per_page=3&page=2&_fields=id,title', '/events/6', '/venues/19', '/organizers', '/categories', '/events.ics', '/events?_envelope'];

describe('an anonymous read answered from memory', () => {
  it.each(READS)('GET %s: the same bytes as the full stack sent, headers in order, and no statement', async (path) => {
    const served = await serve();
    try {
      const first = await served.request(`${ROOT}${path}`);
      expect(first.status).toBe(200);
      expect(first.statements).toBeGreaterThan(0);
      const again = await served.request(`${ROOT}${path}`);
      expect(again.statements).toBe(0);
      expect(again.headers).toEqual(first.headers);
      expect(again.body.equals(first.body)).toBe(true);
    } finally {
      await served.close();
    }
  });

  it('keeps HEAD, GET and each Origin apart, each with the headers the full stack gives it', async () => {
    const served = await serve();
    try {
      const variants = [
        { method: 'HEAD' },
        { method: 'GET', headers: { Origin: 'https://app.example' } },
        { method: 'HEAD', headers: { Origin: 'https://app.example' } },
        { method: 'GET', headers: { Origin: 'https://other.example' } },
        { method: 'GET' },
      ];
      const firsts = [];
      for (const variant of variants) firsts.push(await served.request(`${ROOT}/events/6`, variant));
      for (const [index, variant] of variants.entries()) {
        const again = await served.request(`${ROOT}/events/6`, variant);
        expect(again.statements, JSON.stringify(variant)).toBe(0);
        expect(again.headers).toEqual(firsts[index]!.headers);
        expect(again.body.equals(firsts[index]!.body)).toBe(true);
      }
      expect(firsts[1]!.headers).toContain('Access-Control-Allow-Origin: https://app.example');
      expect(firsts[3]!.headers).toContain('Access-Control-Allow-Origin: https://other.example');
      expect(firsts[0]!.body.length).toBe(0);
    } finally {
      await served.close();
    }
  });

  it('answers If-None-Match with the 304 the full stack gives, and a stale tag with the whole answer', async () => {
    const served = await serve();
    const fullStack = await serve();
    try {
      const first = await served.request(`${ROOT}/events`);
      const etag = first.headers.find((header) => header.startsWith('ETag: '))!.slice('ETag: '.length);
      const fromMemory = await served.request(`${ROOT}/events`, { headers: { 'If-None-Match': etag } });
      // The other app has nothing cached: its 304 comes from the conditional GET middleware.
      const computed = await fullStack.request(`${ROOT}/events`, { headers: { 'If-None-Match': etag } });
      expect(computed.status).toBe(304);
      expect(computed.statements).toBeGreaterThan(0);
      expect(fromMemory.statements).toBe(0);
      expect(fromMemory.status).toBe(304);
      expect(fromMemory.headers).toEqual(computed.headers);
      expect(fromMemory.body.length).toBe(0);
      const stale = await served.request(`${ROOT}/events`, { headers: { 'If-None-Match': '"not-it"' } });
      expect(stale.status).toBe(200);
      expect(stale.statements).toBe(0);
      expect(stale.body.equals(first.body)).toBe(true);
    } finally {
      await served.close();
      await fullStack.close();
    }
  });

  it('is forgotten when the feed reports a change', async () => {
    const served = await serve();
    try {
      await served.request(`${ROOT}/events/6`);
      expect((await served.request(`${ROOT}/events/6`)).statements).toBe(0);
      served.feed.publish(everythingChanged('binlog', 'test', new Date(RECORDING_INSTANT)));
      expect((await served.request(`${ROOT}/events/6`)).statements).toBeGreaterThan(0);
      expect((await served.request(`${ROOT}/events/6`)).statements).toBe(0);
    } finally {
      await served.close();
    }
  });

  it('is logged as the full stack logs a request, with its own request id', async () => {
    const lines: Record<string, unknown>[] = [];
    const served = await serve(8 * MB, 'binlog', lines);
    try {
      await served.request(`${ROOT}/events/6`);
      expect((await served.request(`${ROOT}/events/6`, { headers: { 'X-Request-Id': 'from-the-proxy' } })).statements).toBe(0);
      const [first, again] = lines.filter((line) => line.msg === 'request');
      const shape = (line: Record<string, unknown> | undefined) => ({ ...line, reqId: typeof line?.reqId, durationMs: typeof line?.durationMs, time: typeof line?.time, pid: 0 });
      // (This app's statement tracker is not wired to its database's log: both lines count 0.)
      expect(shape(again)).toEqual(shape(first));
      expect(again).toMatchObject({ status: 200, userId: 0, method: 'GET', statements: 0 });
      expect(again?.reqId).toBe('from-the-proxy');
      expect(again?.route).toBe('/calendar/events/v1/events/(?P<id>\\d+)');
    } finally {
      await served.close();
    }
  });

  it('is logged and counted under its route, as the full stack counts it', async () => {
    const served = await serve();
    try {
      await served.request(`${ROOT}/events?per_page=2`);
      expect((await served.request(`${ROOT}/events?per_page=2`)).statements).toBe(0);
      const metrics = (await served.request('/metrics')).body.toString();
      const counter = /^http_requests_total\{route="\/calendar\/events\/v1\/events",method="GET",status="200"\} (\d+)$/m.exec(metrics);
      expect(counter?.[1]).toBe('2');
    } finally {
      await served.close();
    }
  });
});

describe('an anonymous read answered from memory once the site settings have expired', () => {
  it('reads the settings again (the site day is part of the key), answers from memory, then answers without reading', async () => {
    const served = await serve();
    try {
      const first = await served.request(`${ROOT}/events/6`);
      expect((await served.request(`${ROOT}/events/6`)).statements).toBe(0);
      // Past the settings' 5 s: the door waits for them, then finds the same kept answer.
      served.clock.set(new Date(served.clock.now().getTime() + 6_000).toISOString());
      const afterExpiry = await served.request(`${ROOT}/events/6`);
      expect(afterExpiry.statements).toBeGreaterThan(0);
      expect(afterExpiry.body.equals(first.body)).toBe(true);
      expect(afterExpiry.headers).toEqual(first.headers);
      expect((await served.request(`${ROOT}/events/6`)).statements).toBe(0);
    } finally {
      await served.close();
    }
  });
});

describe('what the door leaves to the full stack', () => {
  const ADMIN = recordedUserAuth('admin');
  const cases: [string, { method?: string; headers?: Record<string, string>; body?: string }][] = [
    ['an Authorization header', { headers: { Authorization: ADMIN } }],
    ['a cookie', { headers: { Cookie: 'wordpress_test_cookie=WP%20Cookie%20check' } }],
    ['a nonce', { headers: { 'X-WP-Nonce': 'abc' } }],
    ['a method override header', { headers: { 'X-HTTP-Method-Override': 'GET' } }],
    ['a JSON body', { headers: { 'Content-Type': 'application/json', 'Content-Length': '14' }, body: '{"per_page":1}' }],
  ];

  it.each(cases)('a GET with %s runs the full stack, and answers as an app without a cache does', async (_label, options) => {
    const served = await serve();
    const uncached = await serve(0);
    try {
      // A search: always read in SQL (no kept dates page it), so the full stack runs statements.
      const url = `${ROOT}/events?search=the`;
      await served.request(url);
      expect((await served.request(url)).statements).toBe(0);
      const answer = await served.request(url, options);
      const expected = await uncached.request(url, options);
      expect(answer.statements).toBeGreaterThan(0);
      expect(answer.status).toBe(expected.status);
      expect(answer.headers.filter((header) => !header.startsWith('ETag'))).toEqual(expected.headers.filter((header) => !header.startsWith('ETag')));
      expect(answer.body.toString()).toBe(expected.body.toString());
    } finally {
      await served.close();
      await uncached.close();
    }
  });

  it('a path outside the REST API costs no LSN reading in probe mode', async () => {
    const served = await serve(8 * MB, 'probe');
    try {
      expect((await served.request(`${ROOT}/categories`)).statements).toBeGreaterThan(0);
      // The 404 names the site, from the site settings the first request read (and keeps for a while).
      const answer = await served.request('/not-the-api');
      expect(answer.status).toBe(404);
      expect(answer.statements).toBe(0);
    } finally {
      await served.close();
    }
  });

  it('a signed-in reader of a list gets their own answer, not the public one kept for the same URL', async () => {
    const served = await serve();
    try {
      const anonymous = await served.request(`${ROOT}/events?status=draft`);
      const admin = await served.request(`${ROOT}/events?status=draft`, { headers: { Authorization: ADMIN } });
      expect(admin.statements).toBeGreaterThan(0);
      expect(admin.body.toString()).not.toBe(anonymous.body.toString());
    } finally {
      await served.close();
    }
  });
});
