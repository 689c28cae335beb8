import type { HttpMethod } from '../../http/rest-route.js';

/*
 * What Event Tickets' /doc says of each path, in the order its providers register (Tickets
 * Commerce's gateways, whose documentation is empty, then REST/V1/Service_Provider's endpoints).
 * The parameters are read from the routes' declared arguments (docs.document.ts); the rest is the
 * endpoints' static get_documentation().
 */

/** One operation: the endpoint its parameters come from and where they go, and its static parts. */
export interface TicketsDocOperation {
  summary?: string;
  consumes?: readonly string[];
  /** The endpoint (route pattern, method) whose arguments are swaggerized, with their `in` default. */
  parameters?: { pattern: string; method: HttpMethod; in: string };
  responses: Record<string, unknown>;
}

/** A path's operations by lower-case method; `[]` for a provider that documents nothing. */
export type TicketsDocPath = Readonly<Record<string, TicketsDocOperation>> | readonly [];

const jsonBody = (description: string, schema: unknown) => ({ description, content: { 'application/json': { schema } } });
const objectBody = (description: string) => jsonBody(description, { type: 'object' });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** An archive's 200 body: its REST URL, totals and the list under `key`. */
function archiveBody(description: string, key: string, item: string) {
  return jsonBody(description, {
    type: 'object',
    properties: {
      rest_url: { type: 'string', format: 'uri', description: 'This results page REST URL' },
      total: { type: 'integer', description: 'The total number of results across all pages' },
      total_pages: { type: 'integer', description: 'The total number of result pages matching the search criteria' },
      [key]: { type: 'array', items: ref(item) },
    },
  });
}

/** The cart's 200 body (GET and POST alike). */
function cartBody(description: string) {
  return jsonBody(description, {
    type: 'object',
    properties: {
      tickets: { type: 'array', description: 'The list of tickets and their quantities in the cart' },
      meta: { type: 'array', description: 'The list of meta for each ticket item in the cart' },
      cart_url: { type: 'string', description: 'The provider cart URL' },
      checkout_url: { type: 'string', description: 'The provider checkout URL' },
    },
  });
}

const NO_TICKETS = { description: 'The post does not have any tickets' };

/** Every documented path, in registration order, keyed as the document shows it. */
export const TICKETS_DOC_PATHS: ReadonlyArray<readonly [string, TicketsDocPath]> = [
  ['/commerce/square/order', []],
  ['/commerce/stripe/order', []],
  ['/commerce/stripe/return', []],
  ['/commerce/stripe/webhook', []],
  ['/commerce/paypal/on-boarding', []],
  ['/commerce/paypal/order', []],
  ['/commerce/free/order', []],
  [
    '/tickets/{id}',
    {
      get: {
        summary: 'Returns a single ticket data',
        parameters: { pattern: '/tickets/(?P<id>\\d+)', method: 'GET', in: 'query' },
        responses: {
          200: jsonBody('Returns the data of the ticket with the specified post ID', ref('Ticket')),
          400: objectBody('The ticket post ID is invalid.'),
          401: objectBody('The ticket with the specified ID is not accessible.'),
          404: objectBody('A ticket with the specified ID does not exist.'),
        },
      },
    },
  ],
  [
    '/tickets',
    {
      get: {
        parameters: { pattern: '/tickets', method: 'GET', in: 'query' },
        responses: {
          200: archiveBody('Returns all the tickets matching the search criteria', 'tickets', 'Ticket'),
          400: objectBody('One or more of the specified query variables has a bad format'),
          404: objectBody('The requested page was not found.'),
        },
      },
    },
  ],
  [
    '/attendees/{id}',
    {
      get: {
        parameters: { pattern: '/attendees/(?P<id>\\d+)', method: 'GET', in: 'query' },
        responses: {
          200: jsonBody('Returns the data of the attendee with the specified post ID', ref('Attendee')),
          400: objectBody('The attendee post ID is invalid.'),
          401: objectBody('The attendee with the specified ID is not accessible.'),
          404: objectBody('An attendee with the specified ID does not exist.'),
        },
      },
    },
  ],
  [
    '/attendees',
    {
      get: {
        parameters: { pattern: '/attendees', method: 'GET', in: 'query' },
        responses: {
          200: archiveBody('Returns all the attendees matching the search criteria', 'attendees', 'Attendee'),
          400: objectBody('One or more of the specified query variables has a bad format'),
          404: objectBody('The requested page was not found.'),
        },
      },
    },
  ],
  [
    '/cart',
    {
      get: {
        parameters: { pattern: '/cart', method: 'GET', in: 'query' },
        responses: { 200: cartBody('Returns the list of tickets in the cart'), 403: NO_TICKETS },
      },
      post: {
        consumes: ['application/x-www-form-urlencoded'],
        parameters: { pattern: '/cart', method: 'POST', in: 'formData' },
        responses: {
          200: cartBody('Returns the updated list of tickets in the cart and cart details'),
          400: objectBody('The post ID is invalid.'),
          403: NO_TICKETS,
        },
      },
    },
  ],
  ['/doc', { get: { responses: { 200: { description: 'Returns the documentation for Event Tickets REST API in Swagger consumable format.' } } } }],
];
