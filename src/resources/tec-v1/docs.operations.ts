import { ALLOWED_STATUS, definitionExample } from './docs.definitions.js';
import {
  arrayOf,
  boolean,
  dateTime,
  definitionParam,
  positiveInteger,
  renderHeaders,
  renderParameter,
  schemaOf,
  schemaRef,
  text,
  type Param,
} from './docs.parameters.js';

/**
 * The `tec/v1` endpoints as the OpenAPI document describes them: each endpoint's path and its
 * operations (common's OpenAPI_Schema, built by TEC's Events/REST/TEC/V1/Endpoints and common's
 * OpenApiDocs), in the plugin's registration order. Declarations only; render* prints them.
 */

/** A tag (Tag_Interface): name, description and the priority the document sorts tags by. */
export interface Tag {
  name: string;
  description: string;
  priority: number;
}

export const EVENTS_TAG: Tag = { name: 'Events', description: 'These operations are introduced by The Events Calendar.', priority: 1 };
export const COMMON_TAG: Tag = { name: 'Common', description: 'These operations are introduced by the Common library.', priority: 1000 };

export interface OperationResponse {
  code: number;
  description: string;
  headers?: readonly Param[];
  /** The `application/json` content: an array of definitions or one definition. */
  content?: Param;
}

export interface Operation {
  summary: string;
  description: string;
  operationId: string;
  tags: readonly Tag[];
  pathParams?: readonly Param[];
  queryParams?: readonly Param[];
  /** A RequestBodyCollection holding one Definition_Parameter: its description and definition. */
  requestBody?: { description: string; definition: string };
  /** Writes need credentials: the operation lists BasicAuth as its security. */
  privileged?: boolean;
  responses: readonly OperationResponse[];
}

/** One endpoint: its OpenAPI path and operations by lower-case method, in get/post/put/delete order. */
export interface EndpointDocs {
  path: string;
  operations: Partial<Record<'get' | 'post' | 'put' | 'delete', Operation>>;
}

/** What differs from events to venues and organizers in their endpoints' documentation. */
interface PostKind {
  /** `event`, `organizer`, `venue`. */
  singular: string;
  plural: string;
  /** `Event`, `Organizer`, `Venue`: operation ids and titles. */
  title: string;
  definition: string;
  requestBodyDefinition: string;
  /** The list's summary: TEC says "Retrieve Events" but "Get organizers". */
  listSummary: string;
  listParams: (postsPerPage: number) => Param[];
  /** "an" or "a", as the operation summaries read. */
  article: string;
}

export const LINK_HEADER_DESCRIPTION =
  'RFC 5988 Link header for pagination. Contains navigation links with relationships:\n\t\t\t\t`rel="next"` for the next page (if not on last page),\n\t\t\t\t`rel="prev"` for the previous page (if not on first page).\n\t\t\t\tHeader is omitted entirely if there\'s only one page';

/** The page parameters every list starts with; `per_page` defaults to the site's posts_per_page. */
export function pageParams(postsPerPage: number): Param[] {
  return [
    positiveInteger('page', 'The collection page number.', { default: 1, minimum: 1 }),
    positiveInteger('per_page', 'Maximum number of items to be returned in result set.', { default: postsPerPage, minimum: 1, maximum: 100 }),
  ];
}

const statusParam = (plural: string) =>
  arrayOf('status', `Limit result set to ${plural} with specific status.`, { kind: 'text' }, { enum: ALLOWED_STATUS, default: ['publish'] });

function eventListParams(postsPerPage: number): Param[] {
  const ids = (name: string, description: string) => arrayOf(name, description, { kind: 'positive-integer' });
  return [
    ...pageParams(postsPerPage),
    dateTime('start_date', 'Limit events to those starting after the specified date.'),
    dateTime('end_date', 'Limit events to those ending before the specified date.'),
    text('search', 'Limit results to those matching a string.'),
    ids('categories', 'Limit result set to events assigned specific categories.'),
    ids('tags', 'Limit result set to events assigned specific tags.'),
    ids('venue', 'Limit result set to events assigned to specific venues.'),
    ids('organizer', 'Limit result set to events assigned to specific organizers.'),
    boolean('featured', 'Limit result set to featured events only.'),
    statusParam('events'),
    positiveInteger('post_parent', 'Limit result set to events with specific post parent.'),
    dateTime('starts_before', 'Limit result set to events starting before the specified date.'),
    dateTime('starts_after', 'Limit result set to events starting after the specified date.'),
    dateTime('ends_before', 'Limit result set to events ending before the specified date.'),
    dateTime('ends_after', 'Limit result set to events ending after the specified date.'),
    boolean('ticketed', 'Limit result set to events with tickets.'),
    text('orderby', 'Sort collection by event attribute.', { default: 'event_date', enum: ['date', 'event_date', 'title', 'menu_order', 'modified'] }),
    text('order', 'Order sort attribute ascending or descending.', { default: 'ASC', enum: ['ASC', 'DESC'] }),
  ];
}

/** Venues and organizers filter their lists alike. */
function linkedPostListParams(plural: string): (postsPerPage: number) => Param[] {
  return (postsPerPage) => [
    ...pageParams(postsPerPage),
    text('search', 'Limit results to those matching a string.'),
    positiveInteger('event', `Limit result set to ${plural} with specific event.`),
    boolean('has_events', `Limit result set to ${plural} with events.`),
    boolean('only_with_upcoming', `Limit result set to ${plural} with upcoming events.`),
    statusParam(plural),
  ];
}

const KINDS: readonly PostKind[] = [
  { singular: 'event', plural: 'events', title: 'Event', article: 'an', definition: 'Event', requestBodyDefinition: 'Event_Request_Body', listSummary: 'Retrieve Events', listParams: eventListParams },
  {
    singular: 'organizer',
    plural: 'organizers',
    title: 'Organizer',
    article: 'an',
    definition: 'Organizer',
    requestBodyDefinition: 'Organizer_Request_Body',
    listSummary: 'Get organizers',
    listParams: linkedPostListParams('organizers'),
  },
  {
    singular: 'venue',
    plural: 'venues',
    title: 'Venue',
    article: 'a',
    definition: 'Venue',
    requestBodyDefinition: 'Venue_Request_Body',
    listSummary: 'Get venues',
    listParams: linkedPostListParams('venues'),
  },
];

/** A PathArgumentCollection's `id`: in the path, always required. */
export const idParam = (singular: string) => positiveInteger('id', `Unique identifier for the ${singular}.`, { location: 'path', required: true });

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

function collectionEndpoint(kind: PostKind, postsPerPage: number): EndpointDocs {
  const { singular, plural, title } = kind;
  return {
    path: `/${plural}`,
    operations: {
      get: {
        summary: kind.listSummary,
        description: `Returns a list of ${plural}`,
        operationId: `get${capitalized(plural)}`,
        tags: [EVENTS_TAG],
        queryParams: kind.listParams(postsPerPage),
        responses: [
          {
            code: 200,
            description: `Returns the list of ${plural}`,
            headers: [
              positiveInteger('X-WP-Total', `The total number of ${plural} matching the request.`, { required: true }),
              positiveInteger('X-WP-TotalPages', 'The total number of pages for the request.', { required: true }),
              arrayOf('Link', LINK_HEADER_DESCRIPTION, { kind: 'uri' }),
            ],
            content: arrayOf(title, undefined, { definition: kind.definition }),
          },
          { code: 400, description: 'A required parameter is missing or an input parameter is in the wrong format' },
          { code: 404, description: 'The requested page was not found' },
        ],
      },
      post: {
        summary: `Create ${kind.article} ${title}`,
        description: `Creates a new ${singular}`,
        operationId: `create${title}`,
        tags: [EVENTS_TAG],
        requestBody: { description: `The ${singular} data to create.`, definition: kind.requestBodyDefinition },
        privileged: true,
        responses: [
          { code: 201, description: `${title} created successfully`, content: definitionParam(kind.definition) },
          { code: 400, description: 'Invalid request data' },
          { code: 401, description: 'You are not logged in' },
          { code: 403, description: `You do not have permission to create ${plural}` },
          { code: 500, description: `Failed to create the ${singular}` },
        ],
      },
    },
  };
}

function entityEndpoint(kind: PostKind): EndpointDocs {
  const { singular, title } = kind;
  const notFound = { code: 404, description: `The requested ${singular} was not found` };
  return {
    path: `/${kind.plural}/{id}`,
    operations: {
      get: {
        summary: `Retrieve ${kind.article} ${title}`,
        description: `Returns a single ${singular}`,
        operationId: `get${title}`,
        tags: [EVENTS_TAG],
        pathParams: [idParam(singular)],
        queryParams: [],
        responses: [{ code: 200, description: `Returns the ${singular}`, content: definitionParam(kind.definition) }, notFound],
      },
      put: {
        summary: `Update ${kind.article} ${title}`,
        description: `Updates an existing ${singular}`,
        operationId: `update${title}`,
        tags: [EVENTS_TAG],
        pathParams: [idParam(singular)],
        requestBody: { description: `The ${singular} data to update.`, definition: kind.requestBodyDefinition },
        privileged: true,
        responses: [
          { code: 200, description: `${title} updated successfully`, content: definitionParam(kind.definition) },
          { code: 400, description: 'Invalid request data' },
          { code: 401, description: 'You are not logged in' },
          { code: 403, description: `You do not have permission to update this ${singular}` },
          notFound,
          { code: 500, description: `Failed to update the ${singular}` },
        ],
      },
      delete: {
        summary: `Delete ${kind.article} ${title}`,
        description: `Deletes an existing ${singular}`,
        operationId: `delete${title}`,
        tags: [EVENTS_TAG],
        pathParams: [idParam(singular)],
        // Post_Entity_Endpoint::delete_params.
        queryParams: [boolean('force', 'Whether to bypass Trash and force deletion.', { required: false, default: false })],
        privileged: true,
        responses: [
          { code: 200, description: `${title} deleted successfully` },
          { code: 401, description: 'You are not logged in' },
          { code: 403, description: `You do not have permission to delete this ${singular}` },
          notFound,
          { code: 410, description: `The ${singular} has already been trashed` },
          { code: 500, description: `Failed to delete the ${singular}` },
          { code: 501, description: `The ${singular} does not support trashing. Set force=true to delete` },
        ],
      },
    },
  };
}

const DOCS_DESCRIPTION = 'Returns the documentation for The Events Calendar REST API in Swagger consumable format.';

/** Common's OpenApiDocs endpoint: the document itself. */
const docsEndpoint: EndpointDocs = {
  path: '/docs',
  operations: {
    get: {
      summary: 'Get the documentation for the TEC REST API',
      description: DOCS_DESCRIPTION,
      operationId: 'getOpenApiDocs',
      tags: [COMMON_TAG],
      queryParams: [],
      responses: [{ code: 200, description: DOCS_DESCRIPTION, content: definitionParam('OpenApiDocumentation') }],
    },
  },
};

/**
 * Every endpoint in registration order: TEC's (each kind's collection, then its single entity),
 * then common's /docs. `postsPerPage` is the site's `posts_per_page`, the lists' default page size.
 */
export function endpointDocs(postsPerPage: number): EndpointDocs[] {
  return [...KINDS.flatMap((kind) => [collectionEndpoint(kind, postsPerPage), entityEndpoint(kind)]), docsEndpoint];
}

/** Every tag an endpoint names, by priority. */
export function tagsOf(endpoints: readonly EndpointDocs[]): Tag[] {
  const tags = new Map<string, Tag>();
  for (const endpoint of endpoints) {
    for (const operation of Object.values(endpoint.operations)) for (const tag of operation.tags) tags.set(tag.name, tag);
  }
  return [...tags.values()].sort((a, b) => a.priority - b.priority);
}

function renderResponse(response: OperationResponse): Record<string, unknown> {
  const rendered: Record<string, unknown> = { description: response.description };
  if (response.headers) rendered.headers = renderHeaders(response.headers);
  if (response.content) rendered.content = { 'application/json': { schema: schemaOf(response.content) } };
  return rendered;
}

/** OpenAPI_Schema::to_array(): summary, security, description, id, tags, body, parameters, responses. */
export function renderOperation(operation: Operation): Record<string, unknown> {
  const rendered: Record<string, unknown> = {
    summary: operation.summary,
    security: operation.privileged ? [{ BasicAuth: [] }] : [],
    description: operation.description,
    operationId: operation.operationId,
    tags: operation.tags.map((tag) => tag.name),
  };
  if (operation.requestBody) {
    rendered.requestBody = {
      description: operation.requestBody.description,
      required: true,
      content: { 'application/json': { schema: schemaRef(operation.requestBody.definition), example: definitionExample(operation.requestBody.definition) } },
    };
  }
  rendered.parameters = [...(operation.pathParams ?? []), ...(operation.queryParams ?? [])].map(renderParameter);
  // Codes are integer keys, so an object lists them ascending, as PHP's insertion order does here.
  rendered.responses = Object.fromEntries(operation.responses.map((response) => [String(response.code), renderResponse(response)]));
  return rendered;
}
