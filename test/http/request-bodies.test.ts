import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { RECORDING_INSTANT } from '../contract/suite.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { agentFor, listenWithApp, recordedUserAuth, ROOT, type ListeningApp } from './support.js';

/*
 * Which request bodies WordPress reads, and as what (issue 20), and the one limit every body
 * meets whatever its type (issue 24). WordPress takes a body as JSON when its Content-Type (up to
 * the first `;`) is a JSON media type by wp_is_json_media_type(): any comma-separated member,
 * `+json` suffixes included; PHP reads a POST's body as a form when the type, cut at `;`, `,` or a
 * space, is application/x-www-form-urlencoded; other methods read a body without a Content-Type
 * (or exactly that form type) as a form; anything else gives no parameters.
 */

const adminAuth = recordedUserAuth('admin');
const EVENT = { title: 'Typed Body', start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 11:00:00' };
const EVENT_JSON = JSON.stringify(EVENT);
const EVENT_FORM = new URLSearchParams(EVENT).toString();
const MISSING_ALL = {
  code: 'rest_missing_callback_param',
  message: 'Missing parameter(s): title, start_date, end_date',
  data: { status: 400, params: ['title', 'start_date', 'end_date'] },
};
const TOO_LARGE = {
  code: 'rest_request_too_large',
  message: 'The request body is larger than the 1mb this service accepts.',
  data: { status: 413 },
};
const LIMIT = 1024 * 1024;

let database: TestDatabase;
let listening: ListeningApp;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  const config = loadConfig({ DATABASE_URL: database.url, TABLE_PREFIX: database.prefix });
  listening = await listenWithApp(() => createHandler({ db: database.db, config, clock: fixedClock(RECORDING_INSTANT) }));
});
afterAll(async () => {
  await listening?.close();
  await database?.drop();
});

function post(path: string, contentType: string, body: string) {
  return agentFor(database, { now: RECORDING_INSTANT }).post(`${ROOT}${path}`).set('Authorization', adminAuth).set('Content-Type', contentType).send(body);
}

interface RawAnswer {
  status: number;
  body: unknown;
  /** Bytes of the body the client had written when the answer came. */
  sent: number;
}

/**
 * One request over a socket of its own, for what supertest cannot send: no Content-Type at all,
 * a Content-Length the body never reaches, a chunked body that never ends. `chunks` is written
 * until the answer comes (or it runs out).
 */
function rawRequest(options: { method: string; path: string; headers: Record<string, string>; body?: Buffer | string; chunks?: Iterable<Buffer> }): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const request = http.request(`${listening.baseUrl}${ROOT}${options.path}`, {
      method: options.method,
      headers: { Authorization: adminAuth, ...options.headers },
      agent: false,
    });
    request.on('response', (response) => {
      answered = true;
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        request.destroy();
        resolve({ status: response.statusCode ?? 0, body: text === '' ? undefined : JSON.parse(text), sent });
      });
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    if (options.body !== undefined) {
      sent = Buffer.byteLength(options.body);
      request.write(options.body);
      if (!options.chunks && options.headers['Content-Length'] === undefined) request.end();
      else if (!options.chunks && Number(options.headers['Content-Length']) === sent) request.end();
    }
    if (options.chunks) {
      const iterator = options.chunks[Symbol.iterator]();
      const pump = () => {
        while (!answered) {
          const next = iterator.next();
          if (next.done) return request.end();
          sent += next.value.length;
          if (!request.write(next.value)) return request.once('drain', pump);
        }
      };
      pump();
    }
  });
}

describe('a create whose Content-Type WordPress takes as JSON (wp_is_json_media_type)', () => {
  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'Application/JSON',
    'application/ld+json',
    'application/vnd.api+json',
    'application/activity+json',
    'application/json+oembed',
    'text/plain, application/json',
    'application/x-ndjson, application/json; charset=utf-8',
  ])('%s: creates the event as with application/json', async (contentType) => {
    const response = await post('/events', contentType, JSON.stringify({ ...EVENT, title: `JSON as ${contentType}` }));
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(response.body.title).toBe(`JSON as ${contentType}`);
    expect(response.body.start_date).toBe(EVENT.start_date);
    const row = await database.db.selectFrom('posts').select(['post_title', 'post_type']).where('ID', '=', response.body.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ post_title: `JSON as ${contentType}`, post_type: 'tribe_events' });
  });

  it.each(['text/plain', 'application/nojson', 'application/no.json', 'text/json', 'application/json-seq'])(
    '%s: is not JSON to WordPress, so a JSON body gives no parameters (400 rest_missing_callback_param)',
    async (contentType) => {
      const response = await post('/events', contentType, EVENT_JSON);
      expect(response.status).toBe(400);
      expect(response.body).toEqual(MISSING_ALL);
    },
  );

  it('refuses a form body sent as a form and as JSON: WordPress decodes it as JSON (400 rest_invalid_json)', async () => {
    const response = await post('/events', 'application/x-www-form-urlencoded, application/json', EVENT_FORM);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      code: 'rest_invalid_json',
      message: 'Invalid JSON body passed.',
      data: { status: 400, json_error_code: 4, json_error_message: 'Syntax error' },
    });
  });

  it('answers JSON that is not UTF-8 as json_decode does: 400 rest_invalid_json, JSON_ERROR_UTF8, nothing written', async () => {
    const before = await database.db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const body = Buffer.concat([Buffer.from('{"title": "Caf'), Buffer.from([0xe9]), Buffer.from(`", "start_date": "${EVENT.start_date}", "end_date": "${EVENT.end_date}"}`)]);
    const response = await rawRequest({ method: 'POST', path: '/events', headers: { 'Content-Type': 'application/json', 'Content-Length': String(body.length) }, body });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      code: 'rest_invalid_json',
      message: 'Invalid JSON body passed.',
      data: { status: 400, json_error_code: 5, json_error_message: 'Malformed UTF-8 characters, possibly incorrectly encoded' },
    });
    const after = await database.db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('answers a byte order mark before the JSON as json_decode does: a syntax error', async () => {
    const response = await post('/events', 'application/json', `\uFEFF${EVENT_JSON}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'rest_invalid_json', data: { json_error_code: 4 } });
  });

  it('takes JSON that is no object as no parameters, not as an error (json_decode gives a scalar)', async () => {
    for (const body of ['"Typed Body"', 'null', '42']) {
      const response = await post('/events', 'application/json', body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual(MISSING_ALL);
    }
  });
});

describe('a body WordPress reads as a form', () => {
  it.each(['application/x-www-form-urlencoded', 'application/x-www-form-urlencoded; charset=UTF-8', 'Application/X-WWW-Form-Urlencoded', 'application/x-www-form-urlencoded, text/plain'])(
    'POST %s: PHP fills $_POST, the event is created',
    async (contentType) => {
      const response = await post('/events', contentType, new URLSearchParams({ ...EVENT, title: `Form as ${contentType}` }).toString());
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      expect(response.body.title).toBe(`Form as ${contentType}`);
    },
  );

  it('reads a form POST as PHP reads $_POST: a repeated key keeps its last value', async () => {
    const response = await post('/events', 'application/x-www-form-urlencoded', `${EVENT_FORM}&title=First&title=Last`);
    expect(response.status).toBe(201);
    expect(response.body.title).toBe('Last');
  });

  it('POST without a Content-Type: PHP reads no form from it, so no parameters (400)', async () => {
    const response = await rawRequest({ method: 'POST', path: '/events', headers: { 'Content-Length': String(EVENT_FORM.length) }, body: EVENT_FORM });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(MISSING_ALL);
  });

  it('PATCH without a Content-Type: WP_REST_Request::parse_body_params reads the body as a form', async () => {
    const created = await post('/events', 'application/json', JSON.stringify({ ...EVENT, title: 'Before patch' }));
    expect(created.status).toBe(201);
    const body = 'title=Patched+without+a+type';
    const response = await rawRequest({ method: 'PATCH', path: `/events/${created.body.id}`, headers: { 'Content-Length': String(body.length) }, body });
    expect(response.status).toBe(200);
    expect((response.body as { title: string }).title).toBe('Patched without a type');
  });

  it('PATCH with a form type plus another member: WordPress reads no form from it (only the exact type counts)', async () => {
    const created = await post('/events', 'application/json', JSON.stringify({ ...EVENT, title: 'Kept title' }));
    const response = await agentFor(database, { now: RECORDING_INSTANT })
      .patch(`${ROOT}/events/${created.body.id}`)
      .set('Authorization', adminAuth)
      .set('Content-Type', 'application/x-www-form-urlencoded, text/plain')
      .send('title=Not+read');
    expect(response.status).toBe(200);
    expect(response.body.title).toBe('Kept title');
  });
});

describe('a body past the 1 MB limit, whatever its type', () => {
  const filler = (bytes: number) => 'x'.repeat(bytes);

  it.each([
    ['application/json', JSON.stringify({ ...EVENT, description: filler(LIMIT) })],
    ['application/x-www-form-urlencoded', `${EVENT_FORM}&description=${filler(LIMIT)}`],
    ['text/plain', filler(LIMIT + 1)],
    ['application/octet-stream', filler(LIMIT + 1)],
    ['application/x-unknown-type', filler(LIMIT + 1)],
  ])('%s: 413 rest_request_too_large in WordPress error shape', async (contentType, body) => {
    const response = await post('/events', contentType, body);
    expect(response.status).toBe(413);
    expect(response.body).toEqual(TOO_LARGE);
  });

  it('no Content-Type: 413', async () => {
    const body = filler(LIMIT + 1);
    const response = await rawRequest({ method: 'POST', path: '/events', headers: { 'Content-Length': String(body.length) }, body });
    expect(response.status).toBe(413);
    expect(response.body).toEqual(TOO_LARGE);
  });

  it('a body of exactly 1 MB is still read (text/plain: no parameters, 400)', async () => {
    const response = await post('/events', 'text/plain', filler(LIMIT));
    expect(response.status).toBe(400);
    expect(response.body).toEqual(MISSING_ALL);
  });

  it('a Content-Length past the limit is refused before the body arrives', async () => {
    const response = await rawRequest({
      method: 'POST',
      path: '/events',
      headers: { 'Content-Type': 'text/plain', 'Content-Length': String(20 * LIMIT) },
      body: 'only these bytes ever come',
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual(TOO_LARGE);
  });

  it('a chunked body without Content-Length is refused once it passes the limit, without waiting for its end', async () => {
    // A body that never ends: only an answer given at the limit can stop this request.
    function* endless(): Generator<Buffer> {
      const block = Buffer.alloc(64 * 1024, 'y');
      for (;;) yield block;
    }
    const response = await rawRequest({ method: 'POST', path: '/events', headers: { 'Content-Type': 'text/plain', 'Transfer-Encoding': 'chunked' }, chunks: endless() });
    expect(response.status).toBe(413);
    expect(response.body).toEqual(TOO_LARGE);
    expect(response.sent).toBeGreaterThan(LIMIT);
    expect(response.sent).toBeLessThan(16 * LIMIT);
  });

  it.each(['application/json', 'application/x-www-form-urlencoded', undefined])('a chunked %s body past the limit: 413', async (contentType) => {
    const blocks = Array.from({ length: 24 }, () => Buffer.alloc(64 * 1024, 'z'));
    const response = await rawRequest({
      method: 'PUT',
      path: '/events/6',
      headers: { ...(contentType ? { 'Content-Type': contentType } : {}), 'Transfer-Encoding': 'chunked' },
      chunks: blocks,
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual(TOO_LARGE);
  });

  it('serves the next request after refusing one', async () => {
    const refused = await rawRequest({ method: 'POST', path: '/events', headers: { 'Content-Type': 'text/plain', 'Content-Length': String(20 * LIMIT) }, body: 'x' });
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual(TOO_LARGE);
    const response = await post('/events', 'application/json', JSON.stringify({ ...EVENT, title: 'After a refusal' }));
    expect(response.status).toBe(201);
  });
});
