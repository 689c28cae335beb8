import { describe, expect, it } from 'vitest';
import { isJsonContentType, isJsonMediaType, phpPostParams, restBodyParams, restContentTypeValue } from '../../../src/http/body-params.js';

const body = (text: string, contentType?: string) => ({ raw: Buffer.from(text), contentType });

describe('isJsonMediaType (wp_is_json_media_type)', () => {
  it.each([
    ['application/json', true],
    ['application/ld+json', true],
    ['application/activity+json', true],
    ['application/json+oembed', true],
    ['APPLICATION/JSON', true],
    ['text/plain, application/json', true],
    ['application/json, text/plain', true],
    ['text/plain application/json', true],
    ['application/nojson', false],
    ['application/no.json', false],
    ['text/json', false],
    ['application/json-seq', false],
    ['xapplication/json', false],
  ])('%s: %s', (mediaType, json) => {
    expect(isJsonMediaType(mediaType)).toBe(json);
  });
});

describe('restContentTypeValue / isJsonContentType (WP_REST_Request::get_content_type, is_json_content_type)', () => {
  it('keeps the header up to its first `;`, lower cased and trimmed; none without a `/`', () => {
    expect(restContentTypeValue('Application/JSON ; charset=UTF-8')).toBe('application/json');
    expect(restContentTypeValue('text/plain, application/json; q=1')).toBe('text/plain, application/json');
    expect(restContentTypeValue('json')).toBeUndefined();
    expect(restContentTypeValue('')).toBeUndefined();
    expect(restContentTypeValue(undefined)).toBeUndefined();
  });

  it('does not cut at a `;` in first place (strpos() is 0, which is falsy)', () => {
    expect(restContentTypeValue('; application/json')).toBe('; application/json');
    expect(isJsonContentType('; application/json')).toBe(true);
  });

  it('looks only before the first `;`', () => {
    expect(isJsonContentType('text/plain; profile=application/json')).toBe(false);
    expect(isJsonContentType('application/ld+json; profile="https://www.w3.org/ns/activitystreams"')).toBe(true);
  });
});

describe('phpPostParams ($_POST)', () => {
  it('reads a POST form whose type, cut at `;`, `,` or a space, is the form type', () => {
    expect(phpPostParams(body('a=1', 'application/x-www-form-urlencoded,text/plain'), 'POST')).toEqual({ a: '1' });
    expect(phpPostParams(body('a=1', 'application/x-www-form-urlencoded charset=x'), 'POST')).toEqual({ a: '1' });
    expect(phpPostParams(body('a=1', 'text/plain'), 'POST')).toEqual({});
    expect(phpPostParams(body('a=1'), 'POST')).toEqual({});
    expect(phpPostParams(body('a=1', 'application/x-www-form-urlencoded'), 'PUT')).toEqual({});
  });
});

describe('restBodyParams', () => {
  it('puts JSON parameters before $_POST ones', () => {
    const params = restBodyParams(body('{"a":"json"}', 'application/x-www-form-urlencoded, application/json'), 'POST', 'POST');
    expect(params).toEqual({ params: { '{"a":"json"}': '', a: 'json' }, jsonError: undefined });
  });

  it('reads the body of a POST overridden to PUT as a form when it has no Content-Type; $_POST keys win', () => {
    expect(restBodyParams(body('a=1&b=2'), 'POST', 'PUT').params).toEqual({ a: '1', b: '2' });
    expect(restBodyParams(body('a=1&b=2'), 'POST', 'POST').params).toEqual({});
  });

  it('takes an empty JSON body as no parameters and no error', () => {
    expect(restBodyParams(body('', 'application/json'), 'POST', 'POST')).toEqual({ params: {}, jsonError: undefined });
  });
});
