import { loadPostBundleOnce, type RequestContext, type RequestRecords } from '../../http/request-context.js';
import { DependencyTag, dependOn } from '../../feed/dependencies.js';
import type { RecordKey, RenderedRecord } from '../../cache/record-cache.js';
import { EventMeta } from '../../wp/constants.js';
import { phpTrim } from '../../wp/php/php-values.js';
import { allMeta, firstMeta } from '../../wp/posts/meta.js';
import { selectPostBundle, type PostBundle, type PostBundleRequest } from '../../wp/posts/post-bundle.repository.js';
import type { GeneratedExcerpt, RenderedTexts } from '../../wp/text/content-renderer.js';
import { tecExcerptLength } from '../../wp/tec/excerpt-length.js';
import { thumbnailIdOf, type LoadedPost } from '../../wp/tec/linked-posts.js';
import type { EntityRecord, EventRecord } from './entity-record.js';
import { eventBundleParts, linkedBundleParts, linkedBy, withTexts } from './entity-records.repository.js';

/*
 * The records tec/v1 list pages and single reads render their entities from, kept in the record
 * cache (src/cache/record-cache.ts) across requests, one key per entity whichever read kept it: a
 * page (or a single read, a page of one) computes its IDs, takes each record kept
 * (still fresh), loads and renders only the others in one batch, and keeps those. What is kept is
 * the record, not the entity: the rows (post, meta, terms; an event's venues and organizers) and
 * the texts the_content / the_excerpt rendered from them. The entity is mapped from the record per
 * request (toTecEventEntity, toTecLinkedEntity, pure functions), because much of it reads the
 * request: the viewer (a private post's link), the context, the password mask, the REST URLs, and
 * the clock (is_past, is_now, multiday, the year in the schedule lines). So none of those varies
 * the record; what does is the rendering of its texts: TEC's excerpt length (from the request's
 * variables) and the render state each text began in (checked when taken: replay,
 * takeGeneratedExcerpt). Uncached reads (the cache off, a read that is not plain) use
 * entity-records.repository.ts alone; both render the same texts in the same order.
 */

/** A post's rows as an entity shows them. */
type EntityRows = Omit<EntityRecord, 'texts'>;

/** An entity's rows, and (events) those of its organizers and venues, in meta order. */
interface KeptRows {
  entity: EntityRows;
  organizers: readonly EntityRows[];
  venues: readonly EntityRows[];
}

/** A tec/v1 entity's record as a list keeps it. */
export interface KeptEntityRecord {
  rows: KeptRows;
  /** The texts rendered for its posts (it, its organizers, its venues), in the order they were rendered. */
  texts: readonly RenderedTexts[];
  /**
   * The excerpts generated for those of its posts without a stored excerpt, in the order they
   * were; later, those generated from another state by requests that took the record.
   */
  excerpts: readonly GeneratedExcerpt[];
}

/** How one kind of entity is kept: its record kind, and how a batch of its records is loaded. */
interface KeptKind {
  kind: string;
  /**
   * The rows of these entities (missing IDs left out), what they read, and the bundle they came in;
   * a single read's one entity through the request's memo, as its uncached read loads it.
   */
  load: (ctx: RequestContext, ids: readonly number[], single: boolean) => Promise<{ bundle: PostBundle; rows: Map<number, { rows: KeptRows; tags: Set<string> }> }>;
}

/** The posts of an entity's record, in the order TEC renders and formats them: it, its organizers, its venues. */
function postsOf(rows: KeptRows): EntityRows[] {
  return [rows.entity, ...rows.organizers, ...rows.venues];
}

/** The post a meta value names, read as the bundle's statement reads it (leading digits). */
function namedPostId(value: string | undefined): number | undefined {
  const named = /^\s*\+?0*(\d+)/.exec(value ?? '');
  return named ? Number(named[1]) : undefined;
}

/** A copy of a loaded post's rows: a kept record is frozen, the request's own rows are not. */
function rowsOf(loaded: LoadedPost, bundle: PostBundle): EntityRows {
  return {
    post: { ...loaded.post },
    meta: loaded.meta,
    terms: bundle.terms.filter((term) => term.object_id === loaded.post.ID).map((term) => ({ ...term })),
  };
}

/**
 * The tags of everything an entity's record read: its post (row, meta, term relationships), each
 * post its meta names as venue or organizer (found or not), the featured image each of them names
 * (found or not), and the rows of its terms.
 */
function tagsOf(loaded: LoadedPost, rows: KeptRows): Set<string> {
  const tags = new Set<string>([DependencyTag.post(loaded.post.ID)]);
  for (const value of [...allMeta(loaded.meta, EventMeta.venueId), ...allMeta(loaded.meta, EventMeta.organizerId)]) {
    const id = namedPostId(value);
    if (id !== undefined) tags.add(DependencyTag.post(id));
  }
  for (const { meta } of postsOf(rows)) {
    const thumbnail = namedPostId(firstMeta(meta, EventMeta.thumbnailId));
    if (thumbnail !== undefined) tags.add(DependencyTag.post(thumbnail));
  }
  for (const term of rows.entity.terms) tags.add(DependencyTag.term(term.term_id));
  return tags;
}

/** The bundle of these posts: a single read's one post once per request (loadPostBundleOnce), a list's in one statement. */
function bundleOf(ctx: RequestContext, ids: readonly number[], parts: Omit<PostBundleRequest, 'ids'>, single: boolean): Promise<PostBundle> {
  return single && ids.length === 1 ? loadPostBundleOnce(ctx, ids[0]!, parts) : selectPostBundle(ctx.db, { ids, ...parts });
}

const EVENTS: KeptKind = {
  kind: 'tec-v1:event',
  load: async (ctx, ids, single) => {
    const bundle = await bundleOf(ctx, ids, eventBundleParts(ids), single);
    const rows = new Map<number, { rows: KeptRows; tags: Set<string> }>();
    for (const id of ids) {
      const loaded = bundle.posts.get(id);
      if (!loaded) continue;
      const kept: KeptRows = {
        entity: rowsOf(loaded, bundle),
        organizers: linkedBy(bundle, loaded, EventMeta.organizerId).map((organizer) => rowsOf(organizer, bundle)),
        venues: linkedBy(bundle, loaded, EventMeta.venueId).map((venue) => rowsOf(venue, bundle)),
      };
      rows.set(id, { rows: kept, tags: tagsOf(loaded, kept) });
    }
    return { bundle, rows };
  },
};

/** Venues or organizers of one post type (their kind in the cache names it). */
function linkedKind(postType: string): KeptKind {
  return {
    kind: `tec-v1:${postType}`,
    load: async (ctx, ids, single) => {
      const bundle = await bundleOf(ctx, ids, linkedBundleParts(ids), single);
      const rows = new Map<number, { rows: KeptRows; tags: Set<string> }>();
      for (const id of ids) {
        const loaded = bundle.posts.get(id);
        if (!loaded) continue;
        const kept: KeptRows = { entity: rowsOf(loaded, bundle), organizers: [], venues: [] };
        rows.set(id, { rows: kept, tags: tagsOf(loaded, kept) });
      }
      return { bundle, rows };
    },
  };
}

/**
 * The key of a kept record: its kind and ID, and the variant of its texts: the namespace (tec/v1
 * renders each post as the global post, TEC's v1 never does) and TEC's excerpt length. What else
 * the texts read is the site's (an option change drops every record) or checked when taken.
 */
function keyOf(ctx: RequestContext, kind: KeptKind, id: number, excerptLength: number): RecordKey {
  return { kind: kind.kind, id, variant: `${ctx.urls.namespace}\nexcerpt:${excerptLength}` };
}

/** About what a kept record holds in memory (strings at two bytes a character; meta maps as their entries). */
function keptBytes(record: KeptEntityRecord): number {
  return JSON.stringify(record, (_key, value: unknown) => (value instanceof Map ? [...value] : value)).length * 2;
}

/**
 * The record to keep of an entity this request rendered, or undefined when it may not be kept: a
 * text of one of its posts read records (attachments, oEmbed caches, block queries) or moved the
 * request's counters, so it reads differently elsewhere.
 */
function keptRecord(ctx: RequestContext, rows: KeptRows, tags: Set<string>): RenderedRecord<KeptEntityRecord> | undefined {
  const texts: RenderedTexts[] = [];
  const excerpts: GeneratedExcerpt[] = [];
  const seen = new Set<number>();
  for (const { post } of postsOf(rows)) {
    if (seen.has(post.ID)) continue;
    seen.add(post.ID);
    const rendered = ctx.content.renderedTexts(post.ID);
    if (rendered === undefined) return undefined;
    texts.push(rendered);
    // A stored excerpt is one of the texts above; the others were generated from the content.
    if (phpTrim(post.post_excerpt) !== '') continue;
    const generated = ctx.content.generatedExcerptOf(post.ID);
    if (generated === undefined) return undefined;
    excerpts.push(generated);
  }
  return { fragment: { rows, texts, excerpts }, tags };
}

/**
 * The records of a list page's entities, in the page's order, taken from the record cache where
 * kept and fresh, the others loaded in one batch (one statement, and one more only when their
 * texts read attachments or blocks), rendered and kept. The texts are rendered, or taken, in the
 * order the uncached read renders them: every post's content and stored excerpt page by page
 * (each entity, its organizers, its venues), then the generated excerpts in the same order. A kept
 * text that would not render the same here (an earlier text left another state) is rendered anew
 * from the kept rows, which its own texts need no other record for.
 */
async function assembleRecords(ctx: RequestContext, ids: readonly number[], records: RequestRecords, kind: KeptKind, single = false): Promise<EventRecord[]> {
  if (ids.length === 0) return [];
  const excerptLength = tecExcerptLength(ctx.query);
  const kept = new Map(ids.map((id) => [id, records.cache.get<KeptEntityRecord>(keyOf(ctx, kind, id, excerptLength), records.generation)] as const));
  const lacking = ids.filter((id) => kept.get(id) === undefined);
  ctx.content.asGlobalPost();
  const loaded = lacking.length > 0 ? await kind.load(ctx, lacking, single) : undefined;
  if (loaded) {
    // As the uncached read does: the batch's posts for the texts to read, then what the texts and
    // featured images still need, in one statement.
    const fresh = [...loaded.rows.values()].flatMap(({ rows }) => postsOf(rows));
    ctx.content.adopt(loaded.bundle, { postIds: [...loaded.bundle.posts.keys()], oembedKeys: [] });
    await ctx.content.prepare(
      fresh.map(({ post }) => post),
      fresh.flatMap((rows) => thumbnailIdOf(rows) ?? []),
    );
  }

  const listed: { id: number; rows: KeptRows; kept?: RenderedRecord<KeptEntityRecord>; tags?: Set<string> }[] = [];
  for (const id of ids) {
    const record = kept.get(id);
    if (record) {
      // The answer depends on what the kept record read, as if it had read it now.
      dependOn(...record.tags);
      const { rows, texts } = record.fragment;
      if (!ctx.content.replay(texts)) {
        const posts = postsOf(rows).map(({ post }) => post);
        await ctx.content.prepare(posts);
        ctx.content.renderInOrder(posts);
      }
      listed.push({ id, rows, kept: record });
      continue;
    }
    const found = loaded?.rows.get(id);
    if (!found) continue;
    ctx.content.renderInOrder(postsOf(found.rows).map(({ post }) => post));
    listed.push({ id, rows: found.rows, tags: found.tags });
  }

  return listed.map(({ id, rows, kept: record, tags }) => {
    const recordOf = (entity: EntityRows): EntityRecord => {
      // Of the excerpts kept for the post (one per state it was generated from), the one that fits.
      for (const generated of record?.fragment.excerpts ?? []) {
        if (generated.postId === entity.post.ID && ctx.content.takeGeneratedExcerpt(generated, excerptLength)) break;
      }
      return withTexts(ctx, entity);
    };
    const entityRecord: EventRecord = { ...recordOf(rows.entity), organizers: rows.organizers.map(recordOf), venues: rows.venues.map(recordOf) };
    const rendering = record ? withExcerptsGeneratedHere(ctx, record) : keptRecord(ctx, rows, tags!);
    if (rendering) records.cache.set(keyOf(ctx, kind, id, excerptLength), records.generation, rendering, keptBytes(rendering.fragment));
    return entityRecord;
  });
}

/**
 * A kept record with the excerpts this request generated for its posts from a state none kept
 * began in (a page whose texts left wpautop elsewhere), so the next page like it takes them too;
 * undefined when it has them all. At most one per state, so a record holds a few at most.
 */
function withExcerptsGeneratedHere(ctx: RequestContext, record: RenderedRecord<KeptEntityRecord>): RenderedRecord<KeptEntityRecord> | undefined {
  const { excerpts } = record.fragment;
  const added: GeneratedExcerpt[] = [];
  for (const { post } of postsOf(record.fragment.rows)) {
    const generated = ctx.content.generatedExcerptOf(post.ID);
    if (!generated || [...excerpts, ...added].some((kept) => kept.postId === post.ID && kept.entry === generated.entry)) continue;
    added.push(generated);
  }
  return added.length === 0 ? undefined : { fragment: { ...record.fragment, excerpts: [...excerpts, ...added] }, tags: record.tags };
}

/** The records of a page of events (see assembleRecords); `single` for GET /events/{id}. */
export function assembleEventRecords(ctx: RequestContext, ids: readonly number[], records: RequestRecords, single = false): Promise<EventRecord[]> {
  return assembleRecords(ctx, ids, records, EVENTS, single);
}

const LINKED_KINDS = new Map<string, KeptKind>();

/** The records of a page of venues or organizers of `postType` (see assembleRecords); `single` for their single reads. */
export async function assembleLinkedRecords(ctx: RequestContext, ids: readonly number[], records: RequestRecords, postType: string, single = false): Promise<EntityRecord[]> {
  let kind = LINKED_KINDS.get(postType);
  if (!kind) {
    kind = linkedKind(postType);
    LINKED_KINDS.set(postType, kind);
  }
  return assembleRecords(ctx, ids, records, kind, single);
}
