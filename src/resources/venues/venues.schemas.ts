import type { Db } from '../../db/create-db.js';
import type { ArgSpec, ArgSpecs } from '../../http/rest-args.js';
import { isNonEmptyString, isNumeric, isPositiveInt } from '../../http/rest-args.js';
import type { RequestContext } from '../../http/request-context.js';
import { PostType, REGISTERED_POST_STATUSES } from '../../wp/constants.js';
import { isTime } from '../../wp/dates.js';
import { AttachmentMeta } from '../../wp/images.js';
import { loadPostsWithMeta } from '../../wp/linked-posts.js';
import { firstMeta } from '../../wp/meta.js';
import { isPhpEmpty } from '../../wp/php-empty.js';
import { filterPostStatusList } from '../../wp/post-status.js';
import { selectPostBySlug, selectPostTypes } from '../../wp/posts.repository.js';
import { isEventId } from '../../wp/validators.js';
import { defaultPostsPerPage, sanitizePerPage } from '../events/events.schemas.js';

type Args = ArgSpecs<RequestContext>;

/*
 * Validators shared by the venue, organizer and event write arguments (Tribe__Validator__Base and
 * Tribe__Events__Validator__Base). They live here until they move to wp/validators.ts; the
 * organizer and event-write schemas import them from this file.
 */

/** PHP `empty()` of a request value: also an empty JSON object, which PHP decodes to `[]`. */
export function isEmptyParam(value: unknown): boolean {
  if (isPhpEmpty(value)) return true;
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}

/** PHP `(int)` of a request value that passed is_numeric. */
function toPostId(value: unknown): number {
  return Math.trunc(Number(value));
}

/** EDIT_args: every argument of CREATE_args, none required (Endpoints/Base::unrequire_arg). */
export function unrequired(args: Args): Args {
  return Object.fromEntries(Object.entries(args).map(([name, spec]) => [name, { ...spec, required: false }]));
}

/** Validator::is_time: numeric, or a string PHP's strtotime() reads (and not as the epoch). */
export function isTimeArg(value: unknown, ctx: RequestContext): boolean {
  return isNumeric(value) || (typeof value === 'string' && isTime(value, ctx.now));
}

/**
 * Validator::is_user_id: numeric and `get_user_by('ID')` finds the user ((int) of the value, at
 * least 1). The lookup is written here until the users repository exists.
 */
export async function isUserId(value: unknown, ctx: RequestContext): Promise<boolean> {
  if (!isNumeric(value)) return false;
  const id = Math.trunc(Number(value));
  if (id < 1) return false;
  const row = await ctx.db.selectFrom('users').select('ID').where('ID', '=', id).executeTakeFirst();
  return row !== undefined;
}

/** Validator::is_string_or_empty: any PHP-empty value, or a non-empty string. */
export function isStringOrEmpty(value: unknown): boolean {
  return isEmptyParam(value) || isNonEmptyString(value);
}

/**
 * Validator::is_post_status: `in_array` against get_post_stati(), loosely: PHP 8 compares `true`
 * equal to any non-empty string, so a JSON `true` passes here and fails the string type check.
 */
export function isPostStatus(value: unknown): boolean {
  return value === true || (typeof value === 'string' && REGISTERED_POST_STATUSES.includes(value));
}

/** Validator::is_url_or_empty. */
export function isUrlOrEmpty(value: unknown): boolean {
  return isEmptyParam(value) || (typeof value === 'string' && isValidUrl(value));
}

/** Characters FILTER_SANITIZE_URL keeps; FILTER_VALIDATE_URL refuses a value that has any other. */
const URL_CHARACTERS = /^[A-Za-z0-9$\-_.+!*'(),{}|\\^~[\]`<>#%";/?:@&=]*$/;
const USERINFO = /^(?:[A-Za-z0-9\-._~!$&'()*+,;=:]|%[0-9A-Fa-f]{2})*$/;
const HOST_LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;
/** Schemes PHP accepts without a host. */
const HOSTLESS_SCHEMES = ['mailto', 'news', 'file'];

/** _php_filter_validate_domain with FILTER_FLAG_HOSTNAME. */
function isValidHostname(host: string): boolean {
  const name = host.endsWith('.') ? host.slice(0, -1) : host;
  if (name.length === 0 || name.length > 253) return false;
  return name.split('.').every((label) => label.length <= 63 && HOST_LABEL.test(label));
}

/**
 * PHP's `filter_var($url, FILTER_VALIDATE_URL)`: only URL characters; parse_url must find a
 * scheme; http(s) needs a valid host name (or a bracketed IPv6 address); other schemes need a
 * host except mailto:, news: and file:; user and password must be valid userinfo.
 */
export function isValidUrl(url: string): boolean {
  if (!URL_CHARACTERS.test(url)) return false;
  const schemeMatch = /^([A-Za-z][A-Za-z0-9+.-]*):(.*)$/s.exec(url);
  if (!schemeMatch) return false;
  const scheme = schemeMatch[1] ?? '';
  const rest = schemeMatch[2] ?? '';
  const authority = parseAuthority(scheme, rest);
  if (authority === false) return false;
  const { host, userinfo } = authority;
  if (/^https?$/i.test(scheme)) {
    if (host === undefined) return false;
    const isIpv6 = /^\[[0-9A-Fa-f:.]+\]$/.test(host);
    if (!isIpv6 && !isValidHostname(host)) return false;
  }
  if (host === undefined && !HOSTLESS_SCHEMES.includes(scheme)) return false;
  if (userinfo !== undefined) {
    const colon = userinfo.indexOf(':');
    const user = colon === -1 ? userinfo : userinfo.slice(0, colon);
    const pass = colon === -1 ? undefined : userinfo.slice(colon + 1);
    if (!USERINFO.test(user) || (pass !== undefined && !USERINFO.test(pass))) return false;
  }
  return true;
}

/**
 * The host and userinfo parse_url finds after `scheme:`; undefined host when there is no `//`
 * authority (or for `file:///path`); false where parse_url fails (empty host, bad port).
 */
function parseAuthority(scheme: string, rest: string): { host?: string; userinfo?: string } | false {
  if (!rest.startsWith('//')) return {};
  if (/^file$/i.test(scheme) && rest.startsWith('///')) return {};
  const authority = rest.slice(2).split(/[/?#]/, 1)[0] ?? '';
  const at = authority.lastIndexOf('@');
  const userinfo = at === -1 ? undefined : authority.slice(0, at);
  const hostPort = at === -1 ? authority : authority.slice(at + 1);
  const close = hostPort.startsWith('[') ? hostPort.indexOf(']') : -1;
  const colon = hostPort.lastIndexOf(':');
  const portStart = colon > close ? colon : -1;
  const host = portStart === -1 ? hostPort : hostPort.slice(0, portStart);
  const port = portStart === -1 ? '' : hostPort.slice(portStart + 1);
  if (host === '') return false;
  if (port !== '' && (!/^\d{1,5}$/.test(port) || Number(port) > 65535)) return false;
  return { host, userinfo };
}

const IMPORT_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'jpe', 'gif', 'png', 'webp', 'avif', 'heic'];

/**
 * Validator::is_image. An ID must be an attachment WordPress sees as an image
 * (wp_attachment_is_image: an attached file and an `image/` MIME type, or an `import` upload with
 * an image extension). A URL is accepted by the plugin only after an HTTP HEAD request to it
 * answers 200 with an image content type, for users who may upload files; this service makes no
 * outbound requests from a validator, so URLs are refused.
 */
export async function isImage(value: unknown, ctx: RequestContext): Promise<boolean> {
  if (!isNumeric(value)) return false;
  const id = toPostId(value);
  if (id < 1) return false;
  const attachment = (await loadPostsWithMeta(ctx.db, [id])).get(id);
  if (!attachment) return false;
  const file = firstMeta(attachment.meta, AttachmentMeta.attachedFile);
  if (!file) return false;
  const mime = attachment.post.post_mime_type;
  if (mime.startsWith('image/')) return true;
  const extension = /\.([^./]+)$/.exec(file)?.[1]?.toLowerCase() ?? '';
  return mime === 'import' && IMPORT_IMAGE_EXTENSIONS.includes(extension);
}

/** Validator::is_image_or_empty. */
export async function isImageOrEmpty(value: unknown, ctx: RequestContext): Promise<boolean> {
  return isEmptyParam(value) || isImage(value, ctx);
}

/** tribe_is_venue / tribe_is_organizer for a numeric value: the post with that (int) ID has the type. */
export async function isPostOfType(db: Db, value: unknown, postType: string): Promise<boolean> {
  if (!isNumeric(value)) return false;
  const id = toPostId(value);
  if (id < 1) return false;
  return (await selectPostTypes(db, [id])).get(id) === postType;
}

/** is_venue_slug and kin: a non-empty slug get_page_by_path finds among posts of the type. */
export async function isPostSlugOfType(db: Db, value: unknown, postType: string): Promise<boolean> {
  if (isEmptyParam(value) || typeof value !== 'string') return false;
  return (await selectPostBySlug(db, value, postType)) !== undefined;
}

/** The list page-size cap (filter tribe_rest_venue_max_per_page). */
export const MAX_VENUES_PER_PAGE = 50;

const isVenueId = (value: unknown, ctx: RequestContext) => isPostOfType(ctx.db, value, PostType.venue);

/**
 * GET /venues (Archive_Venue::READ_args). Properties keep the plugin's order, which is the order
 * the namespace index prints them in.
 */
export const ListVenuesArgs: Args = {
  page: {
    required: false,
    validate: isPositiveInt,
    default: 1,
    description: 'The archive page to return',
    type: 'integer',
  },
  per_page: {
    required: false,
    validate: isPositiveInt,
    sanitize: sanitizePerPage(MAX_VENUES_PER_PAGE),
    default: defaultPostsPerPage,
    description: 'The number of venues to return on each page',
    type: 'integer',
  },
  search: {
    required: false,
    validate: isNonEmptyString,
    description: 'Venues should contain the specified string in the title, description or custom fields',
    type: 'string',
  },
  event: {
    required: false,
    validate: (value, ctx) => isEventId(ctx.db, value),
    description: 'Venues should be related to this event',
    type: 'integer',
  },
  has_events: {
    required: false,
    description: 'Venues should have events associated to them',
    swaggerType: 'boolean',
  },
  only_with_upcoming: {
    required: false,
    description: 'Venues should have upcoming events associated to them',
    swaggerType: 'boolean',
    default: false,
  },
  status: {
    required: false,
    validate: (value, ctx) => filterPostStatusList(value, ctx.viewer, PostType.venue) !== false,
    swaggerType: 'string',
    format: 'string',
    // The plugin's copy says "organizer" here too.
    description: 'The organizer post status',
  },
};

/** GET and DELETE /venues/{id} (Single_Venue::READ_args): the ID of an existing venue. */
export const GetVenueArgs: Args = {
  id: {
    in: 'path',
    type: 'integer',
    description: 'the venue post ID',
    required: true,
    validate: isVenueId,
  },
};

export const DeleteVenueArgs: Args = GetVenueArgs;

/** GET and DELETE /venues/by-slug/{slug} (Single_Venue_Slug::READ_args). */
export const GetVenueBySlugArgs: Args = {
  slug: {
    in: 'path',
    type: 'string',
    description: 'the venue post name',
    required: true,
    validate: (value, ctx) => isPostSlugOfType(ctx.db, value, PostType.venue),
  },
};

export const DeleteVenueBySlugArgs: Args = GetVenueBySlugArgs;

/** A venue text field: PHP-empty or a non-empty string, stored as given. */
function venueTextField(description: string): ArgSpec<RequestContext> {
  return { required: false, validate: isStringOrEmpty, type: 'string', default: null, description };
}

/**
 * POST /venues (Single_Venue::CREATE_args). `show_map` and `show_map_link` have no validator, so
 * WordPress's string type check answers a JSON boolean with "show_map is not of type string.".
 */
export const CreateVenueArgs: Args = {
  author: {
    required: false,
    validate: isUserId,
    type: 'integer',
    description: 'The venue author ID',
  },
  date: {
    required: false,
    validate: isTimeArg,
    type: 'string',
    description: 'The venue publication date',
  },
  date_utc: {
    required: false,
    validate: isTimeArg,
    type: 'string',
    description: 'The venue publication date (UTC time zone)',
  },
  venue: {
    required: true,
    validate: isNonEmptyString,
    type: 'string',
    description: 'The venue name',
  },
  description: venueTextField('The venue description'),
  status: {
    required: false,
    validate: isPostStatus,
    type: 'string',
    description: 'The venue post status',
  },
  show_map: {
    required: false,
    type: 'string',
    default: null,
    description: 'Whether events linked to the venue should show a map or not',
  },
  show_map_link: {
    required: false,
    type: 'string',
    default: null,
    description: 'Whether events linked to the venue should show a map link or not',
  },
  address: venueTextField('The venue address'),
  city: venueTextField('The venue city'),
  country: venueTextField('The venue country'),
  province: venueTextField('The venue province'),
  state: venueTextField('The venue state'),
  zip: venueTextField('The venue ZIP code'),
  phone: venueTextField('The venue phone number'),
  stateprovince: venueTextField('The venue state and province'),
  website: {
    required: false,
    validate: isUrlOrEmpty,
    type: 'string',
    default: null,
    description: 'The venue website URL',
  },
  image: {
    required: false,
    validate: isImageOrEmpty,
    type: 'string',
    default: null,
    // The plugin's copy says "organizer" here.
    description: 'The organizer featured image ID or URL',
  },
};

/** POST/PUT/PATCH /venues/{id} (Single_Venue::EDIT_args): the ID, then every create field, optional. */
export const UpdateVenueArgs: Args = { ...GetVenueArgs, ...unrequired(CreateVenueArgs) };

/** POST/PUT/PATCH /venues/by-slug/{slug}: the slug stays required (create has no `slug` to override it). */
export const UpdateVenueBySlugArgs: Args = { ...GetVenueBySlugArgs, ...unrequired(CreateVenueArgs) };
