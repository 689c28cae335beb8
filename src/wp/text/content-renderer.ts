import type { Db } from '../../db/create-db.js';
import { selectPostBundle, type PostBundle } from '../posts/post-bundle.repository.js';
import { loadBlockQueries } from '../blocks/dynamic-blocks.repository.js';
import type { PostRow } from '../posts/posts.repository.js';
import {
  emptyContentNeeds,
  newContentRenderState,
  type ContentEnv,
  type ContentSite,
  type LoadedRecord,
} from './content-env.js';
import { applyTheContent, applyTheExcerpt, collectContentNeeds } from './the-content.js';
import { phpTrim } from '../php/php-values.js';
import { excerptRemoveBlocks, wpTrimWords } from '../json-ld/excerpt.js';
import { stripShortcodes } from '../shortcodes/shortcodes.js';
import { WP_CORE_SHORTCODE_TAGS } from './formatting-options.js';
import type { RenderCache } from '../../cache/render-cache.js';
import { MEDIA_COUNTERS } from '../media/loading.js';

/** A number that changes whenever a counter or unique id of the request's state is bumped. */
function stateStamp(state: ContentEnv['state']): number {
  let stamp = state.counters.size + state.usedIds.size;
  for (const value of state.counters.values()) stamp += value;
  for (const value of state.usedIds.values()) stamp += value;
  return stamp;
}

/** The part of the request's render state a text that bumps no counter reads: where wpautop sits, and whether an image took fetchpriority. */
function readStateOf(state: ContentEnv['state']): string {
  return `${state.wpautopAfterUnautop ? 1 : 0}${state.counters.get(MEDIA_COUNTERS.highPriorityTaken) ? 1 : 0}`;
}

/**
 * A post's description and excerpt as one request rendered them, with the read state (see
 * readStateOf) they began and ended in: texts that read no record and bumped no counter render
 * the same from the same state in any request, so another request may take them (replay).
 */
export interface RenderedTexts {
  postId: number;
  description: string;
  excerpt: string;
  entry: string;
  exit: string;
}

/** A post whose description and excerpt a response prints. */
export type RenderedPost = Pick<PostRow, 'ID' | 'post_content' | 'post_excerpt'>;

/**
 * A post's generated excerpt (theGeneratedExcerpt) as one request rendered it, with the read state
 * it began and ended in, for another request to replay as RenderedTexts are (takeGeneratedExcerpt).
 */
export interface GeneratedExcerpt {
  postId: number;
  excerptLength: number;
  excerpt: string;
  entry: string;
  exit: string;
}

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
  private readonly cacheContexts = new Map<string, string>();
  /** Post IDs asked for already (found or not), so a missing attachment is not asked for again. */
  private readonly requestedPostIds = new Set<number>();
  private readonly requestedOembedKeys = new Set<string>();
  private readonly descriptions = new Map<number, string>();
  private readonly excerpts = new Map<number, string>();
  /** Per post rendered: the states its texts began and ended in, and whether they read only themselves. */
  private readonly renderStates = new Map<number, { entry: string; exit: string; selfContained: boolean }>();
  private readonly generatedExcerpts = new Map<number, string>();
  /** Per generated excerpt: the states it began and ended in, and whether it read only its post. */
  private readonly generatedStates = new Map<number, { entry: string; exit: string; excerptLength: number; selfContained: boolean }>();
  /** Whether each post's texts render with that post as the global post (see asGlobalPost). */
  private postsRenderAsGlobalPost = false;

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
   * From now on, renders each post's texts with the post as `$GLOBALS['post']`, as WordPress's
   * wp/v2 shape does (WP_REST_Posts_Controller::prepare_item_for_response runs setup_postdata on
   * each post it prepares, nested tec/v1 venues and organizers included). TEC's v1 API never sets
   * it, so its renders keep no global post. Call before the first render of the request.
   */
  asGlobalPost(): void {
    this.postsRenderAsGlobalPost = true;
  }

  /** Sets `$GLOBALS['post']` for a render of this post's texts. */
  private setUpPost(post: RenderedPost): void {
    this.env.state.globalPostId = this.postsRenderAsGlobalPost ? post.ID : 0;
  }

  /** What the prepared texts will read and was not loaded (or asked for) yet. */
  private readonly pending = { postIds: new Set<number>(), oembedKeys: new Set<string>(), queries: new Map<string, unknown>() };

  /**
   * Notes what rendering these posts will read (and `alsoLoad`: more posts wanted with them, the
   * featured images of a page), without loading it, and returns what is still to load: a caller
   * that loads posts anyway folds these into its own statement and hands the result to adopt().
   */
  collect(posts: readonly RenderedPost[], alsoLoad: readonly number[] = []): { postIds: number[]; oembedKeys: string[] } {
    for (const text of posts.flatMap((post) => [post.post_content, post.post_excerpt])) {
      if (this.prepared.has(text)) continue;
      const own = emptyContentNeeds();
      collectContentNeeds([text], own);
      if (own.postIds.size + own.oembedKeys.size + own.queries.size > 0) this.textsWithNeeds.add(text);
      for (const id of own.postIds) if (!this.requestedPostIds.has(id)) this.pending.postIds.add(id);
      for (const key of own.oembedKeys) if (!this.requestedOembedKeys.has(key)) this.pending.oembedKeys.add(key);
      for (const [key, query] of own.queries) if (!this.records.queries.has(key)) this.pending.queries.set(key, query);
      this.prepared.add(text);
    }
    for (const id of alsoLoad) if (!this.requestedPostIds.has(id)) this.pending.postIds.add(id);
    return { postIds: [...this.pending.postIds], oembedKeys: [...this.pending.oembedKeys] };
  }

  /** Takes posts (with meta) and oEmbed caches a caller loaded, including what collect() asked for. */
  adopt(bundle: Pick<PostBundle, 'posts' | 'oembedCaches'>, asked: { postIds: readonly number[]; oembedKeys: readonly string[] }): void {
    for (const id of asked.postIds) {
      this.requestedPostIds.add(id);
      this.pending.postIds.delete(id);
    }
    for (const key of asked.oembedKeys) {
      this.requestedOembedKeys.add(key);
      this.pending.oembedKeys.delete(key);
    }
    for (const [id, record] of bundle.posts) {
      this.records.posts.set(id, record);
      this.requestedPostIds.add(id);
      this.pending.postIds.delete(id);
    }
    for (const [key, post] of bundle.oembedCaches) this.records.oembedCache.set(key, post);
  }

  /**
   * Loads what rendering these posts will read and is not loaded yet: attachments (with their
   * meta) and oEmbed caches in one statement, and the answers of dynamic blocks (a statement per
   * distinct query), for any number of posts; none when the texts need nothing. `alsoLoad` names
   * more posts to load in the same statement, read back with loadedPost().
   */
  async prepare(posts: readonly RenderedPost[], alsoLoad: readonly number[] = []): Promise<void> {
    const asked = this.collect(posts, alsoLoad);
    const queries = new Map(this.pending.queries);
    if (asked.postIds.length === 0 && asked.oembedKeys.length === 0 && queries.size === 0) return;
    const [bundle, answers] = await Promise.all([
      selectPostBundle(this.db, { ids: asked.postIds, oembedKeys: asked.oembedKeys }),
      queries.size > 0 ? loadBlockQueries(this.db, queries) : Promise.resolve(new Map<string, unknown>()),
    ]);
    this.adopt(bundle, asked);
    for (const [key, answer] of answers) {
      this.records.queries.set(key, answer);
      this.pending.queries.delete(key);
    }
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
      // Kept untrimmed: TEC's v1 trims them, WordPress's wp/v2 shape (tec/v1) does not.
      const entry = readStateOf(this.env.state);
      const stamp = stateStamp(this.env.state);
      this.setUpPost(post);
      this.descriptions.set(post.ID, this.render('the_content', post.post_content, applyTheContent));
      this.excerpts.set(post.ID, this.render('the_excerpt', post.post_excerpt, applyTheExcerpt));
      const selfContained =
        stateStamp(this.env.state) === stamp && [post.post_content, post.post_excerpt].every((text) => this.prepared.has(text) && !this.textsWithNeeds.has(text));
      this.renderStates.set(post.ID, { entry, exit: readStateOf(this.env.state), selfContained });
    }
  }

  /**
   * The texts of a post this request rendered, for another request to replay; undefined when it
   * rendered none, or they read records or bumped a counter (their output is this request's alone).
   */
  renderedTexts(postId: number): RenderedTexts | undefined {
    const states = this.renderStates.get(postId);
    if (!states?.selfContained) return undefined;
    return { postId, description: this.descriptions.get(postId)!, excerpt: this.excerpts.get(postId)!, entry: states.entry, exit: states.exit };
  }

  /**
   * Takes texts another request rendered (in the order given) when this request, rendering them
   * now, would render the very same: each post this request rendered already was rendered from
   * the same state and read only itself, and each it did not would begin in the state it began in
   * there. Then they count as rendered here, and the state moves as their rendering moved it.
   * Says whether it took them; when not, nothing changed.
   */
  replay(texts: readonly RenderedTexts[]): boolean {
    let state = readStateOf(this.env.state);
    for (const text of texts) {
      const done = this.renderStates.get(text.postId);
      if (done) {
        if (!done.selfContained || done.entry !== text.entry) return false;
        continue;
      }
      if (text.entry !== state) return false;
      state = text.exit;
    }
    for (const text of texts) {
      if (this.renderStates.has(text.postId)) continue;
      this.descriptions.set(text.postId, text.description);
      this.excerpts.set(text.postId, text.excerpt);
      this.renderStates.set(text.postId, { entry: text.entry, exit: text.exit, selfContained: true });
    }
    // Texts that bump no counter move only wpautop (see readStateOf).
    if (state.startsWith('1')) this.env.state.wpautopAfterUnautop = true;
    return true;
  }

  /**
   * One text through a chain, from the cache when an earlier request rendered the same text in
   * the same circumstances. Cached only when the rendering read no record and bumped no counter
   * (see RenderCache); a cached text with blocks still moves wpautop for this request.
   */
  private render(filter: string, text: string, chain: (raw: string, env: ContentEnv) => string): string {
    if (!this.cache || !this.prepared.has(text) || this.textsWithNeeds.has(text)) return chain(text, this.env);
    const state = this.env.state;
    // What earlier texts of the request left that a text reads without bumping: where wpautop sits,
    // and whether an image already took fetchpriority (wp_high_priority_element_flag).
    const readState = readStateOf(state);
    const context = this.cacheContext(`${filter}\u0000${readState}`);
    const hit = this.cache.get(text, context);
    if (hit) {
      if (hit.movesWpautop) state.wpautopAfterUnautop = true;
      return hit.html;
    }
    const stampBefore = stateStamp(state);
    const autopMovedBefore = state.wpautopAfterUnautop;
    const html = chain(text, this.env);
    if (stateStamp(state) === stampBefore) {
      this.cache.set(text, context, { html, movesWpautop: !autopMovedBefore && state.wpautopAfterUnautop });
    }
    return html;
  }

  /**
   * The cache's context of a rendering: the filter and request state it read, and the site. Made
   * once per kind a request: the site's part is long, and a new string would be hashed anew by
   * every lookup.
   */
  private cacheContext(readState: string): string {
    let context = this.cacheContexts.get(readState);
    if (context === undefined) {
      context = `${readState}\u0000${this.siteKey}`;
      this.cacheContexts.set(readState, context);
    }
    return context;
  }

  /** The post's `trim( apply_filters( 'the_content', ... ) )`, rendered now if it was not yet. */
  description(post: RenderedPost): string {
    return phpTrim(this.theContent(post));
  }

  /** The post's `apply_filters( 'the_content', ... )`, untrimmed (wp/v2's `content.rendered`). */
  theContent(post: RenderedPost): string {
    this.renderInOrder([post]);
    return this.descriptions.get(post.ID)!;
  }

  /** The post's `trim( apply_filters( 'the_excerpt', ... ) )`, rendered now if it was not yet. */
  excerpt(post: RenderedPost): string {
    return phpTrim(this.theExcerpt(post));
  }

  /** The post's `apply_filters( 'the_excerpt', ... )` of its stored excerpt, untrimmed. */
  theExcerpt(post: RenderedPost): string {
    this.renderInOrder([post]);
    return this.excerpts.get(post.ID)!;
  }

  /**
   * get_the_excerpt() through the_excerpt, as WordPress's wp/v2 shows `excerpt.rendered`: the
   * stored excerpt, or (wp_trim_excerpt) the content without shortcodes and non-text blocks, run
   * through the_content, stripped of tags and cut to `excerptLength` words (` [&hellip;]` after).
   */
  theGeneratedExcerpt(post: RenderedPost, excerptLength: number): string {
    if (phpTrim(post.post_excerpt) !== '') return this.theExcerpt(post);
    let generated = this.generatedExcerpts.get(post.ID);
    if (generated === undefined) {
      const entry = readStateOf(this.env.state);
      const stamp = stateStamp(this.env.state);
      const text = excerptRemoveBlocks(stripShortcodes(post.post_content, WP_CORE_SHORTCODE_TAGS));
      this.setUpPost(post);
      const content = applyTheContent(text, this.env).replaceAll(']]>', ']]&gt;');
      generated = applyTheExcerpt(wpTrimWords(content, excerptLength, ' [&hellip;]'), this.env);
      this.generatedExcerpts.set(post.ID, generated);
      // What it renders is the content less some of it: a content that read no record leaves a
      // text that reads none.
      const selfContained = stateStamp(this.env.state) === stamp && this.prepared.has(post.post_content) && !this.textsWithNeeds.has(post.post_content);
      this.generatedStates.set(post.ID, { entry, exit: readStateOf(this.env.state), excerptLength, selfContained });
    }
    return generated;
  }

  /**
   * The excerpt this request generated for a post (theGeneratedExcerpt), for another request to
   * replay; undefined when it generated none, or it read records or bumped a counter.
   */
  generatedExcerptOf(postId: number): GeneratedExcerpt | undefined {
    const states = this.generatedStates.get(postId);
    if (!states?.selfContained) return undefined;
    return { postId, excerptLength: states.excerptLength, excerpt: this.generatedExcerpts.get(postId)!, entry: states.entry, exit: states.exit };
  }

  /**
   * Takes an excerpt another request generated when generating it now would give the very same:
   * this request generated none for the post yet, at the same length, and would begin in the
   * state it began in there. Then it counts as generated here (theGeneratedExcerpt returns it) and
   * the state moves as its generation moved it. Says whether it took it; when not, nothing changed.
   */
  takeGeneratedExcerpt(generated: GeneratedExcerpt, excerptLength: number): boolean {
    if (this.generatedExcerpts.has(generated.postId)) return false;
    if (generated.excerptLength !== excerptLength || generated.entry !== readStateOf(this.env.state)) return false;
    this.generatedExcerpts.set(generated.postId, generated.excerpt);
    this.generatedStates.set(generated.postId, { entry: generated.entry, exit: generated.exit, excerptLength, selfContained: true });
    // Texts that bump no counter move only wpautop (see readStateOf).
    if (generated.exit.startsWith('1')) this.env.state.wpautopAfterUnautop = true;
    return true;
  }

  /** Forgets what was rendered (after a write, the same post may read differently). */
  forgetRendered(): void {
    this.descriptions.clear();
    this.excerpts.clear();
    this.renderStates.clear();
    this.generatedExcerpts.clear();
    this.generatedStates.clear();
  }
}
