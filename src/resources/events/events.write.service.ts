import { AppError } from '../../http/errors.js';
import { findPostBySlugOnce, loadPostWithMetaOnce, type RequestContext } from '../../http/request-context.js';
import { POST_TYPE_CAPS, userCan } from '../../wp/auth/capabilities.js';
import { EventMeta, PostStatus, PostType, Taxonomy, TecMeta } from '../../wp/constants.js';
import { isEmptyParam, isPhpEmpty } from '../../wp/php/php-empty.js';
import { isPhpNumeric, phpIntval } from '../../wp/php/php-values.js';
import type { MetaMap } from '../../wp/posts/meta.js';
import type { PostRow } from '../../wp/posts/posts.repository.js';
import { parseCurrencyPosition, parseCurrencySymbol } from '../../wp/tec/currency.js';
import { customTablesEventRow, eventDateMetaValues, isValidEventTimezone, resavedCustomTablesEventRow } from '../../wp/tec/custom-tables.js';
import { customTablesAgree, selectEventCustomTables, upsertEventCustomTables, type StoredEventCustomTables } from '../../wp/tec/custom-tables.repository.js';
import { rebuildKnownRange } from '../../wp/tec/known-range.js';
import { KNOWN_RANGE_STATUSES } from '../../wp/tec/known-range.repository.js';
import { requestDateWallTime, requestDateZone } from '../../wp/tec/event-dates.js';
import { localizeDate } from '../../wp/tec/dates.js';
import { saveEventMeta, type EventSaveData } from '../../wp/tec/event-meta-save.js';
import { afterPostInserted } from '../../wp/tickets/event-save.js';
import { scaleBackPostStatus } from '../../wp/tec/event-status.js';
import { setEventTerms, translateTermsToIds } from '../../wp/tec/event-terms.js';
import { isTribeTruthy } from '../../wp/tec/truthy.js';
import { trackTermsChanged } from '../../wp/tec/tracker.js';
import { publishAssociatedPosts } from '../../wp/tec/publish-associated.js';
import { addPostMeta, getPostCustom } from '../../wp/write/post-meta.js';
import {
  finishPostInsert,
  finishPostUpdate,
  PostNotStoredError,
  transitionPostStatus,
  trashPost,
  writeNewPostRow,
  writeUpdatedPostRow,
  type PostBeingUpdated,
  type PostFields,
} from '../../wp/write/posts.js';
import type { WriteScope } from '../../wp/write/transaction.js';
import { EventErrors, getEventData } from './events.service.js';
import type { EventResource } from './events.types.js';
import { insertLinkedOrganizers, insertLinkedVenue, linkedPostIdsNamed } from '../linked-posts/linked-posts.writes.js';
import { lockedPostRowOf, postRowOf, postRowsOf } from '../../wp/write/write-env.js';

/**
 * The event writes of Single_Event / Single_Event_Slug: prepare_postarr, then
 * Tribe__Events__API::createEvent / updateEvent (wp_insert_post or wp_update_post with the
 * terms of `tax_input`, saveEventMeta), then TEC 6's custom tables rows, all in one
 * transaction; the answer is the event re-read as GET reads it. createEvent and updateEvent
 * call each step and hook in the order WordPress runs them (see wp/write/posts.ts).
 */

const EventWriteErrors = {
  /** The plugin downloads an image URL and sideloads it; this service does not fetch from the network. */
  imageUrlNotSupported: () =>
    new AppError(400, 'rest_invalid_param', 'Invalid parameter(s): image', {
      params: { image: 'Images are accepted as attachment IDs only; upload the image to the media library first.' },
      details: {},
    }),
} as const;

type Params = Record<string, unknown>;

function given(params: Params, name: string): boolean {
  return params[name] !== undefined && params[name] !== null;
}

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (value === true) return '1';
  if (value === false) return '';
  return String(value);
}

/** tribe_upload_image for an attachment ID; false when no image was sent. */
function featuredImageOf(value: unknown): number | false {
  if (isPhpEmpty(value)) return false;
  if (isPhpNumeric(value)) return phpIntval(value);
  throw EventWriteErrors.imageUrlNotSupported();
}

/** The zone prepare_postarr reads the request's dates in (build_date_object's second argument). */
function dateZone(ctx: RequestContext, params: Params): string {
  return requestDateZone(given(params, 'timezone') ? (text(params.timezone) ?? '') : undefined, ctx.site.timezone);
}

/** What prepare_postarr gives saveEventMeta, before create's array_filter. */
function eventSaveData(ctx: RequestContext, params: Params, creating: boolean): EventSaveData {
  const timezone = text(params.timezone) || undefined;
  const zone = dateZone(ctx, params);
  const wall = (name: string) => (given(params, name) && text(params[name]) ? requestDateWallTime(String(params[name]), zone, ctx.now) : undefined);
  // Create runs array_filter over the post array: false, '' and '0' are dropped there (an empty list
  // too, but not a list of empty values); update drops only what was not sent.
  const cost = creating && isEmptyParam(params.cost) ? undefined : params.cost;
  const keep = <T>(value: T): T | undefined => (creating && (value === false || value === '' || value === '0' || value === 0) ? undefined : value);
  const allDay = given(params, 'all_day') ? isTribeTruthy(params.all_day) : undefined;
  const website = text(params.website) ?? '';
  return {
    dates: { allDay: keep(allDay), start: wall('start_date'), end: wall('end_date'), timezone },
    hideFromUpcoming: isTribeTruthy(params.hide_from_listings),
    venueId: undefined,
    organizerIds: [],
    cost,
    currencySymbol: keep(parseCurrencySymbol(params.cost)),
    currencyPosition: keep(parseCurrencyPosition(params.cost)),
    // filter_var(..., FILTER_SANITIZE_URL) of no website is ''.
    url: keep(website.replace(/[^A-Za-z0-9$\-_.+!*'(),{}|\\^~[\]`<>#%";/?:@&=]/g, '')),
    showMap: keep(isTribeTruthy(params.show_map)),
    showMapLink: keep(isTribeTruthy(params.show_map_link)),
    featuredImage: keep(featuredImageOf(params.image)),
    sticky: isTribeTruthy(params.sticky),
    featured: isTribeTruthy(params.featured),
  };
}

/** The post columns of prepare_postarr: given fields only, the status scaled to the user's rights. */
function postFields(ctx: RequestContext, params: Params): Partial<PostFields> {
  const fields: Partial<PostFields> = {};
  if (given(params, 'author')) fields.post_author = phpIntval(params.author);
  if (given(params, 'date')) fields.post_date = requestDateWallTime(String(params.date), dateZone(ctx, params), ctx.now);
  // Tribe__Timezones::localize_date('Y-m-d H:i:s', $date_utc, 'UTC'): the instant, shown in UTC.
  if (given(params, 'date_utc')) fields.post_date_gmt = localizeDate(String(params.date_utc), 'UTC', ctx.now) ?? undefined;
  if (given(params, 'title')) fields.post_title = String(params.title);
  if (given(params, 'slug')) fields.post_name = String(params.slug);
  if (given(params, 'description')) fields.post_content = String(params.description);
  if (given(params, 'excerpt')) fields.post_excerpt = String(params.excerpt);
  const caps = POST_TYPE_CAPS[PostType.event];
  fields.post_status = scaleBackPostStatus(params.status, caps ? userCan(ctx.viewer, caps.publish_posts) : false);
  return fields;
}

/** The event's meta as get_post_custom reads it, from inside the write's transaction. */
async function eventMeta(scope: WriteScope, eventId: number): Promise<MetaMap> {
  return (await getPostCustom(scope, [eventId])).get(eventId)!;
}

/** The venue and organizer IDs the event's meta links (the lock read it with the post: no statement). */
function linkedPostIdsOf(meta: MetaMap): number[] {
  return [...(meta.get(EventMeta.venueId) ?? []), ...(meta.get(EventMeta.organizerId) ?? [])].map(phpIntval).filter((id) => id > 0);
}

/** wp_insert_post's `tax_input`: categories (read as IDs), then tags (read as names). */
async function saveEventTerms(ctx: RequestContext, scope: WriteScope, eventId: number, params: Params): Promise<void> {
  const locale = ctx.site.language;
  for (const [name, taxonomy, hierarchical] of [
    ['categories', Taxonomy.eventCategory, true],
    ['tags', Taxonomy.tag, false],
  ] as const) {
    if (!given(params, name)) continue;
    const terms = isPhpEmpty(params[name]) ? [] : await translateTermsToIds(scope, params[name], taxonomy, locale);
    const changed = await setEventTerms(scope, { postId: eventId, postType: PostType.event, taxonomy, terms, hierarchical, locale });
    await trackTermsChanged(scope, eventId, taxonomy, changed);
  }
}

const NO_CUSTOM_TABLES_ROWS: StoredEventCustomTables = { event: undefined, occurrence: undefined };

/**
 * saveEventMeta, then TEC 6's custom tables rows where the site has them: TEC's own when the date
 * meta moved and its model takes the meta; otherwise, where the stored rows are not the meta's
 * (TEC refused this save's meta, or an earlier save left them behind), the resaved rows
 * (docs/writes.md: an intended deviation), so the calendar views never show other dates than the meta.
 */
async function saveMetaAndCustomTables(
  ctx: RequestContext,
  scope: WriteScope,
  eventId: number,
  menuOrderBefore: number,
  data: EventSaveData,
  created: boolean,
): Promise<void> {
  const settings = { siteTimezone: ctx.site.timezone, multiDayCutoff: ctx.site.tec.multiDayCutoff, now: ctx.now };
  const result = await saveEventMeta(scope, eventId, await eventMeta(scope, eventId), menuOrderBefore, data, settings);
  if (!ctx.site.occurrencesTableActive) {
    // Known_Range::maybe_update_known_range on save_post: without TEC 6's tables the range follows the meta.
    await rebuildKnownRange(scope);
    return;
  }
  const dateMeta = eventDateMetaValues(result.meta);
  const own = customTablesEventRow(eventId, dateMeta, isValidEventTimezone);
  const settled = own ?? resavedCustomTablesEventRow(eventId, dateMeta, isValidEventTimezone);
  // An event this write inserted has no rows there yet: nothing to read.
  const stored = !settled ? undefined : created ? NO_CUSTOM_TABLES_ROWS : await selectEventCustomTables(scope.trx, eventId);
  // Events::update rewrites the occurrence on every save TEC's model takes; other rows are only
  // put right where they differ from the meta.
  const rewrite = settled && stored && ((result.datesTouched && own) || !customTablesAgree(stored, settled));
  if (rewrite) await upsertEventCustomTables(scope.trx, settled, stored, scope.now);
  if (!result.datesTouched && !rewrite) {
    // Hidden now (draft, pending): TEC rebuilds the range without it.
    const status = (await postRowOf(scope, eventId))?.post_status ?? '';
    if (!(KNOWN_RANGE_STATUSES as readonly string[]).includes(status)) await rebuildKnownRange(scope);
    return;
  }
  // Controller::commit_post_updates rebuilds the known range whether or not the rows were written.
  await rebuildKnownRange(scope);
}

/**
 * POST /events: creates the event (201 with it). Throws 400 for an image given as a URL, which
 * this service does not download.
 */
export async function createEvent(ctx: RequestContext): Promise<EventResource> {
  const params = ctx.params;
  const data = eventSaveData(ctx, params, true);
  const fields = postFields(ctx, params);
  const id = await ctx.write(async (scope) => {
    await postRowsOf(scope, linkedPostIdsNamed(params.venue, params.organizer));
    // prepare_postarr: the venue endpoint's insert(), then the organizer endpoint's.
    data.venueId = (await insertLinkedVenue(ctx, scope, params.venue)) || undefined;
    data.organizerIds = await insertLinkedOrganizers(ctx, scope, params.organizer);
    // array_filter drops the empty fields; WordPress makes the current user the author.
    const post = Object.fromEntries(Object.entries(fields).filter(([, value]) => !isPhpEmpty(value))) as Partial<PostFields>;
    // wp_insert_post: the row and its slug, then `tax_input`.
    const event = await writeNewPostRow(scope, { post_author: ctx.viewer.userId, ...post, post_type: PostType.event });
    await saveEventTerms(ctx, scope, event.ID, params);
    // The guid, then the status hooks: `publish_tribe_events` finds no links yet (the meta comes last).
    await transitionPostStatus(scope, event);
    // `wp_insert_post`: TEC's `_EventOrigin`, then Event Tickets' ticket start dates.
    await finishPostInsert(scope, event);
    await afterPostInserted(scope, event.ID);
    // createEvent's saveEventMeta, then TEC 6's custom tables.
    await saveMetaAndCustomTables(ctx, scope, event.ID, 0, data, true);
    return event.ID;
  });
  return getEventData(ctx, id);
}

/** The event a by-ID or by-slug write names: 404 when no post has the ID, 400 when it is no event. */
async function requireEvent(ctx: RequestContext, id: number) {
  const event = await loadPostWithMetaOnce(ctx, id);
  if (!event) throw EventErrors.notFound(id);
  if (event.post.post_type !== PostType.event) throw EventErrors.notAnEvent();
  return event;
}

/**
 * The ID of the event a by-slug request names (the route's validator made sure there is one).
 * Single_Event_Slug sets it as the request's `id` before handing over, so what runs after the
 * handler (the Allow header's permission checks) asks about that event.
 */
export async function eventIdBySlug(ctx: RequestContext, slug: string): Promise<number> {
  const id = (await findPostBySlugOnce(ctx, slug, PostType.event))?.ID ?? 0;
  ctx.params.id = id;
  return id;
}

/**
 * POST/PUT/PATCH /events/{id}: updates the event (200 with it). As in the plugin, fields not sent
 * are reset (cost, organizers, flags, website) and the post date moves to now.
 */
export async function updateEvent(ctx: RequestContext, id: number): Promise<EventResource> {
  await requireEvent(ctx, id);
  const params = ctx.params;
  const data = eventSaveData(ctx, params, false);
  const fields = postFields(ctx, params);
  await ctx.write(async (scope) => {
    // The row as it stands under the write lock: another write may have changed it since the checks.
    const post = await lockedEvent(scope, id);
    // The posts the request names and those the event links now (publishAssociatedPosts looks at
    // these, as the meta stands before this save), in one statement.
    await postRowsOf(scope, [...linkedPostIdsNamed(params.venue, params.organizer), ...linkedPostIdsOf(await eventMeta(scope, id))]);
    // prepare_postarr: the venue endpoint's insert(), then the organizer endpoint's.
    data.venueId = (await insertLinkedVenue(ctx, scope, params.venue)) || undefined;
    data.organizerIds = await insertLinkedOrganizers(ctx, scope, params.organizer);
    // wp_update_post: the row and its slug, then `tax_input` and the status hooks.
    const event = await writeEventRow(scope, id, fields);
    if (!event) return;
    await saveEventTerms(ctx, scope, id, params);
    await transitionPostStatus(scope, event);
    // `publish_tribe_events`: publishAssociatedTypes, with the links stored before this save (the meta comes last).
    if (event.row.post_status === PostStatus.publish) await publishAssociatedPosts(scope, id);
    // `post_updated` (TEC's tracker, the old slug and date), `wp_insert_post` (TEC's `_EventOrigin`),
    // `wp_after_insert_post` (the revision), then Event Tickets' ticket start dates.
    await finishPostUpdate(scope, event);
    await afterPostInserted(scope, id);
    // updateEvent's saveEventMeta, then TEC 6's custom tables.
    await saveMetaAndCustomTables(ctx, scope, id, Number(post.menu_order), data, false);
  });
  return getEventData(ctx, id);
}

/**
 * The row of wp_update_post( $args ) for updateEvent, or undefined where $wpdb refuses it (a title
 * over 64 KB): updateEvent saves the rest only `if ( wp_update_post( $args ) )`, so the event
 * stays as it was, and the plugin answers 200 with it.
 */
async function writeEventRow(scope: WriteScope, id: number, fields: Partial<PostFields>): Promise<PostBeingUpdated | undefined> {
  try {
    // prepare_postarr passes false for dates not sent, which replaces the stored ones in
    // wp_update_post's merge: the post date becomes now, the GMT date follows from it.
    // Its `edit_date` for a scheduling with a date: a draft keeps the date given rather than
    // wp_update_post's now, so it stays `future`.
    return await writeUpdatedPostRow(
      scope,
      id,
      { post_date: '', post_date_gmt: '', ...fields },
      { editDate: fields.post_status === PostStatus.future && !isPhpEmpty(fields.post_date) },
    );
  } catch (error) {
    if (error instanceof PostNotStoredError) return undefined;
    throw error;
  }
}

/** The event's row read inside the write, locked; 404 when it went away between the checks and the lock. */
async function lockedEvent(scope: WriteScope, id: number): Promise<PostRow> {
  // Locked until the commit: another write of this event waits here, then reads what this one wrote.
  const post = await lockedPostRowOf(scope, id);
  if (!post) throw EventErrors.notFound(id);
  return post;
}

/** DELETE /events/{id}: moves the event to the trash (200 with it); 410 when it is there already. */
export async function deleteEvent(ctx: RequestContext, id: number): Promise<EventResource> {
  const { post: checked } = await requireEvent(ctx, id);
  if (checked.post_status === PostStatus.trash) throw EventErrors.inTrash();
  await ctx.write(async (scope) => {
    // Two deletes at once: the second finds the event trashed under the lock and answers 410.
    const post = await lockedEvent(scope, id);
    if (post.post_status === PostStatus.trash) throw EventErrors.inTrash();
    // TEC's Ignored_Events hooks the trashing first and keeps the status the event had.
    await addPostMeta(scope, id, TecMeta.ignoredPreviousStatus, post.post_status);
    await trashPost(scope, id);
    // save_post of a trashed event: Known_Range::maybe_update_known_range rebuilds without it.
    await rebuildKnownRange(scope);
  });
  return getEventData(ctx, id);
}
