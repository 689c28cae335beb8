import type { Db } from '../../src/db/create-db.js';
import { definedOnly, insertPost, insertPostMeta, type InsertedPost, type PostOverrides } from './posts.js';

/** Organizer fields under the REST API's names; the organizer's name is `post_title`. */
export interface OrganizerOverrides extends Omit<PostOverrides, 'post_type'> {
  phone?: string;
  website?: string;
  email?: string;
}

/**
 * Inserts a `tribe_organizer` post with TEC's meta rows in TEC's order, including the empty
 * `_Organizerpost_date` / `_Organizerpost_date_gmt` rows and `_Organizerpost_status` (the status
 * at creation, so a trashed organizer still says `publish`), as the reference dump holds them.
 */
export async function insertOrganizer(db: Db, overrides: OrganizerOverrides = {}): Promise<InsertedPost> {
  const { phone, website, email, ...postOverrides } = overrides;
  const post = { post_title: 'Test Organizer', ...definedOnly(postOverrides), post_type: 'tribe_organizer' };
  const { id } = await insertPost(db, post);

  const status = post.post_status ?? 'publish';
  const meta: Array<[string, string]> = [
    ['_OrganizerOrigin', 'events-calendar'],
    ['_Organizerpost_date', ''],
    ['_Organizerpost_date_gmt', ''],
    ['_Organizerpost_status', status === 'trash' ? 'publish' : status],
  ];
  if (phone !== undefined) meta.push(['_OrganizerPhone', phone]);
  if (website !== undefined) meta.push(['_OrganizerWebsite', website]);
  if (email !== undefined) meta.push(['_OrganizerEmail', email]);
  await insertPostMeta(db, id, meta);
  return { id };
}
