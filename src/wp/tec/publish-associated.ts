import { POST_TYPE_CAPS, userCan } from '../auth/capabilities.js';
import { EventMeta, PostStatus, PostType } from '../constants.js';
import { isPhpEmpty } from '../php/php-empty.js';
import { phpIntval } from '../php/php-values.js';
import type { PostRow } from '../posts/posts.repository.js';
import { theTitle } from '../text/the-title.js';
import { sanitizeTitle } from '../text/slugs.js';
import { getPostCustom } from '../write/post-meta.js';
import { publishPost, updatePost } from '../write/posts.js';
import { uniquePostSlug } from '../write/post-slugs.js';
import type { WriteScope } from '../write/transaction.js';
import { postRowsOf } from '../write/write-env.js';

/**
 * Main::publishAssociatedTypes, hooked on `publish_tribe_events`: it runs inside every save that
 * leaves an event published (wp_transition_post_status fires `{status}_{type}` even when the
 * status stays `publish`), so it sees the links as stored when the status hooks run: before this
 * save's links for the v1 API (which saves the meta after wp_update_post), this save's own for
 * tec/v1 (whose ORM passes them as wp_insert_post's `meta_input`, written before the transition).
 * The event's venue, then its organizers, in the order the meta holds them, that are neither
 * published nor private are published through wp_publish_post (each with its revision), when the
 * writer may publish them (user_can_publish_linked_post_for_user).
 */
export async function publishAssociatedPosts(scope: WriteScope, eventId: number): Promise<void> {
  const meta = (await getPostCustom(scope, [eventId])).get(eventId)!;
  const expected: [number, string][] = [
    ...(meta.get(EventMeta.venueId) ?? []).map((id): [number, string] => [phpIntval(id), PostType.venue]),
    ...(meta.get(EventMeta.organizerId) ?? []).map((id): [number, string] => [phpIntval(id), PostType.organizer]),
  ].filter(([id]) => id > 0);
  const linked = await postRowsOf(scope, expected.map(([id]) => id));
  for (const [id, postType] of expected) {
    const post = linked.get(id);
    if (post?.post_type !== postType) continue;
    if (post.post_status === PostStatus.publish || post.post_status === PostStatus.private) continue;
    const caps = POST_TYPE_CAPS[postType];
    if (!caps || !userCan(scope.viewer, caps.publish_posts)) continue;
    const published = await publishPost(scope, id);
    if (published) linked.set(id, published.post_name === '' ? await slugPublishedLinkedPost(scope, published) : published);
  }
}

/** The word publishAssociatedTypes names a linked post by when its title gives no slug (`venue-12`). */
const LINKED_SLUG_FALLBACK: Readonly<Record<string, string>> = { [PostType.venue]: 'venue', [PostType.organizer]: 'organizer' };

/**
 * publishAssociatedTypes since TEC 6.15.4: a linked post published without a slug (a draft saved
 * in the editor has none) gets one from its title as get_the_title shows it, else from its kind
 * and ID, made unique as for a published post and stored through wp_update_post.
 */
async function slugPublishedLinkedPost(scope: WriteScope, post: PostRow): Promise<PostRow> {
  const shown = theTitle(post.post_title);
  const title = isPhpEmpty(shown) ? `${LINKED_SLUG_FALLBACK[post.post_type]}-${post.ID}` : shown;
  const slug = await uniquePostSlug(scope, sanitizeTitle(title, scope.site.language), post.ID, PostStatus.publish, post.post_type);
  return updatePost(scope, post.ID, { post_name: slug });
}
