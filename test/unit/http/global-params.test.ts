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
});
