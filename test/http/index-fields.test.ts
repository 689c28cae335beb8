import { describe, expect, it } from 'vitest';
import { agentFor, fileDatabase } from './support.js';

/*
 * `_fields` on the REST root and the namespace indexes, derived from WordPress core
 * (wp-includes/rest-api/class-wp-rest-server.php, rest-api.php):
 * - serve_request runs `rest_post_dispatch`, whose rest_filter_response_fields filters the
 *   response's data, and only then response_to_data, which adds the response's links as `_links`.
 * - get_namespace_index adds its `up` link always, so a namespace index keeps `_links` (last)
 *   whatever `_fields` names.
 * - get_index adds its `help` link only when `_fields` names nothing, names `_links`, or (with
 *   `_embed`) `_embedded`; the `help` link is not embeddable, so `_embed` adds no `_embedded`.
 */

const site = fileDatabase('schema');
const agent = () => agentFor(site.database, { env: { NAMESPACES: 'calendar/events/v1,tec/v1' } });
const UP = { up: [{ href: 'http://127.0.0.1:8080/wp-json/' }] };
const HELP = { help: [{ href: 'https://developer.wordpress.org/rest-api/' }] };

describe('a namespace index under _fields keeps its `up` link', () => {
  it.each(['tec/v1', 'calendar/events/v1'])('%s', async (namespace) => {
    const response = await agent().get(`/wp-json/${namespace}?_fields=namespace`);
    expect(response.status).toBe(200);
    expect(response.text).toBe(JSON.stringify({ namespace, _links: UP }));
  });

  it('after the parts of the routes named, and alone when only it is named', async () => {
    const routes = await agent().get('/wp-json/tec/v1?_fields=routes./tec/v1/venues.methods');
    expect(routes.body).toEqual({ routes: { '/tec/v1/venues': { methods: ['GET', 'POST'] } }, _links: UP });
    expect(Object.keys(routes.body as object)).toEqual(['routes', '_links']);
    expect((await agent().get('/wp-json/tec/v1?_fields=_links')).text).toBe(JSON.stringify({ _links: UP }));
    expect((await agent().get('/wp-json/tec/v1?_fields=nothing')).text).toBe(JSON.stringify({ _links: UP }));
  });

  it('inside an envelope too', async () => {
    const response = await agent().get('/wp-json/tec/v1?_fields=namespace&_envelope');
    expect((response.body as { body: unknown }).body).toEqual({ namespace: 'tec/v1', _links: UP });
  });
});

describe('the REST root under _fields has its `help` link only when asked for', () => {
  it('not for other fields', async () => {
    expect((await agent().get('/wp-json/?_fields=timezone_string')).body).toEqual({ timezone_string: 'UTC' });
  });

  it('for `_links`, or for anything with `_embed`', async () => {
    expect((await agent().get('/wp-json/?_fields=timezone_string,_links')).body).toEqual({ timezone_string: 'UTC', _links: HELP });
    expect((await agent().get('/wp-json/?_fields=timezone_string&_embed=1')).body).toEqual({ timezone_string: 'UTC', _links: HELP });
  });
});
