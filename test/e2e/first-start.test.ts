import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVICE_CWD, START_BUILD, startBuiltService, stopService, type RunningService } from '../setup/built-service.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { freePort } from '../setup/net.js';
import { setOption } from '../builders/index.js';
import { SERVICE_NODE_FLAGS } from '../setup/service-flags.js';

/**
 * The first hour of a new user (issue 29): what the compiled entry point says, and how it ends,
 * when a setting is written wrong. Each run must end by itself: one that starts serving instead
 * is stopped after a while and reported as such.
 */

interface Run {
  /** The exit code; 'still running' when it had to be stopped. */
  code: number | 'still running';
  stdout: string;
  stderr: string;
}

/** `node <flags> dist/main.js ...args` with `env` over this process's environment (DATABASE_URL removed unless given). */
async function runEntry(args: readonly string[], env: Record<string, string>, options: { cwd?: string } = {}): Promise<Run> {
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.DATABASE_READ_URL;
  const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, join(START_BUILD, 'main.js'), ...args], {
    cwd: options.cwd ?? SERVICE_CWD,
    env: { ...base, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | 'still running'>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve('still running');
    }, 10_000);
    child.once('exit', (exitCode) => {
      clearTimeout(timer);
      resolve(exitCode ?? -1);
    });
  });
  return { code, stdout, stderr };
}

/** The password every malformed URL below carries: no output may show it. */
const SECRET = 'Zq9Secret';

const MALFORMED_URLS: ReadonlyArray<readonly [string, string, RegExp]> = [
  ['an unencoded # in the password', `mysql://root:${SECRET}#1@127.0.0.1:3306/wordpress`, /holds a "#".*# as %23/],
  ['a port over 65535', `mysql://root:${SECRET}@127.0.0.1:99999/wordpress`, /its port is above 65535/],
  ['%ZZ in the password', `mysql://root:${SECRET}%ZZ@127.0.0.1:3306/wordpress`, /its password holds a "%".*% as %25/],
  ['garbage', 'not a url at all', /must look like mysql:\/\/user:password@host:port\/database/],
  ['an SSL profile mysql2 does not know', `mysql://root:${SECRET}@127.0.0.1:3306/wordpress?ssl=Nowhere`, /Unknown SSL profile 'Nowhere'/],
];

/**
 * Each malformed form's message is checked in-process (test/unit/db/database-url.test.ts, and doctor's in
 * test/commands/doctor.test.ts); a process start costs seconds, so the entry point is run on two forms:
 * one config.ts refuses, one only mysql2 refuses as the pool is made.
 */
const STARTED_WITH = MALFORMED_URLS.filter(([what]) => what === 'an unencoded # in the password' || what === 'an SSL profile mysql2 does not know');

describe('a malformed DATABASE_URL', () => {
  it('is started on two forms', () => expect(STARTED_WITH).toHaveLength(2));

  it.each(STARTED_WITH)('(%s) stops the start with one line saying what is wrong and how to write it, exit code 1, no stack', async (_, url, problem) => {
    const run = await runEntry([], { DATABASE_URL: url });
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trim().split('\n');
    expect(lines, run.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: DATABASE_URL: /);
    expect(lines[0]).toMatch(problem);
    expect(run.stderr).not.toContain(SECRET);
  });

  it('in DATABASE_READ_URL too, naming which of its URLs', async () => {
    const run = await runEntry([], {
      DATABASE_URL: 'mysql://root@127.0.0.1:3306/wordpress',
      DATABASE_READ_URL: `mysql://root@127.0.0.1:3306/wordpress,mysql://reader:${SECRET}#1@127.0.0.1:3306/wordpress`,
    });
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Invalid configuration: DATABASE_READ_URL: URL 2 of 2 holds a "#"/)]);
    expect(run.stderr).not.toContain(SECRET);
  });

  it('given to doctor: one line, exit 1 as the service, no stack', async () => {
    for (const [, url, problem] of STARTED_WITH) {
      const run = await runEntry(['doctor', url], {});
      expect(run.code, url).toBe(1);
      expect(run.stdout, url).toBe('');
      expect(run.stderr.trim().split('\n'), url).toEqual([expect.stringMatching(problem)]);
      expect(run.stderr, url).not.toContain(SECRET);
    }
  });
});

describe('--help', () => {
  it.each(['--help', '-h'])('(%s) prints every setting with its default and meaning, and the commands, then exits 0 without starting', async (flag) => {
    // A DATABASE_URL that would stop the start, and a port taken by nothing: neither is looked at.
    const run = await runEntry([flag], { DATABASE_URL: 'not a url' });
    expect(run.code, run.stdout + run.stderr).toBe(0);
    expect(run.stderr).toBe('');
    expect(run.stdout).not.toContain('listening on');
    expect(run.stdout).toMatch(/^ {2}PORT +the port to listen on .*\(default 8080\)$/m);
    expect(run.stdout).toMatch(/^ {2}DATABASE_URL +.*\(unset: the bundled demo site\)$/m);
    expect(run.stdout).toMatch(/^ {2}LOG_LEVEL +.*\(default info\)$/m);
    for (const command of ['npm run doctor', 'npm run indexes', 'npm run sqlite-import']) expect(run.stdout).toContain(command);
    expect(run.stdout).toContain('.env');
  });
});

describe('an unknown first argument', () => {
  it('is refused in one line naming the commands, exit 2, instead of starting a server', async () => {
    const run = await runEntry(['docter'], {});
    expect(run.code, run.stdout + run.stderr).toBe(2);
    expect(run.stdout).not.toContain('listening on');
    expect(run.stderr.trim()).toBe('unknown command or option "docter": the commands are doctor, indexes, sqlite-import; npm start -- --help lists them and every setting');
  });
});

describe('a .env file in the working directory', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  /** A new working directory holding `.env` with `text`. */
  function folderWithEnvFile(text: string): string {
    const folder = mkdtempSync(join(tmpdir(), 'cs-env-file-'));
    folders.push(folder);
    writeFileSync(join(folder, '.env'), text);
    return folder;
  }

  it('is read at start, the environment winning over it', async () => {
    const cwd = folderWithEnvFile(
      '# settings of this instance\nNAMESPACES=calendar/events/v1,tribe/events/v1\nexport REST_ROOT=/from-file\nCACHE_MAX_MB="0"  # no cache\n',
    );
    const service = await startBuiltService(START_BUILD, { DATABASE_URL: '', LOG_LEVEL: 'warn', REST_ROOT: '/from-env' }, { cwd });
    try {
      const base = service.baseUrl;
      expect(service.output()).toContain(`listening on ${base}/from-env/calendar/events/v1 and ${base}/from-env/tribe/events/v1`);
      expect((await fetch(`${base}/from-env/tribe/events/v1/events`)).status).toBe(200);
    } finally {
      await stopService(service.process);
    }
  });

  it('with a line Node would skip: one line naming it, exit code 1, nothing started', async () => {
    const cwd = folderWithEnvFile('PORT=8080\nDATABASE_URL mysql://root:Zq9Secret@127.0.0.1/wordpress\n');
    const run = await runEntry([], {}, { cwd });
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^\.env line 2 is not NAME=value, and Node's \.env reader skips it/)]);
    expect(run.stderr).not.toContain('Zq9Secret');
  });

  it('with an unquoted # that would cut a value short: one line, exit code 1, the value not shown', async () => {
    const cwd = folderWithEnvFile(`DATABASE_URL=mysql://root:${SECRET}#1@127.0.0.1/wordpress\n`);
    const run = await runEntry(['doctor'], {}, { cwd });
    expect(run.code, run.stdout + run.stderr).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^\.env line 1: the "#" in DATABASE_URL's value starts a comment there.*%23$/)]);
    expect(run.stderr).not.toContain(SECRET);
  });
});

describe("a site whose home is not where the service listens", () => {
  const WARNING = /links in answers name http:\/\/127\.0\.0\.1:8080, but the service listens on http:\/\/127\.0\.0\.1:\d+: set PUBLIC_URL to the address clients reach the service at/;
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  /** The warn-level log lines of a service once its database answers (and a moment for a line after it). */
  async function warnLines(service: RunningService): Promise<string[]> {
    for (let waited = 0; waited < 10_000; waited += 100) {
      if ((await fetch(`${service.baseUrl}/readyz`)).status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (let waited = 0; waited < 1_000 && !WARNING.test(service.output()); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    return service
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{') && (JSON.parse(line) as { level: number }).level === 40)
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
  }

  it("says so in one warn line with doctor's advice; not with PUBLIC_URL, nor when home is the address listened on, nor on the demo", async () => {
    database = await createTestDatabase();
    // home is http://127.0.0.1:8080 (fixtures/seed-options.sql); the service listens on another port.
    const elsewhere = await startBuiltService(START_BUILD, { DATABASE_URL: database.url, LOG_LEVEL: 'warn', NODE_ENV: 'production' });
    try {
      const lines = await warnLines(elsewhere);
      expect(lines.filter((line) => WARNING.test(line)), elsewhere.output()).toHaveLength(1);
      expect(lines.find((line) => WARNING.test(line))).toContain('PUBLIC_URL=http://127.0.0.1:8080 when a proxy serves it');
    } finally {
      await stopService(elsewhere.process);
    }

    const withPublicUrl = await startBuiltService(START_BUILD, { DATABASE_URL: database.url, LOG_LEVEL: 'warn', NODE_ENV: 'production', PUBLIC_URL: 'https://events.example.com' });
    try {
      expect(await warnLines(withPublicUrl)).toEqual([]);
    } finally {
      await stopService(withPublicUrl.process);
    }

    const port = await freePort();
    await setOption(database.db, 'home', `http://127.0.0.1:${port}`);
    const atHome = await startBuiltService(START_BUILD, { DATABASE_URL: database.url, LOG_LEVEL: 'warn', NODE_ENV: 'production', PORT: String(port) });
    try {
      expect(await warnLines(atHome)).toEqual([]);
    } finally {
      await stopService(atHome.process);
    }

    // The demo's home is the recorded site's 127.0.0.1:8080 too, and it listens elsewhere here.
    const demo = await startBuiltService(START_BUILD, { DATABASE_URL: '', LOG_LEVEL: 'warn', NODE_ENV: 'production' });
    try {
      // The demo runs Event Tickets: its one companion line (doctor's too) is the only warning.
      expect((await warnLines(demo)).filter((line) => !line.startsWith('Event Tickets '))).toEqual([]);
    } finally {
      await stopService(demo.process);
    }
  }, 90_000);
});
