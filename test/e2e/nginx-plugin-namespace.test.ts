import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { buildService, removeBuild, startBuiltService, type RunningService, PROJECT_ROOT } from '../setup/built-service.js';
import { answerJson, freePort, rawRequest, stopChild } from '../setup/net.js';
import { renderSnippet, requireNginx, SHIPPED_UPSTREAM, siteServer, startNginx, type RunningNginx, checkAfterSetup } from '../setup/nginx.js';

/**
 * The drop-in deployment of issue 11, end to end: the built service with
 * NAMESPACES=calendar/events/v1,tribe/events/v1 behind Debian's nginx configured with both shipped
 * snippets (deploy/nginx/calendar-sidecar.conf and calendar-sidecar-plugin-namespace.conf). A client
 * written for the plugin calls `tribe/events/v1` in each of the three URL forms WordPress publishes,
 * unchanged, and gets the service's answer, which names the plugin's namespace; the rest of the REST
 * API (wp/v2 here) stays with the site (a `location /` answering 418 stands in for PHP).
 */
const PLUGIN_SNIPPET = join(PROJECT_ROOT, 'deploy/nginx/calendar-sidecar-plugin-namespace.conf');
const LIST = 'start_date=2000-01-01&end_date=2100-12-31&per_page=3';

let database: TestDatabase | undefined;
let buildDir: string | undefined;
let service: RunningService | undefined;
let nginx: RunningNginx | undefined;
let proxyPort = 0;
let servicePort = 0;
let setupError: Error | undefined;

beforeAll(async () => {
  try {
    requireNginx();
    database = await createTestDatabase({ dump: 'reference' });
    buildDir = await buildService('nginx-plugin-namespace');
    service = await startBuiltService(buildDir, { DATABASE_URL: database.url, NAMESPACES: 'calendar/events/v1,tribe/events/v1' });
    servicePort = Number(new URL(service.baseUrl).port);
    proxyPort = await freePort();
    const address = `127.0.0.1:${servicePort}`;
    const plugin = (await readFile(PLUGIN_SNIPPET, 'utf8')).split(SHIPPED_UPSTREAM).join(address);
    nginx = await startNginx(async (prefix) => {
      await writeFile(join(prefix, 'calendar-sidecar.conf'), await renderSnippet(address));
      await writeFile(join(prefix, 'calendar-sidecar-plugin-namespace.conf'), plugin);
      return siteServer(proxyPort, [join(prefix, 'calendar-sidecar.conf'), join(prefix, 'calendar-sidecar-plugin-namespace.conf')]);
    }, [proxyPort]);
  } catch (error) {
    setupError = error instanceof Error ? error : new Error(String(error));
  }
}, 180_000);

afterAll(async () => {
  await nginx?.stop().catch(() => undefined);
  await stopChild(service?.process, 'SIGTERM').catch(() => undefined);
  await database?.drop().catch(() => undefined);
  await removeBuild(buildDir);
});

/** `it`, failing with the setup's error when there was one. */
const check = checkAfterSetup(() => setupError);

describe('nginx with the plugin-namespace snippet in front of the service', () => {
  check('the snippet names no other upstream than the shipped 127.0.0.1:8080', async () => {
    const shipped = await readFile(PLUGIN_SNIPPET, 'utf8');
    expect([...shipped.matchAll(/proxy_pass\s+http:\/\/([^$;/]+)/g)].map((match) => match[1])).toEqual(
      Array(5).fill(SHIPPED_UPSTREAM),
    );
    // Its directives route the plugin's namespace only (the comments may name ours).
    const directives = shipped.split('\n').filter((line) => !line.trim().startsWith('#')).join('\n');
    expect(directives).toContain('tribe/events/v1');
    expect(directives).not.toContain('calendar/events/v1');
  });

  for (const [form, path] of [
    ['pretty', `/wp-json/tribe/events/v1/events?${LIST}`],
    ['PATHINFO', `/index.php/wp-json/tribe/events/v1/events?${LIST}`],
    ['plain', `/?rest_route=/tribe/events/v1/events&${LIST}`],
  ] as const) {
    check(`the ${form} form reaches the sidecar and answers as it does directly, in the plugin's namespace`, async () => {
      const through = await rawRequest(proxyPort, path, { headers: { Host: 'events.example.test' } });
      const direct = await rawRequest(servicePort, path);
      expect(through.status).toBe(200);
      expect(answerJson(through)).toEqual(answerJson(direct));
      const body = answerJson(through) as { events: Array<{ rest_url: string }> };
      expect(body.events).toHaveLength(3);
      expect(body.events.every((event) => event.rest_url.includes('/wp-json/tribe/events/v1/events/'))).toBe(true);
      expect(through.headers['x-tec-total']).toBe(direct.headers['x-tec-total']);
    });
  }

  check('the namespace index of the plugin names itself', async () => {
    const index = answerJson(await rawRequest(proxyPort, '/wp-json/tribe/events/v1', { headers: { Host: 'events.example.test' } })) as { namespace: string };
    expect(index.namespace).toBe('tribe/events/v1');
  });

  check('the rest of the REST API and the site stay with PHP', async () => {
    for (const path of ['/wp-json/wp/v2/posts', '/wp-json/tribe/tickets/v1', '/?rest_route=/wp/v2/posts', '/event/some-event/']) {
      const answer = await rawRequest(proxyPort, path, { headers: { Host: 'events.example.test' } });
      expect(answer.status, path).toBe(418);
    }
  });
});
