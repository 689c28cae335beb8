import { describe, expect, it } from 'vitest';
import { defaultEventsPerPage, eventStorageOf, isUtcZone, toNormalZone } from '../../../../src/wp/tec/events-query.js';
import type { SiteSettings, TecOptions } from '../../../../src/wp/site/site.js';
import { toSitePlugins } from '../../../../src/wp/site/plugins.js';

const TEC: TecOptions = {
  postsPerPage: undefined,
  multiDayCutoff: '00:00',
  timezoneMode: 'event',
  defaultCurrencySymbol: '$',
  defaultCurrencyCode: 'USD',
  reverseCurrencyPosition: false,
  ticketEnabledPostTypes: ['tribe_events', 'page'],
  customFields: [],
  restDisabled: false,
  singleEventSlug: 'event',
  eventsSlug: 'events',
  showComments: false,
};

function site(overrides: Partial<SiteSettings> = {}, tec: Partial<TecOptions> = {}): SiteSettings {
  return {
    home: 'http://example.test',
    siteUrl: 'http://example.test',
    permalinkStructure: '',
    timezone: 'Europe/Berlin',
    postsPerPage: '10',
    language: '',
    tagBase: '',
    occurrencesTableActive: false,
    proActive: false,
    plugins: toSitePlugins({ activePlugins: undefined, activeSitewidePlugins: undefined, tecOptions: {}, aggregatorLicense: undefined, networkAggregatorLicense: undefined }),
    defaultCommentStatus: 'open',
    imageSizes: new Map(),
    useSmilies: true,
    ...overrides,
    tec: { ...TEC, ...tec },
  };
}

describe('isUtcZone', () => {
  it.each([
    ['UTC', true],
    ['utc+0', true],
    ['GMT-00.00', true],
    ['UTC+1', false],
    ['Europe/London', false],
  ])('%s: %s', (zone, expected) => {
    expect(isUtcZone(zone)).toBe(expected);
  });
});

describe('eventStorageOf (where tribe_get_events reads and compares dates)', () => {
  it('reads the occurrences table only on a migrated site', () => {
    expect(eventStorageOf(site({ occurrencesTableActive: true })).useOccurrencesTable).toBe(true);
    expect(eventStorageOf(site()).useOccurrencesTable).toBe(false);
  });

  it('filters on UTC dates when the normal zone is UTC, orders by them in site mode only', () => {
    expect(eventStorageOf(site())).toMatchObject({ filterOnUtcDates: false, orderByUtcStart: false });
    expect(eventStorageOf(site({ timezone: 'UTC' }))).toMatchObject({ filterOnUtcDates: true, orderByUtcStart: false });
    expect(eventStorageOf(site({}, { timezoneMode: 'site' }))).toMatchObject({ filterOnUtcDates: true, orderByUtcStart: true });
  });
});

describe('toNormalZone', () => {
  const filters = { startsOnOrAfter: '2026-07-01 12:00:00', endsBefore: '2026-12-01 12:00:00' };

  it('converts every bound from the site zone to UTC in site mode', () => {
    expect(toNormalZone(site({}, { timezoneMode: 'site' }), filters)).toEqual({
      startsOnOrAfter: '2026-07-01 10:00:00',
      endsBefore: '2026-12-01 11:00:00',
    });
  });

  it('leaves the bounds alone in event mode and on UTC sites', () => {
    expect(toNormalZone(site(), filters)).toEqual(filters);
    expect(toNormalZone(site({ timezone: 'UTC' }, { timezoneMode: 'site' }), filters)).toEqual(filters);
  });
});

describe('defaultEventsPerPage (Tribe__Events__Query::getEvents)', () => {
  it('takes TEC’s option, then WordPress’s, then 10', () => {
    expect(defaultEventsPerPage(site({ postsPerPage: '7' }, { postsPerPage: '3' }))).toBe(3);
    expect(defaultEventsPerPage(site({ postsPerPage: '7' }))).toBe(7);
    expect(defaultEventsPerPage(site({ postsPerPage: 'many' }))).toBe(10);
  });
});
