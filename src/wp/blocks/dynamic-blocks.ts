import type { PostRow } from '../posts/posts.repository.js';
import type { ContentEnv, ContentNeeds } from '../text/content-env.js';
import { escHtml } from '../text/escaping.js';
import { theTitle } from '../text/the-title.js';
import { wptexturize } from '../text/texturize.js';
import { escUrl, wpStripAllTags } from '../text/kses.js';
import type { ParsedBlock } from './parser.js';
import { isEmptyParam } from '../php/php-empty.js';

/**
 * Dynamic blocks that need only the database, rendered from rows read beforehand:
 * core/latest-posts (render_block_core_latest_posts) and core/archives
 * (render_block_core_archives with wp_get_archives). Their queries are described by plain
 * objects, collected by collectDynamicBlockNeeds() and answered by loadBlockQueries()
 * (dynamic-blocks.repository.ts) under the same keys.
 */

export interface LatestPostsQuery {
  kind: 'latest-posts';
  /** posts_per_page. */
  limit: number;
  order: 'ASC' | 'DESC';
  /** WP_Query orderby of the block: date, title, modified, ID (others fall back to date). */
  orderBy: 'date' | 'title' | 'modified' | 'ID';
  /** category__in (term IDs); empty for none. */
  categories: number[];
  /** author, when selectedAuthor is set. */
  author: number | null;
}

export type ArchiveType = 'monthly' | 'yearly' | 'daily' | 'postbypost' | 'alpha';

export interface ArchivesQuery {
  kind: 'archives';
  type: ArchiveType;
}

export type BlockQuery = LatestPostsQuery | ArchivesQuery;

/** Answers: posts for latest-posts, postbypost and alpha; period rows for the others. */
export interface ArchivePeriodRow {
  year: number;
  month: number;
  day: number;
  posts: number;
}

export function blockQueryKey(query: BlockQuery): string {
  return `blocks:${JSON.stringify(query)}`;
}

type Attrs = Record<string, unknown>;

/** absint()-like reading of a numeric attribute. */
function intOf(value: unknown, fallback: number): number {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.trunc(value);
  if (typeof value === 'string' && /^\s*-?\d+/.test(value)) return Number.parseInt(value, 10);
  return fallback;
}

/**
 * The query render_block_core_latest_posts() makes with the block's attributes over its
 * block.json defaults (postsToShow 5, order desc, orderBy date). `ignore_sticky_posts` is
 * true, so sticky posts get no special place. Old blocks with a numeric-string `categories`
 * are migrated as block_core_latest_posts_migrate_categories() does.
 */
function latestPostsQuery(attrs: Attrs): LatestPostsQuery {
  const order = String(attrs.order ?? 'desc').toUpperCase() === 'ASC' ? 'ASC' : 'DESC';
  const orderByRaw = String(attrs.orderBy ?? 'date');
  const orderBy: LatestPostsQuery['orderBy'] =
    orderByRaw === 'title' || orderByRaw === 'modified' || orderByRaw === 'ID' ? orderByRaw : 'date';
  let categories: number[] = [];
  const rawCategories = attrs.categories;
  if (typeof rawCategories === 'string' && rawCategories !== '' && rawCategories !== '0') {
    categories = [Math.abs(intOf(rawCategories, 0))];
  } else if (Array.isArray(rawCategories)) {
    categories = rawCategories
      .map((category) => (category && typeof category === 'object' ? (category as Attrs).id : undefined))
      .filter((id) => id !== undefined && id !== null)
      .map((id) => intOf(id, 0));
  }
  const author = attrs.selectedAuthor !== undefined && attrs.selectedAuthor !== null ? intOf(attrs.selectedAuthor, 0) : null;
  return { kind: 'latest-posts', limit: intOf(attrs.postsToShow ?? 5, 5), order, orderBy, categories, author };
}

function archiveType(attrs: Attrs): ArchiveType | null {
  const type = String(attrs.type ?? 'monthly');
  return type === 'monthly' || type === 'yearly' || type === 'daily' || type === 'postbypost' || type === 'alpha'
    ? type
    : null;
}

export function collectDynamicBlockNeeds(blockName: string, attrs: Attrs, needs: ContentNeeds): void {
  if (blockName === 'core/latest-posts') {
    const query = latestPostsQuery(attrs);
    needs.queries.set(blockQueryKey(query), query);
  } else if (blockName === 'core/archives') {
    const type = archiveType(attrs);
    if (type === null) return;
    const query: ArchivesQuery = { kind: 'archives', type };
    needs.queries.set(blockQueryKey(query), query);
  }
}

/**
 * get_block_wrapper_attributes() with the block supports that need no styles engine: the
 * `align{x}` class (align support), the `className` attribute, the generated
 * `wp-block-{name}` class, and the anchor as `id`. Extra classes come first, as WordPress
 * joins them.
 */
function wrapperAttributes(blockName: string, attrs: Attrs, extraClass: string): string {
  const supportClasses: string[] = [];
  if (typeof attrs.align === 'string' && attrs.align !== '') supportClasses.push(`align${attrs.align}`);
  if (typeof attrs.className === 'string' && attrs.className !== '') supportClasses.push(attrs.className);
  supportClasses.push(`wp-block-${blockName.replace('/', '-').replace(/^core-/, '')}`);
  const classValue = [extraClass, supportClasses.join(' ')].filter((part) => part !== '').join(' ');
  let out = `class="${escHtml(classValue)}"`;
  if (typeof attrs.anchor === 'string' && attrs.anchor !== '') out += ` id="${escHtml(attrs.anchor)}"`;
  return out;
}

/** get_the_title(): "Protected: " before a password-protected post's title, then the_title. */
function postTitle(post: PostRow): string {
  const title = post.post_password !== '' ? `Protected: ${post.post_title}` : post.post_title;
  return theTitle(title);
}

function renderLatestPosts(attrs: Attrs, env: ContentEnv): string {
  const query = latestPostsQuery(attrs);
  const posts = (env.records.queries.get(blockQueryKey(query)) as PostRow[] | undefined) ?? [];
  let items = '';
  for (const post of posts) {
    const link = escUrl(env.site.permalink(post));
    let title = postTitle(post);
    if (title === '' || title === '0') title = '(no title)';
    items += '<li>';
    items += `<a class="wp-block-latest-posts__post-title" href="${link}">${title}</a>`;
    items += '</li>\n';
  }
  const classes = ['wp-block-latest-posts__list'];
  if (attrs.displayPostDate === true) classes.push('has-dates');
  if (attrs.displayAuthor === true) classes.push('has-author');
  return `<ul ${wrapperAttributes('core/latest-posts', attrs, classes.join(' '))}>${items}</ul>`;
}

const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November',
  'December',
];

/** get_archives_link() in the `html` format. */
function archivesLink(url: string, text: string, after = ''): string {
  return `\t<li><a href='${escUrl(url)}'>${wptexturize(text)}</a>${after}</li>\n`;
}

/** get_year_link() / get_day_link() from the shape of get_month_link() (pretty or `?m=`). */
function periodLink(env: ContentEnv, year: number, month?: number, day?: number): string {
  const monthLink = env.site.monthLink(year, month ?? 1);
  const pad = (value: number) => String(value).padStart(2, '0');
  const pretty = !monthLink.includes('?m=');
  if (month === undefined) return pretty ? `${env.site.home}/${year}/` : `${env.site.home}/?m=${year}`;
  if (day === undefined) return monthLink;
  return pretty
    ? `${env.site.home}/${year}/${pad(month)}/${pad(day)}/`
    : `${env.site.home}/?m=${year}${pad(month)}${pad(day)}`;
}

/** wp_get_archives() with echo off and format `html`. */
function getArchives(type: ArchiveType, showPostCount: boolean, env: ContentEnv): string {
  const answer = env.records.queries.get(blockQueryKey({ kind: 'archives', type }));
  const count = (posts: number) => (showPostCount ? `&nbsp;(${posts})` : '');
  let output = '';
  if (type === 'postbypost' || type === 'alpha') {
    for (const post of (answer as PostRow[] | undefined) ?? []) {
      if (post.post_date === null || String(post.post_date).startsWith('0000-00-00')) continue;
      const raw = post.post_title !== '' ? wpStripAllTags(theTitle(post.post_title)) : String(post.ID);
      output += archivesLink(env.site.permalink(post), raw);
    }
    return output;
  }
  for (const row of (answer as ArchivePeriodRow[] | undefined) ?? []) {
    if (type === 'monthly') {
      const text = `${MONTH_NAMES[row.month - 1]} ${row.year}`;
      output += archivesLink(periodLink(env, row.year, row.month), text, count(row.posts));
    } else if (type === 'yearly') {
      output += archivesLink(periodLink(env, row.year), String(row.year), count(row.posts));
    } else {
      // Daily: the date in the site's date_format option, here WordPress's default "F j, Y".
      const text = `${MONTH_NAMES[row.month - 1]} ${row.day}, ${row.year}`;
      output += archivesLink(periodLink(env, row.year, row.month, row.day), text, count(row.posts));
    }
  }
  return output;
}

function renderArchives(attrs: Attrs, env: ContentEnv): string {
  const showPostCount = !isEmptyParam(attrs.showPostCounts);
  const type = archiveType(attrs);
  if (!isEmptyParam(attrs.displayAsDropdown)) return '';
  const archives = type === null ? '' : getArchives(type, showPostCount, env);
  const wrapper = wrapperAttributes('core/archives', attrs, 'wp-block-archives-list');
  if (archives === '') return `<div ${wrapper}>No archives to show.</div>`;
  return `<ul ${wrapper}>${archives}</ul>`;
}

/**
 * Blocks that cannot be rendered here, with what is printed instead: their saved HTML (for
 * these void blocks, nothing). Listed for the record; see src/wp/blocks/README.md.
 */
export const UNRENDERED_DYNAMIC_BLOCKS: readonly string[] = [
  'core/latest-comments', 'core/calendar', 'core/categories', 'core/page-list', 'core/navigation', 'core/tag-cloud',
  'core/search', 'core/loginout', 'core/rss', 'core/site-title', 'core/site-tagline', 'core/site-logo',
  'core/block', 'core/template-part', 'core/pattern', 'core/query', 'core/post-title', 'core/post-content',
  'core/post-excerpt', 'core/post-date', 'core/post-author', 'core/post-featured-image', 'core/post-terms',
  'core/file', 'core/gallery', 'core/cover', 'core/video', 'core/audio', 'core/embed',
];

/**
 * The render callback of a dynamic block this module renders, or undefined for every other
 * block (static blocks, and the blocks listed in UNRENDERED_DYNAMIC_BLOCKS, whose saved HTML
 * stays as it is).
 */
export function renderDynamicBlock(
  blockName: string,
  attrs: Attrs,
  content: string,
  block: ParsedBlock,
  env: ContentEnv,
): string | undefined {
  void content;
  void block;
  if (blockName === 'core/latest-posts') return renderLatestPosts(attrs, env);
  if (blockName === 'core/archives') return renderArchives(attrs, env);
  return undefined;
}
