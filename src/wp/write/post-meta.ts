import type { WriteScope } from './transaction.js';

/*
 * add_post_meta / update_post_meta / delete_post_meta as WordPress writes the rows: values are
 * stored as given (callers serialize arrays with php-serialize first), one row each, meta_id in
 * the order of the calls, so the order of calls must be the plugin's order. Each change is noted
 * in the scope's ChangeSet, and for events, venues and organizers TEC's tracker
 * (Tribe__Tracker) stamps the key in `_tribe_modified_fields`.
 *
 * API agreed before the implementation: the event, venue and organizer services code against it.
 */

/** add_post_meta: always a new row. */
export declare function addPostMeta(scope: WriteScope, postId: number, key: string, value: string): Promise<void>;

/**
 * update_post_meta: when the key has rows, each row whose value differs is updated (nothing is
 * written when the value is the same); when it has none, a row is added.
 */
export declare function updatePostMeta(scope: WriteScope, postId: number, key: string, value: string): Promise<void>;

/** delete_post_meta: every row of the key, or only those holding `value` when given. */
export declare function deletePostMeta(scope: WriteScope, postId: number, key: string, value?: string): Promise<void>;
