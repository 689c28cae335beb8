import { sql } from 'kysely';
import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHandler } from '../../src/app.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { createDb } from '../../src/db/create-db.js';
import { createLogger } from '../../src/ops/logging.js';
import { StatementTracker } from '../../src/ops/statements.js';
import { SiteTablesLog } from '../../src/ops/site-tables.js';
import { connectToServer, createTestDatabase, testServerUrl, type TestDatabase } from '../setup/database.js';
import { NOW, ROOT } from './support.js';

/**
 * Issue 29: a database without the site's tables (a wrong TABLE_PREFIX, an empty database, one
 * that is not WordPress's) is answered 503 in WordPress's error shape with the readiness reason,
 * never 500; the log carries no stack but one line naming the prefix used and the prefixes that
 * exist (doctor's advice); and the tables appearing later are served without a restart.
 */

const MISSING = "The site's tables are missing from the database.";
const NOT_WORDPRESS = "The site's tables lack a column WordPress has.";

const databases: TestDatabase[] = [];
const closers: Array<() => Promise<unknown>> = [];
let emptyName: string;

beforeAll(async () => {
  const admin = await connectToServer();
  emptyName = `cs_test_empty_${process.pid}_${Date.now()}`;
  await admin.query(`CREATE DATABASE \`${emptyName}\``);
  await admin.end();
});

afterAll(async () => {
  for (const close of closers) await close().catch(() => undefined);
  for (const database of databases) await database.drop();
  const admin = await connectToServer();
  await admin.query(`DROP DATABASE IF EXISTS \`${emptyName}\``);
  await admin.end();
});

async function database(options: Parameters<typeof createTestDatabase>[0] = {}): Promise<TestDatabase> {
  const created = await createTestDatabase(options);
  databases.push(created);
  return created;
}

interface Harness {
  agent: ReturnType<typeof supertest>;
  lines: Array<Record<string, unknown>>;
  raw: string[];
  unexpected: unknown[];
}

/** An app serving `url` with TABLE_PREFIX `prefix`, logging into memory; unexpected errors kept apart. */
function harness(url: string, prefix: string, options: { recheckMs?: number } = {}): Harness {
  const raw: string[] = [];
  const lines: Array<Record<string, unknown>> = [];
  const unexpected: unknown[] = [];
  const statements = new StatementTracker();
  const db = createDb({ databaseUrl: url, tablePrefix: prefix, log: statements.log });
  closers.push(() => db.destroy());
  const logger = createLogger({ level: 'info', pretty: false }, {
    write(line: string) {
      raw.push(line);
      lines.push(JSON.parse(line) as Record<string, unknown>);
    },
  });
  const config = loadConfig({ DATABASE_URL: url, TABLE_PREFIX: prefix });
  const siteTables = new SiteTablesLog({ db, tablePrefix: prefix, logger, recheckMs: options.recheckMs });
  const handler = createHandler({ db, config, clock: fixedClock(NOW), logger, statements, siteTables, logError: (error) => unexpected.push(error) });
  return { agent: supertest(handler), lines, raw, unexpected };
}

const diagnosisLines = (lines: Array<Record<string, unknown>>) => lines.filter((line) => String(line.msg).startsWith('site tables missing'));

describe('a TABLE_PREFIX that names no tables', () => {
  it('answers 503 with the readiness reason everywhere, and logs once which prefixes exist, without a stack', async () => {
    const site = await database({ prefix: 'site_' });
    const { agent, lines, raw, unexpected } = harness(site.url, 'wp_');
    const expected = { code: 'rest_database_unavailable', message: MISSING, data: { status: 503 } };
    for (const path of [`${ROOT}/events`, `${ROOT}/venues/1`, `${ROOT}`, '/wp-json/', '/']) {
      const response = await agent.get(path);
      expect(response.status, path).toBe(503);
      expect(response.body, path).toEqual(expected);
    }
    const write = await agent.post(`${ROOT}/events`).send({ title: 'x' });
    expect(write.status).toBe(503);
    expect(write.body).toEqual(expected);
    const ready = await agent.get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({ code: 'not_ready', message: MISSING, data: { status: 503 } });

    await vi.waitFor(() => expect(diagnosisLines(lines)).toHaveLength(1));
    const [line] = diagnosisLines(lines);
    expect(line).toMatchObject({
      level: 40,
      tablePrefix: 'wp_',
      missing: ['wp_posts', 'wp_options'],
      prefixesFound: ['site_'],
      action: 'set TABLE_PREFIX=site_',
    });
    expect(line!.msg).toContain('TABLE_PREFIX wp_');
    expect(line!.msg).toContain('prefixes found: site_');
    expect(raw.join('')).not.toContain('"stack"');
    expect(lines.filter((entry) => entry.level === 50)).toEqual([]);
    expect(unexpected).toEqual([]);
    // Every refused request still has its request line, at info as the outage's 503s.
    expect(lines.filter((entry) => entry.msg === 'request' && entry.status === 503)).toHaveLength(7);
  });

  it('says so of an empty database', async () => {
    const { agent, lines } = harness(`${testServerUrl()}/${emptyName}`, 'wp_');
    const response = await agent.get(`${ROOT}/events`);
    expect(response.status).toBe(503);
    expect(response.body.message).toBe(MISSING);
    await vi.waitFor(() => expect(diagnosisLines(lines)).toHaveLength(1));
    expect(diagnosisLines(lines)[0]).toMatchObject({
      prefixesFound: [],
      action: "point DATABASE_URL at the site's database",
    });
    expect(String(diagnosisLines(lines)[0]!.msg)).toContain('no WordPress tables found in this database');
  });

  it('on a SQLite file too', async () => {
    const site = await database({ prefix: 'site_', dialect: 'sqlite' });
    const { agent, lines, unexpected } = harness(site.url, 'wp_');
    const response = await agent.get(`${ROOT}/events`);
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ code: 'rest_database_unavailable', message: MISSING, data: { status: 503 } });
    expect((await agent.get('/readyz')).body.message).toBe(MISSING);
    await vi.waitFor(() => expect(diagnosisLines(lines)).toHaveLength(1));
    expect(diagnosisLines(lines)[0]).toMatchObject({ prefixesFound: ['site_'], action: 'set TABLE_PREFIX=site_' });
    expect(unexpected).toEqual([]);
  });
});

describe('tables that are not WordPress’s', () => {
  it('answers 503 when a column the service reads is missing, and /readyz says so', async () => {
    const site = await database();
    await sql`alter table ${sql.table('posts')} drop column post_type`.execute(site.db);
    const { agent, lines, raw, unexpected } = harness(site.url, 'wp_');
    const response = await agent.get(`${ROOT}/events`);
    expect(response.status).toBe(503);
    expect(response.body).toEqual({ code: 'rest_database_unavailable', message: NOT_WORDPRESS, data: { status: 503 } });
    const ready = await agent.get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.message).toBe(NOT_WORDPRESS);
    await vi.waitFor(() => expect(diagnosisLines(lines)).toHaveLength(1));
    // The prefix is right: the line names the server's own complaint (a column, never a value).
    expect(diagnosisLines(lines)[0]).toMatchObject({ tablePrefix: 'wp_', prefixesFound: ['wp_'] });
    expect(JSON.stringify(diagnosisLines(lines)[0])).toContain('post_type');
    expect(raw.join('')).not.toContain('"stack"');
    expect(unexpected).toEqual([]);
  });
});

describe('tables that appear later', () => {
  it('are served without a restart, and the log says so once', async () => {
    const site = await database();
    const tables = ['posts', 'postmeta', 'options', 'terms', 'term_taxonomy', 'term_relationships', 'termmeta', 'users', 'usermeta'];
    const rename = (from: string, to: string) =>
      sql.raw(`rename table ${tables.map((table) => `\`${from}${table}\` to \`${to}${table}\``).join(', ')}`).execute(site.db);
    await rename('wp_', 'hidden_');
    const { agent, lines } = harness(site.url, 'wp_');
    expect((await agent.get(`${ROOT}/events`)).status).toBe(503);
    expect((await agent.get('/readyz')).status).toBe(503);
    await vi.waitFor(() => expect(diagnosisLines(lines)).toHaveLength(1));
    expect(diagnosisLines(lines)[0]).toMatchObject({ prefixesFound: ['hidden_'], action: 'set TABLE_PREFIX=hidden_' });

    await rename('hidden_', 'wp_');
    const served = await agent.get(`${ROOT}/events`);
    expect(served.status).toBe(200);
    expect((await agent.get('/readyz')).status).toBe(200);
    await vi.waitFor(() => expect(lines.filter((line) => line.msg === 'site tables found: serving normally')).toHaveLength(1));
    expect(lines.find((line) => line.msg === 'site tables found: serving normally')).toMatchObject({ level: 30, refused: 2 });

    // Gone again: a new episode, logged again.
    await rename('wp_', 'hidden_');
    expect((await agent.get(`${ROOT}/events`)).status).toBe(503);
    await vi.waitFor(() => expect(diagnosisLines(lines)).toHaveLength(2));
  });

  it('are noticed by the requests served again, with no /readyz probe', async () => {
    const site = await database();
    await sql`rename table ${sql.table('options')} to ${sql.raw('hidden_options')}`.execute(site.db);
    const { agent, lines } = harness(site.url, 'wp_', { recheckMs: 0 });
    expect((await agent.get(`${ROOT}/events`)).status).toBe(503);
    await vi.waitFor(() => expect(diagnosisLines(lines)).toHaveLength(1));
    expect(lines.some((line) => line.msg === 'site tables found: serving normally')).toBe(false);
    await sql`rename table ${sql.raw('hidden_options')} to ${sql.table('options')}`.execute(site.db);
    expect((await agent.get(`${ROOT}/events`)).status).toBe(200);
    await vi.waitFor(() => expect(lines.filter((line) => line.msg === 'site tables found: serving normally')).toHaveLength(1));
  });
});
