import Koa from 'koa';
import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { wordpressGlobalParams } from '../../../src/http/global-params.js';

/** The middleware around a handler answering a fixed JSON document, as the REST routes do. */
function agentAnswering(data: unknown) {
  const app = new Koa();
  app.use(wordpressGlobalParams());
  app.use((ctx) => {
    ctx.type = 'application/json; charset=UTF-8';
    ctx.body = JSON.stringify(data);
  });
  return supertest(app.callback());
}

const EVENT = { id: 7, title: 'Gig', venue: { id: 3, venue: 'Hall' }, cost: '' };

describe('_fields (rest_filter_response_fields)', () => {
  it('reads a CSV as wp_parse_list splits it', async () => {
    const response = await agentAnswering(EVENT).get('/?_fields=id,+title');
    expect(response.body).toEqual({ id: 7, title: 'Gig' });
  });

  it('reads `_fields[]=` repeated as a list, as PHP fills $_GET', async () => {
    const response = await agentAnswering(EVENT).get('/?_fields[]=id&_fields[]=venue.venue');
    expect(response.body).toEqual({ id: 7, venue: { venue: 'Hall' } });
  });

  it('keeps the last of a repeated plain `_fields`', async () => {
    const response = await agentAnswering(EVENT).get('/?_fields=id&_fields=title');
    expect(response.body).toEqual({ title: 'Gig' });
  });

  it('leaves the answer whole when no field is named', async () => {
    const response = await agentAnswering(EVENT).get('/?_fields=,');
    expect(response.body).toEqual(EVENT);
  });

  // The three below follow rest_filter_response_fields and _rest_array_intersect_key_recursive
  // line by line (wp-includes/rest-api.php).
  it("stops reading names at a sub-field of a parent named whole (core's `break 2`)", async () => {
    const response = await agentAnswering(EVENT).get('/?_fields=venue,venue.id,title');
    expect(response.text).toBe('{"venue":{"id":3,"venue":"Hall"}}');
  });

  it('walks into the items a numeric name keeps of a list', async () => {
    const data = { id: 7, venues: [{ id: 3, title: 'Hall' }, { id: 4, title: 'Club' }] };
    expect((await agentAnswering(data).get('/?_fields=venues.1.title')).text).toBe('{"venues":{"1":{"title":"Club"}}}');
    expect((await agentAnswering(data).get('/?_fields=venues.0.title')).text).toBe('{"venues":[{"title":"Hall"}]}');
    expect((await agentAnswering(data).get('/?_fields=venues.title')).text).toBe('{"venues":[]}');
  });

  it("prints an array left with no keys as PHP's empty array, `[]`", async () => {
    expect((await agentAnswering(EVENT).get('/?_fields=venue.city,id')).text).toBe('{"id":7,"venue":[]}');
    expect((await agentAnswering(EVENT).get('/?_fields=nothing')).text).toBe('[]');
  });

  it('matches no name against what every object inherits', async () => {
    expect((await agentAnswering(EVENT).get('/?_fields=constructor,id')).text).toBe('{"id":7}');
    expect((await agentAnswering(EVENT).get('/?_fields=constructor.name,toString')).text).toBe('[]');
  });
});
