import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { insertEvent } from '../builders/index.js';
import { agentFor, ROOT } from './support.js';

/** WordPress's global parameters `_fields`, `_envelope` and `_jsonp`, on our answers. */
let database: TestDatabase;
let eventId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  eventId = (await insertEvent(database.db, { post_title: 'Globals', start_date: '2026-12-01 10:00:00' })).id;
});
afterAll(() => database?.drop());

describe('_fields', () => {
  it('keeps only the named fields, nested ones through dots', async () => {
    const response = await agentFor(database).get(`${ROOT}/events/${eventId}?_fields=id,title,start_date_details.year`);
    expect(response.body).toEqual({ id: eventId, title: 'Globals', start_date_details: { year: '2026' } });
  });

  it('filters the list wrapper, not the items inside its list, as WordPress does', async () => {
    const response = await agentFor(database).get(`${ROOT}/events?_fields=total,events.id`);
    expect(response.body).toEqual({ events: [], total: 1 });
  });

  it('leaves errors whole', async () => {
    const response = await agentFor(database).get(`${ROOT}/events/999999?_fields=code`);
    expect(response.status).toBe(404);
    expect(Object.keys(response.body)).toEqual(['code', 'message', 'data']);
  });
});

describe('_envelope', () => {
  it('wraps answer, status and headers into a 200', async () => {
    const response = await agentFor(database).get(`${ROOT}/events?_envelope`);
    expect(response.status).toBe(200);
    expect(Object.keys(response.body)).toEqual(['body', 'status', 'headers']);
    expect(response.body.status).toBe(200);
    // Archive_Event sets the totals as integers; the envelope keeps them so (Allow is a string).
    expect(response.body.headers).toEqual({ 'X-TEC-Total': 1, 'X-TEC-TotalPages': 1, Allow: 'GET' });
    expect(response.body.body.total).toBe(1);
  });

  it('wraps errors too', async () => {
    const response = await agentFor(database).get(`${ROOT}/events/999999?_envelope=1`);
    expect(response.status).toBe(200);
    expect(response.body.status).toBe(404);
    expect(response.body.body.code).toBe('rest-event-not-found');
  });
});

describe('_jsonp', () => {
  it('wraps the JSON in the callback', async () => {
    const response = await agentFor(database).get(`${ROOT}/events/${eventId}?_jsonp=app.receive`);
    expect(response.headers['content-type']).toBe('application/javascript; charset=UTF-8');
    expect(response.text.startsWith('/**/app.receive({"id":')).toBe(true);
    expect(response.text.endsWith('})')).toBe(true);
  });

  it('refuses a callback that is not a plain name', async () => {
    const response = await agentFor(database).get(`${ROOT}/events?_jsonp=alert(1)`);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 'rest_callback_invalid', message: 'Invalid JSONP callback function.', data: { status: 400 } });
  });
});
