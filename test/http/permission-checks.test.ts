import { describe, expect, it } from 'vitest';
import { canActOnRequestedPost, canCreatePostOfType, canManageTerms } from '../../src/http/permissions.js';
import type { RequestContext } from '../../src/http/request-context.js';
import { ANONYMOUS, type Viewer } from '../../src/wp/auth/capabilities.js';
import { PostType } from '../../src/wp/constants.js';

/**
 * The shared permission callbacks on their own: the plugin's can_create of the post endpoints,
 * Term_Single_Base's check, and the short cut for viewers without any capability.
 */

function viewerWith(...capabilities: string[]): Viewer {
  return { userId: 7, capabilities: new Set(capabilities) };
}

/** A context whose database and memo fail the test if anything is read. */
function contextFor(viewer: Viewer, params: Record<string, unknown> = {}): RequestContext {
  const unread = () => {
    throw new Error('read the database');
  };
  return { viewer, params, memo: unread, forgetMemo: () => undefined } as unknown as RequestContext;
}

describe('canCreatePostOfType', () => {
  it.each([
    [PostType.event, 'edit_tribe_events'],
    [PostType.venue, 'edit_tribe_venues'],
    [PostType.organizer, 'edit_tribe_organizers'],
  ])('lets %s be created with %s only', (postType, cap) => {
    const check = canCreatePostOfType(postType);
    expect(check(contextFor(viewerWith(cap)))).toBe(true);
    expect(check(contextFor(viewerWith('edit_posts', 'publish_tribe_events')))).toBe(false);
  });

  it('refuses a post type without capabilities', () => {
    expect(canCreatePostOfType('attachment')(contextFor(viewerWith('edit_posts')))).toBe(false);
  });
});

describe('canManageTerms', () => {
  it("needs the event type's edit_posts and the taxonomy's manage_terms", () => {
    const check = canManageTerms('manage_categories');
    expect(check(contextFor(viewerWith('edit_tribe_events', 'manage_categories')))).toBe(true);
    expect(check(contextFor(viewerWith('edit_tribe_events')))).toBe(false);
    expect(check(contextFor(viewerWith('manage_categories', 'edit_posts')))).toBe(false);
  });
});

describe('canActOnRequestedPost', () => {
  it('refuses a viewer without capabilities before reading the post', async () => {
    for (const verb of ['edit', 'delete'] as const) {
      await expect(canActOnRequestedPost(contextFor(ANONYMOUS, { id: '6' }), verb, PostType.event, 'general')).resolves.toBe(false);
      await expect(canActOnRequestedPost(contextFor(viewerWith(), { id: '5' }), verb, PostType.venue, 'deny')).resolves.toBe(false);
    }
  });

  it('answers from the general capability when no ID is requested', async () => {
    const editor = viewerWith('edit_tribe_events');
    await expect(canActOnRequestedPost(contextFor(editor), 'edit', PostType.event, 'general')).resolves.toBe(true);
    await expect(canActOnRequestedPost(contextFor(editor), 'delete', PostType.event, 'general')).resolves.toBe(false);
  });
});
