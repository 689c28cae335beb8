import { describe, expect, it } from 'vitest';
import { ANONYMOUS, type Viewer } from '../../../../src/wp/auth/capabilities.js';
import { PostType } from '../../../../src/wp/constants.js';
import { filterPostStatusList } from '../../../../src/wp/posts/post-status.js';

const EDITOR: Viewer = { userId: 2, capabilities: new Set(['edit_tribe_events']) };

describe('filterPostStatusList (Archive_Base::filter_post_status_list)', () => {
  it('lets anyone ask for publish, a trailing comma included', () => {
    expect(filterPostStatusList('publish', ANONYMOUS, PostType.event)).toEqual(['publish']);
    expect(filterPostStatusList('publish,', ANONYMOUS, PostType.event)).toEqual(['publish']);
    expect(filterPostStatusList('draft', ANONYMOUS, PostType.event)).toBe(false);
  });

  it('does not trim: a padded status is no status', () => {
    expect(filterPostStatusList(' publish', ANONYMOUS, PostType.event)).toBe(false);
  });

  it('lets editors list any registered statuses, but not `any`', () => {
    expect(filterPostStatusList('draft,private,', EDITOR, PostType.event)).toEqual(['draft', 'private']);
    expect(filterPostStatusList('any', EDITOR, PostType.event)).toBe(false);
  });

  it('refuses numbers and nested lists', () => {
    expect(filterPostStatusList('1', EDITOR, PostType.event)).toBe(false);
    expect(filterPostStatusList([['publish']], ANONYMOUS, PostType.event)).toBe(false);
  });
});
