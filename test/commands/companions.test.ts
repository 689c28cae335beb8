import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDoctorCommand } from '../../src/commands/doctor.js';
import type { DoctorCheck } from '../../src/commands/doctor.checks.js';
import { fixedClock } from '../../src/clock.js';
import { logCompanions } from '../../src/ops/companions-log.js';
import { phpSerialize } from '../../src/wp/php/php-values.js';
import { createSiteSettingsCache, loadSiteSettings } from '../../src/wp/site/site.js';
import { insertPost, setOption } from '../builders/index.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';

/**
 * A site's plugin set as the service reads it (wp/site/plugins.ts), on the recorded site with
 * Event Tickets (fixtures/reference-tickets/db.sql) and on that site with the companions' options
 * set: the site settings, doctor's checks and the start log's lines.
 */

let site: TestDatabase;
let activePlugins: string;

beforeAll(async () => {
  site = await createTestDatabase({ dump: 'reference-tickets' });
  const row = await site.db.selectFrom('options').select('option_value').where('option_name', '=', 'active_plugins').executeTakeFirstOrThrow();
  activePlugins = row.option_value;
});

afterAll(async () => {
  await site?.drop();
});

const TEC = 'the-events-calendar/the-events-calendar.php';

/** Runs with the companions' options and an Event Aggregator record set, then puts the site back. */
async function withCompanions(body: () => Promise<void>): Promise<void> {
  await setOption(site.db, 'active_plugins', phpSerialize([
    TEC,
    'events-calendar-pro/events-calendar-pro.php',
    'event-tickets-plus/event-tickets-plus.php',
    'the-events-calendar-filterbar/the-events-calendar-filter-view.php',
    'events-community/tribe-community-events.php',
  ]));
  await setOption(site.db, 'pue_install_key_event_aggregator', 'ea-key');
  const record = await insertPost(site.db, { post_type: 'tribe-ea-record', post_status: 'tribe-ea-schedule', post_title: 'Scheduled import' });
  try {
    await body();
  } finally {
    await setOption(site.db, 'active_plugins', activePlugins);
    await site.db.deleteFrom('options').where('option_name', '=', 'pue_install_key_event_aggregator').execute();
    await site.db.deleteFrom('posts').where('ID', '=', record.id).execute();
  }
}

async function doctorChecks(): Promise<{ code: number; checks: DoctorCheck[] }> {
  const lines: string[] = [];
  const code = await runDoctorCommand([site.url, '--json'], {}, { print: (line) => lines.push(line), printError: () => undefined });
  return { code, checks: (JSON.parse(lines.join('\n')) as { checks: DoctorCheck[] }).checks };
}

describe('the site with Event Tickets', () => {
  it('gives the site settings Event Tickets with its version and providers (RSVP, Tickets Commerce)', async () => {
    const settings = await loadSiteSettings(site.db);
    expect(settings.plugins.eventTickets).toMatchObject({ version: '5.28.5.1', providers: ['rsvp', 'tc'], qrApiKey: 'dev-qr-key-2026', postTypes: ['tribe_events', 'page'] });
    expect(settings.plugins.theEventsCalendar).toBe(true);
    expect(settings.proActive).toBe(false);
  });

  it('follows the options: Event Tickets switched off (or Tickets Commerce) shows once the settings are read again', async () => {
    const settings = createSiteSettingsCache(site.db, fixedClock('2026-11-28T22:12:35Z'));
    expect((await settings()).plugins.eventTickets?.providers).toEqual(['rsvp', 'tc']);
    try {
      await setOption(site.db, 'active_plugins', phpSerialize([TEC]));
      // Kept until the change feed drops them (app.ts clears them on any option change).
      expect((await settings()).plugins.eventTickets).toBeDefined();
      settings.clear();
      expect((await settings()).plugins.eventTickets).toBeUndefined();
    } finally {
      await setOption(site.db, 'active_plugins', activePlugins);
    }
  });

  it('doctor warns that Event Tickets answers are not served yet, and still exits 0', async () => {
    const { code, checks } = await doctorChecks();
    expect(code).toBe(0);
    const companions = checks.filter((item) => item.id.startsWith('companion'));
    expect(companions.map((item) => [item.id, item.verdict])).toEqual([['companion-event-tickets', 'warn']]);
    expect(companions[0]?.summary).toMatch(/^Event Tickets 5\.28\.5\.1 active \(RSVP, Tickets Commerce\): /);
  });

  it('the start log says the same, one warning', async () => {
    const lines: string[] = [];
    await logCompanions(site.db, false, (line) => lines.push(line));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Event Tickets 5\.28\.5\.1 active \(RSVP, Tickets Commerce\): .*not served yet: those answers differ from the plugin's$/);
  });
});

describe('a site with the companions we do not serve', () => {
  it('doctor and the start log name each one, with what differs', async () => {
    await withCompanions(async () => {
      const { code, checks } = await doctorChecks();
      expect(code).toBe(0);
      const companions = checks.filter((item) => item.id.startsWith('companion'));
      expect(companions.map((item) => item.id)).toEqual([
        'companion-events-calendar-pro',
        'companion-event-tickets-plus',
        'companion-filter-bar',
        'companion-community-events',
        'companion-event-aggregator',
      ]);
      const lines: string[] = [];
      const logged = await logCompanions(site.db, false, (line) => lines.push(line));
      expect(lines).toEqual(companions.map((item) => item.summary));
      expect(logged.map((notice) => notice.id)).toEqual(['events-calendar-pro', 'event-tickets-plus', 'filter-bar', 'community-events', 'event-aggregator']);
      expect(lines[4]).toMatch(/^Event Aggregator in use \(a license key, 1 import record\): /);
      expect((await loadSiteSettings(site.db)).proActive).toBe(true);
    });
  });

  it('the start log reports a failed read in one line instead of stopping', async () => {
    const broken = await createTestDatabase({ prefix: 'zz_' });
    await broken.drop();
    const lines: string[] = [];
    // A destroyed pool: every statement fails.
    expect(await logCompanions(broken.db, false, (line) => lines.push(line))).toEqual([]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^could not read which companion plugins are active \(.*\): run npm run doctor$/);
  });
});
