import { phpTrim } from '../wp/php/php-values.js';
import type { JsonDecodeError } from './errors.js';
import { decodeJson } from './json-body.js';
import { parsePhpQuery, type PhpValue } from './php-query.js';
import type { RequestBody } from './request-body.js';

/*
 * Which parameters a request body gives WordPress, by its Content-Type, as PHP and WP_REST_Request
 * decide it:
 * - JSON parameters (WP_REST_Request::parse_json_params) when is_json_content_type(): the header
 *   up to its first `;` is a JSON media type by wp_is_json_media_type(), which looks at every
 *   comma-separated member and takes `+json` suffixes (`application/vnd.api+json`,
 *   `text/plain, application/json`, `application/json; charset=utf-8`);
 * - form parameters ($_POST) when PHP itself reads the body of a POST: its Content-Type, lower
 *   cased and cut at the first `;`, `,` or space, is application/x-www-form-urlencoded;
 * - and for any other method (PUT, PATCH, DELETE, or a POST overridden by `_method`),
 *   WP_REST_Request::parse_body_params reads a non-empty body as a form when the Content-Type is
 *   missing (or has no `/`) or is exactly application/x-www-form-urlencoded; $_POST's keys win.
 * JSON parameters come before form ones. Anything else (text/plain, an unknown type, a POST
 * without a Content-Type) gives no parameters at all.
 */

/** What a body gives: its parameters, and the json_decode error when the JSON was refused. */
export interface BodyParams {
  params: Record<string, unknown>;
  jsonError: JsonDecodeError | undefined;
}

const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * wp_is_json_media_type(): `application/` then an optional `…+` prefix, `json`, an optional
 * `+oembed`, at the start of the string or of a comma/space-separated member, ended by the end,
 * a space, `;` or `,`. The prefix's class is WordPress's own (its `&-^` is a range).
 */
const JSON_MEDIA_TYPE = /(^|\s|,)application\/([\w!#$&-^.+]+\+)?json(\+oembed)?($|\s|;|,)/i;

export function isJsonMediaType(mediaType: string): boolean {
  return JSON_MEDIA_TYPE.test(mediaType);
}

/**
 * WP_REST_Request::get_content_type()['value']: the header up to its first `;` (one at the very
 * start does not count), lower cased and trimmed; undefined when the header is empty or the value
 * holds no `/`.
 */
export function restContentTypeValue(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const semicolon = header.indexOf(';');
  const value = (semicolon > 0 ? header.slice(0, semicolon) : header).toLowerCase();
  if (!value.includes('/')) return undefined;
  return phpTrim(value);
}

/** WP_REST_Request::is_json_content_type(). */
export function isJsonContentType(header: string | undefined): boolean {
  const value = restContentTypeValue(header);
  return value !== undefined && isJsonMediaType(value);
}

/** The media type PHP's SAPI matches its POST readers against: lower cased, cut at `;`, `,` or a space. */
function phpPostMediaType(header: string | undefined): string {
  if (!header) return '';
  const cut = header.search(/[;, ]/);
  return (cut === -1 ? header : header.slice(0, cut)).toLowerCase();
}

/** $_POST: the form PHP reads from the body of a POST (the HTTP method, before any override). */
export function phpPostParams(body: RequestBody, httpMethod: string): Record<string, PhpValue> {
  if (httpMethod.toUpperCase() !== 'POST' || phpPostMediaType(body.contentType) !== FORM_TYPE) return {};
  return parsePhpQuery(bodyText(body.raw));
}

/**
 * The parameters WordPress takes from the body of a request dispatched as `restMethod` (after
 * `_method` / X-HTTP-Method-Override) that arrived as `httpMethod`.
 */
export function restBodyParams(body: RequestBody, httpMethod: string, restMethod: string): BodyParams {
  let form: Record<string, unknown> = phpPostParams(body, httpMethod);
  if (restMethod.toUpperCase() !== 'POST' && body.raw.length > 0) {
    const value = restContentTypeValue(body.contentType);
    if (value === undefined || value === FORM_TYPE) form = { ...parsePhpQuery(bodyText(body.raw)), ...form };
  }
  if (!isJsonContentType(body.contentType) || body.raw.length === 0) return { params: form, jsonError: undefined };
  const decoded = decodeJson(body.raw);
  if ('error' in decoded) return { params: form, jsonError: decoded.error };
  return { params: isRecord(decoded.value) ? { ...form, ...decoded.value } : form, jsonError: undefined };
}

/** A form body's text; bytes that are not UTF-8 become U+FFFD. */
function bodyText(raw: Buffer): string {
  return raw.toString('utf8');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
