import type { Db } from '../db/create-db.js';
import type { Viewer } from '../wp/auth/capabilities.js';
import { groupMetaRows, type MetaMap } from '../wp/posts/meta.js';
import type { LoadedPost } from '../wp/tec/linked-posts.js';
import { selectMetaForPosts, selectPostById, selectPostBySlug, type PostRow } from '../wp/posts/posts.repository.js';
import type { SiteSettings } from '../wp/site/site.js';
import type { SiteUrls } from '../wp/site/urls.js';
import type { ContentRenderer } from '../wp/text/content-renderer.js';
import type { EventCountCache } from '../cache/event-count-cache.js';
import type { RecordCache } from '../cache/record-cache.js';
import type { EventTotalsIndex } from '../cache/event-totals-index.js';
import type { Lookups } from '../wp/lookups/lookups.js';
import { selectPostBundle, type PostBundle, type PostBundleRequest } from '../wp/posts/post-bundle.repository.js';
import type { PhpValue } from './php-query.js';
import type { RunWrite } from '../wp/write/transaction.js';
import type { Gate } from '../db/connection-gate.js';

/**
 * What validators, permission checks and handlers see of one request: WordPress's
 * WP_REST_Request plus the site it runs against. Built by the dispatcher; never holds `ctx`.
 */
/** Methods that never write: they carry no body, and what they read stays true for the request. */
export const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

export interface RequestContext {
  readonly db: Db;
  /** The request's "now", read once from the injected clock. */
  readonly now: Date;
  readonly site: SiteSettings;
  readonly urls: SiteUrls;
  readonly viewer: Viewer;
  readonly method: string;
  /** Parameters after WordPress's merge (body, query, URL, defaults) and sanitizing. */
  readonly params: Record<string, unknown>;
  /** The query string as PHP parsed it, for the few rules that ask what the client sent there. */
  readonly query: Readonly<Record<string, PhpValue>>;
  /** Whether the client sent the parameter (as opposed to it coming from a default). */
  supplied(name: string): boolean;
  /**
   * A request header as WP_REST_Request::get_header reads it (any case; repeated ones joined with
   * `,`); undefined when it was not sent.
   */
  header(name: string): string | undefined;
  /**
   * The value `load` gives for `key`, loaded once per request: later calls with the same key get
   * the first call's promise (a rejection included). WordPress reads a post in the validator, the
   * permission check, the handler and again for the Allow header, all from its object cache; this
   * is that cache, scoped to one request so nothing outlives it.
   */
  memo<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** Drops everything memo() holds, so reads after a write see the database again. */
  forgetMemo(): void;
  /**
   * The request's post-type and term lookups: those asked in the same turn (the validators, which
   * the dispatcher starts together) cost one statement, and each is kept in memo() (`lookup:` keys).
   */
  readonly lookups: Lookups;
  /**
   * The request's the_content / the_excerpt renderer: WordPress's per-request rendering state
   * (shortcode counters, unique ids, hook order) and each post rendered once, in order.
   */
  readonly content: ContentRenderer;
  /**
   * The app's record cache and the feed generation this request's reads are fresh from, settled on
   * the first call; none (or undefined from the call) when the cache is off or freshness is not
   * known: then every record is rendered from its rows.
   */
  readonly records?: () => Promise<RequestRecords | undefined>;
  /**
   * The app's kept event dates per list filter (EventTotalsIndex) and the feed generation this
   * request's reads are fresh from, settled on the first call; none (or undefined from the call)
   * when they are off or freshness is not known: then totals are counted in SQL.
   */
  readonly totals?: () => Promise<RequestTotals | undefined>;
  /** The app's cache of event list totals (see EventCountCache). */
  readonly eventCounts: EventCountCache;
  /**
   * Runs a list's ID and count statements: on a big site they hold a connection for long, so the
   * app lets only some of the pool's connections do it at once and single reads never queue behind
   * them (a list waiting too long for a slot is answered 503 with Retry-After: LoadShed).
   */
  readonly listStatements: Gate;
  /**
   * Runs a write as one transaction (with TEC's save bookkeeping), tells the change listeners
   * after the commit, and forgets the request's memo so later reads see the rows written.
   */
  write: RunWrite;
}

/** The kept event dates as one request may use them (see EventTotalsIndex). */
export interface RequestTotals {
  index: EventTotalsIndex;
  generation: number;
  /** The most rows a load of a filter's dates may read (probe mode); none: no cap. */
  maxRows?: number;
}

/** The record cache as one request may use it (see RecordCache). */
export interface RequestRecords {
  cache: RecordCache;
  generation: number;
}

/** A fresh per-request memo for the dispatcher to put on a RequestContext. */
export function createRequestMemo(): Pick<RequestContext, 'memo' | 'forgetMemo'> {
  const entries = new Map<string, Promise<unknown>>();
  return {
    memo<T>(key: string, load: () => Promise<T>): Promise<T> {
      let entry = entries.get(key) as Promise<T> | undefined;
      if (entry === undefined) {
        entry = load();
        entries.set(key, entry);
      }
      return entry;
    },
    forgetMemo: () => entries.clear(),
  };
}

/*
 * The single-record reads that several steps of one request share, each through the memo. Keys
 * are built here only, so two loaders never mean different things by the same key.
 */
const postKey = (id: number) => `post:${id}`;
const postMetaKey = (id: number) => `post-meta:${id}`;
const slugKey = (postType: string, slug: string) => `post-slug:${postType}:${slug}`;

/** The post with this ID (any type or status), read once per request; undefined when none. */
export function loadPostOnce(ctx: RequestContext, id: number): Promise<PostRow | undefined> {
  return ctx.memo(postKey(id), () => selectPostById(ctx.db, id));
}

/** All meta of the post with this ID (get_post_custom), read once per request; empty when none. */
export function loadPostMetaOnce(ctx: RequestContext, id: number): Promise<MetaMap> {
  return ctx.memo(postMetaKey(id), async () => {
    const rows = await selectMetaForPosts(ctx.db, [id]);
    return groupMetaRows(rows).get(id) ?? new Map<string, readonly string[]>();
  });
}

/**
 * The post with this ID and all its meta, each read once per request; undefined when no post.
 * What is not remembered yet is read in one statement (post and meta together), which then
 * answers loadPostOnce and loadPostMetaOnce too.
 */
export async function loadPostWithMetaOnce(ctx: RequestContext, id: number): Promise<LoadedPost | undefined> {
  const loadBoth = () => ctx.memo(`post+meta:${id}`, async () => (await selectPostBundle(ctx.db, { ids: [id] })).posts.get(id));
  // memo() runs a loader at once when the key is new: `bothLoaded` tells the meta loader whether
  // the post was missing too (then one statement reads both) or was read already (then only meta).
  let bothLoaded = false;
  const [post, meta] = await Promise.all([
    ctx.memo(postKey(id), async () => {
      bothLoaded = true;
      return (await loadBoth())?.post;
    }),
    ctx.memo(postMetaKey(id), async (): Promise<MetaMap> => {
      if (bothLoaded) return (await loadBoth())?.meta ?? new Map<string, readonly string[]>();
      return groupMetaRows(await selectMetaForPosts(ctx.db, [id])).get(id) ?? new Map<string, readonly string[]>();
    }),
  ]);
  return post ? { post, meta } : undefined;
}

/**
 * loadPostWithMetaOnce for a handler that needs more around the post: one statement brings the
 * post, its meta and `also` (its terms, the posts its meta names), read once per request. The
 * post and its meta then answer loadPostOnce, loadPostMetaOnce and loadPostWithMetaOnce (the
 * permission checks of the Allow header) without another statement.
 */
export async function loadPostBundleOnce(ctx: RequestContext, id: number, also: Omit<PostBundleRequest, 'ids'>): Promise<PostBundle> {
  const bundle = await ctx.memo(`post-bundle:${id}:${JSON.stringify(also)}`, () => selectPostBundle(ctx.db, { ...also, ids: [id] }));
  const loaded = bundle.posts.get(id);
  // Where the post or its meta were read already, memo() keeps that first read.
  void ctx.memo(postKey(id), async () => loaded?.post);
  void ctx.memo(postMetaKey(id), async (): Promise<MetaMap> => loaded?.meta ?? new Map<string, readonly string[]>());
  return bundle;
}

/**
 * get_page_by_path(slug, OBJECT, type), read once per request: the validator and the handler of a
 * by-slug route ask the same question. The post found is also remembered under its ID, so the
 * by-ID read the handler hands over to does not load it again.
 */
export async function findPostBySlugOnce(ctx: RequestContext, slug: string, postType: string): Promise<PostRow | undefined> {
  const post = await ctx.memo(slugKey(postType, slug), () => selectPostBySlug(ctx.db, slug, postType));
  if (post) await ctx.memo(postKey(post.ID), async () => post);
  return post;
}

/**
 * Several posts with their meta in one statement (those not read yet this request), remembered
 * so loadPostOnce and loadPostMetaOnce answer them without another statement: for a handler about
 * to walk a list of posts one by one.
 */
export async function preloadPostsWithMetaOnce(ctx: RequestContext, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const bundle = await ctx.memo(`posts+meta:${ids.join(',')}`, () => selectPostBundle(ctx.db, { ids }));
  for (const id of ids) {
    const loaded = bundle.posts.get(id);
    void ctx.memo(postKey(id), async () => loaded?.post);
    void ctx.memo(postMetaKey(id), async (): Promise<MetaMap> => loaded?.meta ?? new Map<string, readonly string[]>());
  }
}
