import { POST_TYPE_TAXONOMIES, PostType } from '../constants.js';
import { selectPostById, type PostRow } from '../posts/posts.repository.js';
import { setObjectTerms } from '../terms/term-writes.js';
import { rebuildKnownRange } from '../tec/known-range.js';
import { deleteAllPostMeta, deleteEventCustomTablesRows, deletePostRow, selectRevisionIds } from './post-delete.repository.js';
import type { WriteScope } from './transaction.js';
import { rememberPostType, siteOf } from './write-env.js';

/**
 * wp_delete_post( $id, true ): the post goes for good, whatever its status. In WordPress's order:
 * its terms are removed (wp_delete_object_term_relationships, each removed term recounted), its
 * revisions deleted, its meta deleted, then the row; TEC drops an event's custom tables rows and
 * rebuilds its known range. Unlike trashing a venue or organizer, nothing is removed from the
 * events that link to the post (no `trash_{post_type}` hook runs), so their links stay in place.
 * Returns the row as it was, or undefined when there was no such post.
 */
export async function deletePostForGood(scope: WriteScope, id: number): Promise<PostRow | undefined> {
  const post = await selectPostById(scope.trx, id);
  if (!post) return undefined;
  rememberPostType(scope, id, post.post_type);
  for (const taxonomy of POST_TYPE_TAXONOMIES[post.post_type] ?? []) {
    await setObjectTerms(scope, id, post.post_type, taxonomy, []);
  }
  for (const revisionId of await selectRevisionIds(scope.trx, id)) {
    await deleteAllPostMeta(scope.trx, revisionId);
    await deletePostRow(scope.trx, revisionId);
    scope.changes.notePost(revisionId, PostType.revision, 'deleted');
  }
  await deleteAllPostMeta(scope.trx, id);
  scope.changes.noteMeta(id);
  await deletePostRow(scope.trx, id);
  scope.changes.notePost(id, post.post_type, 'deleted');
  if (post.post_type === PostType.event) {
    const site = await siteOf(scope);
    if (site.occurrencesTableActive) await deleteEventCustomTablesRows(scope.trx, id);
    await rebuildKnownRange(scope);
  }
  return post;
}
