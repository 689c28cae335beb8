import { readFile, writeFile } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { buildService, removeBuild, startBuiltService, type RunningService } from '../setup/built-service.js';
import { answerJson, freePort, rawRequest, stopChild, type Answer } from '../setup/net.js';
import { renderSnippet, requireNginx, siteServer, startNginx, UPSTREAM_EXAMPLE, type RunningNginx, checkAfterSetup } from '../setup/nginx.js';
import { basicAuth } from '../builders/index.js';
import { loadUsers } from '../contract/captures.js';

/**
 * Two instances of the built service on one database behind Debian's nginx, configured with the
 * shipped deploy/nginx/calendar-sidecar-upstream.conf (its two `server` lines pointed at the two
 * instances) and the site snippet pointed at that upstream, as deploy/README.md says to do it
 * (issue 10: "scales out behind any load balancer: say so with a tested two-instance setup").
 *
 * Which instance served a request is read from the instances' own request logs: each request
 * through nginx carries an X-Request-Id of the test's, which the service logs as `reqId`; nothing
 * is added to the answers for the test.
 */
const NS = '/wp-json/calendar/events/v1';
/** A list with explicit dates, so its answer does not move with the clock. */
const LIST_QUERY = 'start_date=2000-01-01&end_date=2100-12-31&per_page=5';
/** The upstream's name in the shipped file, which the snippet's address is replaced with. */
const UPSTREAM_NAME = 'calendar_sidecar';

let database: TestDatabase | undefined;
let buildDir: string | undefined;
const instances: RunningService[] = [];
let nginx: RunningNginx | undefined;
let proxyPort = 0;
/** Set when the setup failed: every test then fails with it instead of being reported as skipped. */
let setupError: Error | undefined;

function portOf(instance: RunningService): number {
  return Number(new URL(instance.baseUrl).port);
}

/** The shipped upstream block, its example `server` lines replaced by one per running instance. */
async function renderUpstream(addresses: readonly string[]): Promise<string> {
  const shipped = await readFile(UPSTREAM_EXAMPLE, 'utf8');
  const servers = shipped.match(/^\s*server\s+[^;]+;\n/gm) ?? [];
  if (servers.length !== 2) throw new Error(`expected two example server lines in ${UPSTREAM_EXAMPLE}, found ${servers.length}`);
  const [first, second] = servers as [string, string];
  const indent = /^\s*/.exec(first)?.[0] ?? '    ';
  return shipped.replace(first, addresses.map((address) => `${indent}server ${address};\n`).join('')).replace(second, '');
}

beforeAll(async () => {
  try {
    requireNginx();
    database = await createTestDatabase({ dump: 'reference' });
    buildDir = await buildService('balancer');
    const env = { DATABASE_URL: database.url, LOG_LEVEL: 'info', NODE_ENV: 'production' };
    for (let n = 0; n < 2; n++) instances.push(await startBuiltService(buildDir, env));
    proxyPort = await freePort();
    const addresses = instances.map((instance) => instance.baseUrl.replace(/^http:\/\//, ''));
    nginx = await startNginx(async (prefix) => {
      await writeFile(join(prefix, 'calendar-sidecar.conf'), await renderSnippet(UPSTREAM_NAME));
      return `
${await renderUpstream(addresses)}
${siteServer(proxyPort, [join(prefix, 'calendar-sidecar.conf')])}`;
    }, [proxyPort]);
  } catch (error) {
    setupError = error instanceof Error ? error : new Error(String(error));
  }
}, 180_000);

afterAll(async () => {
  await nginx?.stop().catch(() => undefined);
  await Promise.all(instances.map((instance) => stopChild(instance.process, 'SIGTERM').catch(() => undefined)));
  await database?.drop().catch(() => undefined);
  await removeBuild(buildDir);
});

/** `it`, failing with the setup's error when there was one. */
const check = checkAfterSetup(() => setupError);

/** The request ids each instance logged a request line for, by instance. */
function loggedRequestIds(): Set<string>[] {
  return instances.map((instance) => {
    const ids = new Set<string>();
    for (const line of instance.output().split('\n')) {
      if (!line.startsWith('{')) continue;
      const record = JSON.parse(line) as { msg?: string; reqId?: string };
      if (record.msg === 'request' && record.reqId) ids.add(record.reqId);
    }
    return ids;
  });
}

const admin = () => loadUsers().admin!;
const adminAuth = () => basicAuth(admin().login, admin().app_password);

function send(port: number, method: string, path: string, body?: unknown, requestId?: string): Promise<Answer> {
  const headers: Record<string, string> = { Host: 'events.example.test' };
  if (requestId) headers['X-Request-Id'] = requestId;
  if (body !== undefined) {
    headers.Authorization = adminAuth();
    headers['Content-Type'] = 'application/json';
  }
  return rawRequest(port, path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/**
 * An answer's text with numeric character references decoded: organizer emails go through
 * WordPress's antispambot(), which picks at random, per character, whether to write it as a
 * reference; each instance renders (and caches) its own, so their answers differ there and nowhere else.
 */
function sameText(answer: Answer): string {
  return answer.text.replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)));
}

/** What a client sees, less what nginx owns or makes per hop and the per-request id. */
const HOP_HEADERS = new Set(['date', 'server', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'x-request-id']);
function apiHeaders(headers: IncomingHttpHeaders): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_HEADERS.has(name)));
}

describe('two instances behind nginx (deploy/nginx/calendar-sidecar-upstream.conf)', () => {
  check('the rendered upstream lists both instances, round robin (no balancing directive), with keepalive', async () => {
    const rendered = await readFile(join(nginx!.prefix, 'nginx.conf'), 'utf8');
    const upstream = /upstream calendar_sidecar \{[^}]*\}/.exec(rendered)?.[0] ?? '';
    expect(upstream.match(/^\s*server\s+[^;]+;/gm)?.map((line) => line.trim())).toEqual(
      instances.map((instance) => `server ${instance.baseUrl.replace(/^http:\/\//, '')};`),
    );
    expect(upstream).toMatch(/^\s*keepalive \d+;/m);
    expect(upstream).not.toMatch(/^\s*(least_conn|ip_hash|hash|random)\b/m);
  });

  check('requests through nginx are spread over both instances, each logged by exactly one', async () => {
    const ids = Array.from({ length: 20 }, (_, n) => `lb-read-${n}`);
    for (const id of ids) {
      const answer = await send(proxyPort, 'GET', `${NS}/events?${LIST_QUERY}`, undefined, id);
      expect(answer.status).toBe(200);
      expect(answer.headers['x-request-id']).toBe(id);
    }
    // The children's log lines reach this process through pipes, which may deliver a line after
    // the answer it describes (a cached answer is logged and sent within microseconds): wait for them.
    const deadline = Date.now() + 2_000;
    while (Date.now() < deadline && !ids.every((id) => loggedRequestIds().some((set) => set.has(id)))) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const logged = loggedRequestIds();
    const served = logged.map((set) => ids.filter((id) => set.has(id)).length);
    for (const id of ids) expect(logged.filter((set) => set.has(id)).length, id).toBe(1);
    // Round robin alternates; allow for nginx's own choices, but both must have had a fair share.
    expect(served[0]! + served[1]!).toBe(ids.length);
    expect(Math.min(...served)).toBeGreaterThanOrEqual(ids.length / 4);
    console.log(`load balancer: 20 reads through nginx served ${served.join(' / ')} by the two instances`);
  });

  check('answers through nginx equal each instance’s direct answers, body and API headers', async () => {
    const list = answerJson(await send(portOf(instances[0]!), 'GET', `${NS}/events?${LIST_QUERY}`)) as { events: { id: number }[] };
    const eventId = list.events[0]!.id;
    for (const path of [
      `${NS}/events?${LIST_QUERY}`,
      `${NS}/events/${eventId}`,
      `${NS}/venues?per_page=3`,
      `${NS}/organizers?per_page=3`,
      `${NS}/categories`,
      `${NS}/tags`,
      `${NS}/events/999999`,
      `/?rest_route=/calendar/events/v1/events&${LIST_QUERY}`,
    ]) {
      const direct = path.startsWith('/?') ? `${NS}/events?${LIST_QUERY}` : path;
      // Twice through nginx, so each instance answers it once.
      const proxied = [await send(proxyPort, 'GET', path), await send(proxyPort, 'GET', path)];
      const answers = await Promise.all(instances.map((instance) => send(portOf(instance), 'GET', direct)));
      expect(sameText(answers[0]!), path).toBe(sameText(answers[1]!));
      for (const answer of proxied) {
        expect(answer.status, path).toBe(answers[0]!.status);
        expect(sameText(answer), path).toBe(sameText(answers[0]!));
        expect(apiHeaders(answer.headers), path).toEqual(apiHeaders(answers[0]!.headers));
      }
    }
  });

  check('an event created through nginx reads back identically from each instance directly', async () => {
    const created = await send(proxyPort, 'POST', `${NS}/events`, {
      title: 'Balanced Write',
      start_date: '2031-03-04 18:00:00',
      end_date: '2031-03-04 20:00:00',
      venue: { venue: 'Balanced Hall', city: 'Nantes' },
    });
    expect(created.status, created.text).toBe(201);
    const event = answerJson(created) as { id: number; title: string; venue: { venue: string } };
    expect(event).toMatchObject({ title: 'Balanced Write', venue: { venue: 'Balanced Hall' } });

    const path = `${NS}/events/${event.id}`;
    const anonymous = await Promise.all(instances.map((instance) => send(portOf(instance), 'GET', path)));
    expect(anonymous.map((answer) => answer.status)).toEqual([200, 200]);
    expect(sameText(anonymous[1]!)).toBe(sameText(anonymous[0]!));
    // Read as its author, each instance answers every field the write answered with the same value
    // (the write's answer, as TEC's, leaves out the JSON-LD blocks a read adds).
    const authenticated = await Promise.all(
      instances.map((instance) => rawRequest(portOf(instance), path, { headers: { Authorization: adminAuth() } })),
    );
    expect(sameText(authenticated[1]!)).toBe(sameText(authenticated[0]!));
    expect(answerJson(authenticated[0]!)).toMatchObject({ ...event, json_ld: { name: 'Balanced Write' } });
  });

  check('an update through one instance is seen at once through the other, both ways', async () => {
    const created = await send(proxyPort, 'POST', `${NS}/events`, { title: 'Ping', start_date: '2031-05-06 10:00:00', end_date: '2031-05-06 11:00:00' });
    expect(created.status, created.text).toBe(201);
    const id = (answerJson(created) as { id: number }).id;
    const path = `${NS}/events/${id}`;
    const [a, b] = instances.map(portOf) as [number, number];
    // Warm both instances' per-process caches with the old state first.
    for (const port of [a, b]) expect((answerJson(await send(port, 'GET', path)) as { title: string }).title).toBe('Ping');

    for (const [writer, reader, title] of [
      [a, b, 'Pong from the first'],
      [b, a, 'Pang from the second'],
    ] as const) {
      const updated = await send(writer, 'POST', path, { title, description: `<p>${title}</p>` });
      expect(updated.status, updated.text).toBe(200);
      const read = answerJson(await send(reader, 'GET', path)) as { title: string; description: string };
      expect(read.title).toBe(title);
      expect(read.description).toContain(title);
      const list = answerJson(await send(reader, 'GET', `${NS}/events?start_date=2031-05-06&end_date=2031-05-06%2023:59:59`)) as {
        events: { id: number; title: string }[];
      };
      expect(list.events.map((event) => [event.id, event.title])).toEqual([[id, title]]);
    }
  });
});
