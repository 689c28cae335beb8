import { describe, expect, expectTypeOf, it } from 'vitest';
import { castToType, parseRestBoolean, type ArgParams, type ArgSpecs } from '../../../src/http/rest-args.js';
import { sanitizePerPage } from '../../../src/http/arg-validators.js';
import { isNonEmptyString, isPositiveInt, isPositiveIntList } from '../../../src/wp/validators.js';

describe('castToType (rest_parse_request_arg)', () => {
  it('casts integers the way rest_is_integer accepts them', () => {
    expect(castToType('page', 'integer', '12')).toEqual({ ok: true, value: 12 });
    expect(castToType('page', 'integer', '1e3')).toEqual({ ok: true, value: 1000 });
    expect(castToType('page', 'integer', '12.0')).toEqual({ ok: true, value: 12 });
    expect(castToType('page', 'integer', '12.5').ok).toBe(false);
    expect(castToType('page', 'integer', ['1']).ok).toBe(false);
    expect(castToType('page', 'integer', '\u00a012').ok).toBe(false);
  });

  it('reports a type error as WordPress words it', () => {
    expect(castToType('featured', 'boolean', 'maybe')).toEqual({
      ok: false,
      error: {
        message: 'featured is not of type boolean.',
        detail: { code: 'rest_invalid_type', message: 'featured is not of type boolean.', data: { param: 'featured' } },
      },
    });
  });

  it('splits and casts arrays item by item', () => {
    expect(castToType('ids', 'array', '1,2 3', { type: 'integer' })).toEqual({ ok: true, value: [1, 2, 3] });
    expect(castToType('ids', 'array', '1,x', { type: 'integer' }).ok).toBe(false);
    expect(castToType('ids', 'array', ['1', ['2']], { type: 'integer' }).ok).toBe(false);
    expect(castToType('ids', 'array', 5)).toEqual({ ok: true, value: ['5'] });
  });
});

describe('TEC validators', () => {
  it('accepts WordPress boolean spellings only', () => {
    expect(['true', '1', 'false', '0', 'TRUE', 'False'].map(parseRestBoolean)).toEqual([true, true, false, false, true, false]);
    // rest_is_boolean refuses the empty string (recorded: featured= is "not of type boolean").
    expect(parseRestBoolean('')).toBeUndefined();
    expect(parseRestBoolean('yes')).toBeUndefined();
  });

  it('wants positive integers within exact range', () => {
    expect(['1', '50', '1e3'].every(isPositiveInt)).toBe(true);
    expect(['0', '-1', 'abc', '1.5', '99999999999999999999', ''].some(isPositiveInt)).toBe(false);
  });

  it('checks every item of an ID list', () => {
    expect(isPositiveIntList('1,2,3')).toBe(true);
    expect(isPositiveIntList('foo-bar,23')).toBe(false);
    expect(isPositiveIntList('')).toBe(false);
  });

  it('reads the ID list as list_to_array does: trailing comma dropped, URL-decoded', () => {
    expect(isPositiveIntList('1,2,')).toBe(true);
    expect(isPositiveIntList('%31,2')).toBe(true);
    expect(isPositiveIntList(',')).toBe(false);
    expect(isPositiveIntList('1,\u00a02')).toBe(false);
  });

  it('treats "0" as empty, as PHP does', () => {
    expect(isNonEmptyString('0')).toBe(false);
    expect(isNonEmptyString('x')).toBe(true);
  });
});

// Type-level: `npx tsc --noEmit` fails when the derived parameter types drift.
describe('ArgParams (a handler\'s parameters typed from its ArgSpecs)', () => {
  const args = {
    page: { type: 'integer', default: 1 },
    per_page: { type: 'integer', sanitize: sanitizePerPage(50) },
    id: { type: 'integer', required: true },
    search: { type: 'string', validate: isNonEmptyString },
    strict: { validate: isNonEmptyString, default: 'false' },
    featured: { type: 'boolean' },
    include: { type: 'array' },
    venue: { validate: isPositiveInt },
    ticketed: { type: 'bool' },
  } satisfies ArgSpecs;
  type Params = ArgParams<typeof args>;

  it('types each value as the dispatcher leaves it: sanitized, else cast, else what a type guard proves', () => {
    expectTypeOf<Params['page']>().toEqualTypeOf<number>();
    expectTypeOf<Params['per_page']>().toEqualTypeOf<number | undefined>();
    expectTypeOf<Params['search']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<Params['strict']>().toEqualTypeOf<string>();
    expectTypeOf<Params['featured']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<Params['include']>().toEqualTypeOf<unknown[] | undefined>();
    // A validator that is no type guard, and a type WordPress does not cast, prove nothing.
    expectTypeOf<Params['venue']>().toEqualTypeOf<unknown>();
    expectTypeOf<Params['ticketed']>().toEqualTypeOf<unknown>();
  });

  it('makes required and defaulted arguments present, the others optional', () => {
    expectTypeOf<Params>().toHaveProperty('id').toEqualTypeOf<number>();
    expectTypeOf<{ id: number; page: number; strict: string }>().toMatchTypeOf<Params>();
    expectTypeOf<{ page: number; strict: string }>().not.toMatchTypeOf<Params>();
  });
});
