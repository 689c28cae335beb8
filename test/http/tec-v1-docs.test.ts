import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { OptionName } from '../../src/wp/constants.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { setOption } from '../builders/index.js';
import { asText, loadUsers } from '../contract/captures.js';

/**
 * `GET/HEAD/OPTIONS /wp-json/tec/v1/docs` against the seven recorded `tecv1.docs` cases
 * (fixtures/reference-tec-v1): the whole OpenAPI document byte for byte, keys in order, with and
 * without credentials or a wrong experimental header, `_fields`, `?rest_route=`, HEAD and the
 * OPTIONS answer with the route's schema; then that the site-dependent parts (server URL, the
 * lists' default page size) follow the site's options.
 */

interface DocsCase {
  id: string;
  group: string;
  method: 'GET' | 'HEAD' | 'OPTIONS';
  path: string;
  query: string;
  auth: string;
  headers?: Record<string, string>;
  expect: { status: number; headers: Record<string, string>; body: unknown };
}

const CASES_FILE = fileURLToPath(new URL('../../fixtures/reference-tec-v1/cases.jsonl', import.meta.url));
const DOCS_CASES: DocsCase[] = readFileSync(CASES_FILE, 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as DocsCase)
  .filter((testCase) => testCase.group === 'tecv1.docs');

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
});
afterAll(async () => {
  await database?.drop();
});

/** A fresh app (site settings are cached per app) serving tec/v1 beside our namespace. */
function agent() {
  const config = loadConfig({ DATABASE_URL: database.url, NAMESPACES: 'calendar/events/v1,tec/v1' });
  return supertest(createHandler({ db: database.db, config, clock: fixedClock('2026-11-26T21:07:30Z') }));
}

async function replay(testCase: DocsCase) {
  const client = agent();
  const url = testCase.query === '' ? testCase.path : `${testCase.path}?${testCase.query}`;
  let request = testCase.method === 'GET' ? client.get(url) : testCase.method === 'HEAD' ? client.head(url) : client.options(url);
  if (testCase.auth !== 'none') {
    const user = loadUsers()[testCase.auth]!;
    request = request.set('Authorization', `Basic ${Buffer.from(`${user.login}:${user.app_password}`).toString('base64')}`);
  }
  for (const [name, value] of Object.entries(testCase.headers ?? {})) request = request.set(name, value);
  const response = await asText(request);
  // A HEAD answer has no body for the parser to see: supertest leaves `{}` there.
  const text = typeof response.body === 'string' ? response.body : (response.text ?? '');
  return { status: response.status, headers: response.headers as Record<string, string>, text };
}

describe('tec/v1 /docs, as recorded', () => {
  it('has the seven recorded cases', () => {
    expect(DOCS_CASES.map((testCase) => testCase.id)).toHaveLength(7);
  });

  for (const testCase of DOCS_CASES) {
    it(testCase.id, async () => {
      const { status, headers, text } = await replay(testCase);
      expect(status).toBe(testCase.expect.status);
      for (const name of ['allow', 'link']) expect(headers[name], name).toBe(testCase.expect.headers[name]);
      const expected = testCase.expect.body as { $raw?: string };
      if (typeof expected.$raw === 'string') {
        expect(text).toBe(expected.$raw);
        return;
      }
      // Compared as JSON text, so the key order counts too.
      expect(JSON.stringify(JSON.parse(text))).toBe(JSON.stringify(testCase.expect.body));
    });
  }
});

describe('tec/v1 /docs follows the site', () => {
  it('takes the server URL from the site URL and its permalinks, and the default page size from posts_per_page', async () => {
    await setOption(database.db, OptionName.postsPerPage, '7');
    await setOption(database.db, 'home', 'https://events.example.org');
    await setOption(database.db, 'permalink_structure', '');
    try {
      const { status, text } = await replay({ ...DOCS_CASES[0]!, path: '/', query: 'rest_route=/tec/v1/docs' });
      expect(status).toBe(200);
      const doc = JSON.parse(text) as {
        servers: { url: string }[];
        paths: Record<string, { get: { parameters: { name: string; schema: { default?: unknown } }[] } }>;
      };
      expect(doc.servers).toEqual([{ url: 'https://events.example.org/?rest_route=/tec/v1' }]);
      for (const list of ['/events', '/venues', '/organizers']) {
        expect(doc.paths[list]!.get.parameters.find((parameter) => parameter.name === 'per_page')!.schema.default, list).toBe(7);
      }
    } finally {
      await setOption(database.db, OptionName.postsPerPage, '10');
      await setOption(database.db, 'home', 'http://127.0.0.1:8080');
      await setOption(database.db, 'permalink_structure', '/%postname%/');
    }
  });

  it('is not served when NAMESPACES does not name tec/v1', async () => {
    const config = loadConfig({ DATABASE_URL: database.url });
    const response = await supertest(createHandler({ db: database.db, config, clock: fixedClock('2026-11-26T21:07:30Z') })).get('/wp-json/tec/v1/docs');
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('rest_no_route');
  });
});
