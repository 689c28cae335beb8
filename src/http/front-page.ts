import type Koa from 'koa';
import type { SiteUrls } from '../wp/site/urls.js';

/**
 * What `GET /` and `HEAD /` answer. WordPress's front end sends every page with
 * rest_output_link_header()'s `Link: <get_rest_url()>; rel="https://api.w.org/"`, and discovery
 * clients (wpapi's `WPAPI.discover(siteUrl)`) start from the site's address, read that header and
 * go on to the REST root. The service has no pages to render, so the body only says where the API is.
 */
export function answerFrontPage(ctx: Koa.Context, urls: SiteUrls, namespaces: readonly string[]): void {
  ctx.set('Link', `<${urls.restRoot}>; rel="https://api.w.org/"`);
  ctx.type = 'text/plain; charset=UTF-8';
  ctx.body = [
    `calendar-sidecar serves The Events Calendar's REST API for ${urls.home}.`,
    `REST root: ${urls.restRoot}`,
    ...namespaces.map((namespace) => `Namespace: ${urls.restRoot}${namespace}`),
    '',
  ].join('\n');
}

/**
 * A front-end page of the site this service does not serve (it renders no HTML): 404, naming the
 * site and what the service does answer there, so a proxy rule that sends it more than TEC's iCal
 * exports shows at once.
 */
export function answerPageNotServed(ctx: Koa.Context, urls: SiteUrls): void {
  ctx.status = 404;
  ctx.type = 'text/plain; charset=UTF-8';
  ctx.body = [
    `Not found: calendar-sidecar does not render the pages of ${urls.home}.`,
    `It answers The Events Calendar's iCal exports there (URLs with ?ical=1 or ?outlook-ical=1, and TEC's /ical/ paths) and the REST API at ${urls.restRoot}.`,
    'Send this page to WordPress instead (see docs/ical.md for the proxy rules).',
    '',
  ].join('\n');
}
