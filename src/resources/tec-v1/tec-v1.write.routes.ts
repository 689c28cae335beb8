import type { ArgSpecs, ValidationResult } from '../../http/rest-args.js';
import type { RequestContext } from '../../http/request-context.js';
import type { EndpointDefinition, RestResponse, RouteDefinition } from '../../http/rest-route.js';
import { canActOnRequestedPost } from '../../http/permissions.js';
import { POST_TYPE_CAPS, userCan } from '../../wp/auth/capabilities.js';
import { isPhpNumeric, phpIntval } from '../../wp/php/php-values.js';
import { PostType } from '../../wp/constants.js';
import { AppError } from '../../wp/wp-error.js';
import { createTecV1Entity, deleteTecV1Entity, TecV1EntityError, updateTecV1Entity } from './tec-v1.writes.js';
import type { TecV1Entity } from './tec-v1.write.params.js';

type Endpoint = EndpointDefinition<RequestContext>;
type Args = ArgSpecs<RequestContext>;

/*
 * The write endpoints of TEC's tec/v1 routes, one group per route, for the namespace's routes to
 * place after their GET endpoint: POST on the collections (`/events`, `/venues`, `/organizers`),
 * PUT, PATCH and DELETE on the entities (`/{type}/{id}`; POST with X-HTTP-Method-Override: PATCH
 * reaches the update). WordPress's order of checks holds: argument validation, the permission
 * callback, then TEC's experimental gate and body handling inside the callback.
 */

/** TEC's Endpoint::assure_experimental_acknowledgement: the sentence every request must carry. */
const EXPERIMENTAL_ACKNOWLEDGEMENT =
  'I understand that this endpoint is experimental and may change in a future release without maintaining backward compatibility. I also understand that I am using this endpoint at my own risk, while support is not provided for it.';

/** 400 `missing_experimental_endpoint_acknowledgement` unless the X-TEC-EEA header holds the sentence (any case). */
export function assureExperimentalAcknowledgement(ctx: RequestContext): void {
  const header = ctx.header('X-TEC-EEA');
  // PHP's falsy strings ('' and '0') count as no header.
  if (header === undefined || header === '' || header === '0') {
    throw new AppError(400, 'missing_experimental_endpoint_acknowledgement', 'Experimental endpoint requires acknowledgement header.');
  }
  if (header.trim().toLowerCase() !== EXPERIMENTAL_ACKNOWLEDGEMENT.toLowerCase()) {
    throw new AppError(400, 'missing_experimental_endpoint_acknowledgement', 'Experimental endpoint requires appropriate acknowledgement header.');
  }
}

const ALLOWED_STATUSES: readonly string[] = ['publish', 'pending', 'draft', 'future', 'private'];
const DATE_TIME_PATTERN = '^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$';

/** TEC's InvalidRestArgumentException as core reports it: the message, and the WP_Error in the details. */
function argumentError(name: string, code: string, message: string, details: string): ValidationResult {
  return { message, detail: { code, message, data: { status: 400, argument: name, details } } };
}

/** Post_Entity_Endpoint::validate_status: a list (or comma-separated string) of the allowed statuses. */
function isAllowedStatus(value: unknown): boolean {
  const values = typeof value === 'string' ? value.split(',') : value;
  return Array.isArray(values) && values.every((status) => ALLOWED_STATUSES.includes(String(status)));
}

/** Date_Time with the body definition's pattern. */
function matchesDateTime(name: string) {
  return (value: unknown): ValidationResult =>
    typeof value === 'string' && new RegExp(DATE_TIME_PATTERN).test(value)
      ? true
      : argumentError(
          name,
          'tec_rest_invalid_date_time_argument',
          `Argument \`{${name}}\` must match the pattern.`,
          `The argument \`{${name}}\` does not match the pattern \`${DATE_TIME_PATTERN}\`.`,
        );
}

/** Array_Of_Type of Positive_Integer: a list, or a string with a comma, of positive integers. */
function isPositiveIntegerList(value: unknown): boolean {
  const items = typeof value === 'string' && value.includes(',') ? value.split(',') : Array.isArray(value) ? value : undefined;
  return items !== undefined && items.every((item) => isPhpNumeric(item) && phpIntval(item) > 0);
}

/** URI: a URL with a scheme and a host, as FILTER_VALIDATE_URL wants it. */
function isUrl(name: string) {
  return (value: unknown): ValidationResult => {
    if (typeof value === 'string' && value !== '' && /^[a-z][a-z0-9+.-]*:\/\/[^\s/?#]+[^\s]*$/i.test(value)) return true;
    return argumentError(name, 'tec_rest_invalid_uri_argument', `Argument \`{${name}}\` must be a valid URL.`, `The argument \`{${name}}\` is not a valid URL.`);
  };
}

/** Email: is_email's shape (a local part, `@`, a domain with a dot). */
function isEmail(name: string) {
  return (value: unknown): ValidationResult => {
    if (typeof value === 'string' && /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(value)) return true;
    return argumentError(name, 'tec_rest_invalid_email_argument', `Argument \`{${name}}\` must be a valid email address.`, `The argument \`{${name}}\` is not a valid email address.`);
  };
}

const POST_ENTITY_ARGS: Args = {
  status: { validate: isAllowedStatus },
  tags: { validate: isPositiveIntegerList },
};

const ENTITY_ARGS: Readonly<Record<TecV1Entity, Args>> = {
  event: {
    ...POST_ENTITY_ARGS,
    tribe_events_cat: { validate: isPositiveIntegerList },
    start_date: { validate: matchesDateTime('start_date') },
    start_date_utc: { validate: matchesDateTime('start_date_utc') },
    end_date: { validate: matchesDateTime('end_date') },
    end_date_utc: { validate: matchesDateTime('end_date_utc') },
    organizers: { validate: isPositiveIntegerList },
    venues: { validate: isPositiveIntegerList },
  },
  venue: { ...POST_ENTITY_ARGS, website: { validate: isUrl('website') } },
  organizer: { ...POST_ENTITY_ARGS, website: { validate: isUrl('website') }, email: { validate: isEmail('email') } },
};

const POST_TYPE_OF: Readonly<Record<TecV1Entity, string>> = { event: PostType.event, venue: PostType.venue, organizer: PostType.organizer };

/** Post_Entity_Endpoint::can_create: the type's `create_posts` (its `edit_posts`). */
function canCreate(entity: TecV1Entity) {
  return (ctx: RequestContext) => {
    const caps = POST_TYPE_CAPS[POST_TYPE_OF[entity]];
    return caps !== undefined && userCan(ctx.viewer, caps.edit_posts);
  };
}

/**
 * can_update / can_delete: `edit_post` / `delete_post` on the ID, mapped against the post's own
 * type (so an admin may reach a venue through /events and get TEC's 404 body); a missing post is
 * refused (403), as map_meta_cap refuses it.
 */
function canActOn(entity: TecV1Entity, action: 'edit' | 'delete') {
  return (ctx: RequestContext) => canActOnRequestedPost(ctx, action, POST_TYPE_OF[entity], 'deny');
}

/** Runs a write, answering TEC's `{"error": ...}` bodies for its refusals. */
async function answering(work: () => Promise<RestResponse>): Promise<RestResponse> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof TecV1EntityError) return { status: error.status, body: { error: error.text } };
    throw error;
  }
}

/** What a write answers with: the entity as GET shows it (the renderer of the tec/v1 reads). */
export type TecV1EntityRenderer = (ctx: RequestContext, entity: TecV1Entity, id: number) => Promise<unknown>;

/** The create endpoint of a collection route (`/events`, `/venues`, `/organizers`). */
export function createTecV1CreateEndpoint(entity: TecV1Entity, render: TecV1EntityRenderer): Endpoint {
  return {
    methods: ['POST'],
    args: ENTITY_ARGS[entity],
    permission: canCreate(entity),
    handler: (ctx) =>
      answering(async () => {
        assureExperimentalAcknowledgement(ctx);
        const id = await createTecV1Entity(ctx, entity);
        return { status: 201, body: await render(ctx, entity, id) };
      }),
  };
}

/** The update and delete endpoints of an entity route (`/{type}/(?P<id>\d+)`), in TEC's order. */
export function createTecV1EntityWriteEndpoints(entity: TecV1Entity, render: TecV1EntityRenderer): { update: Endpoint; delete: Endpoint } {
  return {
    update: {
      methods: ['PUT', 'PATCH'],
      args: ENTITY_ARGS[entity],
      permission: canActOn(entity, 'edit'),
      handler: (ctx) =>
        answering(async () => {
          assureExperimentalAcknowledgement(ctx);
          const id = Number(ctx.params.id);
          await updateTecV1Entity(ctx, entity, id);
          return { body: await render(ctx, entity, id) };
        }),
    },
    delete: {
      methods: ['DELETE'],
      args: {},
      permission: canActOn(entity, 'delete'),
      handler: (ctx) =>
        answering(async () => {
          assureExperimentalAcknowledgement(ctx);
          await deleteTecV1Entity(ctx, entity, Number(ctx.params.id), ctx.params.force);
          return { body: [] };
        }),
    },
  };
}

const COLLECTION_PATHS: Readonly<Record<TecV1Entity, string>> = { event: '/events', venue: '/venues', organizer: '/organizers' };

/**
 * The write routes alone, for a namespace that has no reads yet: the tec/v1 namespace's own
 * routes place these endpoints after their GET endpoints instead.
 */
export function createTecV1WriteRoutes(render: TecV1EntityRenderer): RouteDefinition<RequestContext>[] {
  return (['event', 'venue', 'organizer'] as const).flatMap((entity) => {
    const { update, delete: remove } = createTecV1EntityWriteEndpoints(entity, render);
    return [
      { pattern: COLLECTION_PATHS[entity], endpoints: [createTecV1CreateEndpoint(entity, render)] },
      { pattern: `${COLLECTION_PATHS[entity]}/(?P<id>\\d+)`, endpoints: [update, remove] },
    ];
  });
}
