import { POST_TYPE_CAPS, userCan } from '../auth/capabilities.js';
import { EventMeta, PostStatus, PostType } from '../constants.js';
import type { SiteSettings } from '../site/site.js';
import { formatInZone } from '../tec/dates.js';
import { defaultEventsPerPage, eventStorageOf, selectEventIdsPage, toNormalZone } from '../tec/events-query.js';
import { flushPostMeta } from './meta-store.js';
import { deletePostMeta, getPostCustom } from './post-meta.js';
import type { WriteScope } from './transaction.js';
import { unixNow } from './write-env.js';

/**
 * Main::cleanupPostVenues / cleanupPostOrganizers (on `trash_tribe_venue` / `trash_tribe_organizer`,
 * i.e. whenever such a post is saved as trashed): removeDeletedPostTypeAssociation runs a WP_Query
 * for events whose `_EventVenueID` (or `_EventOrganizerID`) names the post, which TEC's query
 * filters turn into the site's default event list: upcoming events (not yet ended), hidden ones
 * left out, by start date, the first page of `posts_per_page`. Each event found loses every row of
 * the key (all its organizers, not only this one, as delete_post_meta without a value does). Past
 * events, and upcoming ones past the first page, keep the link, as on the plugin.
 *
 * The query's statuses are WP_Query's for the writer: published, and private ones when they may
 * read private events (a writer's own private events are not added, a simplification).
 */
export async function removeTrashedLinkedPostFromEvents(
  scope: WriteScope,
  site: SiteSettings,
  postType: string,
  postId: number,
): Promise<void> {
  const key = postType === PostType.venue ? EventMeta.venueId : EventMeta.organizerId;
  const readPrivate = POST_TYPE_CAPS[PostType.event]!.read_private_posts;
  const statuses = userCan(scope.viewer, readPrivate) ? [PostStatus.publish, PostStatus.private] : [PostStatus.publish];
  const dates = toNormalZone(site, { endsAfter: formatInZone(unixNow(scope), site.timezone) });
  const filter = {
    ...eventStorageOf(site),
    ...dates,
    statuses,
    ...(postType === PostType.venue ? { venueIds: [postId] } : { organizerIds: [postId] }),
  };
  // The event query reads postmeta itself: the write's held meta changes go first.
  await flushPostMeta(scope);
  const ids = await selectEventIdsPage(scope.trx, filter, { limit: defaultEventsPerPage(site), offset: 0, orderByPostDate: false });
  await getPostCustom(scope, ids);
  for (const eventId of ids) await deletePostMeta(scope, eventId, key);
}
