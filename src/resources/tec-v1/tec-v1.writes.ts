import type { RequestContext } from '../../http/request-context.js';
import { AppError } from '../../wp/wp-error.js';
import { EventMeta, PostStatus, PostType, TecMeta } from '../../wp/constants.js';
import { groupMetaRows } from '../../wp/posts/meta.js';
import { flushPostMeta } from '../../wp/write/meta-store.js';
import { selectMetaForPosts, selectPostById, selectPostsByIds, type PostRow } from '../../wp/posts/posts.repository.js';
import { customTablesEventRow, eventDateMetaValues, isValidEventTimezone, resavedCustomTablesEventRow } from '../../wp/tec/custom-tables.js';
import { customTablesAgree, selectEventCustomTables, upsertEventCustomTables } from '../../wp/tec/custom-tables.repository.js';
import { rebuildKnownRange } from '../../wp/tec/known-range.js';
import { setEventTerms } from '../../wp/tec/event-terms.js';
import { publishAssociatedPosts } from '../../wp/tec/publish-associated.js';
import { trackTermsChanged } from '../../wp/tec/tracker.js';
import { selectTermsForPosts } from '../../wp/terms/terms.repository.js';
import { deletePostForGood } from '../../wp/write/post-delete.js';
import { addPostMeta, deletePostMeta, getPostMetaValues, updatePostMeta } from '../../wp/write/post-meta.js';
import { afterEventMetaUpdated, afterPostInserted } from '../../wp/tickets/event-save.js';
import { finishPostInsert, finishPostUpdate, transitionPostStatus, trashPost, writeNewPostRow, writeUpdatedPostRow, type PostFields } from '../../wp/write/posts.js';
import type { WriteScope } from '../../wp/write/transaction.js';
import { eventPostArr, filterEventMetaInput, buildPostArr, type MetaInput, type PostArr } from './tec-v1.event-postarr.js';
import { phpBoolCast, schemaDefinedBody, type TecV1Entity } from './tec-v1.write.params.js';

/*
 * The writes of TEC's `tec/v1` endpoints (Create_Entity_Response, Update_Entity_Response,
 * Delete_Entity_Response over TEC's ORM): the body the schema defines, the ORM's postarr, then
 * wp_insert_post / wp_update_post with its `tax_input` and `meta_input`, wp_trash_post or
 * wp_delete_post, all in one transaction. Failures answer TEC's bodies (`{"error": ...}`), not
 * WordPress's error shape. The answer's entity is rendered by the caller.
 */

/** TEC's failure answers: a bare `{"error": message}` body with the status. */
export class TecV1EntityError extends AppError {
  constructor(status: number, readonly text: string) {
    super(status, 'tec_v1_entity_error', text);
  }
}

/** TEC's refusals of an entity write, the ticket routes' deletes included. */
export const TecV1Errors = {
  createFailed: () => new TecV1EntityError(500, 'Failed to create entity.'),
  notUpdated: () => new TecV1EntityError(404, 'The entity could not be updated.'),
  updateFailed: () => new TecV1EntityError(500, 'Failed to update entity.'),
  notDeleted: () => new TecV1EntityError(404, 'The entity could not be deleted.'),
  alreadyTrashed: () => new TecV1EntityError(410, 'The entity has already been trashed.'),
} as const;

const POST_TYPE_OF: Readonly<Record<TecV1Entity, string>> = {
  event: PostType.event,
  venue: PostType.venue,
  organizer: PostType.organizer,
};

/** The venue and organizer repositories' meta aliases. */
const LINKED_META_ALIASES: Readonly<Record<'venue' | 'organizer', Readonly<Record<string, string>>>> = {
  venue: {
    address: '_VenueAddress',
    city: '_VenueCity',
    state: '_VenueState',
    province: '_VenueProvince',
    state_province: '_VenueStateProvince',
    zip: '_VenueZip',
    country: '_VenueCountry',
    phone: '_VenuePhone',
    website: '_VenueURL',
  },
  organizer: { phone: '_OrganizerPhone', website: '_OrganizerWebsite', email: '_OrganizerEmail' },
};

/** update_post_meta's value as stored: true '1', false '', numbers as PHP prints them. */
function metaText(value: MetaInput): string {
  if (value === true) return '1';
  if (value === false) return '';
  return String(value);
}

/**
 * wp_insert_post's `meta_input`: update_post_meta for each key in order; a list (the organizers,
 * which TEC's repository unpacks) replaces every row of the key with one row per value.
 */
export async function writeMetaInput(scope: WriteScope, postId: number, meta: ReadonlyMap<string, MetaInput>): Promise<void> {
  for (const [key, value] of meta) {
    if (Array.isArray(value)) {
      await deletePostMeta(scope, postId, key);
      for (const item of value as readonly number[]) await addPostMeta(scope, postId, key, String(item));
    } else {
      const text = metaText(value as MetaInput);
      const before = await getPostMetaValues(scope, postId, key);
      await updatePostMeta(scope, postId, key, text);
      // `updated_postmeta` (Event Tickets moves the tickets' sale end with the start): rows rewritten, not a first row added.
      if (before.some((stored) => stored !== text)) await afterEventMetaUpdated(scope, postId, key, text);
    }
  }
}

/** wp_insert_post's `tax_input`: wp_set_post_terms for each taxonomy, by term ID; TEC's tracker stamps a changed set. */
async function writeTaxInput(ctx: RequestContext, scope: WriteScope, postId: number, postType: string, tax: ReadonlyMap<string, number[]>): Promise<void> {
  for (const [taxonomy, ids] of tax) {
    const before = await selectTermsForPosts(scope.trx, [postId], [taxonomy]);
    const terms = ids.map((id) => ({ id, asString: false }));
    await setEventTerms(scope, { postId, postType, taxonomy, terms, hierarchical: true, locale: ctx.site.language });
    const after = await selectTermsForPosts(scope.trx, [postId], [taxonomy]);
    const key = (rows: readonly { term_taxonomy_id: number }[]) => rows.map((row) => row.term_taxonomy_id).sort().join(',');
    await trackTermsChanged(scope, postId, taxonomy, key(before) !== key(after));
  }
}

async function storedMetaOf(scope: WriteScope, postId: number | undefined): Promise<Map<string, readonly string[]>> {
  if (postId === undefined) return new Map();
  // Read by SQL: the meta changes the write holds in memory (meta-store.ts) go first.
  await flushPostMeta(scope);
  const rows = await selectMetaForPosts(scope.trx, [postId]);
  return new Map(groupMetaRows(rows).get(postId) ?? []);
}

/** tribe_is_venue / tribe_is_organizer for the IDs the body names. */
async function linkedPostsOfType(scope: WriteScope, ids: readonly number[], postType: string): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const posts = await selectPostsByIds(scope.trx, [...new Set(ids)]);
  return new Set(posts.filter((post) => post.post_type === postType).map((post) => post.ID));
}

/** The event postarr after filter_meta_input, against the stored event (none for a create). */
async function eventPostArrFor(ctx: RequestContext, scope: WriteScope, params: Record<string, unknown>, eventId?: number): Promise<PostArr> {
  const postArr = eventPostArr(schemaDefinedBody('event', params));
  const stored = await storedMetaOf(scope, eventId);
  const named = (key: string) => (postArr.metaInput.get(key) as readonly number[] | undefined) ?? [];
  filterEventMetaInput(
    postArr,
    { get: (key) => stored.get(key)?.[0] },
    {
      siteTimezone: ctx.site.timezone,
      multiDayCutoff: ctx.site.tec.multiDayCutoff,
      venueIds: await linkedPostsOfType(scope, named(EventMeta.venueId), PostType.venue),
      organizerIds: await linkedPostsOfType(scope, named(EventMeta.organizerId), PostType.organizer),
      nowUnix: Math.floor(ctx.now.getTime() / 1000),
    },
  );
  return postArr;
}

/**
 * TEC 6's custom tables after an event save its ORM made: the occurrence rewritten on every save
 * its model takes (a fresh `updated_at`), the `tec_events` row where it changed; where the model
 * refuses the meta, the resaved rows (docs/writes.md: the custom tables always follow the meta).
 * Then the known range.
 */
async function saveEventCustomTables(ctx: RequestContext, scope: WriteScope, eventId: number): Promise<void> {
  if (ctx.site.occurrencesTableActive) {
    const dateMeta = eventDateMetaValues(await storedMetaOf(scope, eventId));
    const own = customTablesEventRow(eventId, dateMeta, isValidEventTimezone);
    const settled = own ?? resavedCustomTablesEventRow(eventId, dateMeta, isValidEventTimezone);
    if (settled) {
      const stored = await selectEventCustomTables(scope.trx, eventId);
      if (own || !customTablesAgree(stored, settled)) await upsertEventCustomTables(scope.trx, settled, stored, scope.now);
    }
  }
  await rebuildKnownRange(scope);
}

export function postFieldsOf(postArr: PostArr): Partial<PostFields> {
  return postArr.fields as Partial<PostFields>;
}

// wp_insert_post refuses a post whose title, content and excerpt are all empty.
function isEmptyPost(fields: Partial<PostFields>): boolean {
  return !fields.post_title && !fields.post_content && !fields.post_excerpt;
}

/**
 * POST /events, /venues, /organizers: the ORM's create. Returns the new post's ID. A published
 * event publishes the draft venue and organizers it links (publishAssociatedTypes). Throws
 * TecV1EntityError 500 "Failed to create entity." where TEC's repository refuses the postarr (no
 * title; for events no end date: none given, or dates that end before they start) or
 * wp_insert_post refuses the post; nothing is written then.
 */
export async function createTecV1Entity(ctx: RequestContext, entity: TecV1Entity): Promise<number> {
  const postType = POST_TYPE_OF[entity];
  return ctx.write(async (scope) => {
    const postArr =
      entity === 'event'
        ? await eventPostArrFor(ctx, scope, ctx.params)
        : linkedPostArr(entity, ctx.params);
    const fields = postFieldsOf(postArr);
    if (fields.post_title === undefined || isEmptyPost(fields)) throw TecV1Errors.createFailed();
    if (entity === 'event' && !postArr.metaInput.has(EventMeta.endDate)) throw TecV1Errors.createFailed();
    // wp_insert_post: the row and its slug, `tax_input`, `meta_input`, the status hooks.
    const post = await writeNewPostRow(scope, { post_author: ctx.viewer.userId, ...fields, post_type: postType });
    await writeTaxInput(ctx, scope, post.ID, postType, postArr.taxInput);
    await writeMetaInput(scope, post.ID, postArr.metaInput);
    await transitionPostStatus(scope, post);
    // `publish_tribe_events`: publishAssociatedTypes, with the links `meta_input` just stored.
    if (entity === 'event' && post.row.post_status === PostStatus.publish) await publishAssociatedPosts(scope, post.ID);
    await finishPostInsert(scope, post);
    if (entity === 'event') await saveEventCustomTables(ctx, scope, post.ID);
    return post.ID;
  });
}

/**
 * The venue or organizer postarr: build_postarr with its aliases. `sticky` has no alias there, so
 * it is a plain meta row ('' for false); the origin follows from wp_insert_post's hook.
 */
function linkedPostArr(entity: 'venue' | 'organizer', params: Record<string, unknown>): PostArr {
  return buildPostArr(POST_TYPE_OF[entity], schemaDefinedBody(entity, params), LINKED_META_ALIASES[entity]);
}

/** The post a by-ID write names, when it is of the route's type; TEC's 404 body otherwise. */
async function postOfType(scope: WriteScope, id: number, entity: TecV1Entity, error: () => TecV1EntityError): Promise<PostRow> {
  const post = await selectPostById(scope.trx, id);
  if (!post || post.post_type !== POST_TYPE_OF[entity]) throw error();
  return post;
}

/**
 * PUT/PATCH /{type}/{id} (and POST with X-HTTP-Method-Override): the ORM's save of the post,
 * with the body's defaults applied (docs/writes.md). The post keeps its date. An event left
 * published (the default status publishes a draft) publishes its draft venue and organizers, as
 * on create: TEC's publishAssociatedTypes sees the links this save wrote as `meta_input`. Throws
 * TecV1EntityError 404 for a post of another type and 500 "Failed to update entity." for a
 * trashed one, which the ORM's `status => any` query does not find.
 */
export async function updateTecV1Entity(ctx: RequestContext, entity: TecV1Entity, id: number): Promise<void> {
  const postType = POST_TYPE_OF[entity];
  await ctx.write(async (scope) => {
    const post = await postOfType(scope, id, entity, TecV1Errors.notUpdated);
    if (post.post_status === PostStatus.trash || post.post_status === PostStatus.autoDraft) throw TecV1Errors.updateFailed();
    const postArr = entity === 'event' ? await eventPostArrFor(ctx, scope, ctx.params, id) : linkedPostArr(entity, ctx.params);
    // wp_update_post: the row and its slug, `tax_input`, `meta_input`, the status hooks.
    const updated = await writeUpdatedPostRow(scope, id, postFieldsOf(postArr));
    await writeTaxInput(ctx, scope, id, postType, postArr.taxInput);
    await writeMetaInput(scope, id, postArr.metaInput);
    await transitionPostStatus(scope, updated);
    // `publish_tribe_events`: publishAssociatedTypes, with the links `meta_input` just stored.
    if (entity === 'event' && updated.row.post_status === PostStatus.publish) await publishAssociatedPosts(scope, id);
    await finishPostUpdate(scope, updated);
    // `wp_insert_post`: Event Tickets starts the sale of a ticket without a start (a new post has no tickets).
    await afterPostInserted(scope, id);
    if (entity === 'event') await saveEventCustomTables(ctx, scope, id);
  });
}

/**
 * DELETE /{type}/{id}: with `force` (PHP's bool cast of the parameter: `false` deletes too) the
 * post goes for good, trashed or not; otherwise it is trashed (TEC's Ignored_Events keeps an
 * event's status first). Throws TecV1EntityError 404 for a post of another type and 410 for one
 * already in the trash.
 */
export async function deleteTecV1Entity(ctx: RequestContext, entity: TecV1Entity, id: number, force: unknown): Promise<void> {
  await ctx.write(async (scope) => {
    const post = await postOfType(scope, id, entity, TecV1Errors.notDeleted);
    if (phpBoolCast(force ?? false)) {
      await deletePostForGood(scope, id);
      return;
    }
    if (post.post_status === PostStatus.trash) throw TecV1Errors.alreadyTrashed();
    if (entity === 'event') await addPostMeta(scope, id, TecMeta.ignoredPreviousStatus, post.post_status);
    await trashPost(scope, id);
    if (entity === 'event') await rebuildKnownRange(scope);
  });
}
