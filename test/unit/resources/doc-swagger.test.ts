import { describe, expect, it } from 'vitest';
import { swaggerizeArgs, swaggerizeBody, toOpenApiPath } from '../../../src/resources/index/doc.swagger.js';

/** Endpoints/Base::swaggerize_args and swaggerize_post_args on the argument shapes the plugin has. */

const english = (text: string) => text;
const shout = (text: string) => text.toUpperCase();

describe('swaggerizeArgs', () => {
  it('merges over the defaults in PHP key order and drops falsy keys', () => {
    const [page, ids] = swaggerizeArgs(
      {
        page: { required: false, description: 'The archive page to return', type: 'integer', default: 1 },
        ids: { description: 'IDs', swaggerType: 'array', items: { type: 'integer' }, collectionFormat: 'csv' },
      },
      { in: 'query' },
      english,
    );
    expect(JSON.stringify(page)).toBe(
      '{"in":"query","schema":{"type":"integer"},"description":"The archive page to return","required":false,"name":"page"}',
    );
    // `explode: false` is filtered out with the other falsy values; only `style` survives.
    expect(JSON.stringify(ids)).toBe(
      '{"in":"query","schema":{"type":"array","items":{"type":"integer"}},"description":"IDs","required":false,"name":"ids","style":"form"}',
    );
  });

  it('keeps the argument’s own `in` and `required`, and translates descriptions', () => {
    const [id] = swaggerizeArgs(
      { id: { in: 'path', type: 'integer', description: 'the event post ID', required: true } },
      { in: 'body' },
      shout,
    );
    expect(id).toEqual({ in: 'path', schema: { type: 'integer' }, description: 'THE EVENT POST ID', required: true, name: 'id' });
  });

  it('describes an argument without description or type as the plugin does', () => {
    const [bare] = swaggerizeArgs({ bare: {} }, { in: 'query' }, english);
    expect(bare).toEqual({ in: 'query', schema: { type: false }, description: 'No description provided', required: false, name: 'bare' });
  });

  it('maps the REST short type names', () => {
    const [flag] = swaggerizeArgs({ flag: { swaggerType: 'bool' } }, { in: 'query' }, english);
    // convert_type runs, then the raw swagger_type is copied over it again, as in the plugin.
    expect(flag?.schema).toEqual({ type: 'bool' });
    const body = swaggerizeBody('application/x-www-form-urlencoded', { flag: { swaggerType: 'bool' } }, english);
    expect(JSON.stringify(body)).toContain('"flag":{"description":"No description provided","type":"boolean"}');
  });

  it('returns an empty list for no arguments', () => {
    expect(swaggerizeArgs({}, { in: 'query' }, english)).toEqual([]);
  });
});

describe('swaggerizeBody', () => {
  it('lists each argument as a property: description, type (string by default), items', () => {
    const body = swaggerizeBody(
      'application/x-www-form-urlencoded',
      {
        cost: { swaggerType: 'string', description: 'The event cost' },
        venue: { swaggerType: 'array', items: { type: 'integer' }, description: 'The event venue IDs or data' },
        untyped: { description: 'Anything' },
      },
      english,
    );
    expect(JSON.stringify(body)).toBe(
      JSON.stringify({
        content: {
          'application/x-www-form-urlencoded': {
            schema: {
              type: 'object',
              properties: {
                cost: { description: 'The event cost', type: 'string' },
                venue: { description: 'The event venue IDs or data', type: 'array', items: { type: 'integer' } },
                untyped: { description: 'Anything', type: 'string' },
              },
            },
          },
        },
      }),
    );
  });
});

describe('toOpenApiPath', () => {
  it('turns named groups into braces', () => {
    expect(toOpenApiPath('/events/(?P<id>\\d+)')).toBe('/events/{id}');
    expect(toOpenApiPath('/events/by-slug/(?P<slug>[^/]+)')).toBe('/events/by-slug/{slug}');
    expect(toOpenApiPath('/doc')).toBe('/doc');
  });
});
