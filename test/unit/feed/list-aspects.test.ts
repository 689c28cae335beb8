import { describe, expect, it } from 'vitest';
import { ChangeTags } from '../../../src/feed/change-tags.js';
import { DependencyTag, touchedDependencyTags, touches } from '../../../src/feed/dependencies.js';

/*
 * Issue 21's list aspects: what only some lists read (post dates, an event's venue and organizer
 * links) touches only those lists, and the response cache's index by tag drops exactly what
 * `touches` says.
 */

const EVENT = 'tribe_events';
const VENUE = 'tribe_venue';
const DEPENDENCIES = [
  DependencyTag.list(EVENT),
  DependencyTag.listWithoutAspects(EVENT),
  DependencyTag.listAspect(EVENT, 'venue'),
  DependencyTag.listAspect(EVENT, 'organizer'),
  DependencyTag.listAspect(EVENT, 'post-date'),
  DependencyTag.listText(EVENT),
  DependencyTag.list(VENUE),
  DependencyTag.listWithoutAspects(VENUE),
  DependencyTag.post(6),
];

function touchedBy(build: (tags: ChangeTags) => void): string[] {
  const change = new ChangeTags();
  build(change);
  return DEPENDENCIES.filter((tag) => touches(change.tags, tag));
}

describe('list aspects', () => {
  it('a title and post date update touches the post, text lists and the lists ordered by post date', () => {
    expect(touchedBy((tags) => tags.postRow(6, EVENT, new Set(['post_title', 'post_date', 'post_date_gmt', 'post_modified'])))).toEqual([
      DependencyTag.list(EVENT),
      DependencyTag.listAspect(EVENT, 'post-date'),
      DependencyTag.listText(EVENT),
      DependencyTag.post(6),
    ]);
  });

  it('an organizer row touches the lists filtered by organizer and the broad lists, even when the type is unknown', () => {
    for (const type of [EVENT, '']) {
      expect(touchedBy((tags) => tags.postMeta(6, type, ['_EventOrganizerID', '_tribe_modified_fields']))).toEqual([
        DependencyTag.list(EVENT),
        DependencyTag.listAspect(EVENT, 'organizer'),
        DependencyTag.post(6),
      ]);
    }
  });

  it('a status change touches every list of the type, narrow or not', () => {
    expect(touchedBy((tags) => tags.postRow(6, EVENT, new Set(['post_status'])))).toEqual([
      DependencyTag.list(EVENT),
      DependencyTag.listWithoutAspects(EVENT),
      DependencyTag.listAspect(EVENT, 'venue'),
      DependencyTag.listAspect(EVENT, 'organizer'),
      DependencyTag.listAspect(EVENT, 'post-date'),
      DependencyTag.listText(EVENT),
      DependencyTag.post(6),
    ]);
  });

  it('a meta key no aspect names touches every list of the type', () => {
    expect(touchedBy((tags) => tags.postMeta(6, EVENT, ['_EventStartDate', '_EventVenueID']))).toContain(DependencyTag.listWithoutAspects(EVENT));
  });

  it('the index by tag drops what touches() says, for every change', () => {
    const changes: ((tags: ChangeTags) => void)[] = [
      (tags) => tags.postRow(6, EVENT, new Set(['post_date'])),
      (tags) => tags.postRow(19, VENUE, new Set(['post_date', 'post_title'])),
      (tags) => tags.postRow(6, EVENT, 'all'),
      (tags) => tags.postMeta(6, EVENT, ['_EventVenueID']),
      (tags) => tags.postMeta(6, '', ['_EventOrganizerID']),
      (tags) => tags.postMeta(6, EVENT, ['_wp_old_date']),
      (tags) => tags.customTables(6, new Set(['start_date'])),
      (tags) => tags.relationships(6, EVENT),
    ];
    for (const build of changes) {
      const change = new ChangeTags();
      build(change);
      const indexed = touchedDependencyTags(change.tags);
      for (const tag of DEPENDENCIES) expect(indexed.has(tag), `${[...change.tags].join(' ')} -> ${tag}`).toBe(touches(change.tags, tag));
    }
  });
});
