import type { Db } from '../../db/create-db.js';
import { DependencyTag, readOf } from '../../feed/dependencies.js';
import { groupMetaRows, type MetaMap } from '../posts/meta.js';
import { selectMetaForPosts, selectPostsByIds, type PostRow } from '../posts/posts.repository.js';
import { ATTENDEE_KINDS, HIDE_ATTENDEES_LIST_KEY } from './attendee-kinds.js';

/** An attendee post with all its meta, and the posts its relation meta and parent name. */
export interface AttendeeCandidates {
  attendees: { post: PostRow; meta: MetaMap }[];
  /** The posts attendees name (their event keys' values, their parents), by ID. */
  related: Map<number, PostRow>;
  /** The `_tribe_hide_attendees_list` rows of those posts. */
  hideList: Map<number, readonly string[]>;
}

/**
 * Every attendee post of the attendee repository's types (RSVP, legacy PayPal, Tickets Commerce),
 * in any status, with its meta, and the posts the attendees point at (the post each is for, its
 * order): four statements, whatever the number. The attendee archive filters these as the
 * attendee repository's SQL would. The answer depends on every attendee post (the types' list
 * tags) and on the related posts' rows.
 */
export async function selectAttendeeCandidates(db: Db): Promise<AttendeeCandidates> {
  const types = ATTENDEE_KINDS.map((kind) => kind.postType);
  const posts = await readOf(types.map(DependencyTag.list), () =>
    db.selectFrom('posts').selectAll().where('post_type', 'in', types).orderBy('ID').execute(),
  );
  const ids = posts.map((post) => post.ID);
  const meta = groupMetaRows(await selectMetaForPosts(db, ids));
  const attendees = posts.map((post) => ({ post, meta: meta.get(post.ID) ?? new Map<string, string[]>() }));
  const eventKeys = new Set(ATTENDEE_KINDS.map((kind) => kind.eventKey));
  const relatedIds = new Set<number>();
  for (const { post, meta: rows } of attendees) {
    if (post.post_parent > 0) relatedIds.add(post.post_parent);
    for (const [key, values] of rows) {
      if (!eventKeys.has(key)) continue;
      for (const value of values) if (/^\d+$/.test(value) && Number(value) > 0) relatedIds.add(Number(value));
    }
  }
  const relatedPosts = await selectPostsByIds(db, [...relatedIds]);
  const hideRows = groupMetaRows(await selectMetaForPosts(db, [...relatedIds], [HIDE_ATTENDEES_LIST_KEY]));
  const hideList = new Map<number, readonly string[]>();
  for (const [id, rows] of hideRows) hideList.set(id, rows.get(HIDE_ATTENDEES_LIST_KEY) ?? []);
  return { attendees, related: new Map(relatedPosts.map((post) => [post.ID, post])), hideList };
}
