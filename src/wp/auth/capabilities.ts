import { PostStatus, PostType } from '../constants.js';

/**
 * Who is asking. Anonymous visitors have no capabilities at all (WordPress's user 0); signed-in
 * users carry the primitive capabilities their roles and grants give them.
 */
export interface Viewer {
  readonly userId: number;
  readonly capabilities: ReadonlySet<string>;
  /**
   * wp_verify_nonce( $nonce, $action ) for this user and session: set for a signed-in user when the
   * site's keys are configured (WP_AUTH_KEY...); without it no nonce verifies.
   */
  readonly verifyNonce?: (nonce: string, action: string) => boolean;
}

export const ANONYMOUS: Viewer = Object.freeze({ userId: 0, capabilities: new Set<string>() });

export function isLoggedIn(viewer: Viewer): boolean {
  return viewer.userId > 0;
}

/** A post type's primitive capabilities (`capability_type` with `map_meta_cap`). */
export interface PostTypeCaps {
  read: string;
  edit_posts: string;
  edit_others_posts: string;
  edit_published_posts: string;
  edit_private_posts: string;
  read_private_posts: string;
  delete_posts: string;
  delete_others_posts: string;
  delete_published_posts: string;
  delete_private_posts: string;
  publish_posts: string;
}

function capsFor(plural: string): PostTypeCaps {
  return {
    read: 'read',
    edit_posts: `edit_${plural}`,
    edit_others_posts: `edit_others_${plural}`,
    edit_published_posts: `edit_published_${plural}`,
    edit_private_posts: `edit_private_${plural}`,
    read_private_posts: `read_private_${plural}`,
    delete_posts: `delete_${plural}`,
    delete_others_posts: `delete_others_${plural}`,
    delete_published_posts: `delete_published_${plural}`,
    delete_private_posts: `delete_private_${plural}`,
    publish_posts: `publish_${plural}`,
  };
}

export const POST_TYPE_CAPS: Readonly<Record<string, PostTypeCaps>> = {
  [PostType.event]: capsFor('tribe_events'),
  [PostType.venue]: capsFor('tribe_venues'),
  [PostType.organizer]: capsFor('tribe_organizers'),
  [PostType.post]: capsFor('posts'),
};

export function userCan(viewer: Viewer, capability: string): boolean {
  return viewer.capabilities.has(capability);
}

export interface PostForCaps {
  ID: number;
  post_type: string;
  post_status: string;
  post_author: number;
  /** `_wp_trash_meta_status` of a trashed post: the status it had before. */
  trashedFrom?: string;
}

const PUBLISHED_OR_SCHEDULED: readonly string[] = [PostStatus.publish, PostStatus.future];

function typeCaps(post: PostForCaps): PostTypeCaps {
  return POST_TYPE_CAPS[post.post_type] ?? capsFor('posts');
}

function isOwner(viewer: Viewer, post: PostForCaps): boolean {
  return post.post_author !== 0 && viewer.userId === post.post_author;
}

/** map_meta_cap('edit_post') / ('delete_post'): the primitive capabilities required. */
function mapEditOrDelete(viewer: Viewer, post: PostForCaps, verb: 'edit' | 'delete'): string[] {
  const caps = typeCaps(post);
  const own = caps[`${verb}_posts`];
  const published = caps[`${verb}_published_posts`];
  if (isOwner(viewer, post)) {
    if (PUBLISHED_OR_SCHEDULED.includes(post.post_status)) return [published];
    if (post.post_status === PostStatus.trash) {
      return PUBLISHED_OR_SCHEDULED.includes(post.trashedFrom ?? '') ? [published] : [own];
    }
    return [own];
  }
  const required = [caps[`${verb}_others_posts`]];
  if (PUBLISHED_OR_SCHEDULED.includes(post.post_status)) required.push(published);
  else if (post.post_status === PostStatus.private) required.push(caps[`${verb}_private_posts`]);
  return required;
}

export function canEditPost(viewer: Viewer, post: PostForCaps): boolean {
  return mapEditOrDelete(viewer, post, 'edit').every((cap) => userCan(viewer, cap));
}

export function canDeletePost(viewer: Viewer, post: PostForCaps): boolean {
  return mapEditOrDelete(viewer, post, 'delete').every((cap) => userCan(viewer, cap));
}

/**
 * map_meta_cap('read_post'): published posts need `read`; an author reads their own; private
 * posts need read_private_*; drafts, pending and scheduled posts need edit_post.
 */
export function canReadPost(viewer: Viewer, post: PostForCaps): boolean {
  const caps = typeCaps(post);
  if (post.post_status === PostStatus.publish) return userCan(viewer, caps.read);
  if (isOwner(viewer, post)) return userCan(viewer, caps.read);
  if (post.post_status === PostStatus.private) return userCan(viewer, caps.read_private_posts);
  return canEditPost(viewer, post);
}
