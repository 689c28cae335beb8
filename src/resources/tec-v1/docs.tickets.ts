import type { EndpointDocs, Tag } from './docs.operations.js';
import { LINK_HEADER_DESCRIPTION, pageParams } from './docs.operations.js';
import { arrayOf, boolean, definitionParam, positiveInteger, text, type Param } from './docs.parameters.js';

/*
 * What Event Tickets adds to the `tec/v1` OpenAPI document where it serves its ticket routes
 * (TEC\Tickets\REST\TEC\V1: Tickets_Tag and the Tickets / Ticket endpoints' schemas; its
 * Ticket_Definition and Ticket_Request_Body_Definition are docs.definitions.ts's TICKET_DEFINITIONS).
 * Its controller registers before TEC's, so its paths come first.
 */

export const TICKETS_TAG: Tag = { name: 'Tickets', description: 'These operations are introduced by Event Tickets.', priority: 10 };

const BAD_INPUT = { code: 400, description: 'A required parameter is missing or an input parameter is in the wrong format' };
const UNAUTHORIZED = { code: 401, description: 'The request was not authorized' };
const NOT_FOUND = { code: 404, description: 'The ticket does not exist' };
const TICKET_BODY = definitionParam('Ticket');
const ticketId = () => positiveInteger('id', 'The ID of the ticket', { location: 'path', required: true });

/** Tickets::read_params. */
function listParams(postsPerPage: number): Param[] {
  return [
    ...pageParams(postsPerPage),
    text('search', 'Limit results to those matching a string.'),
    positiveInteger('event', 'Limit result set to tickets assigned to specific events.'),
    text('orderby', 'Sort collection by attribute.', { default: 'date', enum: ['date', 'id', 'include', 'relevance', 'slug', 'include_slugs', 'title'] }),
    text('order', 'Order sort attribute ascending or descending.', { default: 'desc', enum: ['asc', 'desc'] }),
    text('status', 'Limit result set to tickets assigned one or more statuses.', { default: 'publish' }),
    arrayOf('include', 'Limit result set to specific IDs.', { kind: 'positive-integer' }),
    arrayOf('exclude', 'Ensure result set excludes specific IDs.', { kind: 'positive-integer' }),
    boolean('show_hidden', 'Include tickets marked as hidden from view.'),
  ];
}

/** GET and POST /tickets, then GET, PUT and DELETE /tickets/{id} (Tickets, Ticket). */
export function ticketEndpointDocs(postsPerPage: number): EndpointDocs[] {
  const tags = [TICKETS_TAG];
  return [
    {
      path: '/tickets',
      operations: {
        get: {
          summary: 'Retrieve Tickets',
          description: 'Returns a list of tickets',
          operationId: 'getTickets',
          tags,
          queryParams: listParams(postsPerPage),
          responses: [
            {
              code: 200,
              description: 'Returns the list of tickets',
              headers: [
                positiveInteger('X-WP-Total', 'The total number of tickets matching the request.', { required: true }),
                positiveInteger('X-WP-TotalPages', 'The total number of pages for the request.', { required: true }),
                arrayOf('Link', LINK_HEADER_DESCRIPTION, { kind: 'uri' }),
              ],
              content: arrayOf('Ticket', undefined, { definition: 'Ticket' }),
            },
            BAD_INPUT,
            { code: 404, description: 'The requested page was not found' },
          ],
        },
        post: {
          summary: 'Create a Ticket',
          description: 'Create a new ticket',
          operationId: 'createTicket',
          tags,
          requestBody: { description: 'The ticket data to create.', definition: 'Ticket_Request_Body' },
          privileged: true,
          responses: [
            { code: 201, description: 'Returns the created ticket', content: TICKET_BODY },
            BAD_INPUT,
            UNAUTHORIZED,
            { code: 500, description: 'Failed to create the ticket' },
          ],
        },
      },
    },
    {
      path: '/tickets/{id}',
      operations: {
        get: {
          summary: 'Retrieve a Ticket',
          description: 'Retrieve a ticket by ID',
          operationId: 'getTicket',
          tags,
          pathParams: [ticketId()],
          queryParams: [],
          responses: [{ code: 200, description: 'Returns the ticket', content: TICKET_BODY }, { code: 400, description: 'The ticket ID is invalid' }, NOT_FOUND],
        },
        put: {
          summary: 'Update a Ticket',
          description: 'Update a ticket by ID',
          operationId: 'updateTicket',
          tags,
          pathParams: [ticketId()],
          requestBody: { description: 'The ticket data to update.', definition: 'Ticket_Request_Body' },
          privileged: true,
          responses: [
            { code: 200, description: 'Returns the updated ticket', content: TICKET_BODY },
            BAD_INPUT,
            UNAUTHORIZED,
            NOT_FOUND,
            { code: 500, description: 'Failed to update the ticket' },
          ],
        },
        delete: {
          summary: 'Delete a Ticket',
          description: 'Move a ticket to the trash',
          operationId: 'deleteTicket',
          tags,
          pathParams: [ticketId()],
          queryParams: [boolean('force', 'Whether to bypass Trash and force deletion.', { required: false, default: false })],
          privileged: true,
          responses: [
            { code: 200, description: 'Returns the trashed ticket', content: TICKET_BODY },
            UNAUTHORIZED,
            NOT_FOUND,
            { code: 410, description: 'The ticket has already been trashed' },
            { code: 500, description: 'Failed to delete the ticket' },
            { code: 501, description: 'The ticket does not support trashing. Set force=true to delete' },
          ],
        },
      },
    },
  ];
}
