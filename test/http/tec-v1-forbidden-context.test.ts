import { describe, expect, it } from 'vitest';
import { EXPERIMENTAL_ACKNOWLEDGEMENT, EXPERIMENTAL_HEADER } from '../../src/wp/tec/experimental-acknowledgement.js';
import { compareCase, type ReferenceCase } from '../contract/captures.js';
import { loadTecV1Cases, type TecV1Case } from '../contract/tec-v1-captures.js';
import { TEC_V1_INTENDED_DEVIATIONS } from '../contract/tec-v1-selection.js';
import { agentFor, recordedDatabase, recordedUserAuth } from './support.js';

/**
 * `context=edit` on tec/v1 for a reader who may not edit: TEC 6.17.2 answers it (raw titles, raw
 * content, the post password field, permalink templates, to guests too); the service answers as
 * WordPress core's posts controller does, 401 `rest_forbidden_context` for a guest and 403 for a
 * signed-in user without edit rights, with core's error body. An intended deviation (docs/tec-v1.md;
 * TEC_V1_INTENDED_DEVIATIONS in test/contract/tec-v1-selection.ts). Where the
 * plugin's answer was recorded (fixtures/reference-tec-v1/cases.jsonl), the test also checks that
 * ours is not it. Editors and administrators still get the edit context (200).
 */

const TEC_V1 = '/wp-json/tec/v1';
/** WP_REST_Posts_Controller::get_items_permissions_check's message (lists). */
const LIST_MESSAGE = 'Sorry, you are not allowed to edit posts in this post type.';
/** WP_REST_Posts_Controller::get_item_permissions_check's message (single posts). */
const POST_MESSAGE = 'Sorry, you are not allowed to edit this post.';
/** Within the recording window of fixtures/reference-tec-v1 (2026-11-26, 21:07:29 to 21:09:12 UTC). */
const RECORDED_AT = '2026-11-26T21:08:00Z';

const site = recordedDatabase('reference');

/** A fresh app serving tec/v1 on the recorded site, its clock at `now`. */
function agent(now = RECORDED_AT) {
  return agentFor(site.database, { now, env: { NAMESPACES: 'calendar/events/v1,tec/v1' } });
}

/** GET `path?query` as `user` (a key of fixtures/reference/users.json, or `none`), acknowledging the experimental API. */
function get(path: string, query: string, user: string, now?: string) {
  let request = agent(now).get(`${TEC_V1}${path}${query === '' ? '' : `?${query}`}`).set(EXPERIMENTAL_HEADER, EXPERIMENTAL_ACKNOWLEDGEMENT);
  if (user !== 'none') request = request.set('Authorization', recordedUserAuth(user));
  return request;
}

function recordedCase(id: string): TecV1Case {
  const found = loadTecV1Cases().find((testCase) => testCase.id === `tecv1-dev.${id}`);
  if (!found) throw new Error(`no recorded case tecv1-dev.${id}`);
  return found;
}

interface Refusal {
  name: string;
  path: string;
  query: string;
  user: 'none' | 'subscriber';
  status: 401 | 403;
  message: string;
  /** The recorded plugin answer to this very request, where there is one. */
  recorded?: string;
}

const REFUSALS: Refusal[] = [
  { name: 'events list, guest', path: '/events', query: 'context=edit&per_page=1', user: 'none', status: 401, message: LIST_MESSAGE, recorded: 'events.read.list.context-edit' },
  {
    name: 'events list with _fields, guest',
    path: '/events',
    query: 'context=edit&per_page=2&_fields=id,title,content,excerpt,password,permalink_template,generated_slug',
    user: 'none',
    status: 401,
    message: LIST_MESSAGE,
    recorded: 'events.read.list.context-edit-fields',
  },
  { name: 'events list, subscriber', path: '/events', query: 'context=edit&per_page=1', user: 'subscriber', status: 403, message: LIST_MESSAGE },
  {
    name: 'event 194, guest',
    path: '/events/194',
    query: 'context=edit&_fields=id,title,content,excerpt,password,permalink_template,generated_slug,status,start_date',
    user: 'none',
    status: 401,
    message: POST_MESSAGE,
    recorded: 'events.read.single.194-edit-guest',
  },
  { name: 'password-protected event 248, subscriber', path: '/events/248', query: 'context=edit', user: 'subscriber', status: 403, message: POST_MESSAGE, recorded: 'events.read.single.248-pw-subscriber-edit' },
  { name: 'venues list, guest', path: '/venues', query: 'context=edit', user: 'none', status: 401, message: LIST_MESSAGE },
  { name: 'venues list, subscriber', path: '/venues', query: 'context=edit', user: 'subscriber', status: 403, message: LIST_MESSAGE },
  { name: 'venue 25, guest', path: '/venues/25', query: 'context=edit', user: 'none', status: 401, message: POST_MESSAGE, recorded: 'venues.read.single.25-edit' },
  { name: 'venue 25, subscriber', path: '/venues/25', query: 'context=edit', user: 'subscriber', status: 403, message: POST_MESSAGE },
  { name: 'organizer 31, guest', path: '/organizers/31', query: 'context=edit', user: 'none', status: 401, message: POST_MESSAGE, recorded: 'organizers.read.single.31-edit' },
];

describe('tec/v1 context=edit for a reader who may not edit: answered as WordPress core', () => {
  it.each(REFUSALS)('$name: $status rest_forbidden_context', async ({ path, query, user, status, message }) => {
    const response = await get(path, query, user);
    expect(response.status).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    // WordPress's error body, exactly: code, message, data.status and nothing else (no _fields applied).
    expect(response.body).toStrictEqual({ code: 'rest_forbidden_context', message, data: { status } });
  });

  it.each(REFUSALS)('$name: the same request without context=edit is answered (200)', async ({ path, query, user }) => {
    const withoutEdit = new URLSearchParams(query);
    withoutEdit.delete('context');
    const response = await get(path, withoutEdit.toString(), user);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
  });

  it.each(REFUSALS.filter((refusal) => refusal.recorded !== undefined))(
    '$name: differs from the recorded plugin answer ($recorded)',
    async ({ path, query, user, status, recorded }) => {
      const testCase = recordedCase(recorded!);
      // The recording is this very request: same route, query, reader and acknowledgement.
      expect(testCase.method).toBe('GET');
      expect(testCase.path).toBe(`${TEC_V1}${path}`);
      expect(testCase.query).toBe(query);
      expect(testCase.auth).toBe(user);
      expect(testCase.headers?.[EXPERIMENTAL_HEADER]).toBe(EXPERIMENTAL_ACKNOWLEDGEMENT);
      expect(TEC_V1_INTENDED_DEVIATIONS[testCase.id]).toBeDefined();
      // The plugin showed the edit context: 200 with the post password field.
      expect(testCase.expect.status).toBe(200);
      const recordedEntities = (Array.isArray(testCase.expect.body) ? testCase.expect.body : [testCase.expect.body]) as Record<string, unknown>[];
      expect(recordedEntities.length).toBeGreaterThan(0);
      for (const entity of recordedEntities) expect(entity).toHaveProperty('password');

      const response = await get(path, query, user, testCase.recorded_at!);
      expect(response.status).toBe(status);
      const comparison = compareCase(testCase as unknown as ReferenceCase, { status: response.status, headers: response.headers as Record<string, string>, body: response.body as unknown });
      expect(comparison.pass).toBe(false);
      expect(response.body).not.toEqual(testCase.expect.body);
    },
  );
});

describe('tec/v1 context=edit for editors and administrators: the edit context (200)', () => {
  it('events list, editor: raw fields and the password field', async () => {
    const response = await get('/events', 'context=edit&per_page=2', 'editor');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const events = response.body as Record<string, unknown>[];
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) {
      expect(event).toHaveProperty('password');
      expect(event).toHaveProperty('title.raw');
      expect(event).toHaveProperty('content.raw');
    }
  });

  it('events list, administrator', async () => {
    const response = await get('/events', 'context=edit&per_page=1', 'admin');
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect((response.body as Record<string, unknown>[])[0]).toHaveProperty('title.raw');
  });

  it('password-protected event 248, administrator: the recorded answer (events.read.single.248-pw-admin-edit)', async () => {
    const testCase = recordedCase('events.read.single.248-pw-admin-edit');
    expect(testCase.query).toBe('context=edit');
    expect(testCase.auth).toBe('admin');
    const response = await get('/events/248', 'context=edit', 'admin', testCase.recorded_at!);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toHaveProperty('password');
    const comparison = compareCase(testCase as unknown as ReferenceCase, { status: response.status, headers: response.headers as Record<string, string>, body: response.body as unknown });
    expect(comparison.mismatches).toEqual([]);
  });

  it.each([
    { name: 'event 194, editor', path: '/events/194', user: 'editor' },
    { name: 'venue 25, editor', path: '/venues/25', user: 'editor' },
    { name: 'venues list, editor', path: '/venues', user: 'editor' },
    { name: 'organizer 31, administrator', path: '/organizers/31', user: 'admin' },
  ])('$name', async ({ path, user }) => {
    const response = await get(path, 'context=edit', user);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const entities = (Array.isArray(response.body) ? response.body : [response.body]) as Record<string, unknown>[];
    expect(entities.length).toBeGreaterThan(0);
    for (const entity of entities) {
      expect(entity).toHaveProperty('password');
      expect(entity).toHaveProperty('title.raw');
    }
  });
});
