import type { RequestContext } from '../../http/request-context.js';
import type { RouteDefinition } from '../../http/rest-route.js';
import { userCan } from '../../wp/auth/capabilities.js';
import { restSettingsFor } from '../../wp/site/rest-settings.js';
import { getSettings } from './settings.service.js';

/** What the settings route needs of the configuration. */
export interface SettingsRouteSettings {
  /** A multisite sub-site registers neither `url` nor `email`. */
  multisite: boolean;
}

/**
 * `GET /wp/v2/settings`: WordPress core's site settings (WP_REST_Settings_Controller) for a user
 * who may `manage_options` (else 401/403 `rest_forbidden`), each registered setting's option
 * read and cast to its schema type. Only its GET is served; core's update is not.
 */
export function createSettingsRoute(settings: SettingsRouteSettings): RouteDefinition<RequestContext> {
  const registered = restSettingsFor(settings.multisite);
  return {
    pattern: '/settings',
    endpoints: [
      {
        methods: ['GET'],
        args: {},
        // Every core setting's read permission is the default one, manage_options.
        permission: (ctx) => userCan(ctx.viewer, 'manage_options'),
        handler: async (ctx) => ({ body: await getSettings(ctx, registered) }),
      },
    ],
  };
}
