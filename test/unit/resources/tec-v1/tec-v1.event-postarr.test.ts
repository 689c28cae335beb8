import { describe, expect, it } from 'vitest';
import { buildTimezoneName, eventPostArr, filterEventMetaInput, type EventMetaContext } from '../../../../src/resources/tec-v1/tec-v1.event-postarr.js';
import { phpBoolCast, schemaDefinedBody } from '../../../../src/resources/tec-v1/tec-v1.write.params.js';

// 2026-11-26 21:08:00 UTC: a winter day in Europe.
const NOW = Date.UTC(2026, 10, 26, 21, 8) / 1000;

function context(overrides: Partial<EventMetaContext> = {}): EventMetaContext {
  return { siteTimezone: 'UTC', multiDayCutoff: '00:00', venueIds: new Set([25, 26]), organizerIds: new Set([31, 32]), nowUnix: NOW, ...overrides };
}

function filtered(params: Record<string, unknown>, stored: Record<string, string> = {}, ctx = context()) {
  const postArr = eventPostArr(schemaDefinedBody('event', params));
  filterEventMetaInput(postArr, { get: (key) => stored[key] }, ctx);
  return postArr;
}

describe('tec/v1 request body', () => {
  it('keeps the definition order and fills the defaults, whatever order the client used', () => {
    const body = schemaDefinedBody('event', { venues: [25], title: 'T', unknown: 'x', start_date: '2028-02-10 18:00:00' });
    expect([...body.keys()]).toEqual(['status', 'title', 'comment_status', 'ping_status', 'format', 'sticky', 'start_date', 'venues']);
    expect(body.get('status')).toBe('publish');
    expect(body.get('sticky')).toBe(false);
  });

  it('strips markup from text fields and casts booleans as PHP does', () => {
    const body = schemaDefinedBody('event', { title: '<b>Bold</b> & "Co" <script>x</script>', featured: 'false', all_day: '0' });
    expect(body.get('title')).toBe('Bold & "Co"');
    expect(body.get('featured')).toBe(true);
    expect(body.get('all_day')).toBe(false);
    expect(phpBoolCast('false')).toBe(true);
    expect(phpBoolCast('0')).toBe(false);
  });
});

describe("tec/v1 event postarr (the event repository's filter_meta_input)", () => {
  it('computes the UTC dates, duration, abbreviation and zone after the given meta, then origin and map flags', () => {
    const postArr = filtered({ title: 'T', start_date: '2028-02-10 18:00:00', end_date: '2028-02-10 20:30:00', timezone: 'Europe/Berlin' });
    expect([...postArr.metaInput.keys()]).toEqual([
      'format', '_EventStartDate', '_EventEndDate', '_EventTimezone', '_EventStartDateUTC', '_EventEndDateUTC',
      '_EventDuration', '_EventTimezoneAbbr', '_EventOrigin', '_EventShowMap', '_EventShowMapLink',
    ]);
    expect(postArr.metaInput.get('_EventStartDateUTC')).toBe('2028-02-10 17:00:00');
    expect(postArr.metaInput.get('_EventDuration')).toBe(9000);
    expect(postArr.metaInput.get('_EventTimezoneAbbr')).toBe('CET');
    expect(postArr.fields.menu_order).toBe(0);
  });

  it('ends a start-and-duration event after the duration', () => {
    const postArr = filtered({ title: 'T', start_date: '2028-02-10 18:00:00', duration: 5400 });
    expect(postArr.metaInput.get('_EventEndDate')).toBe('2028-02-10 19:30:00');
  });

  it('drops every date when the end is before the start', () => {
    const postArr = filtered({ title: 'T', start_date: '2028-02-10 18:00:00', end_date: '2028-02-10 08:00:00' });
    expect(postArr.metaInput.has('_EventEndDate')).toBe(false);
    expect(postArr.metaInput.has('_EventStartDate')).toBe(false);
  });

  it('keeps one venue, and organizers that are organizers', () => {
    const postArr = filtered({ venues: [26, 25], organizers: [31, 999, 32] });
    expect(postArr.metaInput.get('_EventVenueID')).toBe(26);
    expect(postArr.metaInput.get('_EventOrganizerID')).toEqual([31, 32]);
    expect(filtered({ venues: [] }).metaInput.has('_EventVenueID')).toBe(false);
    expect(filtered({ venues: [999] }).metaInput.has('_EventVenueID')).toBe(false);
    expect(filtered({ organizers: [] }).metaInput.get('_EventOrganizerID')).toEqual([]);
  });

  it('moves only the UTC dates when only the zone changes, and names the zone of now when no start is sent', () => {
    const stored = { _EventStartDate: '2026-09-20 12:00:00', _EventEndDate: '2026-09-20 15:00:00', _EventTimezone: 'Asia/Tokyo', _EventShowMap: '1', _EventShowMapLink: '1' };
    const postArr = filtered({ timezone: 'Europe/Paris' }, stored);
    expect(postArr.metaInput.get('_EventStartDateUTC')).toBe('2026-09-20 10:00:00');
    expect(postArr.metaInput.has('_EventStartDate')).toBe(false);
    expect(postArr.metaInput.get('_EventTimezoneAbbr')).toBe('CET');
    expect(postArr.metaInput.has('_EventShowMap')).toBe(false);
  });

  it('turns the map flags on where the stored ones are empty', () => {
    const postArr = filtered({}, { _EventShowMap: '', _EventShowMapLink: '1', _EventTimezone: 'UTC' });
    expect(postArr.metaInput.get('_EventShowMap')).toBe(true);
    expect(postArr.metaInput.has('_EventShowMapLink')).toBe(false);
  });

  it('names UTC offsets as PHP does, and unknown zones as the site', () => {
    expect(buildTimezoneName('UTC+5:30', 'UTC')).toBe('Asia/Kolkata');
    expect(buildTimezoneName('Mars/Olympus', 'Europe/Rome')).toBe('Europe/Rome');
    expect(buildTimezoneName('Europe/Paris', 'UTC')).toBe('Europe/Paris');
  });
});
