import { translate } from '../../i18n/index.js';
import type { RequestContext } from '../../http/request-context.js';
import { routesOnSite, type RouteDefinition } from '../../http/rest-route.js';
import { requestedFields, restIsFieldIncluded } from '../../http/rest-fields.js';
import { OptionName } from '../../wp/constants.js';
import { zoneOffsetSeconds } from '../../wp/tec/dates.js';
import { selectOptions } from '../../wp/site/options.repository.js';
import { describeNamespaceRoutes, describeRoute } from './index.routes.js';

type Route = RouteDefinition<RequestContext>;

const ROOT_OPTION_NAMES = [
  OptionName.blogname,
  OptionName.blogdescription,
  OptionName.siteurl,
  OptionName.timezoneString,
  OptionName.gmtOffset,
];

/**
 * get_option('gmt_offset') as WordPress answers it: with a `timezone_string`, the zone's current
 * offset in hours rounded to two places (wp_timezone_override_offset); without one, the stored value.
 */
function gmtOffset(timezoneString: string, stored: string, now: Date): number | string {
  if (timezoneString === '') return stored;
  return Math.round(zoneOffsetSeconds(timezoneString, Math.floor(now.getTime() / 1000)) / 36) / 100;
}

/**
 * WP_REST_Server::get_index for a site whose only namespaces are ours: the site's identity, the
 * namespaces, and every route (the root itself, then ours) in the shape the namespace index
 * uses, which is what discovery clients such as wpapi read. One options query.
 */
export async function getRootIndex(
  ctx: RequestContext,
  rootRoute: Route,
  namespaceRoutes: ReadonlyMap<string, readonly Route[]>,
): Promise<Record<string, unknown>> {
  const options = await selectOptions(ctx.db, ROOT_OPTION_NAMES);
  const option = (name: string) => options.get(name) ?? '';
  const t = translate(ctx.site.language);
  const timezoneString = option(OptionName.timezoneString);
  return {
    name: option(OptionName.blogname),
    description: option(OptionName.blogdescription),
    url: option(OptionName.siteurl),
    home: ctx.urls.base,
    gmt_offset: gmtOffset(timezoneString, option(OptionName.gmtOffset), ctx.now),
    timezone_string: timezoneString,
    namespaces: [...namespaceRoutes.keys()],
    // WordPress lists application passwords here only where it deems them available (HTTPS or a
    // `local` environment type), which this service cannot tell; it advertises none.
    authentication: [],
    routes: Object.assign(
      { '/': describeRoute('/', '', rootRoute, ctx, t) },
      ...[...namespaceRoutes].map(([namespace, routes]) => describeNamespaceRoutes(namespace, routesOnSite(routes, ctx.site), ctx, t)),
    ),
    // get_index adds its `help` link only when `_fields` names none, or names `_links` (or
    // `_embedded`, with `_embed`); response_to_data then keeps it whatever the filter left.
    ...(rootLinksWanted(ctx) ? { _links: { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] } } : {}),
  };
}

/** get_index's test for its links: `_fields` empty, or naming `_links`, or `_embedded` when `_embed` is sent. */
function rootLinksWanted(ctx: RequestContext): boolean {
  const fields = requestedFields(ctx.query._fields) ?? ['_links'];
  if (ctx.query._embed !== undefined) fields.push('_embedded');
  return restIsFieldIncluded('_links', fields) || restIsFieldIncluded('_embedded', fields);
}
