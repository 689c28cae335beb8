import { describe, expect, it } from 'vitest';
import { isCacheableQuery, isCacheableRoute } from '../../../../src/cache/response-cache-policy.js';
import type { RequestContext } from '../../../../src/http/request-context.js';
import { castToType } from '../../../../src/http/rest-args.js';
import { describeRoute } from '../../../../src/resources/index/index.routes.js';
import { swaggerizeTicketsArgs } from '../../../../src/resources/tickets-v1/docs.swagger.js';
import { ID_LIST_SCHEMA } from '../../../../src/resources/tickets-v1/list-schemas.js';
import { CreateTicketArgs } from '../../../../src/resources/tickets-v1/tickets.args.js';
import { createTicketsV1Routes } from '../../../../src/resources/tickets-v1/tickets-v1.routes.js';

/** What describeRoute and swaggerize read of a request: none of these arguments has a computed default. */
const ctx = { urls: { restRoot: 'http://example.org/wp-json/' } } as unknown as RequestContext;
const english = (text: string) => text;

describe("Event Tickets' arguments in the index", () => {
  it('lists the arguments registered as a list of two arrays as a JSON list, each with its schema keywords only', () => {
    const route = { pattern: '/tickets', endpoints: [{ methods: ['POST' as const], args: CreateTicketArgs, handler: async () => ({ body: null }) }] };
    const described = describeRoute('/tribe/tickets/v1/tickets', 'tribe/tickets/v1', route, ctx, english) as { endpoints: { args: unknown }[] };
    expect(described.endpoints[0]!.args).toEqual([
      { required: false },
      {
        description: { type: 'string', in: 'body', validate_callback: [{}, 'is_string_or_empty'], sanitize_callback: 'sanitize_text_field', default: '' },
        required: false,
      },
    ]);
  });

  it("keeps a value of a type WordPress does not know (Event Tickets' `bool`, `email`) as sent", () => {
    expect(castToType('check_in', 'bool', 'yes')).toEqual({ ok: true, value: 'yes' });
    expect(castToType('email', 'email', 'not an address')).toEqual({ ok: true, value: 'not an address' });
  });
});

describe("Event Tickets' swaggerize_args", () => {
  it('keeps the default `items` only until an argument with a non-array type drops it, for every argument after', () => {
    const parameters = swaggerizeTicketsArgs(
      {
        include: { description: 'IDs', swaggerSchema: ID_LIST_SCHEMA },
        post_id: { type: 'integer', description: 'The post ID' },
        exclude: { description: 'IDs', swaggerSchema: ID_LIST_SCHEMA },
      },
      'query',
      ctx,
    );
    expect(parameters).toEqual([
      { in: 'query', schema: ID_LIST_SCHEMA, description: 'IDs', required: false, items: { type: 'integer' }, name: 'include' },
      { in: 'query', schema: { type: 'integer', default: false }, description: 'The post ID', required: false, name: 'post_id' },
      { in: 'query', schema: ID_LIST_SCHEMA, description: 'IDs', required: false, name: 'exclude' },
    ]);
  });

  it("reads `in` from the argument over the caller's, and `bool` as boolean", () => {
    expect(swaggerizeTicketsArgs({ id: { type: 'bool', in: 'path', required: true } }, 'query', ctx)).toEqual([
      { in: 'path', schema: { type: 'boolean', default: false }, description: 'No description provided', required: true, name: 'id' },
    ]);
  });
});

describe('the response cache and tribe/tickets/v1', () => {
  const routes = createTicketsV1Routes('tribe/tickets/v1');
  const route = (pattern: string) => routes.find((candidate) => candidate.pattern === pattern);

  it("keeps Event Tickets' reads, never a GET that writes or reads the visitor's cart, nor an index", () => {
    expect(isCacheableRoute('/tickets', route('/tickets'))).toBe(true);
    expect(isCacheableRoute('/attendees/5', route('/attendees/(?P<id>\\d+)'))).toBe(true);
    expect(isCacheableRoute('/cart', route('/cart'))).toBe(false);
    expect(isCacheableRoute('/qr', route('/qr'))).toBe(false);
    expect(isCacheableRoute('/commerce/stripe/return', route('/commerce/stripe/return'))).toBe(false);
    expect(isCacheableRoute('', undefined)).toBe(false);
  });

  it('keeps no answer to a post-date or sale-window bound relative to now', () => {
    expect(isCacheableQuery({ after: '2026-11-01' })).toBe(true);
    expect(isCacheableQuery({ after: 'yesterday' })).toBe(false);
    expect(isCacheableQuery({ available_until: '+1 week' })).toBe(false);
  });
});
