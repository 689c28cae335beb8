import { describe, expect, it } from 'vitest';
import { basicAuth } from '../builders/users.js';
import { ROOT, agentFor, recordedDatabase, type RecordedQuery } from './support.js';

/**
 * A single-record request reads its post once. WordPress asks for the same post in the
 * validator, the permission check, the handler and again for each endpoint's permission check
 * of the Allow header; its object cache answers all but the first, and the request's memo does
 * the same here. A viewer without capabilities is refused edit and delete without any read.
 */
// The reference dump's recording instant, as the contract files replay it.
const RECORDING_INSTANT = '2026-11-21T23:16:07Z';
const ADMIN = basicAuth('admin', 'E27IumCUdDXJtmrFb9Wja80M');
const EVENT = { id: 6, slug: 'oracle-concert' };
const VENUE = { id: 5, slug: 'oracle-hall' };
const TRASHED_ORGANIZER = 10;

const site = recordedDatabase('reference');

const POSTS_ROW = /^select \* from `wp_posts` /;
/** A post bundle (selectPostBundle) whose first branch loads posts by ID: `... where wp_posts.ID in (?, ...)`. */
const BUNDLE_BY_ID = /^select 'post' as `kind`[^]*? from `wp_posts` where `wp_posts`.`ID` in \(([?, ]*)\)/;

/**
 * Statements that load whole `wp_posts` rows naming the post by ID or slug: a `select *`, or a
 * post bundle whose by-ID branch (its first parameters) names it.
 */
function rowLoads(queries: readonly RecordedQuery[], ...names: (number | string)[]): RecordedQuery[] {
  return queries.filter((query) => {
    if (POSTS_ROW.test(query.sql)) return query.parameters.some((value) => names.includes(value as never));
    const byId = BUNDLE_BY_ID.exec(query.sql);
    if (!byId) return false;
    const placeholders = (byId[1]!.match(/\?/g) ?? []).length;
    return query.parameters.slice(0, placeholders).some((value) => names.includes(value as never));
  });
}

/** Runs the request after a warm-up (site settings cached) and returns what it ran. */
async function record(method: 'get' | 'delete', path: string, authorization?: string) {
  const agent = agentFor(site.database, { db: site.recorder.db, now: RECORDING_INSTANT });
  await agent.get(`${ROOT}/events/${EVENT.id}`);
  site.recorder.clear();
  let request = agent[method](`${ROOT}${path}`);
  if (authorization) request = request.set('Authorization', authorization);
  const response = await request;
  return { response, queries: [...site.recorder.queries] };
}

describe('single-record reads', () => {
  it('GET /events/{id} loads the event once', async () => {
    const { response, queries } = await record('get', `/events/${EVENT.id}`);
    expect(response.status).toBe(200);
    expect(response.headers.allow).toBe('GET');
    expect(rowLoads(queries, EVENT.id)).toHaveLength(1);
  });

  it('GET /venues/{id} loads the venue once, for an anonymous reader and for an editor', async () => {
    const anonymous = await record('get', `/venues/${VENUE.id}`);
    expect(anonymous.response.status).toBe(200);
    expect(anonymous.response.headers.allow).toBe('GET');
    expect(rowLoads(anonymous.queries, VENUE.id)).toHaveLength(1);

    // The Allow header's DELETE and edit checks read the venue the handler already loaded.
    const admin = await record('get', `/venues/${VENUE.id}`, ADMIN);
    expect(admin.response.status).toBe(200);
    expect(admin.response.headers.allow).toBe('GET, DELETE, POST, PUT, PATCH');
    expect(rowLoads(admin.queries, VENUE.id)).toHaveLength(1);
  });

  it('GET /events/by-slug/{slug} runs get_page_by_path once for the validator and the handler', async () => {
    const { response, queries } = await record('get', `/events/by-slug/${EVENT.slug}`);
    expect(response.status).toBe(200);
    expect((response.body as { id: number }).id).toBe(EVENT.id);
    expect(rowLoads(queries, EVENT.slug)).toHaveLength(1);
  });

  it('GET /venues/by-slug/{slug} reads the venue by ID no more: the slug lookup found it', async () => {
    const { response, queries } = await record('get', `/venues/by-slug/${VENUE.slug}`);
    expect(response.status).toBe(200);
    expect((response.body as { id: number }).id).toBe(VENUE.id);
    expect(rowLoads(queries, VENUE.id)).toHaveLength(0);
  });

  it('DELETE reads the post once for its validator, permission check and handler before the write', async () => {
    const event = await record('delete', `/events/${EVENT.id}`, ADMIN);
    expect(event.response.status).toBe(200);
    expect(event.response.headers.allow).toBe('GET, DELETE, POST, PUT, PATCH');
    // Before the write's transaction (its locks come inside it, where it needs them).
    const writeAt = event.queries.findIndex((query) => /^(set transaction|begin)/i.test(query.sql.trim()));
    expect(writeAt).toBeGreaterThan(0);
    expect(rowLoads(event.queries.slice(0, writeAt), EVENT.id)).toHaveLength(1);

    // A post already in the trash is refused (410) and nothing is written.
    const trashed = await record('delete', `/organizers/${TRASHED_ORGANIZER}`, ADMIN);
    expect(trashed.response.status).toBe(410);
    expect(trashed.queries.filter((query) => /^(insert|update|delete)/i.test(query.sql))).toEqual([]);
    // Before the write: one read of the post and of its meta, shared by validator, permission and handler.
    const trashedWriteAt = trashed.queries.findIndex((query) => /^(set transaction|begin)/i.test(query.sql.trim()));
    const beforeLock = trashedWriteAt < 0 ? trashed.queries : trashed.queries.slice(0, trashedWriteAt);
    expect(rowLoads(beforeLock, TRASHED_ORGANIZER)).toHaveLength(1);
    expect(beforeLock.filter((query) => query.sql.includes('from `wp_postmeta`'))).toHaveLength(1);
  });

  it('refuses an anonymous DELETE without reading the post', async () => {
    const { response, queries } = await record('delete', `/events/${EVENT.id}`);
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'rest_forbidden' });
    expect(response.headers.allow).toBe('GET');
    expect(queries.filter((query) => query.sql.includes('`wp_posts`'))).toEqual([]);
  });

  it('keeps the error path to one read: the Allow header of a refused ID reads its post once', async () => {
    // An event's ID is no venue ID: 400 from the validator, then the Allow header's two checks.
    const { response, queries } = await record('get', `/venues/${EVENT.id}`, ADMIN);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'rest_invalid_param' });
    expect(response.headers.allow).toBe('GET, DELETE, POST, PUT, PATCH');
    expect(rowLoads(queries, EVENT.id)).toHaveLength(1);
  });
});
