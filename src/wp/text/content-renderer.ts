import type { Db } from '../../db/create-db.js';
import { selectMetaForPosts, selectPostsAndOembedCaches } from '../posts/posts.repository.js';
import { groupMetaRows } from '../posts/meta.js';
import { loadBlockQueries } from '../blocks/dynamic-blocks.repository.js';
import type { PostRow } from '../posts/posts.repository.js';
import {
  emptyContentNeeds,
  newContentRenderState,
  type ContentEnv,
  type ContentSite,
  type LoadedRecord,
} from './content-env.js';
import { collectContentNeeds, renderTheContent, renderTheExcerpt } from './the-content.js';
import type { RenderCache } from './render-cache.js';

/** A number that changes whenever a counter or unique id of the request's state is bumped. */
function stateStamp(state: ContentEnv['state']): number {
  let stamp = state.counters.size + state.usedIds.size;
  for (const value of state.counters.values()) stamp += value;
  for (const value of state.usedIds.values()) stamp += value;
  return stamp;
}

/** A post whose description and excerpt a response prints. */
export type RenderedPost = Pick<PostRow, 'ID' | 'post_content' | 'post_excerpt'>;

/**
 * The `the_content` / `the_excerpt` output of one request. WordPress renders with state that
 * lives for the request (static counters in shortcodes, unique caption ids, the order of the
 * hooks after a text with blocks), and TEC renders each post once per request (its REST cache),
 * events after their venue and organizers. So a response's texts are rendered here, once per
 * post, in the order the plugin renders them, after the records they read were loaded in one
 * batch (prepare): rendering itself never touches the database.
 */
export class ContentRenderer {
  private readonly records = {
    posts: new Map<number, LoadedRecord>(),
    oembedCache: new Map<string, PostRow>(),
    queries: new Map<string, unknown>(),
  };
  private readonly env: ContentEnv;
  private readonly prepared = new Set<string>();
  /** Prepared texts that read records (attachments, oEmbed caches, block queries): never cached. */
  private readonly textsWithNeeds = new Set<string>();
  /** What of the site a cached rendering depends on. */
  private readonly siteKey: string;
  /** Post IDs asked for already (found or not), so a missing attachment is not asked for again. */
  private readonly requestedPostIds = new Set<number>();
  private readonly descriptions = new Map<number, string>();
  private readonly excerpts = new Map<number, string>();

  constructor(
    private readonly db: Db,
    site: ContentSite,
    now: Date,
    private readonly cache?: RenderCache,
  ) {
    this.env = { site, records: this.records, state: newContentRenderState(), now };
    this.siteKey = JSON.stringify([site.home, site.siteUrl, site.uploadsUrl, site.useSmilies, [...site.imageSizes]]);
  }

  /**
   * Loads what rendering these posts will read and is not loaded yet: attachments (with their
   * meta), oEmbed caches and the answers of dynamic blocks, a fixed number of statements for any
   * number of posts, none when the texts need nothing. `alsoLoad` names more posts to load in the
   * same statements (the featured images of the page), read back with loadedPost().
   */
  async prepare(posts: readonly RenderedPost[], alsoLoad: readonly number[] = []): Promise<void> {
    const texts = posts.flatMap((post) => [post.post_content, post.post_excerpt]).filter((text) => !this.prepared.has(text));
    const needs = emptyContentNeeds();
    for (const text of texts) {
      if (this.prepared.has(text)) continue;
      const own = emptyContentNeeds();
      collectContentNeeds([text], own);
      if (own.postIds.size + own.oembedKeys.size + own.queries.size > 0) this.textsWithNeeds.add(text);
      for (const id of own.postIds) needs.postIds.add(id);
      for (const key of own.oembedKeys) needs.oembedKeys.add(key);
      for (const [key, query] of own.queries) needs.queries.set(key, query);
      this.prepared.add(text);
    }
    for (const id of alsoLoad) needs.postIds.add(id);

    const postIds = [...needs.postIds].filter((id) => !this.requestedPostIds.has(id));
    for (const id of postIds) this.requestedPostIds.add(id);
    const oembedKeys = [...needs.oembedKeys].filter((key) => !this.records.oembedCache.has(key));
    const queries = new Map([...needs.queries].filter(([key]) => !this.records.queries.has(key)));
    if (postIds.length === 0 && oembedKeys.length === 0 && queries.size === 0) return;
    const [found, metaRows, answers] = await Promise.all([
      selectPostsAndOembedCaches(this.db, postIds, oembedKeys),
      postIds.length > 0 ? selectMetaForPosts(this.db, postIds) : Promise.resolve([]),
      queries.size > 0 ? loadBlockQueries(this.db, queries) : Promise.resolve(new Map<string, unknown>()),
    ]);
    const metaByPost = groupMetaRows(metaRows);
    for (const post of found.posts) this.records.posts.set(post.ID, { post, meta: metaByPost.get(post.ID) ?? new Map() });
    for (const [key, post] of found.oembedCaches) this.records.oembedCache.set(key, post);
    for (const [key, answer] of answers) this.records.queries.set(key, answer);
  }

  /** A post prepare() loaded (with its meta), if it exists. */
  loadedPost(id: number): LoadedRecord | undefined {
    return this.records.posts.get(id);
  }

  /**
   * Renders the description and excerpt of each post not rendered yet, in the given order (the
   * order the plugin builds its objects in). Call after prepare().
   */
  renderInOrder(posts: readonly RenderedPost[]): void {
    for (const post of posts) {
      if (this.descriptions.has(post.ID)) continue;
      this.descriptions.set(post.ID, this.render('the_content', post.post_content, renderTheContent));
      this.excerpts.set(post.ID, this.render('the_excerpt', post.post_excerpt, renderTheExcerpt));
    }
  }

  /**
   * One text through a chain, from the cache when an earlier request rendered the same text in
   * the same circumstances. Cached only when the rendering read no record and bumped no counter
   * (see RenderCache); a cached text with blocks still moves wpautop for this request.
   */
  private render(filter: string, text: string, chain: (raw: string, env: ContentEnv) => string): string {
    if (!this.cache || !this.prepared.has(text) || this.textsWithNeeds.has(text)) return chain(text, this.env);
    const state = this.env.state;
    const key = `${filter}\u0000${state.wpautopAfterUnautop ? 1 : 0}\u0000${this.siteKey}\u0000${text}`;
    const hit = this.cache.get(key);
    if (hit) {
      if (hit.movesWpautop) state.wpautopAfterUnautop = true;
      return hit.html;
    }
    const stampBefore = stateStamp(state);
    const autopMovedBefore = state.wpautopAfterUnautop;
    const html = chain(text, this.env);
    if (stateStamp(state) === stampBefore) {
      this.cache.set(key, { html, movesWpautop: !autopMovedBefore && state.wpautopAfterUnautop });
    }
    return html;
  }

  /** The post's `trim( apply_filters( 'the_content', ... ) )`, rendered now if it was not yet. */
  description(post: RenderedPost): string {
    this.renderInOrder([post]);
    return this.descriptions.get(post.ID)!;
  }

  /** The post's `trim( apply_filters( 'the_excerpt', ... ) )`, rendered now if it was not yet. */
  excerpt(post: RenderedPost): string {
    this.renderInOrder([post]);
    return this.excerpts.get(post.ID)!;
  }

  /** Forgets what was rendered (after a write, the same post may read differently). */
  forgetRendered(): void {
    this.descriptions.clear();
    this.excerpts.clear();
  }
}
