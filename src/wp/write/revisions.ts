/** wp_save_post_revision for the post types written here: the `revision` child an update leaves. */

import { PostStatus, PostType } from '../constants.js';
import { phpTrim } from '../php/php-values.js';
import type { PostRow } from '../posts/posts.repository.js';
import type { SiteSettings } from '../site/site.js';
import { phpLooseStringEquals } from '../tec/tracker.js';
import { insertPostRow, selectRevisions, type NewPostRow } from './posts.repository.js';
import type { WriteScope } from './transaction.js';
import { rememberPostType, writePostRow } from './write-env.js';

/** Post types registered with `revisions` support among the ones this service writes (Event Tickets' RSVP tickets among them). */
const REVISIONED_TYPES: ReadonlySet<string> = new Set([PostType.event, PostType.venue, PostType.organizer, PostType.post, 'tribe_rsvp_tickets']);

/** PHP's normalize_whitespace, as wp_save_post_revision compares fields. */
function normalizeWhitespace(text: string): string {
  return phpTrim(text).replace(/\r/g, '\n').replace(/\n+/g, '\n').replace(/[ \t]+/g, ' ');
}

const REVISIONED_FIELDS = ['post_title', 'post_content', 'post_excerpt'] as const;

/**
 * wp_save_post_revision (from `wp_after_insert_post` on updates): a copy of the post's title,
 * content and excerpt as a `revision` child, unless the latest revision already holds the same
 * (whitespace normalized). The first update of a post without revisions always makes one. Its
 * author is the writer, its dates the post's modified dates.
 */
export async function saveRevision(scope: WriteScope, site: SiteSettings, post: PostRow): Promise<void> {
  if (!REVISIONED_TYPES.has(post.post_type) || post.post_status === PostStatus.autoDraft) return;
  const revisions = await selectRevisions(scope.trx, post.ID);
  const last = revisions.find((revision) => revision.post_name.includes(`${post.ID}-revision`));
  if (last) {
    const changed = REVISIONED_FIELDS.some(
      (field) => !phpLooseStringEquals(normalizeWhitespace(post[field]), normalizeWhitespace(last[field])),
    );
    if (!changed) return;
  }
  const row: NewPostRow = {
    post_author: scope.viewer.userId,
    post_date: post.post_modified,
    post_date_gmt: post.post_modified_gmt,
    post_content: post.post_content,
    post_content_filtered: '',
    post_title: post.post_title,
    post_excerpt: post.post_excerpt,
    post_status: PostStatus.inherit,
    post_type: PostType.revision,
    comment_status: 'closed',
    ping_status: 'closed',
    post_password: '',
    post_name: `${post.ID}-revision-v1`,
    to_ping: '',
    pinged: '',
    post_modified: post.post_modified,
    post_modified_gmt: post.post_modified_gmt,
    post_parent: post.ID,
    menu_order: 0,
    post_mime_type: '',
    comment_count: 0,
    guid: '',
  };
  const id = await insertPostRow(scope.trx, row);
  await writePostRow(scope, id, { guid: `${site.home}/?p=${id}` });
  rememberPostType(scope, id, PostType.revision);
  scope.changes.notePost(id, PostType.revision);
}
