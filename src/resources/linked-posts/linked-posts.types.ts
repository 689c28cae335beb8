import type { Db } from '../../db/create-db.js';
import type { AppError } from '../../http/errors.js';
import type { Viewer } from '../../wp/auth/capabilities.js';
import type { ImageResource } from '../../wp/posts/images.js';
import type { JsonLdObject, JsonLdPost } from '../../wp/json-ld/index.js';
import type { ArchiveLinks } from '../../wp/posts/archive-links.js';
import type { LoadedPost } from '../../wp/tec/linked-posts.js';
import type { LinkedPostKind } from '../../wp/tec/linked-posts.repository.js';
import type { MetaMap } from '../../wp/posts/meta.js';
import type { PostRow } from '../../wp/posts/posts.repository.js';
import type { SiteSettings } from '../../wp/site/site.js';
import type { SiteUrls } from '../../wp/site/urls.js';
import type { ContentRenderer } from '../../wp/text/content-renderer.js';

/** What a venue or organizer mapper is given for one post. */
export interface LinkedPostMapperInput extends LoadedPost {
  urls: SiteUrls;
  /** Who reads: private posts keep their pretty link only for readers allowed to see them. */
  viewer?: Viewer;
  image: ImageResource | false;
  /** Present in the `single` context only (a single event, venue or organizer read). */
  jsonLd?: JsonLdObject;
  /**
   * The reader may see the protected fields (can_access_password_content passed on the venue
   * and organizer endpoints); inside events a linked post's password is never unlocked.
   */
  passwordUnlocked?: boolean;
  /** Events Calendar Pro is active, so geocoded venues print their coordinates. */
  proActive?: boolean;
  /** The request's rendered descriptions and excerpts. */
  content: Pick<ContentRenderer, 'description' | 'excerpt'>;
}

/**
 * What sets venues and organizers apart for their endpoints: the archive query's kind, the REST
 * object and JSON-LD builders, and the errors Single_* and Archive_* answer with.
 */
export interface LinkedResourceKind<R> extends LinkedPostKind {
  /** The archive's path under the namespace (`venues`, `organizers`). */
  restBase: string;
  toResource: (input: LinkedPostMapperInput) => R;
  toJsonLd: (
    post: PostRow,
    meta: MetaMap,
    options: { imageUrl: JsonLdPost['imageUrl']; proActive: boolean; excerptLength: number },
  ) => JsonLdObject;
  errors: {
    /** 403 of the single read: not published and not readable, or not of the kind at all. */
    notAccessible: () => AppError;
    /** 404 of an empty archive page past the first. */
    archivePageNotFound: () => AppError;
  };
}

/** GET /venues or /organizers after WordPress validated, defaulted and cast it. */
export interface LinkedPostArchiveQuery {
  page: number;
  per_page: number;
  search?: string;
  event?: number;
  /** No type: the raw value, read with tribe_is_truthy. */
  has_events?: unknown;
  /** No type: the raw value (default false), read with tribe_is_truthy. */
  only_with_upcoming: unknown;
  status?: unknown;
}

/** An archive page before the resource names its list (`venues`, `organizers`). */
export interface LinkedPostList<R> extends ArchiveLinks {
  items: R[];
  total: number;
  total_pages: number;
}

export interface LinkedResourceEnv {
  db: Db;
  site: SiteSettings;
  urls: SiteUrls;
  viewer: Viewer;
  /** The plugin's `single` context: JSON-LD is attached. */
  single: boolean;
  /** The request's the_content renderer. */
  content: ContentRenderer;
  /** The request's `excerpt_length` (tecExcerptLength), for JSON-LD descriptions. */
  excerptLength: number;
}

/** A linked post as an event needs it: its REST object and what its JSON-LD is built from. */
export interface LinkedSummary<R> {
  resource: R;
  source: JsonLdPost;
}

export interface LinkedBuildOptions {
  /**
   * Whether the reader may see this password-protected post's fields
   * (can_access_password_content on the venue and organizer endpoints). Inside events a linked
   * post's password is never unlocked, which is the default.
   */
  isUnlocked?: (post: PostRow) => boolean;
}
