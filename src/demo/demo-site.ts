import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LogConfig } from 'kysely';
import type { Database as WasmDatabase } from 'node-sqlite3-wasm';
import { createSqliteDb, type Db } from '../db/create-db.js';
import { loadMysqlDump } from '../db/sqlite/mysqldump-to-sqlite.js';
import { siteWallTimeToUtc } from '../wp/tec/dates.js';
import { EventMeta } from '../wp/constants.js';
import { addDemoTickets } from './demo-tickets.js';

/*
 * The bundled demo site `npm start` serves without DATABASE_URL: the reference site the
 * contract suite was recorded on (fixtures/reference/db.sql, a real WordPress + TEC site with
 * events, venues, organizers, categories, tags and a user of each role), loaded into an in-memory
 * SQLite database by the same converter a user runs on their own dump, with its dates moved so
 * its calendar is current on the day it starts, with Event Tickets active and a few events selling
 * tickets (demo-tickets.ts). Writes land in memory and are gone at exit.
 */

/**
 * fixtures/reference of the checkout this module runs from: the nearest folder up from here that
 * holds it (src/demo under tsx, dist/demo after the build, or a test's own build folder).
 */
function referenceFixtures(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const candidate = join(dir, 'fixtures', 'reference');
    if (existsSync(join(candidate, 'db.sql'))) return candidate;
    if (dirname(dir) === dir) throw new Error('The demo needs fixtures/reference/db.sql, which is not in any folder above this one');
  }
}

/** The table prefix of the reference dump. */
export const DEMO_TABLE_PREFIX = 'wp_';

/** The day the reference site was recorded: its dates are moved by whole weeks from here to today. */
const RECORDED_ON = Date.UTC(2026, 10, 21);

const DAY_MS = 86_400_000;

export interface DemoUser {
  login: string;
  role: string;
  /** An application password stored (hashed) for this user in the demo data. */
  applicationPassword: string;
}

export interface DemoSite {
  db: Db;
  users: DemoUser[];
  /** Days every date of the reference site was moved by (a multiple of 7: weekdays stay). */
  shiftDays: number;
}

export interface OpenDemoSiteOptions {
  /** Kysely's `log` hook (StatementTracker's): the request log counts the demo's statements too. */
  log?: LogConfig;
}

/** Loads the demo site for the day `now` falls on. Throws if the bundled fixtures are missing. */
export function openDemoSite(now: Date, options: OpenDemoSiteOptions = {}): DemoSite {
  const fixtures = referenceFixtures();
  const dump = readFileSync(join(fixtures, 'db.sql'), 'utf8');
  const shiftDays = demoShiftDays(now);
  const db = createSqliteDb({
    filename: ':memory:',
    tablePrefix: DEMO_TABLE_PREFIX,
    log: options.log,
    load: (database) => {
      loadMysqlDump(database, dump);
      shiftDates(database, shiftDays);
      addDemoTickets(database, DEMO_TABLE_PREFIX, now);
    },
  });
  return { db, users: demoUsers(fixtures), shiftDays };
}

/**
 * Whole weeks from the recording day to `now`'s day: the reference events (2026-09 .. 2027-08,
 * recorded 2026-11-21) then sit as far around today as they sat around the recording.
 */
export function demoShiftDays(now: Date): number {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Math.floor((today - RECORDED_ON) / DAY_MS / 7) * 7;
}

/** The reference site's users with their working application passwords (fixtures/reference/users.json). */
function demoUsers(fixtures: string): DemoUser[] {
  const raw = JSON.parse(readFileSync(join(fixtures, 'users.json'), 'utf8')) as Record<
    string,
    { login: string; app_password: string; role: string }
  >;
  return Object.entries(raw)
    .filter(([key, user]) => key === user.login)
    .map(([, user]) => ({ login: user.login, role: user.role, applicationPassword: user.app_password }));
}

/**
 * Moves every event's dates (local meta, the UTC meta recomputed in the event's own zone so a
 * DST change in between keeps the wall time, TEC 6's event and occurrence rows) and every post's
 * dates by `days`. Zero dates stay zero.
 */
function shiftDates(database: WasmDatabase, days: number): void {
  if (days === 0) return;
  const by = `${days >= 0 ? '+' : ''}${days} days`;
  const p = DEMO_TABLE_PREFIX;
  database.function('demo_utc', (local, zone) => siteWallTimeToUtc(String(local), typeof zone === 'string' && zone !== '' ? zone : 'UTC'), {
    deterministic: true,
  });
  const isDate = (column: string) => `${column} glob '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9] *' and ${column} not like '0000-%'`;
  database.exec('begin');
  try {
    for (const column of ['post_date', 'post_date_gmt', 'post_modified', 'post_modified_gmt']) {
      database.run(`update ${p}posts set ${column} = datetime(${column}, ?) where ${isDate(column)}`, [by]);
    }
    database.run(`update ${p}postmeta set meta_value = datetime(meta_value, ?) where meta_key in (?, ?) and ${isDate('meta_value')}`, [
      by,
      EventMeta.startDate,
      EventMeta.endDate,
    ]);
    for (const [utcKey, localKey] of [
      [EventMeta.startDateUtc, EventMeta.startDate],
      [EventMeta.endDateUtc, EventMeta.endDate],
    ] as const) {
      database.run(
        `update ${p}postmeta set meta_value = demo_utc(
           (select local.meta_value from ${p}postmeta local where local.post_id = ${p}postmeta.post_id and local.meta_key = ? limit 1),
           (select zone.meta_value from ${p}postmeta zone where zone.post_id = ${p}postmeta.post_id and zone.meta_key = ? limit 1))
         where meta_key = ? and ${isDate('meta_value')}`,
        [localKey, EventMeta.timezone, utcKey],
      );
    }
    if (tableExists(database, `${p}tec_events`)) {
      database.run(
        `update ${p}tec_events set start_date = datetime(start_date, ?), end_date = datetime(end_date, ?)`,
        [by, by],
      );
      database.exec(
        `update ${p}tec_events set start_date_utc = demo_utc(start_date, timezone), end_date_utc = demo_utc(end_date, timezone)`,
      );
    }
    if (tableExists(database, `${p}tec_occurrences`)) {
      database.run(`update ${p}tec_occurrences set start_date = datetime(start_date, ?), end_date = datetime(end_date, ?)`, [by, by]);
      database.exec(
        `update ${p}tec_occurrences set
           start_date_utc = demo_utc(start_date, (select e.timezone from ${p}tec_events e where e.event_id = ${p}tec_occurrences.event_id)),
           end_date_utc = demo_utc(end_date, (select e.timezone from ${p}tec_events e where e.event_id = ${p}tec_occurrences.event_id))`,
      );
    }
    database.exec('commit');
  } catch (error) {
    database.exec('rollback');
    throw error;
  }
}

function tableExists(database: WasmDatabase, name: string): boolean {
  return database.get(`select 1 as one from sqlite_master where type = 'table' and name = ?`, [name]) !== null;
}
