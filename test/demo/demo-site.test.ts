import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { demoShiftDays, openDemoSite, type DemoSite } from '../../src/demo/demo-site.js';
import { DEMO_TICKETED_EVENTS } from '../../src/demo/demo-tickets.js';
import { siteWallTimeToUtc } from '../../src/wp/tec/dates.js';
import { createLogger } from '../../src/ops/logging.js';
import { StatementTracker } from '../../src/ops/statements.js';

/**
 * The bundled demo (`npm start` without DATABASE_URL): the reference site in memory on SQLite,
 * its dates moved to the day it starts, its users signing in with the printed application
 * passwords, an event written through the API read back, and Event Tickets' answers on the events it sells tickets for.
 */

// A day well after the recording (2026-11-21), on the other side of two DST changes.
const NOW = '2027-07-14T09:30:00Z';
const ROOT = '/wp-json/calendar/events/v1';
let demo: DemoSite;

beforeAll(() => {
  demo = openDemoSite(new Date(NOW));
});

afterAll(async () => {
  await demo?.db.destroy();
});

function agent() {
  return supertest(createHandler({ db: demo.db, config: loadConfig({}), clock: fixedClock(NOW), logError: () => undefined }));
}

function basicAuth(login: string): string {
  const user = demo.users.find((candidate) => candidate.login === login);
  if (!user) throw new Error(`no demo user ${login}`);
  return `Basic ${Buffer.from(`${login}:${user.applicationPassword}`).toString('base64')}`;
}

describe('demo site', () => {
  it('moves dates by whole weeks from the recording day to today', () => {
    expect(demoShiftDays(new Date('2026-11-21T12:00:00Z'))).toBe(0);
    expect(demoShiftDays(new Date('2026-11-27T23:00:00Z'))).toBe(0);
    expect(demoShiftDays(new Date('2026-11-28T00:00:00Z'))).toBe(7);
    expect(demo.shiftDays).toBe(231);
  });

  it('has upcoming events on the day it starts, as many as the reference had on its day', async () => {
    const response = await agent().get(`${ROOT}/events`);
    expect(response.status).toBe(200);
    expect(Number(response.headers['x-tec-total'])).toBeGreaterThan(100);
    // The default list is what has not ended yet (by a day's margin: end dates are each event's wall time).
    for (const event of response.body.events) expect(event.end_date >= '2027-07-13', event.end_date).toBe(true);
    expect(response.body.events.some((event: { start_date: string }) => event.start_date >= '2027-07-14')).toBe(true);
  });

  it('keeps each event\'s UTC dates the instant its wall time is in its own zone', async () => {
    const rows = await demo.db
      .selectFrom('postmeta as local')
      .innerJoin('postmeta as utc', 'utc.post_id', 'local.post_id')
      .innerJoin('postmeta as zone', 'zone.post_id', 'local.post_id')
      .select(['local.meta_value as local', 'utc.meta_value as utc', 'zone.meta_value as zone'])
      .where('local.meta_key', '=', '_EventStartDate')
      .where('utc.meta_key', '=', '_EventStartDateUTC')
      .where('zone.meta_key', '=', '_EventTimezone')
      .execute();
    expect(rows.length).toBeGreaterThan(200);
    expect(rows.filter((row) => row.zone === 'America/New_York').length).toBeGreaterThan(0);
    for (const row of rows) expect(row.utc).toBe(siteWallTimeToUtc(String(row.local), String(row.zone)));
    const occurrences = await demo.db.selectFrom('tec_occurrences').select(['start_date']).orderBy('start_date').execute();
    expect(occurrences[0]!.start_date >= '2027-05').toBe(true);
  });

  it('signs in every printed user', async () => {
    expect(demo.users.map((user) => user.login).sort()).toEqual(['admin', 'author', 'contributor', 'editor', 'subscriber']);
    for (const user of demo.users) {
      const response = await agent().get(`${ROOT}/events?per_page=1`).set('Authorization', basicAuth(user.login));
      expect(response.status, user.login).toBe(200);
    }
    const wrong = await agent().get(`${ROOT}/events`).set('Authorization', `Basic ${Buffer.from('admin:wrong').toString('base64')}`);
    expect(wrong.status).toBe(401);
  });

  it('creates, updates and deletes an event, each read back', async () => {
    const created = await agent()
      .post(`${ROOT}/events`)
      .set('Authorization', basicAuth('admin'))
      .send({ title: 'Demo launch', start_date: '2027-07-20 18:00:00', end_date: '2027-07-20 20:00:00', categories: ['Music'] });
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const read = await agent().get(`${ROOT}/events/${id}`);
    expect(read.body).toMatchObject({ title: 'Demo launch', start_date: '2027-07-20 18:00:00', slug: 'demo-launch' });
    const listed = await agent().get(`${ROOT}/events?search=launch`);
    expect(listed.body.events.map((event: { id: number }) => event.id)).toEqual([id]);

    const updated = await agent().post(`${ROOT}/events/${id}`).set('Authorization', basicAuth('admin')).send({ title: 'Demo relaunch' });
    expect(updated.status).toBe(200);
    expect((await agent().get(`${ROOT}/events/${id}`)).body.title).toBe('Demo relaunch');

    const deleted = await agent().delete(`${ROOT}/events/${id}`).set('Authorization', basicAuth('admin'));
    expect(deleted.status).toBe(200);
    expect((await agent().get(`${ROOT}/events/${id}`)).status).not.toBe(200);
  });

  it('runs Event Tickets: events selling an RSVP and a paid ticket, with attendees, in every namespace that shows them', async () => {
    const ticketsApp = supertest(
      createHandler({
        db: demo.db,
        config: loadConfig({ NAMESPACES: 'calendar/events/v1,tec/v1,tribe/tickets/v1', TEC_V1_EXPERIMENTAL_GATE: 'off' }),
        clock: fixedClock(NOW),
        logError: () => undefined,
      }),
    );
    const event = (await agent().get(`${ROOT}/events/37`)).body;
    expect(event.ticketed).toEqual(['tc', 'rsvp']);
    expect(event.json_ld.offers.map((offer: { price: string }) => offer.price)).toEqual(['25', '0']);
    const managed = (await agent().get(`${ROOT}/events/37`).set('Authorization', basicAuth('admin'))).body;
    expect(managed.attendance).toEqual({ total_attendees: 3, checked_in: 0, not_checked_in: 3 });
    // An event the demo sells nothing for says so.
    const list = (await agent().get(`${ROOT}/events?per_page=50`)).body.events as { id: number; ticketed: unknown }[];
    expect(list.find((listed) => !DEMO_TICKETED_EVENTS.includes(listed.id))?.ticketed).toBe(false);
    const ticketed = (await agent().get(`${ROOT}/events?ticketed=true&start_date=2020-01-01`)).body.events.map((listed: { id: number }) => listed.id);
    expect([...ticketed].sort((a: number, b: number) => a - b)).toEqual([...DEMO_TICKETED_EVENTS]);

    const tecTickets = await ticketsApp.get('/wp-json/tec/v1/tickets').query({ event: 102 });
    expect(tecTickets.status).toBe(200);
    // tec/v1 lists Tickets Commerce's tickets.
    expect(tecTickets.body.map((ticket: { title: { rendered: string } }) => ticket.title.rendered)).toEqual(['Early Bird']);
    const paid = tecTickets.body.find((ticket: { title: { rendered: string } }) => ticket.title.rendered === 'Early Bird');
    const single = await ticketsApp.get(`/wp-json/tribe/tickets/v1/tickets/${paid.id}`);
    expect(single.status).toBe(200);
    expect(single.body).toMatchObject({ id: paid.id, post_id: 102, provider: 'tc', title: 'Early Bird' });
  });

  it('counts each request\'s statements in the request log, as on MySQL', async () => {
    // A demo of its own: the tracker's hook must be the one the database was opened with.
    const statements = new StatementTracker();
    const counted = openDemoSite(new Date(NOW), { log: statements.log });
    try {
      const lines: Array<Record<string, unknown>> = [];
      const logger = createLogger({ level: 'info', pretty: false }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) });
      const handler = createHandler({ db: counted.db, config: loadConfig({}), clock: fixedClock(NOW), logger, statements, logError: () => undefined });
      expect((await supertest(handler).get(`${ROOT}/events`)).status).toBe(200);
      expect((await supertest(handler).get(`${ROOT}/venues`)).status).toBe(200);
      const logged = lines.filter((line) => line.msg === 'request');
      expect(logged).toHaveLength(2);
      for (const line of logged) expect(line.statements).toBeGreaterThan(0);
    } finally {
      await counted.db.destroy();
    }
  });
});
