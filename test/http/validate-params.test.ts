import Koa from 'koa';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { dispatch, type DispatchEnvironment } from '../../src/http/dispatcher.js';
import { AppError } from '../../src/http/errors.js';
import { errorHandler } from '../../src/http/error-handler.js';
import type { RequestContext } from '../../src/http/request-context.js';
import type { ArgSpecs, ValidationResult } from '../../src/http/rest-args.js';
import { compileRoute } from '../../src/http/rest-route.js';

/**
 * The dispatcher starts a route's validate callbacks together (so their lookups share one
 * statement) and still answers as WordPress's loop over them in arg order does: the invalid
 * parameters named in arg order, and the first callback in arg order that fails deciding.
 */

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An app with one GET route of these args, and what its callbacks did (`a`: started, `a done`: answered), in order. */
function appWithArgs(args: (started: string[]) => ArgSpecs<RequestContext>) {
  const log: string[] = [];
  const route = compileRoute<RequestContext>({
    pattern: '/things',
    endpoints: [{ methods: ['GET'], args: args(log), handler: async () => ({ body: { ok: true } }) }],
  });
  const app = new Koa();
  app.use(errorHandler(() => undefined));
  app.use(async (ctx) => {
    const env = { db: undefined, now: new Date(0), viewer: { userId: 0, capabilities: new Set() }, routePath: ctx.path, body: undefined, jsonError: false };
    await dispatch(ctx, [route], env as unknown as DispatchEnvironment);
  });
  return { agent: supertest(app.callback()), log };
}

/** A validate callback that notes its start, waits `ms`, notes its end, then answers `result` (or throws it, when an Error). */
function slow(log: string[], name: string, ms: number, result: ValidationResult | Error) {
  return async (): Promise<ValidationResult> => {
    log.push(name);
    await wait(ms);
    log.push(`${name} done`);
    if (result instanceof Error) throw result;
    return result;
  };
}

describe('validate callbacks', () => {
  it('all start before the first answers, and the invalid ones are named in arg order', async () => {
    const { agent, log } = appWithArgs((note) => ({
      a: { validate: slow(note, 'a', 30, false) },
      b: { validate: slow(note, 'b', 0, true) },
      c: { validate: slow(note, 'c', 0, { message: 'C is wrong.' }) },
    }));
    const response = await agent.get('/things?a=1&b=1&c=1');
    expect(log).toEqual(['a', 'b', 'c', 'b done', 'c done', 'a done']);
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toBe(
      JSON.stringify({
        code: 'rest_invalid_param',
        message: 'Invalid parameter(s): a, c',
        data: { status: 400, params: { a: 'Invalid parameter.', c: 'C is wrong.' }, details: [] },
      }),
    );
  });

  it('fail the request as the first failing callback in arg order would, whichever failed first', async () => {
    const { agent } = appWithArgs((note) => ({
      a: { validate: slow(note, 'a', 0, false) },
      b: { validate: slow(note, 'b', 30, new AppError(418, 'b-failed', 'B failed.')) },
      c: {
        validate: () => {
          throw new AppError(409, 'c-failed', 'C failed.');
        },
      },
    }));
    const response = await agent.get('/things?a=1&b=1&c=1');
    expect(response.status).toBe(418);
    expect(response.body.code).toBe('b-failed');
  });

  it('skip parameters the request does not carry', async () => {
    const { agent, log } = appWithArgs((note) => ({
      a: { validate: slow(note, 'a', 0, true) },
      b: { validate: slow(note, 'b', 0, false) },
    }));
    const response = await agent.get('/things?a=1');
    expect(response.status).toBe(200);
    expect(log).toEqual(['a', 'a done']);
  });
});
