import { AppError } from '../../http/errors.js';
import type { RequestContext } from '../../http/request-context.js';
import { POST_TYPE_CAPS, userCan, type Viewer } from '../../wp/auth/capabilities.js';
import { EventMeta, PostStatus, PostType, VenueMeta } from '../../wp/constants.js';
import { isEmptyParam, isPhpEmpty } from '../../wp/php/php-empty.js';
import { isPhpArray, isPhpNumeric, phpArrayCast, phpIndex, phpIntval, phpScalarString } from '../../wp/php/php-values.js';
import { lockedPostRowOf, postRowOf } from '../../wp/write/write-env.js';
import { formatUtc, strtotime } from '../../wp/tec/dates.js';
import { requestDateInSiteZone } from '../../wp/tec/event-dates.js';
import { scaleBackPostStatus } from '../../wp/tec/event-status.js';
import { isTribeTruthy } from '../../wp/tec/truthy.js';
import { sanitizeTitle } from '../../wp/text/slugs.js';
import { sanitizeTextField } from '../../wp/terms/term-fields.js';
import { deletePostMeta, updatePostMeta } from '../../wp/write/post-meta.js';
import { insertPost, PostNotStoredError, trashPost, updatePost, type NewPost, type PostFields } from '../../wp/write/posts.js';
import { wpUnslash } from '../../wp/php/slashes.js';
import type { WriteScope } from '../../wp/write/transaction.js';
import { WriteLockKey } from '../../wp/write/write-locks.js';
import { selectDuplicateLinkedPostId } from './linked-posts.writes.repository.js';

/*
 * Venue and organizer writes as the plugin makes them: the REST endpoint's prepare_postarr
 * (Single_Venue / Single_Organizer), then Tribe__Events__Venue / Tribe__Events__Organizer
 * create, update and save_meta, whose PHP-array quirks decide which meta rows are written and in
 * which order (`_Venuepost_date`, `_Organizerpost_status`, the state/province fallback). The data
 * travels as ordered maps, as PHP arrays do.
 */

type PhpArray = Map<string, unknown>;

/** isset($array[$key]). */
function isset(data: PhpArray, key: string): boolean {
  const value = data.get(key);
  return value !== undefined && value !== null;
}

/** PHP's truth of a value. */
function truthy(value: unknown): boolean {
  return !isPhpEmpty(value) && !(typeof value === 'object' && value !== null && Object.keys(value).length === 0);
}

/** array_filter($array): the truthy entries. */
function arrayFilter(data: PhpArray): PhpArray {
  return new Map([...data].filter(([, value]) => truthy(value)));
}

/** `$value == ''` in PHP 8: null, false and '' only. */
function equalsEmptyString(value: unknown): boolean {
  return value === undefined || value === null || value === false || value === '';
}

/** filter_var($value, FILTER_VALIDATE_BOOLEAN): the registered sanitizer of the map flags (Editor\Meta::boolean). */
function filterValidateBoolean(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value === 1;
  return typeof value === 'string' && ['1', 'true', 'on', 'yes'].includes(value.trim().toLowerCase());
}

/** The value update_post_meta stores for a map flag: wp_unslash, then the boolean sanitizer. */
function storedFlag(value: unknown): string {
  return filterValidateBoolean(typeof value === 'string' ? wpUnslash(value) : value) ? '1' : '';
}

/** sanitize_text_field, then update_post_meta's wp_unslash and (for registered keys, idempotently) sanitize_text_field. */
function storedText(value: unknown): string {
  return sanitizeTextField(wpUnslash(sanitizeTextField(phpScalarString(value))));
}

/** Whether the writer may publish: the plugin asks about events even for venues and organizers. */
function canPublishEvents(viewer: Viewer): boolean {
  return userCan(viewer, POST_TYPE_CAPS[PostType.event]!.publish_posts);
}

/** The unix time a date argument names: a timestamp as it is, else what strtotime reads (0 when nothing). */
function unixOf(value: unknown, now: Date): number {
  const text = phpScalarString(value);
  return isPhpNumeric(text) ? Math.trunc(Number(text)) : (strtotime(text, now) ?? 0);
}

/** 0000-01-01 00:00:00 and 9999-12-31 23:59:59 UTC: the years a DATETIME column holds. */
const DATETIME_RANGE = [-62_167_219_200, 253_402_300_799] as const;

/**
 * The GMT date of `date_utc`, as utcDateOf, but false (so wp_insert_post derives it from the local
 * date) for a time outside the years a DATETIME holds: PHP's DateTime cannot read the largest
 * (`1e20`, which localize_date answers with false) and prints the others as dates MySQL cannot store.
 */
function gmtDateOf(value: unknown, now: Date): string | false {
  const unix = unixOf(value, now);
  return Number.isFinite(unix) && unix >= DATETIME_RANGE[0] && unix <= DATETIME_RANGE[1] ? formatUtc(unix) : false;
}

/** tribe_upload_image for an attachment ID (URLs are refused by the argument validator): the ID, or false. */
async function featuredImageOf(scope: WriteScope, image: unknown): Promise<number | false> {
  if (isPhpEmpty(image) || !isPhpNumeric(image)) return false;
  const post = await postRowOf(scope, phpIntval(image));
  return post?.post_type === PostType.attachment ? post.ID : false;
}

/** The request parameters a prepare_postarr reads, as `$request[$name]` gives them (null when absent). */
type Params = Readonly<Record<string, unknown>>;

/**
 * The fields prepare_postarr puts first, for both kinds. `date` is read in the site's zone and
 * kept as wall time (it also lands in `_Venuepost_date` / `_Organizerpost_date` as it is);
 * `date_utc` is read as UTC.
 */
function postFieldsOf(scope: WriteScope, params: Params, viewer: Viewer): [string, unknown][] {
  const now = scope.now;
  return [
    ['post_author', params.author],
    ['post_date', isset(toMap(params), 'date') ? requestDateInSiteZone(phpScalarString(params.date), scope.site.timezone, now) : false],
    ['post_date_gmt', isset(toMap(params), 'date_utc') ? gmtDateOf(params.date_utc, now) : false],
    ['post_status', scaleBackPostStatus(params.status, canPublishEvents(viewer))],
  ];
}

function toMap(params: Params): PhpArray {
  return new Map(Object.entries(params));
}

/** array_filter($postarr, is_not_null). */
function withoutNulls(entries: [string, unknown][]): PhpArray {
  return new Map(entries.filter(([, value]) => value !== undefined && value !== null));
}

/** Single_Venue::prepare_postarr; `id` is its first entry, `VenueID` (see LinkedWriteKind.prepare). */
async function prepareVenuePostarr(scope: WriteScope, params: Params, viewer: Viewer, id?: unknown): Promise<PhpArray> {
  const entries: [string, unknown][] = [
    ['VenueID', id],
    ...postFieldsOf(scope, params, viewer),
    ['Venue', params.venue],
    ['Description', params.description],
    ['Address', params.address],
    ['City', params.city],
    ['Country', params.country],
    ['Province', params.province],
    ['State', params.state],
    ['StateProvince', params.stateprovince],
    ['Zip', params.zip],
    ['Phone', params.phone],
    ['URL', params.website],
    ['FeaturedImage', await featuredImageOf(scope, params.image)],
  ];
  if (params.show_map !== undefined && params.show_map !== null) entries.push(['ShowMap', isTribeTruthy(params.show_map) ? '1' : 'false']);
  if (params.show_map_link !== undefined && params.show_map_link !== null) {
    entries.push(['ShowMapLink', isTribeTruthy(params.show_map_link) ? '1' : 'false']);
  }
  return withoutNulls(entries);
}

/** Single_Organizer::prepare_postarr; `id` is its first entry, `OrganizerID` (see LinkedWriteKind.prepare). */
async function prepareOrganizerPostarr(scope: WriteScope, params: Params, viewer: Viewer, id?: unknown): Promise<PhpArray> {
  return withoutNulls([
    ['OrganizerID', id],
    ...postFieldsOf(scope, params, viewer),
    ['Organizer', params.organizer],
    ['Description', params.description],
    ['Phone', params.phone],
    ['Website', params.website],
    ['Email', params.email],
    ['FeaturedImage', await featuredImageOf(scope, params.image)],
  ]);
}

/** save_meta's featured image: none (false or empty) removes the thumbnail, an ID sets it. */
async function saveFeaturedImage(scope: WriteScope, postId: number, data: PhpArray): Promise<void> {
  if (!isset(data, 'FeaturedImage')) return;
  const image = data.get('FeaturedImage');
  if (isPhpEmpty(image)) await deletePostMeta(scope, postId, EventMeta.thumbnailId);
  else await updatePostMeta(scope, postId, EventMeta.thumbnailId, phpScalarString(image));
  data.delete('FeaturedImage');
}

/** Venue::$valid_venue_keys. */
const VALID_VENUE_KEYS = ['Venue', 'Address', 'City', 'Province', 'State', 'StateProvince', 'Zip', 'Phone'];

/** Fields wp_update_post takes from the data, which update leaves out of the meta. */
const POST_TABLE_COLUMNS: ReadonlySet<string> = new Set([
  'ID', 'post_author', 'post_date', 'post_date_gmt', 'post_content', 'post_title', 'post_excerpt', 'post_status',
  'comment_status', 'ping_status', 'post_password', 'post_name', 'to_ping', 'pinged', 'post_modified',
  'post_modified_gmt', 'post_content_filtered', 'post_parent', 'guid', 'menu_order', 'post_type', 'post_mime_type',
  'comment_count',
]);

/**
 * Venue::save_meta: the state/province fallback (a US state, else the province), the four map
 * flags (`_EventShowMap*` too, as the plugin writes them on venues), the featured image, then
 * every remaining entry as `_Venue{key}` in the data's order (post fields included, so
 * `_Venuepost_date` and kin appear), except the post's own title, excerpt, content and status.
 * `defaultValue` is what a missing key reads as (Tribe__Data's default on create, null on update).
 */
async function saveVenueMeta(scope: WriteScope, venueId: number, data: PhpArray, defaultValue: unknown): Promise<void> {
  const read = (key: string) => (isset(data, key) ? data.get(key) : defaultValue);
  if (!isset(data, 'StateProvince') || equalsEmptyString(read('StateProvince'))) {
    const country = read('Country');
    const usState =
      isset(data, 'State') &&
      !equalsEmptyString(data.get('State')) &&
      (isPhpEmpty(country) || country === 'US' || country === 'United States');
    if (usState) data.set('StateProvince', data.get('State'));
    else if (isset(data, 'Province') && !equalsEmptyString(data.get('Province'))) data.set('StateProvince', data.get('Province'));
    else data.set('StateProvince', '');
  }
  const flag = (key: string) => (isset(data, key) ? data.get(key) : 'false');
  await updatePostMeta(scope, venueId, EventMeta.showMapLink, storedFlag(flag('ShowMapLink')));
  await updatePostMeta(scope, venueId, EventMeta.showMap, storedFlag(flag('ShowMap')));
  await updatePostMeta(scope, venueId, VenueMeta.showMapLink, storedFlag(flag('ShowMapLink')));
  await updatePostMeta(scope, venueId, VenueMeta.showMap, storedFlag(flag('ShowMap')));
  data.delete('ShowMapLink');
  data.delete('ShowMap');
  await saveFeaturedImage(scope, venueId, data);
  data.delete('Venue');
  for (const [key, value] of data) {
    if (['post_title', 'post_excerpt', 'post_content', 'post_status'].includes(key)) continue;
    await updatePostMeta(scope, venueId, `_Venue${key}`, storedText(value));
  }
}

/** Organizer::save_meta: the featured image, then every entry but the name as `_Organizer{key}`. */
async function saveOrganizerMeta(scope: WriteScope, organizerId: number, data: PhpArray): Promise<void> {
  await saveFeaturedImage(scope, organizerId, data);
  data.delete('Organizer');
  for (const [key, value] of data) await updatePostMeta(scope, organizerId, `_Organizer${key}`, storedText(value));
}

/** The post array Venue::create and Organizer::create insert (before array_filter). */
function createPostdata(data: PhpArray, postType: string, title: unknown, content: unknown, postStatus: string): PhpArray {
  return new Map<string, unknown>([
    ['post_title', title],
    ['post_content', content],
    ['post_name', sanitizeTitle(phpScalarString(title))],
    ['post_type', postType],
    ['post_status', postStatus],
    ['post_author', isset(data, 'post_author') ? data.get('post_author') : false],
    ['post_date', isset(data, 'post_date') ? data.get('post_date') : false],
    ['post_date_gmt', isset(data, 'post_date_gmt') ? data.get('post_date_gmt') : false],
  ]);
}

/** The fields of a filtered post array as insertPost takes them. */
function toNewPost(postdata: PhpArray, postType: string): NewPost {
  const post: NewPost = { post_type: postType };
  for (const [key, value] of arrayFilter(postdata)) {
    if (key === 'post_author') post.post_author = phpIntval(value);
    else if (key !== 'post_type') (post as unknown as Record<string, unknown>)[key] = phpScalarString(value);
  }
  return post;
}

/**
 * Tribe__Duplicate__Post::find_for over the post fields the create knows (title, and content
 * when not empty; the custom fields are never in the candidate data): the first post of the type
 * not trashed that matches, or undefined.
 */
async function findDuplicate(scope: WriteScope, postType: string, postdata: PhpArray, alwaysTitle: boolean): Promise<number | undefined> {
  const title = postdata.get('post_title');
  const content = postdata.get('post_content');
  const fields: { post_title?: string; post_content?: string } = {};
  if (truthy(title)) fields.post_title = phpScalarString(title);
  else if (alwaysTitle) fields.post_title = '';
  if (truthy(content)) fields.post_content = phpScalarString(content);
  if (Object.keys(fields).length === 0) return undefined;
  // Two creates of one name at once: the second waits for the first's commit and finds its post.
  // The lock is the title's slug lock, which the insert takes anyway (names that the database's
  // collation deems equal make the same slug).
  await scope.locks.take(WriteLockKey.postSlug(postType, sanitizeTitle(fields.post_title ?? '')));
  return selectDuplicateLinkedPostId(scope.trx, postType, fields);
}

/**
 * The wp_insert_post( …, true ) of Venue::create / Organizer::create: when $wpdb refuses the row
 * (a name over 64 KB) the create returns 0, which the endpoints answer with `could-not-create-*`.
 */
async function insertLinkedPostRow(scope: WriteScope, post: NewPost): Promise<number> {
  try {
    return await insertPost(scope, post);
  } catch (error) {
    if (error instanceof PostNotStoredError) return 0;
    throw error;
  }
}

/**
 * Venue::create: nothing (0) without a name or any venue field; else the matching venue when
 * `avoidDuplicates` finds one, or a new one (slug from the name), then the map flags (on unless
 * given as false) and save_meta on whichever it is. Returns the venue ID, or 0.
 */
async function createVenue(scope: WriteScope, data: PhpArray, postStatus: string, avoidDuplicates: boolean): Promise<number> {
  const hasData = VALID_VENUE_KEYS.some((key) => isset(data, key) && truthy(data.get(key)));
  if (!hasData) return 0;
  const title = isset(data, 'Venue') ? data.get('Venue') : 'Unnamed Venue';
  const content = isset(data, 'Description') ? data.get('Description') : '';
  const postdata = createPostdata(data, PostType.venue, title, content, postStatus);
  const found = avoidDuplicates ? await findDuplicate(scope, PostType.venue, postdata, true) : undefined;
  const venueId = found ?? (await insertLinkedPostRow(scope, toNewPost(postdata, PostType.venue)));
  if (!venueId) return 0;
  for (const key of ['ShowMap', 'ShowMapLink']) {
    if (isset(data, key) && !isTribeTruthy(data.get(key))) data.delete(key);
    else data.set(key, true);
  }
  await saveVenueMeta(scope, venueId, data, false);
  return venueId;
}

/** Organizer::create: as createVenue, without map flags; the name or any organizer field is needed. */
async function createOrganizer(scope: WriteScope, data: PhpArray, postStatus: string, avoidDuplicates: boolean): Promise<number> {
  const hasData = ['Organizer', 'Phone', 'Website', 'Email'].some((key) => isset(data, key) && truthy(data.get(key)));
  if (!hasData) return 0;
  const title = isset(data, 'Organizer') ? data.get('Organizer') : 'Unnamed Organizer';
  const content = isset(data, 'Description') ? data.get('Description') : '';
  const postdata = createPostdata(data, PostType.organizer, title, content, postStatus);
  const found = avoidDuplicates ? await findDuplicate(scope, PostType.organizer, postdata, false) : undefined;
  const organizerId = found ?? (await insertLinkedPostRow(scope, toNewPost(postdata, PostType.organizer)));
  if (!organizerId) return 0;
  await saveOrganizerMeta(scope, organizerId, data);
  return organizerId;
}

/**
 * The wp_update_post of Venue::update / Organizer::update: the truthy ones of title (the name),
 * content (description), excerpt, author, dates and status; no call when none is.
 */
async function updateLinkedPostRow(scope: WriteScope, id: number, data: PhpArray, nameKey: string): Promise<void> {
  const read = (key: string) => (isset(data, key) ? data.get(key) : '');
  const candidates: [keyof PostFields, unknown][] = [
    ['post_title', isset(data, 'post_title') ? data.get('post_title') : read(nameKey)],
    ['post_content', isset(data, 'post_content') ? data.get('post_content') : read('Description')],
    ['post_excerpt', isset(data, 'post_excerpt') ? data.get('post_excerpt') : read('Excerpt')],
    ['post_author', read('post_author')],
    ['post_date', read('post_date')],
    ['post_date_gmt', read('post_date_gmt')],
    ['post_status', read('post_status')],
  ];
  const fields: Partial<PostFields> = {};
  for (const [key, value] of candidates) {
    if (!truthy(value)) continue;
    if (key === 'post_author') fields.post_author = phpIntval(value);
    else (fields as Record<string, unknown>)[key] = phpScalarString(value);
  }
  if (Object.keys(fields).length === 0) return;
  try {
    await updatePost(scope, id, fields);
  } catch (error) {
    // The plugin does not read wp_update_post's result: a row $wpdb refuses (a name over 64 KB)
    // leaves the post as it was, and the meta is saved all the same.
    if (!(error instanceof PostNotStoredError)) throw error;
  }
}

/** The meta part of an update's data: everything but post columns, the name, description and excerpt (array_diff_key). */
function metaOfUpdate(data: PhpArray, nameKey: string): PhpArray {
  const excluded = new Set([...POST_TABLE_COLUMNS, nameKey, 'Description', 'Excerpt']);
  return new Map([...data].filter(([key]) => !excluded.has(key)));
}

/** Venue::update: the post fields, the map flags (on unless given as false), then save_meta. */
async function updateVenue(scope: WriteScope, venueId: number, data: PhpArray): Promise<void> {
  data.delete('VenueID');
  await updateLinkedPostRow(scope, venueId, data, 'Venue');
  for (const key of ['ShowMap', 'ShowMapLink']) {
    data.set(key, isset(data, key) && !isTribeTruthy(data.get(key)) ? 'false' : true);
  }
  await saveVenueMeta(scope, venueId, metaOfUpdate(data, 'Venue'), null);
}

/** Organizer::update: the post fields, then save_meta of the rest. */
async function updateOrganizer(scope: WriteScope, organizerId: number, data: PhpArray): Promise<void> {
  data.delete('OrganizerID');
  await updateLinkedPostRow(scope, organizerId, data, 'Organizer');
  await saveOrganizerMeta(scope, organizerId, metaOfUpdate(data, 'Organizer'));
}

/** What sets the two kinds apart for writes. */
export interface LinkedWriteKind {
  postType: string;
  /**
   * The endpoint's prepare_postarr. `id` is what it reads as `$request['id']` for the `VenueID` /
   * `OrganizerID` entry: the route's ID on an update, the request's own `id` on a create, which
   * array_filter( is_not_null ) keeps unless null, so a create sent an empty `id` (0, '', false)
   * gets a `_VenueVenueID` / `_OrganizerOrganizerID` row from save_meta's loop.
   */
  prepare: (scope: WriteScope, params: Params, viewer: Viewer, id?: unknown) => Promise<PhpArray>;
  create: (scope: WriteScope, data: PhpArray, postStatus: string, avoidDuplicates: boolean) => Promise<number>;
  update: (scope: WriteScope, id: number, data: PhpArray) => Promise<void>;
  errors: {
    couldNotCreate: () => AppError;
    inTrash: () => AppError;
  };
}

export const VENUE_WRITES: LinkedWriteKind = {
  postType: PostType.venue,
  prepare: prepareVenuePostarr,
  create: createVenue,
  update: updateVenue,
  errors: {
    couldNotCreate: () => new AppError(400, 'could-not-create-venue', 'The venue could not be created from the provided data'),
    inTrash: () => new AppError(410, 'venue-is-in-trash', 'The venue is already trashed'),
  },
};

export const ORGANIZER_WRITES: LinkedWriteKind = {
  postType: PostType.organizer,
  prepare: prepareOrganizerPostarr,
  create: createOrganizer,
  update: updateOrganizer,
  errors: {
    couldNotCreate: () => new AppError(400, 'could-not-create-organizer', 'The organizer could not be created from the provided data'),
    inTrash: () => new AppError(410, 'organizer-is-in-trash', 'The organizer is already trashed'),
  },
};

/**
 * Single_Venue::create / Single_Organizer::create inside a write: the post array from the
 * parameters, the kind's create with duplicate avoidance (the REST filters' default). Returns the
 * ID (an existing one when a duplicate was found); throws the kind's 400 when nothing could be made.
 */
export async function createLinkedPostIn(ctx: RequestContext, scope: WriteScope, kind: LinkedWriteKind, params: Params): Promise<number> {
  // prepare_postarr reads `$request['id']` on a create too: for one nested in an event, the
  // entry's own `id`, which Linked_Post_Base::insert let through only because it was empty.
  const postarr = await kind.prepare(scope, params, ctx.viewer, params.id);
  const id = await kind.create(scope, postarr, phpScalarString(postarr.get('post_status')), true);
  if (!id) throw kind.errors.couldNotCreate();
  return id;
}

/** POST /venues and /organizers: creates (or finds) the post in one write; returns its ID. */
export function createLinkedPost(ctx: RequestContext, kind: LinkedWriteKind): Promise<number> {
  return ctx.write((scope) => createLinkedPostIn(ctx, scope, kind, ctx.params));
}

/** POST|PUT|PATCH /venues/{id} and /organizers/{id} (and by slug): updates the post in one write. */
export async function updateLinkedPost(ctx: RequestContext, kind: LinkedWriteKind, id: number): Promise<void> {
  await ctx.write(async (scope) => {
    // Locked until the commit: two writes of one venue or organizer run one after the other.
    await lockedPostRowOf(scope, id);
    const postarr = await kind.prepare(scope, ctx.params, ctx.viewer, id);
    await kind.update(scope, id, postarr);
  });
}

/**
 * DELETE /venues/{id} and /organizers/{id} (and by slug): 410 when already trashed, else
 * wp_trash_post (with TEC's clean-up of the upcoming events that link it).
 */
export async function trashLinkedPost(ctx: RequestContext, kind: LinkedWriteKind, id: number): Promise<void> {
  await ctx.write(async (scope) => {
    // Locked until the commit: of two deletes at once, the second sees the first's trash (410).
    const post = await lockedPostRowOf(scope, id);
    if (post?.post_status === PostStatus.trash) throw kind.errors.inTrash();
    await trashPost(scope, id);
  });
}

/** 400 `invalid-linked-post-id` of Linked_Post_Base::insert. */
function invalidLinkedPostId(): AppError {
  return new AppError(400, 'invalid-linked-post-id', 'The provided linked post ID is not valid');
}

/**
 * Linked_Post_Base::insert for one value, inside the event's write: empty (an empty object too)
 * links nothing (0); an ID of the kind, or `{id}` naming a post of the kind (any status), is that
 * post; anything else is read as the fields of a new one (`(array) $data`), created with the
 * kind's create logic, reusing a matching one, without the REST argument validation (the plugin
 * builds an unvalidated request). So a list (`[19]`) or a comma-separated string (`"19,20"`) has
 * no fields and ends in the kind's `could-not-create-*`, although the validator let it through.
 * Throws 400 `invalid-linked-post-id` or the kind's `could-not-create-*`.
 */
async function insertLinked(ctx: RequestContext, scope: WriteScope, kind: LinkedWriteKind, data: unknown): Promise<number> {
  if (isEmptyParam(data)) return 0;
  if (isPhpNumeric(data)) {
    const post = await postRowOf(scope, phpIntval(data));
    if (post?.post_type === kind.postType) return post.ID;
  }
  const id = phpIndex(data, 'id');
  if (!isPhpEmpty(id)) {
    const post = isPhpNumeric(id) ? await postRowOf(scope, phpIntval(id)) : undefined;
    if (post?.post_type === kind.postType) return post.ID;
    throw invalidLinkedPostId();
  }
  return createLinkedPostIn(ctx, scope, kind, isPhpArray(data) ? data : {});
}

/** The event's `venue` (an ID, `{id}`, or venue fields), in the event's write; returns the venue ID, or 0 for none. */
export function insertLinkedVenue(ctx: RequestContext, scope: WriteScope, data: unknown): Promise<number> {
  return insertLinked(ctx, scope, VENUE_WRITES, data);
}

/**
 * Single_Organizer::insert: every value of `(array) $organizer` is one entry for
 * Linked_Post_Base::insert, so a list gives one organizer per item, a scalar one, and a lone
 * organizer object one entry per field (which fail unless they are organizer IDs). Returns the
 * organizer IDs in order, empty entries left out; duplicates stay (handle_submission drops them).
 */
export async function insertLinkedOrganizers(ctx: RequestContext, scope: WriteScope, data: unknown): Promise<number[]> {
  const ids: number[] = [];
  for (const entry of phpArrayCast(data)) {
    const id = await insertLinked(ctx, scope, ORGANIZER_WRITES, entry);
    if (id) ids.push(id);
  }
  return ids;
}

/**
 * The post IDs an event's `venue` and `organizer` values name (IDs, `{id}`), for the write to read
 * them in one statement before insertLinkedVenue / insertLinkedOrganizers look at each.
 */
export function linkedPostIdsNamed(venue: unknown, organizer: unknown): number[] {
  const named = (data: unknown): number[] => {
    if (isEmptyParam(data)) return [];
    if (isPhpNumeric(data)) return [phpIntval(data)];
    const id = phpIndex(data, 'id');
    return !isPhpEmpty(id) && isPhpNumeric(id) ? [phpIntval(id)] : [];
  };
  return [...named(venue), ...phpArrayCast(organizer).flatMap(named)];
}
