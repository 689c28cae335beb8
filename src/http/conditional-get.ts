import { createHash } from 'node:crypto';
import type Koa from 'koa';
import type { ObservedState } from '../ops/logging.js';

/**
 * Conditional GET for anonymous reads, which the plugin does not offer: a successful GET or HEAD
 * answered to nobody in particular carries a strong `ETag` (a hash of the exact body sent) and
 * `Cache-Control: no-cache` (a cache may keep it, but must ask again before reusing it), and a
 * request whose `If-None-Match` names the current tag is answered `304 Not Modified` without a body.
 *
 * The tag is the body's own hash, so any change that changes the answer, made through this service
 * or straight in the database by WordPress, changes the tag; a change that leaves the answer as it
 * was keeps it, as RFC 9110 wants of a strong validator. Answers to signed-in users get neither
 * header: their answers are private and WordPress marks them uncacheable.
 */
export function conditionalGet(): Koa.Middleware {
  return async (ctx, next) => {
    await next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    if (ctx.status !== 200 || ((ctx.state as ObservedState).userId ?? 0) !== 0) return;
    const body: unknown = ctx.body;
    if (typeof body !== 'string' && !Buffer.isBuffer(body)) return;
    const known = (ctx.state as TaggedState).bodyTag;
    const etag = known !== undefined && known.body === body ? known.etag() : bodyEtag(body);
    ctx.set('ETag', etag);
    ctx.set('Cache-Control', 'no-cache');
    if (matchesIfNoneMatch(ctx.get('If-None-Match'), etag)) ctx.status = 304;
  };
}

/** The strong tag of a body: its SHA-1, base64url, quoted. */
export function bodyEtag(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

interface TaggedState {
  bodyTag?: { body: string | Buffer; etag: () => string };
}

/**
 * Says what the tag of `body` is, when the caller keeps it (the response cache, answering the same
 * body again and again): hashing tens of KB on every hit would be the largest single cost of a
 * cached answer. Used only while the response's body is still that very string.
 */
export function knownBodyTag(ctx: { state: unknown }, body: string | Buffer, etag: () => string): void {
  (ctx.state as TaggedState).bodyTag = { body, etag };
}

/**
 * RFC 9110 13.1.2 as an origin server evaluates it: `*`, or any listed tag equal to ours under the
 * weak comparison (`W/` ignored). Koa's `fresh` is not used: it answers "not fresh" to any request
 * carrying `Cache-Control: no-cache`, which fetch() adds to every conditional request, though that
 * directive speaks to caches on the way, not to the origin's precondition.
 */
export function matchesIfNoneMatch(header: string, etag: string): boolean {
  if (header.trim() === '') return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}
