import Koa from 'koa';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { dispatch, type DispatchEnvironment } from '../../src/http/dispatcher.js';
import { errorHandler } from '../../src/http/error-handler.js';
import { createRequestMemo, type RequestContext } from '../../src/http/request-context.js';
import { compileRoute, type RouteDefinition } from '../../src/http/rest-route.js';
import type { Viewer } from '../../src/wp/auth/capabilities.js';

/**
 * The per-request memo the dispatcher puts on every RequestContext: one load per key within a
 * request, a fresh memo for the next request, and nothing remembered across a write (ctx.write
 * forgets it), because WordPress builds the Allow header after the handler, from the post as the
 * write left it; what the handler reads after its write answers the header's checks too.
 */

describe('createRequestMemo', () => {
  it('loads a key once and hands every caller the same promise until forgotten', async () => {
    const { memo, forgetMemo } = createRequestMemo();
    let loads = 0;
    const load = async () => ++loads;
    const first = memo('post:6', load);
    expect(memo('post:6', load)).toBe(first);
    expect(await first).toBe(1);
    expect(await memo('post:7', load)).toBe(2);
    forgetMemo();
    expect(await memo('post:6', load)).toBe(3);
  });
});

const EDITOR: Viewer = { userId: 2, capabilities: new Set(['edit_things']) };

/** A route whose checks and handlers count how often the "post" is loaded. */
function countingApp() {
  const loads: string[] = [];
  const loadPost = (ctx: RequestContext) =>
    ctx.memo('post:1', async () => {
      loads.push(ctx.method);
      return { status: 'publish' };
    });
  const mayEdit = async (ctx: RequestContext) => (await loadPost(ctx)).status === 'publish';
  const route: RouteDefinition<RequestContext> = {
    pattern: '/things/(?P<id>\\d+)',
    endpoints: [
      { methods: ['GET'], args: {}, handler: async (ctx) => ({ body: await loadPost(ctx) }) },
      // A write that answers without reading the post again, and one that answers with it.
      {
        methods: ['DELETE'],
        args: {},
        permission: mayEdit,
        handler: async (ctx) => {
          await ctx.write(async () => undefined);
          return { body: { deleted: true } };
        },
      },
      {
        methods: ['POST'],
        args: {},
        permission: mayEdit,
        handler: async (ctx) => {
          await ctx.write(async () => undefined);
          return { body: await loadPost(ctx) };
        },
      },
    ],
  };
  const app = new Koa();
  app.use(errorHandler(() => undefined));
  app.use(async (ctx) => {
    const env = {
      db: undefined,
      now: new Date(0),
      site: undefined,
      urls: undefined,
      viewer: EDITOR,
      routePath: ctx.path,
      body: undefined,
      jsonError: false,
      write: async (work: (scope: unknown) => Promise<unknown>) => work(undefined),
    } as unknown as DispatchEnvironment;
    await dispatch(ctx, [compileRoute(route)], env);
  });
  return { agent: supertest(app.callback()), loads };
}

describe('the dispatcher memo', () => {
  it('lets the handler and every permission check of the Allow header share one load', async () => {
    const { agent, loads } = countingApp();
    const response = await agent.get('/things/1');
    expect(response.status).toBe(200);
    expect(response.headers.allow).toBe('GET, DELETE, POST');
    expect(loads).toEqual(['GET']);
  });

  it('starts every request with an empty memo', async () => {
    const { agent, loads } = countingApp();
    await agent.get('/things/1');
    await agent.get('/things/1');
    expect(loads).toEqual(['GET', 'GET']);
  });

  // DELETE answers without reading the post after its write, so the header's checks read it again;
  // POST answers with the post read after its write, which the header's checks then share. Either
  // way the permission check before the write is the first load.
  it.each([
    ['delete', 'reads again for the Allow header once a write handler succeeded', ['DELETE', 'DELETE']],
    ['post', 'lets the Allow header share what the handler read after its write', ['POST', 'POST']],
  ] as const)('%s: %s', async (method, _title, expected) => {
    const { agent, loads } = countingApp();
    const response = await agent[method]('/things/1');
    expect(response.status).toBe(200);
    expect(response.headers.allow).toBe('GET, DELETE, POST');
    expect(loads).toEqual(expected);
  });
});
