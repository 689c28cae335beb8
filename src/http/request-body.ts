import type Koa from 'koa';
import type { IncomingMessage } from 'node:http';
import { CoreErrors } from './errors.js';

/**
 * A request's body as sent: its bytes and its Content-Type header. WordPress keeps the raw body
 * whatever its type (WP_REST_Request::set_body) and decides per parameter source what to read
 * from it (see body-params.ts), so it is read here once, whatever its type, and nothing else.
 */
export interface RequestBody {
  readonly raw: Buffer;
  /** The Content-Type header as sent; undefined when there was none. */
  readonly contentType: string | undefined;
}

/** The largest body a request may carry, and how the 413 names it. */
export interface BodyLimit {
  readonly bytes: number;
  readonly label: string;
}

const EMPTY: RequestBody = { raw: Buffer.alloc(0), contentType: undefined };

/** The body readRequestBody() read for this request (an empty one before it ran). */
export function requestBodyOf(ctx: Koa.Context): RequestBody {
  return (ctx.state.requestBody as RequestBody | undefined) ?? EMPTY;
}

/**
 * Reads every request's body, whatever its Content-Type (none, JSON, form, text/plain, anything),
 * and refuses one past the limit with 413 `rest_request_too_large`: at once when its
 * Content-Length says so (nothing of it is read), else as soon as the bytes received pass the
 * limit (a chunked body is counted as it arrives and never held beyond the limit).
 */
export function readRequestBody(limit: BodyLimit): Koa.Middleware {
  return async (ctx, next) => {
    const declared = ctx.get('Content-Length');
    if (declared !== '' && Number(declared) > limit.bytes) refuse(ctx.req, limit);
    const raw = await readUpTo(ctx.req, limit.bytes);
    if (raw === undefined) refuse(ctx.req, limit);
    const contentType = ctx.headers['content-type'];
    ctx.state.requestBody = { raw, contentType: typeof contentType === 'string' ? contentType : undefined } satisfies RequestBody;
    await next();
  };
}

/**
 * The 413. What the client still sends is read and dropped (never kept), so it can finish
 * sending and read the answer; the server's requestTimeout bounds how long that may take.
 */
function refuse(req: IncomingMessage, limit: BodyLimit): never {
  req.resume();
  throw CoreErrors.bodyTooLarge(limit.label);
}

/** The whole body, or undefined as soon as more than `limit` bytes arrived (the rest left unread). */
function readUpTo(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (result: Buffer | undefined, error?: Error) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
      if (error) reject(error);
      else resolve(result);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) {
        chunks.length = 0;
        req.pause();
        finish(undefined);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish(Buffer.concat(chunks, received));
    // A body cut off half way is never handed on: a part of a form could still parse and be written.
    const onError = () => finish(undefined, CoreErrors.bodyAborted());
    const onClose = () => finish(undefined, CoreErrors.bodyAborted());
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}
