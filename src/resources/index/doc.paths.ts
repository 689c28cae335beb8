import type { Translate } from '../../i18n/index.js';
import type { HttpMethod } from '../../http/rest-route.js';

/*
 * What each endpoint class's get_documentation() says about its path, minus the parameters:
 * which operations it documents, whose arguments fill `parameters` and `requestBody`, and the
 * response texts. The arguments themselves are read from the route definitions at render time.
 */

/** An endpoint whose ArgSpecs feed the document: a route by its OpenAPI path, and a method. */
export interface ArgSource {
  path: string;
  method: HttpMethod;
}

export interface OperationRecipe {
  /** swaggerize_args over the source's arguments; `in` is the default for arguments naming none. */
  parameters?: { from: ArgSource; in: 'query' | 'body' };
  /** swaggerize_post_args over these sources' arguments, array_merge'd in order. */
  requestBody?: readonly ArgSource[];
  responses: Record<string, unknown>;
}

export type DocumentedMethod = 'get' | 'post' | 'delete';
export type PathRecipe = Partial<Record<DocumentedMethod, OperationRecipe>>;

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const withJson = (description: string, schema: unknown) => ({
  description,
  content: { 'application/json': { schema } },
});
const plain = (description: string) => ({ description });

/** The plugin's READ_args: the GET endpoint's arguments. */
const readArgs = (path: string): ArgSource => ({ path, method: 'GET' });
/** The plugin's CREATE_args: the POST endpoint of the collection route. */
const createArgs = (collection: string): ArgSource => ({ path: collection, method: 'POST' });

interface ArchiveTexts {
  /** The list's data key, shown as the schema title (not translated: it is a JSON key). */
  title: string;
  schema: string;
  found: string;
  notFound: string;
}

/** Archive_*::get_documentation: a GET with the list's query arguments. */
function archive(path: string, texts: ArchiveTexts, t: Translate): PathRecipe {
  return {
    get: {
      parameters: { from: readArgs(path), in: 'query' },
      responses: {
        200: withJson(texts.found, { title: texts.title, type: 'array', items: schemaRef(texts.schema) }),
        400: plain(t('One or more of the specified query variables has a bad format')),
        404: plain(texts.notFound),
      },
    },
  };
}

interface SingleTexts {
  schema: string;
  read: string;
  readMissing: string;
  /** Terms have no 403 on read. */
  readForbidden?: string;
  readNotFound: string;
  /** Organizers document only the 201. */
  updated?: string;
  created: string;
  createForbidden: string;
  deleted: string;
  deleteMissing: string;
  deleteForbidden: string;
  deleteGone: string;
  deleteFailed: string;
}

/**
 * Single_*::get_documentation: GET and DELETE with the path arguments, and a POST documented
 * with the path arguments (READ_args, defaulting to `in: body`) plus a form body.
 */
function single(path: string, body: readonly ArgSource[], texts: SingleTexts, t: Translate): PathRecipe {
  const ref = schemaRef(texts.schema);
  const read: Record<string, unknown> = { 200: withJson(texts.read, ref), 400: plain(texts.readMissing) };
  if (texts.readForbidden !== undefined) read[403] = plain(texts.readForbidden);
  read[404] = plain(texts.readNotFound);

  const write: Record<string, unknown> = {};
  if (texts.updated !== undefined) write[200] = withJson(texts.updated, ref);
  write[201] = withJson(texts.created, ref);
  write[400] = plain(t('A required parameter is missing or an input parameter is in the wrong format'));
  write[403] = plain(texts.createForbidden);

  return {
    get: { parameters: { from: readArgs(path), in: 'query' }, responses: read },
    post: { parameters: { from: readArgs(path), in: 'body' }, requestBody: body, responses: write },
    delete: {
      parameters: { from: { path, method: 'DELETE' }, in: 'query' },
      responses: {
        200: withJson(texts.deleted, ref),
        400: plain(texts.deleteMissing),
        403: plain(texts.deleteForbidden),
        410: plain(texts.deleteGone),
        500: plain(texts.deleteFailed),
      },
    },
  };
}

function eventTexts(t: Translate): SingleTexts {
  return {
    schema: 'Event',
    read: t('Returns the data of the event with the specified post ID'),
    readMissing: t('The event post ID is missing.'),
    readForbidden: t('The event with the specified ID is not accessible.'),
    readNotFound: t('An event with the specified ID does not exist.'),
    updated: t('Returns the data of the updated event'),
    created: t('Returns the data of the created event'),
    createForbidden: t('The user is not authorized to create events'),
    deleted: t('Deletes an event and returns its data'),
    deleteMissing: t('The event post ID is missing or does not exist.'),
    deleteForbidden: t('The current user cannot delete the event with the specified ID.'),
    deleteGone: t('The event with the specified ID has been deleted already.'),
    deleteFailed: t('The event with the specified ID could not be deleted.'),
  };
}

function venueTexts(t: Translate): SingleTexts {
  return {
    schema: 'Venue',
    read: t('Returns the data of the venue with the specified post ID'),
    readMissing: t('The venue post ID is missing.'),
    readForbidden: t('The venue with the specified ID is not accessible.'),
    readNotFound: t('A venue with the specified post ID does not exist.'),
    updated: t('Returns the data of the updated venue'),
    created: t('Returns the data of the created venue'),
    createForbidden: t('The user is not authorized to create venues'),
    deleted: t('Deletes a venue and returns its data'),
    deleteMissing: t('The venue post ID is missing or does not exist.'),
    deleteForbidden: t('The current user cannot delete the venue with the specified ID.'),
    deleteGone: t('The venue with the specified ID has been deleted already.'),
    deleteFailed: t('The venue with the specified ID could not be deleted.'),
  };
}

function organizerTexts(t: Translate): SingleTexts {
  return {
    schema: 'Organizer',
    read: t('Returns the data of the organizer with the specified post ID'),
    readMissing: t('The organizer post ID is missing.'),
    readForbidden: t('The organizer with the specified ID is not accessible.'),
    // Sic: "with the specified event".
    readNotFound: t('An organizer with the specified event does not exist.'),
    created: t('Returns the data of the created organizer'),
    createForbidden: t('The user is not authorized to create organizers'),
    deleted: t('Deletes an organizer and returns its data'),
    deleteMissing: t('The organizer post ID is missing or does not exist.'),
    deleteForbidden: t('The current user cannot delete the organizer with the specified ID.'),
    deleteGone: t('The organizer with the specified ID has been deleted already.'),
    deleteFailed: t('The organizer with the specified ID could not be deleted.'),
  };
}

function categoryTexts(t: Translate): SingleTexts {
  return {
    schema: 'Term',
    read: t('Returns the data of the event category with the specified term ID'),
    readMissing: t('The event category term ID is missing.'),
    readNotFound: t('An event category with the specified term ID does not exist.'),
    updated: t('Returns the data of the updated event category'),
    created: t('Returns the data of the created event category'),
    createForbidden: t('The user is not authorized to create event categories'),
    deleted: t('Deletes an event category and returns its data'),
    deleteMissing: t('The event category term ID is missing or does not exist.'),
    deleteForbidden: t('The current user cannot delete the event category with the specified term ID.'),
    deleteGone: t('The event category with the specified term ID has been deleted already.'),
    deleteFailed: t('The event category with the specified term ID could not be deleted.'),
  };
}

function tagTexts(t: Translate): SingleTexts {
  return {
    schema: 'Term',
    read: t('Returns the data of the event tag with the specified term ID'),
    readMissing: t('The event tag term ID is missing.'),
    readNotFound: t('An event tag with the specified term ID does not exist.'),
    updated: t('Returns the data of the updated event tag'),
    created: t('Returns the data of the created event tag'),
    createForbidden: t('The user is not authorized to create event tags'),
    deleted: t('Deletes an event tag and returns its data'),
    deleteMissing: t('The event tag term ID is missing or does not exist.'),
    deleteForbidden: t('The current user cannot delete the event tag with the specified term ID.'),
    deleteGone: t('The event tag with the specified term ID has been deleted already.'),
    deleteFailed: t('The event tag with the specified term ID could not be deleted.'),
  };
}

/**
 * The documented paths, keyed by OpenAPI path. Which arguments make a POST body follows each
 * class: events, venues and tags document CREATE_args; organizers and categories
 * array_merge(READ_args, CREATE_args), so their body starts with the path argument.
 */
export function pathRecipes(t: Translate): Readonly<Record<string, PathRecipe>> {
  const events = eventTexts(t);
  const venues = venueTexts(t);
  const organizers = organizerTexts(t);
  return {
    '/doc': {
      get: {
        responses: {
          200: plain(t('Returns the documentation for The Events Calendar REST API in Swagger consumable format.')),
        },
      },
    },
    '/events': archive(
      '/events',
      {
        title: 'events',
        schema: 'Event',
        found: t('Returns all the upcoming events matching the search criteria'),
        notFound: t('The requested page was not found.'),
      },
      t,
    ),
    '/events/{id}': single('/events/{id}', [createArgs('/events')], events, t),
    '/events/by-slug/{slug}': single('/events/by-slug/{slug}', [createArgs('/events')], events, t),
    '/venues': archive(
      '/venues',
      {
        title: 'venues',
        schema: 'Venue',
        found: t('Returns all the venues matching the search criteria'),
        notFound: t('The requested page was not found.'),
      },
      t,
    ),
    '/venues/{id}': single('/venues/{id}', [createArgs('/venues')], venues, t),
    '/venues/by-slug/{slug}': single('/venues/by-slug/{slug}', [createArgs('/venues')], venues, t),
    '/organizers': archive(
      '/organizers',
      {
        title: 'organizers',
        schema: 'Organizer',
        found: t('Returns all the organizers matching the search criteria'),
        notFound: t('The requested page was not found.'),
      },
      t,
    ),
    '/organizers/{id}': single(
      '/organizers/{id}',
      [readArgs('/organizers/{id}'), createArgs('/organizers')],
      organizers,
      t,
    ),
    '/organizers/by-slug/{slug}': single(
      '/organizers/by-slug/{slug}',
      [readArgs('/organizers/by-slug/{slug}'), createArgs('/organizers')],
      organizers,
      t,
    ),
    '/categories': archive(
      '/categories',
      {
        title: 'categories',
        schema: 'Term',
        found: t('Returns all the event categories matching the search criteria'),
        notFound: t('The requested page was not found.'),
      },
      t,
    ),
    '/categories/{id}': single(
      '/categories/{id}',
      [readArgs('/categories/{id}'), createArgs('/categories')],
      categoryTexts(t),
      t,
    ),
    '/tags': archive(
      '/tags',
      {
        title: 'tags',
        schema: 'Term',
        found: t('Returns all the event tags matching the search criteria'),
        notFound: t('No event tags match the query or the requested page was not found.'),
      },
      t,
    ),
    '/tags/{id}': single('/tags/{id}', [createArgs('/tags')], tagTexts(t), t),
  };
}
