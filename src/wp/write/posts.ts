import type { PostRow } from '../posts/posts.repository.js';
import type { WriteScope } from './transaction.js';

/*
 * wp_insert_post / wp_update_post / wp_trash_post as WordPress 7.1 writes the rows, for the post
 * types this service writes (events, venues, organizers) and the revisions WordPress makes of
 * them. Every row goes through the scope's transaction and is noted in its ChangeSet; meta writes
 * of tracked post types also update TEC's `_tribe_modified_fields` (see post-meta.ts).
 *
 * API agreed before the implementation: the event, venue and organizer services code against it.
 */

/** The post columns a caller may set; everything else WordPress derives (see insertPost). */
export interface PostFields {
  post_author: number;
  post_title: string;
  post_content: string;
  post_excerpt: string;
  post_status: string;
  post_name: string;
  post_parent: number;
  menu_order: number;
  post_password: string;
  /** Local wall time `Y-m-d H:i:s` in the site's zone; derived from post_date_gmt or now when absent. */
  post_date: string;
  /** UTC `Y-m-d H:i:s`; derived from post_date when absent. */
  post_date_gmt: string;
  comment_status: string;
  ping_status: string;
}

/** What insertPost needs: a type, and any fields to set (the rest take WordPress's defaults). */
export type NewPost = Partial<PostFields> & { post_type: string };

/**
 * wp_insert_post: fills WordPress's defaults (dates from now in the site zone, comment/ping
 * status of the type, empty strings), makes `post_name` unique by wp_unique_post_slug's rules
 * (drafts and pending posts keep an empty name unless one was given), inserts the row, then sets
 * `guid` to the permalink as get_permalink gives it at that moment. Returns the new ID.
 */
export declare function insertPost(scope: WriteScope, post: NewPost): Promise<number>;

/**
 * wp_update_post: merges `fields` over the stored row, re-derives what WordPress re-derives
 * (unique slug, GMT date, modified times), stores `_wp_old_slug` / `_wp_old_date` as WordPress
 * does for published posts, writes the row, and saves a revision when the type supports them and
 * a revisioned field changed (wp_save_post_revision). Returns the row as stored.
 */
export declare function updatePost(scope: WriteScope, id: number, fields: Partial<PostFields>): Promise<PostRow>;

/**
 * wp_trash_post: stores `_wp_trash_meta_status` / `_wp_trash_meta_time`, renames the slug with
 * `__trashed` (keeping `_wp_desired_post_slug`), sets the status to `trash`, and runs what
 * WordPress runs on the way (revision, comments status). Returns the row as stored.
 */
export declare function trashPost(scope: WriteScope, id: number): Promise<PostRow>;
