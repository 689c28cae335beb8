import { AppError } from '../wp/wp-error.js';

/** The error every layer throws; defined in wp/ so storage rules need nothing from http/. */
export { AppError };

/** Why PHP's json_decode refused a body: json_last_error() and json_last_error_msg(). */
export interface JsonDecodeError {
  code: number;
  message: string;
}

export const JSON_SYNTAX_ERROR: JsonDecodeError = { code: 4, message: 'Syntax error' };
/** JSON_ERROR_UTF16: half of a surrogate pair in a `\u` escape. */
export const JSON_UTF16_ERROR: JsonDecodeError = { code: 10, message: 'Single unpaired UTF-16 surrogate in unicode escape' };
/** JSON_ERROR_UTF8: bytes that are not UTF-8. */
export const JSON_UTF8_ERROR: JsonDecodeError = { code: 5, message: 'Malformed UTF-8 characters, possibly incorrectly encoded' };
/** JSON_ERROR_DEPTH: arrays and objects nested deeper than json_decode's default 512. */
export const JSON_DEPTH_ERROR: JsonDecodeError = { code: 1, message: 'Maximum stack depth exceeded' };

/**
 * rest_no_route for a request a served endpoint cannot answer yet (a part of the plugin's answer
 * not built for this caller or this post): the same answer as an endpoint in progress, so the
 * dispatcher sends it without the route's Allow header, as WordPress answers a route it does not know.
 */
export class InProgressError extends AppError {
  constructor() {
    super(404, 'rest_no_route', 'No route was found matching the URL and request method.');
  }
}

/** The Retry-After (seconds) sent with a load-shed 503 (CoreErrors.serviceBusy). */
export const LOAD_SHED_RETRY_AFTER_SECONDS = 1;

/** WordPress core's error codes and messages (wp-includes/rest-api). */
export const CoreErrors = {
  noRoute: () =>
    new AppError(404, 'rest_no_route', 'No route was found matching the URL and request method.'),
  /** json_last_error() and its message as WordPress reports them; JSON_ERROR_SYNTAX (4) unless told. */
  invalidJson: (jsonError: JsonDecodeError = JSON_SYNTAX_ERROR) =>
    new AppError(400, 'rest_invalid_json', 'Invalid JSON body passed.', {
      json_error_code: jsonError.code,
      json_error_message: jsonError.message,
    }),
  missingParams: (names: string[]) =>
    new AppError(400, 'rest_missing_callback_param', `Missing parameter(s): ${names.join(', ')}`, {
      params: names,
    }),
  forbidden: (loggedIn: boolean) =>
    new AppError(loggedIn ? 403 : 401, 'rest_forbidden', 'Sorry, you are not allowed to do that.'),
  internal: () =>
    new AppError(500, 'internal_server_error', 'The server could not answer this request.'),
  /** The database could not be reached, or the connection died: nothing was written; try again. */
  databaseUnavailable: () =>
    new AppError(503, 'rest_database_unavailable', 'The database is not available right now; nothing was changed. Try again shortly.'),
  /**
   * More work than database connections: this request waited too long for one (LoadShed). Nothing
   * was changed; the database is up, so the client tries again after Retry-After.
   */
  serviceBusy: () =>
    new AppError(503, 'rest_service_busy', 'The service is busy right now; nothing was changed. Try again in a moment.'),
  /**
   * The database answers but lacks the site's tables or a column of them (`reason`, as /readyz
   * gives it): the same code as an outage, since a client should do the same (try again later),
   * and nothing was written.
   */
  siteTablesMissing: (reason: string) => new AppError(503, 'rest_database_unavailable', reason),
  /** A request body past the service's limit (WordPress itself has none; PHP's post_max_size or the web server's does it). */
  bodyTooLarge: (limit: string) =>
    new AppError(413, 'rest_request_too_large', `The request body is larger than the ${limit} this service accepts.`),
  /** The connection closed before the whole body arrived: nothing of it is used (no one is left to read this). */
  bodyAborted: () => new AppError(400, 'rest_request_incomplete', 'The request body did not arrive whole.'),
} as const;

/** One invalid parameter as WordPress reports it: a message and, for WP_Error results, details. */
export interface InvalidParam {
  message: string;
  /** The validator's WP_Error as rest_convert_error_to_response renders it; `data` null when it had none. */
  detail?: { code: string; message: string; data: Record<string, unknown> | null };
}

/**
 * 400 `rest_invalid_param`: `params` maps each name to its message; `details` is `[]` when no
 * validator returned a WP_Error (PHP's empty array encodes as a JSON list).
 */
export function invalidParams(invalid: Map<string, InvalidParam>): AppError {
  const names = [...invalid.keys()];
  const params: Record<string, string> = {};
  const details: Record<string, unknown> = {};
  for (const [name, problem] of invalid) {
    params[name] = problem.message;
    if (problem.detail) details[name] = problem.detail;
  }
  return new AppError(400, 'rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, {
    params,
    details: Object.keys(details).length > 0 ? details : [],
  });
}

/**
 * 501 for a route the plugin has and this service does not serve yet: listed in the index so
 * discovery clients see the whole API, answered honestly instead of with made-up data.
 */
export function notImplemented(what: string): AppError {
  return new AppError(501, 'rest_not_implemented', `${what} is not served by calendar-sidecar yet.`);
}
