import { describe, expect, it } from 'vitest';
import { EventMeta } from '../../src/wp/constants.js';
import { agentFor, recordedDatabase, recordedUserAuth, ROOT } from './support.js';

/**
 * Event dates as the plugin reads them: whatever PHP's strtotime() accepts passes the validators
 * and `build_date_object($value, $timezone)` gives the stored wall time, so an RFC 2822 date
 * works, a wall time in a spring-forward gap is moved forward by the gap (with the UTC meta and
 * duration that follow), and a zone named in another letter case is found as PHP finds it.
 */

const NOW = '2026-11-24T17:00:00Z';
const site = recordedDatabase('reference');

async function meta(postId: number): Promise<Record<string, string>> {
  const rows = await site.database.db.selectFrom('postmeta').select(['meta_key', 'meta_value']).where('post_id', '=', postId).execute();
  return Object.fromEntries(rows.map((row) => [row.meta_key, row.meta_value ?? '']));
}

async function create(body: Record<string, unknown>) {
  return agentFor(site.database, { now: NOW }).post(`${ROOT}/events`).set('Authorization', recordedUserAuth()).send(body);
}

describe('event dates PHP reads', () => {
  it('creates an event from RFC 2822 dates, keeping the wall time written with their offset', async () => {
    const created = await create({
      title: 'RFC 2822',
      start_date: 'Sat, 01 May 2027 10:00:00 +0200',
      end_date: 'Sat, 01 May 2027 12:30:00 +0200',
      timezone: 'Europe/Berlin',
    });
    expect(created.status).toBe(201);
    expect(created.body.start_date).toBe('2027-05-01 10:00:00');
    const stored = await meta(created.body.id);
    expect(stored).toMatchObject({
      [EventMeta.startDate]: '2027-05-01 10:00:00',
      [EventMeta.endDate]: '2027-05-01 12:30:00',
      [EventMeta.startDateUtc]: '2027-05-01 08:00:00',
      [EventMeta.endDateUtc]: '2027-05-01 10:30:00',
      [EventMeta.duration]: '9000',
      [EventMeta.timezone]: 'Europe/Berlin',
      [EventMeta.timezoneAbbr]: 'CEST',
    });
  });

  it('moves a start inside the spring-forward gap forward by the gap, with the UTC meta and duration that follow', async () => {
    const created = await create({
      title: 'DST gap',
      start_date: '2027-03-14 02:30:00',
      end_date: '2027-03-14 05:00:00',
      timezone: 'America/New_York',
    });
    expect(created.status).toBe(201);
    const stored = await meta(created.body.id);
    expect(stored).toMatchObject({
      [EventMeta.startDate]: '2027-03-14 03:30:00',
      [EventMeta.endDate]: '2027-03-14 05:00:00',
      [EventMeta.startDateUtc]: '2027-03-14 07:30:00',
      [EventMeta.endDateUtc]: '2027-03-14 09:00:00',
      [EventMeta.duration]: '5400',
      [EventMeta.timezoneAbbr]: 'EDT',
    });
    expect(created.body.start_date).toBe('2027-03-14 03:30:00');
    expect(created.body.utc_start_date).toBe('2027-03-14 07:30:00');
  });

  it('finds a zone named in another letter case as PHP does: its abbreviation, never the name echoed', async () => {
    for (const [zone, abbr] of [
      ['america/new_york', 'EDT'],
      ['EUROPE/BERLIN', 'CEST'],
    ] as const) {
      const created = await create({ title: `Zone ${zone}`, start_date: '2027-07-01 10:00:00', end_date: '2027-07-01 11:00:00', timezone: zone });
      expect(created.status).toBe(201);
      const stored = await meta(created.body.id);
      // TEC stores the zone as the request wrote it (Single_Event::prepare_postarr), and its
      // abbreviation as PHP's DateTimeZone finds the zone, without regard to case.
      expect(stored[EventMeta.timezone]).toBe(zone);
      expect(stored[EventMeta.timezoneAbbr]).toBe(abbr);
      expect(created.body.timezone_abbr).toBe(abbr);
      expect(stored[EventMeta.startDateUtc]).toBe(abbr === 'EDT' ? '2027-07-01 14:00:00' : '2027-07-01 08:00:00');
    }
  });

  it('still refuses what PHP refuses', async () => {
    const refused = await create({ title: 'Bad', start_date: 'Sat, 01 Mayy 2027 10:00:00', end_date: '2027-05-01 12:00:00' });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('rest_invalid_param');
  });
});
