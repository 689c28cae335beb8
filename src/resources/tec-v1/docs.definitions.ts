import {
  arrayOf,
  boolean,
  dateTime,
  definitionParam,
  email,
  entity,
  exampleOf,
  positiveInteger,
  renderProperties,
  schemaRef,
  text,
  uri,
  type Param,
} from './docs.parameters.js';

/**
 * The `tec/v1` OpenAPI definitions (`components.schemas`): common's Documentation/*_Definition
 * and TEC's Events/REST/TEC/V1/Documentation, each a type name, a priority (the document lists
 * them by priority, equal ones in registration order) and its documentation, whose `properties`
 * are parameter declarations (docs.parameters.ts) or, for the document's own schemas, plain JSON.
 */
export interface Definition {
  type: string;
  priority: number;
  documentation: () => DefinitionDocument;
}

/** A definition's documentation: JSON, except that `properties` may be declared parameters. */
export type DefinitionDocument = { [key: string]: unknown; properties?: readonly Param[] | Record<string, unknown>; allOf?: readonly DefinitionDocument[] };

/** Post_Entity_Endpoint::ALLOWED_STATUS. */
export const ALLOWED_STATUS = ['publish', 'pending', 'draft', 'future', 'private'] as const;

/** WordPress's REST date-time (RFC 3339, `T` or space, optional fraction and offset). */
const RFC3339_PATTERN = '^\\d{4}-\\d{2}-\\d{2}[Tt ]\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?(?:Z|[+-]\\d{2}(?::\\d{2})?)?$';
/** TEC's own `Y-m-d H:i:s`. */
const MYSQL_DATE_TIME_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$';
const POST_FORMATS = ['standard', 'aside', 'chat', 'gallery', 'link', 'image', 'quote', 'status', 'video', 'audio'];

/** The fields a TEC post entity shares in its answer and in a request body, in their order, before `guid`. */
function publishDates(): Param[] {
  return [
    dateTime('date', "The date the entity was published, in the site's timezone. In RFC3339 format.", { example: '2025-06-04T23:36:56+01:00', pattern: RFC3339_PATTERN, nullable: true }),
    dateTime('date_gmt', 'The date the entity was published, as GMT. In RFC3339 format.', { example: '2025-06-04T22:36:56Z', pattern: RFC3339_PATTERN, nullable: true }),
  ];
}

const slug = () => text('slug', 'An alphanumeric identifier for the entity unique to its type', { example: 'my-awesome-title' });
const status = () => text('status', 'A named status for the entity.', { default: 'publish', enum: ALLOWED_STATUS, example: 'publish' });

/** The fields after the content, shared by the answer and the request body. */
function postFieldsAfterContent(): Param[] {
  return [
    positiveInteger('author', 'The ID for the author of the entity.', { example: 1 }),
    positiveInteger('featured_media', 'The ID of the featured media for the entity.', { example: 123 }),
    text('comment_status', 'Whether or not comments are open on the entity.', { default: 'open', enum: ['open', 'closed'], example: 'open' }),
    text('ping_status', 'Whether or not the entity can be pinged', { default: 'open', enum: ['open', 'closed'], example: 'open' }),
    text('format', 'The format for the entity.', { default: 'standard', enum: POST_FORMATS, example: 'standard' }),
    boolean('sticky', 'Whether or not the entity should be treated as sticky', { required: false, default: false, example: false }),
    text('template', 'The theme file to use to display the entity.', { example: 'templates-full.php' }),
    arrayOf('tags', 'The terms assigned to the entity in the post_tag taxonomy', { kind: 'positive-integer' }, { example: [2, 8, 15] }),
  ];
}

/** An entity's rendered text, with or without the `protected` flag. */
function rendered(name: string, description: string, renderedDescription: string, example: string, withProtected: boolean): Param {
  const properties = [text('rendered', renderedDescription, { example })];
  if (withProtected) properties.push(boolean('protected', `Whether the ${name} is protected with a password`, { example: false }));
  return entity(name, description, properties);
}

const tecPostEntity: Definition = {
  type: 'TEC_Post_Entity',
  priority: 0,
  documentation: () => ({
    type: 'object',
    title: 'TEC Post Entity',
    description: 'A TEC post object as returned by the REST API',
    properties: [
      ...publishDates(),
      entity('guid', 'The globally unique identifier for the entity.', [uri('rendered', 'The globally unique identifier for the entity.', { example: 'https://example.com/?p=12345' })], {
        nullable: true,
        readOnly: true,
      }),
      positiveInteger('id', 'Unique identifier for the entity.', { example: 12345, readOnly: true }),
      uri('link', 'URL to the entity.', { example: 'https://example.com/my-awesome-title', readOnly: true }),
      dateTime('modified', "The date the entity was last modified, in the site's timezone. In RFC3339 format.", { example: '2025-06-05T19:06:56-03:30', pattern: RFC3339_PATTERN, readOnly: true }),
      dateTime('modified_gmt', 'The date the entity was last modified, as GMT. In RFC3339 format.', { example: '2025-06-05T22:36:56Z', pattern: RFC3339_PATTERN, readOnly: true }),
      slug(),
      status(),
      text('permalink_template', 'Permalink template for the entity.', { example: 'https://example.com/sample/', readOnly: true }),
      text('generated_slug', 'Slug automatically generated from the entity title', { example: 'my-awesome-title', readOnly: true }),
      // TEC describes the title with the guid's sentence.
      rendered('title', 'The globally unique identifier for the entity.', 'HTML title for the entity, transformed for display', 'My Awesome Title', false),
      rendered('content', 'The content for the entity.', 'HTML content for the entity, transformed for display', 'This is the content...', true),
      rendered('excerpt', 'The excerpt for the entity.', 'HTML excerpt for the entity, transformed for display', 'This is the excerpt...', true),
      ...postFieldsAfterContent(),
    ],
  }),
};

const tecPostEntityRequestBody: Definition = {
  type: 'TEC_Post_Entity_Request_Body',
  priority: 0,
  documentation: () => ({
    title: 'TEC Post Entity Request Body',
    description: 'A TEC post object as expected by the REST API',
    type: 'object',
    properties: [
      ...publishDates(),
      slug(),
      status(),
      text('title', 'HTML title for the entity, transformed for display', { example: 'My Awesome Title' }),
      text('content', 'HTML content for the entity, transformed for display', { example: 'This is the content...' }),
      text('excerpt', 'HTML excerpt for the entity, transformed for display', { example: 'This is the excerpt...' }),
      ...postFieldsAfterContent(),
    ],
  }),
};

const eventDate = (name: string, description: string, example: string) => dateTime(name, description, { example, pattern: MYSQL_DATE_TIME_PATTERN });
const eventCategories = () => arrayOf('tribe_events_cat', 'The terms assigned to the entity in the tribe_events_cat taxonomy', { kind: 'positive-integer' }, { example: [1, 5, 12] });
const eventDates = () => [
  eventDate('start_date', 'The start date of the event', '2025-06-05 12:00:00'),
  eventDate('start_date_utc', 'The start date of the event in UTC', '2025-06-05 09:00:00'),
  eventDate('end_date', 'The end date of the event', '2025-06-05 16:00:00'),
  eventDate('end_date_utc', 'The end date of the event in UTC', '2025-06-05 13:00:00'),
];
const timezone = () => text('timezone', 'The timezone of the event', { example: 'Europe/Athens' });
const duration = () => positiveInteger('duration', 'The duration of the event in seconds', { example: 14400 });
const allDay = () => boolean('all_day', 'Whether the event is all day', { example: false });
const featuredAndSticky = () => [
  boolean('featured', 'Whether the event is featured', { example: false }),
  boolean('sticky', 'Whether the event is sticky', { example: false }),
];
const cost = () => text('cost', 'The cost of the event', { example: '$10' });

/** A definition that extends another (`allOf`: the parent's `$ref`, then its own object). */
export function extending(parent: string, head: Record<string, unknown>, properties: readonly Param[]): DefinitionDocument {
  return { allOf: [schemaRef(parent), { ...head, properties }] };
}

const event: Definition = {
  type: 'Event',
  priority: 1,
  documentation: () =>
    extending('TEC_Post_Entity', { type: 'object', description: 'An event', title: 'Event' }, [
      eventCategories(),
      ...eventDates(),
      definitionParam('DateDetails', 'dates'),
      timezone(),
      duration(),
      boolean('multiday', 'Whether the event is multiday', { example: false }),
      boolean('is_past', 'Whether the event is in the past', { example: false }),
      boolean('is_now', 'Whether the event is happening now', { example: false }),
      allDay(),
      boolean('starts_this_week', 'Whether the event starts this week', { example: false, nullable: true }),
      boolean('ends_this_week', 'Whether the event ends this week', { example: false, nullable: true }),
      boolean('happens_this_week', 'Whether the event happens this week', { example: false, nullable: true }),
      positiveInteger('this_week_duration', 'The duration of the event in the current week', { example: 3600, nullable: true }),
      arrayOf('displays_on', 'The days of the week that the event displays on', { kind: 'date' }, { pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', example: ['2025-06-05'] }),
      ...featuredAndSticky(),
      cost(),
      arrayOf('organizer_names', 'The names of the organizers of the event', { kind: 'text' }, { example: ['John Doe', 'Jane Doe'] }),
      arrayOf('organizers', 'The organizers of the event', { definition: 'Organizer' }),
      arrayOf('venues', 'The venues of the event', { definition: 'Venue' }),
      arrayOf('ticketed', 'Array of ticket providers or false if the event is not ticketed.', { kind: 'text' }, { example: ['tc'] }),
      text('schedule_details', 'The schedule details of the event', { example: '10:00 - 12:00' }),
      text('short_schedule_details', 'The schedule details of the event in HTML', { example: '<p>10:00 - 12:00</p>' }),
    ]),
};

const eventRequestBody: Definition = {
  type: 'Event_Request_Body',
  priority: 1,
  documentation: () =>
    extending('TEC_Post_Entity_Request_Body', { title: 'Event Request Body', description: 'The request body for the event endpoint', type: 'object' }, [
      eventCategories(),
      ...eventDates(),
      timezone(),
      duration(),
      allDay(),
      ...featuredAndSticky(),
      cost(),
      arrayOf('organizers', 'The organizers of the event', { kind: 'positive-integer' }, { example: [1, 2] }),
      arrayOf('venues', 'The venues of the event', { kind: 'positive-integer' }, { example: [7] }),
    ]),
};

const organizerFields = () => [
  text('phone', "The organizer's phone number", { format: 'tel', example: '123-456-7890' }),
  uri('website', "The organizer's website"),
  email('email', "The organizer's email address"),
];

const venueFields = () => [
  text('address', 'The venue address'),
  text('country', 'The venue country'),
  text('city', 'The venue city'),
  text('state_province', 'The venue state/province'),
  text('state', 'The venue state'),
  text('province', 'The venue province'),
  text('zip', 'The venue zip code'),
  text('phone', 'The venue phone number'),
  uri('website', 'The venue website'),
];

const organizerRequestBody: Definition = {
  type: 'Organizer_Request_Body',
  priority: 1,
  documentation: () =>
    extending('TEC_Post_Entity_Request_Body', { type: 'object', title: 'Organizer Request Body', description: 'The request body for the organizer endpoint' }, organizerFields()),
};

const venueRequestBody: Definition = {
  type: 'Venue_Request_Body',
  priority: 1,
  documentation: () =>
    extending('TEC_Post_Entity_Request_Body', { type: 'object', title: 'Venue Request Body', description: 'The request body for the venue endpoint' }, venueFields()),
};

const organizer: Definition = {
  type: 'Organizer',
  priority: 2,
  documentation: () => extending('TEC_Post_Entity', { type: 'object', title: 'Organizer', description: 'An organizer' }, organizerFields()),
};

const venue: Definition = {
  type: 'Venue',
  priority: 3,
  documentation: () =>
    extending('TEC_Post_Entity', { title: 'Venue', description: 'A venue', type: 'object' }, [...venueFields(), uri('directions_link', 'The venue directions link')]),
};

const date: Definition = {
  type: 'Date',
  priority: 9,
  documentation: () => ({
    type: 'object',
    properties: [
      dateTime('date', 'The date', { example: '2025-07-10 08:00:00.000000', pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{6}$', required: true }),
      positiveInteger('timezone_type', 'The timezone type', { example: 1, required: true }),
      text('timezone', 'The timezone of the date', { example: 'Europe/Athens', required: true }),
    ],
  }),
};

const dateDetails: Definition = {
  type: 'DateDetails',
  priority: 10,
  documentation: () => ({
    type: 'object',
    properties: ['start', 'start_utc', 'start_site', 'start_display', 'end', 'end_utc', 'end_site', 'end_display'].map((name) => definitionParam('Date', name)),
  }),
};

const str = (description: string, extra: Record<string, unknown> = {}) => ({ type: 'string', description, ...extra });

/** OpenApi_Definition: the document's own shape, plain JSON. */
const openApiDocumentation: Definition = {
  type: 'OpenApiDocumentation',
  priority: 1000000,
  documentation: () => ({
    type: 'object',
    properties: {
      openapi: str('The OpenAPI version.'),
      info: {
        type: 'object',
        description: 'The API info.',
        properties: {
          title: str('The API title.'),
          version: str('The TEC REST API version.'),
          description: str('The API description.'),
          contact: {
            type: 'object',
            description: 'The API contact.',
            properties: { name: str('The name of the contact.'), email: str('The email of the contact.', { format: 'email' }) },
          },
        },
      },
      components: { type: 'object', description: 'The OpenAPI components.', properties: { schemas: { type: 'object', description: 'The OpenAPI schemas.' } } },
      servers: {
        type: 'array',
        description: 'The OpenAPI servers.',
        items: { type: 'object', description: 'A server.', properties: { url: str('The server URL.', { format: 'uri' }) } },
      },
      paths: { type: 'object', description: 'The OpenAPI paths.', properties: { OpenApiPath: schemaRef('OpenApiPath') } },
    },
  }),
};

const obj = (description: string, properties?: Record<string, unknown>) => ({ type: 'object', description, ...(properties ? { properties } : {}) });

/** OpenApi_Path_Definition: a path's GET operation, plain JSON. */
const openApiPath: Definition = {
  type: 'OpenApiPath',
  priority: 10000000,
  documentation: () => ({
    type: 'object',
    properties: {
      get: obj('The GET method for the path.', {
        description: str('The description of the GET method.'),
        parameters: {
          type: 'array',
          description: 'The parameters of the GET method.',
          items: obj('A parameter.', {
            name: str('The name of the parameter.'),
            in: str('The location of the parameter.'),
            required: { type: 'boolean', description: 'Whether the parameter is required.' },
            schema: obj('The schema of the parameter.'),
          }),
        },
        responses: obj('The responses of the GET method.', {
          200: obj('The response for the GET method.', {
            content: obj('The content of the response.', {
              'application/json': obj('The JSON content of the response.', {
                schema: obj('The schema of the content.', { type: str('The type of the content.') }),
              }),
            }),
          }),
        }),
      }),
    },
  }),
};

const SALE_DATE_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2}$';
const SALE_WINDOW_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$';

type ParamOptions = Omit<Param, 'kind' | 'name' | 'description'>;
const number = (name: string, description: string, options: ParamOptions = {}): Param => ({ kind: 'number', name, description, ...options });
const dateParam = (name: string, description: string, options: ParamOptions = {}): Param => ({ kind: 'date', name, description, ...options });
const integer = (name: string, description: string, options: ParamOptions = {}): Param => ({ kind: 'integer', name, description, ...options });

const EVENT_DESCRIPTION = 'The ID of the post this ticket is associated with. Normally an event-like post.';

const ticket: Definition = {
  type: 'Ticket',
  priority: 10,
  documentation: () =>
    extending('TEC_Post_Entity', { type: 'object', description: 'A ticket', title: 'Ticket' }, [
      text('description', 'The description of the ticket', { example: 'This is a description of the ticket' }),
      boolean('on_sale', 'Whether the ticket is on sale', { nullable: true, example: true }),
      number('sale_price', 'The sale price of the ticket', { nullable: true, example: 20 }),
      number('price', 'The price of the ticket', { example: 25 }),
      number('regular_price', 'The regular price of the ticket', { example: 25 }),
      boolean('show_description', 'Whether to show the ticket description', { example: true }),
      dateTime('start_date', 'The start sale date of the ticket', { nullable: true, pattern: SALE_WINDOW_PATTERN, example: '2025-05-01 00:00:00' }),
      dateTime('end_date', 'The end sale date of the ticket', { nullable: true, pattern: SALE_WINDOW_PATTERN, example: '2025-06-04 23:59:59' }),
      dateParam('sale_price_start_date', 'The start date for the sale price', { nullable: true, pattern: SALE_DATE_PATTERN, example: '2025-06-01' }),
      dateParam('sale_price_end_date', 'The end date for the sale price', { nullable: true, pattern: SALE_DATE_PATTERN, example: '2025-06-30' }),
      positiveInteger('event', EVENT_DESCRIPTION, { example: 123 }),
      boolean('manage_stock', 'Whether stock is being managed for this ticket', { example: true }),
      integer('stock', 'The stock quantity available', { nullable: true, example: 100 }),
      text('type', 'The type of ticket', { example: 'default' }),
      integer('sold', 'The number of tickets sold', { example: 42 }),
      text('sku', 'The SKU of the ticket', { nullable: true, example: 'TICKET-123' }),
    ]),
};

const ticketRequestBody: Definition = {
  type: 'Ticket_Request_Body',
  priority: 10,
  documentation: () =>
    extending('TEC_Post_Entity_Request_Body', { title: 'Ticket Request Body', description: 'The request body for the ticket endpoint', type: 'object' }, [
      positiveInteger('event', EVENT_DESCRIPTION, { example: 123 }),
      number('price', 'The price of the ticket', { example: 25.05 }),
      number('sale_price', 'The sale price of the ticket', { example: 20.05 }),
      dateParam('sale_price_start_date', 'The start date for the sale price', { pattern: SALE_DATE_PATTERN, example: '2025-06-01' }),
      dateParam('sale_price_end_date', 'The end date for the sale price', { pattern: SALE_DATE_PATTERN, example: '2025-06-30' }),
      positiveInteger('capacity', 'The capacity of the ticket', { example: 100 }),
      positiveInteger('event_capacity', 'The capacity of the event', { example: 140 }),
      positiveInteger('stock', 'The stock quantity available', { example: 100 }),
      boolean('show_description', 'Whether to show the ticket description', { example: true }),
      text('stock_mode', 'The stock mode of the ticket', { default: 'own', enum: ['own', 'capped', 'global', 'unlimited'], example: 'own' }),
      text('type', 'The type of ticket', { example: 'default' }),
      dateTime('start_date', 'The start sale date of the ticket', { pattern: SALE_WINDOW_PATTERN, example: '2025-05-01 00:00:00' }),
      dateTime('end_date', 'The end sale date of the ticket', { pattern: SALE_WINDOW_PATTERN, example: '2025-09-04 23:59:59' }),
      text('sku', 'The SKU of the ticket', { example: 'TICKET-123' }),
    ]),
};

/**
 * Event Tickets' definitions (Ticket_Definition, Ticket_Request_Body_Definition), in the document
 * only where its ticket routes are served; registered before TEC's, so first among equal priorities.
 */
export const TICKET_DEFINITIONS: readonly Definition[] = [ticket, ticketRequestBody];

/** Every definition, in registration order (common's, then TEC's, then the document's own). */
export const DEFINITIONS: readonly Definition[] = [
  tecPostEntity,
  tecPostEntityRequestBody,
  event,
  eventRequestBody,
  organizerRequestBody,
  venueRequestBody,
  organizer,
  venue,
  date,
  dateDetails,
  openApiDocumentation,
  openApiPath,
];

const BY_TYPE = new Map([...TICKET_DEFINITIONS, ...DEFINITIONS].map((definition) => [definition.type, definition]));

function definitionOf(type: string): Definition {
  const definition = BY_TYPE.get(type);
  if (!definition) throw new Error(`tec/v1 docs: no definition ${type}`);
  return definition;
}

/** A definition as `components.schemas` prints it: its declared properties rendered. */
export function renderDefinition(document: DefinitionDocument): Record<string, unknown> {
  const rendered: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(document)) {
    if (key === 'properties' && Array.isArray(value)) rendered[key] = renderProperties(value as Param[]);
    else if (key === 'allOf' && Array.isArray(value)) rendered[key] = (value as DefinitionDocument[]).map(renderDefinition);
    else rendered[key] = value;
  }
  return rendered;
}

/**
 * Definition::get_example(): every property's example by name, the parent's (a `$ref` in
 * `allOf`) first: what a request body's example shows.
 */
export function definitionExample(type: string): Record<string, unknown> {
  const document = definitionOf(type).documentation();
  const parts = document.allOf ?? [document];
  let example: Record<string, unknown> = {};
  for (const part of parts) {
    if (typeof part.$ref === 'string') {
      example = { ...example, ...definitionExample(part.$ref.replace('#/components/schemas/', '')) };
      continue;
    }
    if (Array.isArray(part.properties)) {
      for (const param of part.properties as Param[]) example[param.name] = exampleOf(param);
    }
  }
  return example;
}

/**
 * `components.schemas`: the definitions by priority, equal priorities in registration order;
 * Event Tickets' first where `withTickets`.
 */
export function renderDefinitions(withTickets = false): Record<string, unknown> {
  const sorted = [...(withTickets ? TICKET_DEFINITIONS : []), ...DEFINITIONS].sort((a, b) => a.priority - b.priority);
  return Object.fromEntries(sorted.map((definition) => [definition.type, renderDefinition(definition.documentation())]));
}
