import { PostStatus, PostType, Taxonomy } from '../../wp/constants.js';
import { firstMeta } from '../../wp/posts/meta.js';
import { postPermalink } from '../../wp/site/urls.js';
import { theTitle } from '../../wp/text/the-title.js';
import { sanitizeTitle } from '../../wp/text/slugs.js';
import { hasBlocks } from '../../wp/blocks/do-blocks.js';
import { postPasswordRequired } from '../../wp/auth/password-access.js';
import { siteWallTimeToUtc } from '../../wp/tec/dates.js';
import { thumbnailIdOf } from '../../wp/tec/linked-posts.js';
import { fieldsForResponse, restIsFieldIncluded } from '../../http/rest-fields.js';
import type { EntityRecord, EntityView } from './entity-record.js';
import type { TaxonomyRestBase, TecContentField, TecExcerptField, TecPostCoreFields } from './entity.types.js';

/*
 * WP_REST_Posts_Controller::prepare_item_for_response for TEC's post types, then
 * filter_response_by_context: WordPress core's wp/v2 fields of a post, in core's order, each
 * shown only in the contexts its schema names.
 */

const ZERO_DATE = '0000-00-00 00:00:00';

type Context = 'view' | 'edit' | 'embed';
const VIEW_EDIT: readonly Context[] = ['view', 'edit'];
const ALL: readonly Context[] = ['view', 'edit', 'embed'];
const EDIT: readonly Context[] = ['edit'];

/** What differs between TEC's types in core's answer. */
export interface CoreFieldsOptions {
  /** Taxonomies shown as term ID lists, by their REST base, in registration order (events: tags, then categories). */
  taxonomies: readonly { restBase: TaxonomyRestBase; taxonomy: string }[];
  /** Viewable types (events) also show `permalink_template` / `generated_slug` (edit) and `class_list`. */
  viewable: boolean;
  /**
   * The post type's supports beyond title and editor that add core fields (`excerpt`, `author`,
   * `featured_media`); all three when not given. Tickets Commerce tickets register none.
   */
  supports?: readonly PostTypeSupport[];
}

export type PostTypeSupport = 'excerpt' | 'author' | 'thumbnail';
const ALL_SUPPORTS: readonly PostTypeSupport[] = ['excerpt', 'author', 'thumbnail'];

export const EVENT_CORE_FIELDS: CoreFieldsOptions = {
  taxonomies: [
    { restBase: 'tags', taxonomy: Taxonomy.tag },
    { restBase: 'tribe_events_cat', taxonomy: Taxonomy.eventCategory },
  ],
  viewable: true,
};

export const LINKED_POST_CORE_FIELDS: CoreFieldsOptions = { taxonomies: [], viewable: false };

/** mysql_to_rfc3339, or null for the zero date. */
function rfc3339(date: string): string | null {
  return date === ZERO_DATE ? null : date.replace(' ', 'T');
}

/** A draft's `post_date_gmt` is zeros: core shows get_gmt_from_date( post_date ) instead. */
function gmtOf(local: string, gmt: string, siteZone: string): string | null {
  if (gmt !== ZERO_DATE) return rfc3339(gmt);
  return local === ZERO_DATE ? null : rfc3339(siteWallTimeToUtc(local, siteZone));
}

/**
 * get_post_class(): the post, its type and status, the password class, the thumbnail class,
 * `hentry`, a class per term (`tag-`, else `{taxonomy}-`), then TEC's `cat_{slug}` per event category.
 */
function postClasses(record: EntityRecord, passwordRequired: boolean): string[] {
  const { post } = record;
  const classes = [`post-${post.ID}`, post.post_type, `type-${post.post_type}`, `status-${post.post_status}`];
  if (passwordRequired) classes.push('post-password-required');
  else if (post.post_password !== '') classes.push('post-password-protected');
  if (thumbnailIdOf(record) !== undefined) classes.push('has-post-thumbnail');
  classes.push('hentry');
  const termsOf = (taxonomy: string) => record.terms.filter((term) => term.taxonomy === taxonomy);
  for (const term of termsOf(Taxonomy.tag)) classes.push(`tag-${termClass(term)}`);
  for (const term of termsOf(Taxonomy.eventCategory)) classes.push(`${Taxonomy.eventCategory}-${termClass(term)}`);
  if (post.post_type === PostType.event) for (const term of termsOf(Taxonomy.eventCategory)) classes.push(`cat_${term.slug}`);
  return classes;
}

/**
 * sanitize_html_class( slug, term_id ): the slug's characters a class may hold (percent-encoded
 * octets dropped); a class that ends up numeric or only dashes is the term ID instead.
 */
function termClass(term: { slug: string; term_id: number }): string {
  const sanitized = term.slug.replace(/%[a-fA-F0-9][a-fA-F0-9]/g, '').replace(/[^A-Za-z0-9_-]/g, '');
  return sanitized === '' || /^\d+$/.test(sanitized) || sanitized.replace(/-/g, '') === '' ? String(term.term_id) : sanitized;
}

/** get_sample_permalink's template of a viewable hierarchical type (TEC's events): the slug as `%pagename%`. */
function permalinkTemplate(view: EntityView): string {
  const { urls } = view;
  return `${urls.base}${urls.permalinkRoot}/${urls.eventSlugBase}/%pagename%${urls.trailingSlash ? '/' : ''}`;
}

/**
 * Core's fields of a post for the request's context, in core's order. `passwordRequired` is
 * post_password_required() as core sees it (false once the reader unlocked the post), which
 * blanks the rendered content and excerpt.
 */
export function toCorePostFields(record: EntityRecord, view: EntityView, options: CoreFieldsOptions): TecPostCoreFields {
  const { post, meta, texts } = record;
  const context = view.context;
  const shown = (contexts: readonly Context[]) => (contexts as readonly string[]).includes(context);
  const passwordRequired = postPasswordRequired(post) && !view.passwordUnlocked;
  const isProtected = post.post_password !== '';
  const data: TecPostCoreFields = {};
  if (shown(ALL)) data.id = post.ID;
  if (shown(ALL)) data.date = rfc3339(post.post_date);
  if (shown(VIEW_EDIT)) data.date_gmt = gmtOf(post.post_date, post.post_date_gmt, view.site.timezone);
  if (shown(VIEW_EDIT)) data.guid = context === 'edit' ? { rendered: post.guid, raw: post.guid } : { rendered: post.guid };
  if (shown(VIEW_EDIT)) data.modified = rfc3339(post.post_modified);
  if (shown(VIEW_EDIT)) data.modified_gmt = gmtOf(post.post_modified, post.post_modified_gmt, view.site.timezone);
  if (shown(EDIT)) data.password = post.post_password;
  if (shown(ALL)) data.slug = post.post_name;
  if (shown(VIEW_EDIT)) data.status = post.post_status;
  if (shown(ALL)) data.type = post.post_type;
  if (shown(ALL)) data.link = postPermalink(view.urls, post, view.viewer);
  // The REST controller drops the "Protected: " / "Private: " prefixes get_the_title adds.
  const title = theTitle(post.post_title);
  if (shown(ALL)) data.title = context === 'edit' ? { raw: post.post_title, rendered: title } : { rendered: title };
  if (shown(VIEW_EDIT)) {
    const content: TecContentField = {};
    if (context === 'edit') content.raw = post.post_content;
    content.rendered = passwordRequired ? '' : texts.content;
    content.protected = isProtected;
    if (context === 'edit') content.block_version = hasBlocks(post.post_content) ? 1 : 0;
    data.content = content;
  }
  const supports = options.supports ?? ALL_SUPPORTS;
  if (shown(ALL) && supports.includes('excerpt')) {
    const excerpt: TecExcerptField = {};
    if (context === 'edit') excerpt.raw = post.post_excerpt;
    excerpt.rendered = passwordRequired ? '' : texts.excerpt;
    excerpt.protected = isProtected;
    data.excerpt = excerpt;
  }
  if (shown(ALL) && supports.includes('author')) data.author = post.post_author;
  if (shown(ALL) && supports.includes('thumbnail')) data.featured_media = thumbnailIdOf(record) ?? 0;
  if (shown(VIEW_EDIT)) {
    const template = firstMeta(meta, '_wp_page_template') ?? '';
    data.template = template === 'default' ? '' : template;
  }
  for (const { restBase, taxonomy } of options.taxonomies) {
    if (shown(VIEW_EDIT)) data[restBase] = record.terms.filter((term) => term.taxonomy === taxonomy).map((term) => term.term_id);
  }
  if (options.viewable && shown(EDIT)) {
    data.permalink_template = permalinkTemplate(view);
    data.generated_slug = post.post_name !== '' && post.post_status !== PostStatus.draft ? post.post_name : sanitizeTitle(post.post_title);
  }
  if (options.viewable && shown(VIEW_EDIT)) data.class_list = postClasses(record, passwordRequired);
  return view.fields === undefined ? data : keepFieldsForResponse(data, view.fields);
}

/** The fields core builds with sub-fields of their own, each checked apart (`title.rendered`); `guid` is built whole. */
const FIELDS_BUILT_BY_PART: ReadonlySet<string> = new Set(['title', 'content', 'excerpt']);

/**
 * What prepare_item_for_response builds when the request names `_fields`: only the fields
 * rest_is_field_included lets through of get_fields_for_response (the context's fields named, and
 * `id`), and of title, content and excerpt only the parts named (none named: PHP's empty array,
 * `[]`). This is what a venue or organizer nested in an event shows: `_fields=venues` gives each
 * venue its `id` and the model's fields, not core's others.
 */
function keepFieldsForResponse(data: TecPostCoreFields, requested: readonly string[]): TecPostCoreFields {
  const included = fieldsForResponse(Object.keys(data), requested);
  const kept: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (!restIsFieldIncluded(key, included)) continue;
    if (!FIELDS_BUILT_BY_PART.has(key) || value === null || typeof value !== 'object') {
      kept[key] = value;
      continue;
    }
    const parts = Object.entries(value).filter(([part]) => restIsFieldIncluded(`${key}.${part}`, included));
    kept[key] = parts.length === 0 ? [] : Object.fromEntries(parts);
  }
  // Some of data's own fields, each whole or with some of its parts (TecPostCoreFields allows both).
  return kept as TecPostCoreFields;
}
