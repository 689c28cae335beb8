import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createHandler } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { contractConfig } from '../contract/suite.js';
import { PROJECT_ROOT } from '../setup/built-service.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { freePort, rawRequest, type Answer } from '../setup/net.js';
import { checkAfterSetup, requireNginx, SHIPPED_UPSTREAM, startNginx, type RunningNginx } from '../setup/nginx.js';

/**
 * The nginx rule docs/ical.md gives for TEC's iCal export, as written there, in front of the
 * service and of a stub standing in for the WordPress site: exactly the requests naming `ical` or
 * `outlook-ical` (and TEC's pretty `…/ical/` paths) reach the service, GET and HEAD only, never a
 * signed-in user's; the same paths without them, and everything else, reach the site.
 */
const DOC = join(PROJECT_ROOT, 'docs/ical.md');
const HOST = { Host: 'events.example.test' };
/** The lines of the documented server block this test fills in: the site's listen and its PHP. */
const SERVER_HEAD = '    # ...\n';
const SITE_LOCATIONS = "    # ... WordPress's own locations\n";

let database: TestDatabase | undefined;
let service: Server | undefined;
let site: Server | undefined;
let nginx: RunningNginx | undefined;
let proxyPort = 0;
let servicePort = 0;
let setupError: Error | undefined;

/** The first ```nginx block of docs/ical.md. */
async function documentedRule(): Promise<string> {
  const match = /```nginx\n([\s\S]*?)```/.exec(await readFile(DOC, 'utf8'));
  if (!match) throw new Error('docs/ical.md has no ```nginx block');
  return match[1]!;
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
}

beforeAll(async () => {
  try {
    requireNginx();
    database = await createTestDatabase({ dump: 'reference' });
    const app = createHandler({ db: database.db, config: contractConfig(database.url), clock: fixedClock('2026-11-28T22:38:12Z') });
    service = createServer(app);
    servicePort = await freePort();
    await listen(service, servicePort);
    // The site: says who answered and what it was asked.
    site = createServer((req, res) => res.writeHead(200, { 'Content-Type': 'text/plain', 'X-Answered-By': 'site' }).end(`site ${req.method} ${req.url}`));
    const sitePort = await freePort();
    await listen(site, sitePort);
    proxyPort = await freePort();
    const rule = await documentedRule();
    if (!rule.includes(SERVER_HEAD) || !rule.includes(SITE_LOCATIONS)) throw new Error("the documented nginx rule lost its '# ...' placeholders");
    const config = rule
      .split(SHIPPED_UPSTREAM)
      .join(`127.0.0.1:${servicePort}`)
      .replace(SERVER_HEAD, `    listen 127.0.0.1:${proxyPort};\n    server_name events.example.test;\n`)
      .replace(SITE_LOCATIONS, `    location / {\n        proxy_pass http://127.0.0.1:${sitePort};\n    }\n`);
    nginx = await startNginx(async () => config, [proxyPort]);
  } catch (error) {
    setupError = error instanceof Error ? error : new Error(String(error));
  }
}, 180_000);

afterAll(async () => {
  await nginx?.stop().catch(() => undefined);
  for (const server of [service, site]) await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  await database?.drop().catch(() => undefined);
});

const check = checkAfterSetup(() => setupError);

function through(path: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return rawRequest(proxyPort, path, { ...options, headers: { ...HOST, ...options.headers } });
}

/** The answer came from the site stub (`X-Answered-By: site`), for exactly this request. */
async function expectSite(path: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<void> {
  const answer = await through(path, options);
  expect(answer.headers['x-answered-by'], `${options.method ?? 'GET'} ${path}`).toBe('site');
  if ((options.method ?? 'GET') !== 'HEAD') expect(answer.text).toBe(`site ${options.method ?? 'GET'} ${path}`);
}

/** The answer came from the service, the same as asked directly. */
async function expectService(path: string, options: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const answer = await through(path, options);
  const direct = await rawRequest(servicePort, path, { method: options.method, headers: HOST });
  expect(answer.headers['x-answered-by'], `${options.method ?? 'GET'} ${path}`).toBeUndefined();
  expect({ status: answer.status, type: answer.headers['content-type'], disposition: answer.headers['content-disposition'], text: answer.text }).toEqual({
    status: direct.status,
    type: direct.headers['content-type'],
    disposition: direct.headers['content-disposition'],
    text: direct.text,
  });
  return answer;
}

describe("nginx with docs/ical.md's rule in front of the service and the site", () => {
  check('sends the subscription feeds and the export links to the service', async () => {
    const feed = await expectService('/events/?ical=1');
    expect(feed.status).toBe(200);
    expect(feed.text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    for (const path of [
      '/events/list/?tribe-bar-date=2027-03-01&ical=1',
      '/events/month/2027-03/?ical=1',
      '/events/2027-03-08/?ical=1',
      '/events/category/workshops/?ical=1&tribe-bar-date=2027-03-01',
      '/events/tag/evening/list/?tribe-bar-date=2027-03-01&ical=1',
      '/event/seed-event-158/?ical=1',
      '/venue/seed-venue-7-berlin/?ical=1&tribe-bar-date=2027-03-01',
      '/?post_type=tribe_events&ical=1&eventDisplay=list',
      '/index.php?post_type=tribe_events&ical=1&eventDisplay=list',
      '/events/list/?ical=1&event_ids=194,158',
      '/events/month/2027-03/?ical=0',
      '/events/list/?ical=&tribe-bar-date=2027-03-01',
      // PHP reads `ical[]=1` as an `ical` that is set (an array), so TEC exports.
      '/events/list/?tribe-bar-date=2027-03-01&ical%5B%5D=1',
      '/events/list/?tribe-bar-date=2027-03-01&ical[]=1',
    ]) {
      expect((await expectService(path)).status, path).not.toBe(502);
    }
  });

  check('sends outlook-ical, alone or with ical, to the service', async () => {
    const outlook = await expectService('/events/list/?tribe-bar-date=2027-03-01&outlook-ical=1');
    expect(outlook.headers['content-disposition']).toMatch(/^attachment; filename="tec-oracle-[0-9a-f]{11}\.ics"$/);
    await expectService('/event/seed-event-158/?outlook-ical=1&ical=1');
  });

  check("sends TEC's pretty ical paths to the service", async () => {
    for (const path of ['/events/ical/', '/events/featured/ical/', '/events/2027-03-08/ical/', '/events/2027-03-05/ical/featured/', '/events/category/workshops/ical/', '/events/tag/evening/ical/', '/event/seed-event-158/ical/']) {
      await expectService(path);
    }
  });

  check('answers HEAD from the service too', async () => {
    const head = await through('/events/?ical=1', { method: 'HEAD' });
    expect(head.headers['x-answered-by']).toBeUndefined();
    expect(head.headers['content-type']).toBe('text/calendar; charset=UTF-8');
  });

  check('leaves the same pages without ical or outlook-ical to the site', async () => {
    for (const path of [
      '/',
      '/events/',
      '/events/list/?tribe-bar-date=2027-03-01',
      '/events/month/2027-03/',
      '/event/seed-event-158/',
      '/events/category/workshops/',
      '/?post_type=tribe_events&eventDisplay=list',
      '/events/?icalendar=1',
      '/events/?xical=1',
      '/events/?outlook-icalx=1',
      '/events/?foo=ical',
      '/events/ical-party/',
      '/event/ical/',
    ]) {
      await expectSite(path);
    }
  });

  check('leaves writes, signed-in users and WordPress itself to the site, ical or not', async () => {
    await expectSite('/events/?ical=1', { method: 'POST' });
    await expectSite('/events/?ical=1', { headers: { Cookie: 'wordpress_test_cookie=WP; wordpress_logged_in_0123abcd=admin%7C1%7Cx' } });
    await expectSite('/events/ical/', { headers: { Cookie: 'wordpress_logged_in_0123abcd=admin' } });
    await expectSite('/wp-json/tribe/events/v1/events?ical=1');
    await expectSite('/wp-admin/edit.php?post_type=tribe_events&ical=1');
    await expectSite('/wp-login.php?ical=1');
  });

  check('still sends a reader with only other WordPress cookies to the service', async () => {
    await expectService('/events/?ical=1', { headers: { Cookie: 'wordpress_test_cookie=WP%20Cookie%20check; comment_author_abc=Reader' } });
  });
});
