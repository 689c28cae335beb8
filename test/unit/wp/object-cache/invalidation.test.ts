import { describe, expect, it } from 'vitest';
import { ChangeSet } from '../../../../src/wp/write/change-set.js';
import { entriesToInvalidate } from '../../../../src/wp/object-cache/invalidation.js';

/**
 * The deletions per write of object-cache.md §3 / §5, from ChangeSets noted the way the write code
 * notes them. Entries are written `group:key` with WordPress's own key (the drop-in's `:` -> `-`
 * comes later, in cacheKey).
 */

function changeSet(note: (changes: ChangeSet) => void): ChangeSet {
  const changes = new ChangeSet();
  note(changes);
  return changes;
}

const deleted = (changes: ChangeSet) => entriesToInvalidate(changes).map(({ group, key }) => `${group}:${key}`);

/** The misc keys a post write of this type drops (the *misc* list of §3). */
function misc(postType: string): string[] {
  return [
    'general:wp_get_archives',
    'calendar:get_calendar',
    'transient:is_multi_author',
    ...['server', 'gmt', 'blog'].flatMap((tz) => [
      `timeinfo:lastpostmodified:${tz}`,
      `timeinfo:lastpostdate:${tz}`,
      `timeinfo:lastpostdate:${tz}:${postType}`,
    ]),
  ];
}

const postKeys = (id: number) => [`posts:${id}`, `posts:post_parent:${id}`, `post_meta:${id}`];

describe('entriesToInvalidate', () => {
  it('deletes nothing for a write that changed nothing', () => {
    expect(deleted(new ChangeSet())).toEqual([]);
  });

  it('event update, title only: the event, its revision, both relationship caches, misc, the three bumps', () => {
    const changes = changeSet((c) => {
      c.notePost(6, 'tribe_events');
      c.notePost(501, 'revision');
      c.noteMeta(6);
      c.noteOption('tribe_last_save_post', false, true);
    });
    expect(deleted(changes).sort()).toEqual(
      [
        ...postKeys(6),
        ...postKeys(501),
        'tribe_events_cat_relationships:6',
        'post_tag_relationships:6',
        ...misc('tribe_events'),
        'posts:last_changed',
        'terms:last_changed',
        'options:alloptions',
      ].sort(),
    );
  });

  it('event update with terms: every old and new term, the new term taxonomy lists, the colours dropdown', () => {
    const changes = changeSet((c) => {
      c.notePost(37, 'tribe_events');
      c.noteMeta(37);
      c.noteRelationships(37, ['tribe_events_cat', 'post_tag']);
      for (const id of [7, 12, 13]) c.noteTerm(id, 'tribe_events_cat');
      c.noteTermAddedOrRemoved(19, 'tribe_events_cat');
      for (const id of [16, 18]) c.noteTerm(id, 'post_tag');
      c.noteOption('tribe_last_save_post', false, true);
      c.noteOption('tribe_events_cat_children', true, true);
      c.noteTecCacheKey('tec_category_colors_dropdown_categories');
    });
    const keys = deleted(changes);
    for (const expected of [
      'terms:7', 'terms:12', 'terms:13', 'terms:16', 'terms:18', 'terms:19',
      'tribe_events_cat:all_ids', 'tribe_events_cat:get', 'post_tag:all_ids', 'post_tag:get',
      'tribe-events:tec_category_colors_dropdown_categories',
      'options:alloptions', 'options:notoptions', 'terms:last_changed', 'posts:last_changed',
    ]) {
      expect(keys).toContain(expected);
    }
    // Venues and organizers linked or unlinked change only the event's meta: nothing of theirs.
    expect(keys.filter((key) => /^(posts|post_meta):/.test(key)).sort()).toEqual([...postKeys(37), 'posts:last_changed'].sort());
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('venue trash: the venue, its revision, and only the meta of the events TEC unlinked', () => {
    const changes = changeSet((c) => {
      c.notePost(28, 'tribe_venue');
      c.noteMeta(28);
      c.notePost(502, 'revision');
      for (const event of [40, 41]) c.noteMeta(event);
      c.noteOption('tribe_last_save_post', false, true);
    });
    const keys = deleted(changes);
    expect(keys).toEqual(expect.arrayContaining([...postKeys(28), ...postKeys(502), ...postKeys(40), ...postKeys(41), ...misc('tribe_venue')]));
    // A venue has no taxonomies; the unlinked events were not re-saved, so no relationships of theirs.
    expect(keys.filter((key) => key.includes('_relationships:'))).toEqual([]);
    expect(keys).not.toContain('timeinfo:lastpostdate:server:revision');
    expect(keys).not.toContain('timeinfo:lastpostdate:server:tribe_events');
  });

  it('postmeta alone bumps posts:last_changed but touches no term caches', () => {
    const keys = deleted(changeSet((c) => c.noteMeta(40)));
    expect(keys).toEqual([...postKeys(40), 'posts:last_changed']);
  });

  it('category create (child of 7): the new term, its taxonomy lists, the hierarchy option, the colours', () => {
    const changes = changeSet((c) => {
      c.noteTermAddedOrRemoved(18, 'tribe_events_cat');
      c.noteOption('tribe_events_cat_children', false, true);
      c.noteTecCacheKey('tec_category_colors_dropdown_categories');
    });
    expect(deleted(changes)).toEqual([
      'terms:18',
      'term_meta:18',
      'tribe_events_cat:all_ids',
      'tribe_events_cat:get',
      'terms:last_changed',
      'options:alloptions',
      'tribe-events:tec_category_colors_dropdown_categories',
    ]);
  });

  it('tag delete: every object that had it loses all four relationship caches; no post keys', () => {
    const changes = changeSet((c) => {
      c.noteTermAddedOrRemoved(17, 'post_tag');
      for (const object of [5, 37]) c.noteRelationships(object, ['category', 'post_format', 'post_tag', 'tribe_events_cat']);
    });
    expect(deleted(changes)).toEqual([
      'terms:17',
      'term_meta:17',
      'post_tag:all_ids',
      'post_tag:get',
      'category_relationships:5',
      'post_format_relationships:5',
      'post_tag_relationships:5',
      'tribe_events_cat_relationships:5',
      'category_relationships:37',
      'post_format_relationships:37',
      'post_tag_relationships:37',
      'tribe_events_cat_relationships:37',
      'terms:last_changed',
    ]);
  });

  it('an option that is not autoloaded is dropped by name; a new one also drops notoptions', () => {
    expect(deleted(changeSet((c) => c.noteOption('tribe_last_save_post', false, false)))).toEqual(['options:tribe_last_save_post']);
    expect(deleted(changeSet((c) => c.noteOption('tribe_last_save_post', true, false)))).toEqual([
      'options:tribe_last_save_post',
      'options:notoptions',
    ]);
  });

  it('an application password sign-in that recorded last_used: the user meta and users:last_changed', () => {
    expect(deleted(changeSet((c) => c.noteUserMeta(1)))).toEqual(['user_meta:1', 'users:last_changed']);
  });

  it('an ordinary post cleans the core taxonomies of its type', () => {
    const keys = deleted(changeSet((c) => c.notePost(5, 'post')));
    expect(keys.filter((key) => key.includes('_relationships:'))).toEqual([
      'category_relationships:5',
      'post_tag_relationships:5',
      'post_format_relationships:5',
    ]);
  });
});
