import type { RequestContext } from '../../http/request-context.js';
import type { ArgSpec, ValidationResult } from '../../http/rest-args.js';
import type { RouteDefinition } from '../../http/rest-route.js';
import { USER_CONTEXTS, type UserContext } from './users.mapper.js';
import { getCurrentUser, type UsersSettings } from './users.service.js';

/** wp_sprintf( '%l', $items ): "a", "a and b", "a, b, and c". */
function listSentence(items: readonly string[]): string {
  if (items.length <= 2) return items.join(' and ');
  return `${items.slice(0, -1).join(', ')}, and ${items.at(-1)}`;
}

/**
 * WP_REST_Controller::get_context_param: a string among `contexts`, checked as
 * rest_validate_request_arg checks it (type, then enum), then sanitize_key()'d.
 */
function contextArg(contexts: readonly string[]): ArgSpec<RequestContext> {
  return {
    description: 'Scope under which the request is made; determines fields present in response.',
    type: 'string',
    enum: contexts,
    default: 'view',
    validate: (value): ValidationResult => {
      if (typeof value !== 'string') {
        const message = 'context is not of type string.';
        return { message, detail: { code: 'rest_invalid_type', message, data: { param: 'context' } } };
      }
      if (contexts.includes(value)) return true;
      const message = `context is not one of ${listSentence(contexts)}.`;
      return { message, detail: { code: 'rest_not_in_enum', message, data: null } };
    },
    sanitize: (value) => String(value).toLowerCase().replace(/[^a-z0-9_-]/g, ''),
  };
}

/**
 * `GET /wp/v2/users/me`: WordPress core's current user (WP_REST_Users_Controller), public as in
 * core, answering 401 `rest_not_logged_in` to an anonymous request. Only its GET is served; core's
 * update and delete of the current user are not.
 */
export function createCurrentUserRoute(settings: UsersSettings): RouteDefinition<RequestContext> {
  return {
    pattern: '/users/me',
    endpoints: [
      {
        methods: ['GET'],
        args: { context: contextArg(USER_CONTEXTS) },
        handler: async (ctx) => ({ body: await getCurrentUser(ctx, settings, ctx.params.context as UserContext) }),
      },
    ],
  };
}
