import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { createConnection } from 'mysql2/promise';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadUsers } from '../test/contract/captures.js';
import { PROJECT_ROOT, START_BUILD, startBuiltService, stopService, type RunningService } from '../test/setup/built-service.js';
import { createTestDatabase, type TestDatabase } from '../test/setup/database.js';
import { formatWriteRuns, runConcurrentWrites, WRITE_KINDS, type WriteKind } from './support/concurrent-writes.js';

/*
 * Issue 22: writes with 1 and 8 writers side by side, each on records of its own (event title
 * updates, minimal event creates, venue creates, category creates), SECONDS each, on a copy of the
 * recorded site (fixtures/reference) on the test server, through the service as `npm start` runs
 * it (dist/, brought up to date by scripts/ensure-build.mjs; its defaults: request log, response
 * cache, change feed `auto`) as the recorded administrator. Prints writes/s per writer count, the
 * ratio to one writer, p99, and the plugin's rates of issue 22 beside them (not measured here).
 *
 * Usage: npx tsx bench/concurrent-writes.ts [--seconds 10] [--writers 1,8]
 *                                           [--kinds "event update,venue create"] [--json FILE]
 *                                           [--build DIR]
 * `--build`: the compiled service to measure (its main.js), e.g. the dist/ of a worktree of an
 * older commit for a before/after in one run; default this checkout's dist/, brought up to date.
 * CPU per write (service process and mariadbd, from /proc) is printed beside the rates when the
 * database server runs on this machine.
 * Exits 1 when a write was not answered 2xx or the database does not hold what was answered.
 */

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    writers: { type: 'string', default: '1,8' },
    kinds: { type: 'string' },
    json: { type: 'string' },
    build: { type: 'string' },
  },
});
const SECONDS = Number(args.seconds);
const WRITERS = args.writers.split(',').map(Number);
if (!(SECONDS > 0)) throw new Error(`--seconds must be a positive number (got ${args.seconds})`);
if (WRITERS.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error(`--writers must list positive whole numbers (got ${args.writers})`);
const KINDS = args.kinds === undefined ? [...WRITE_KINDS] : args.kinds.split(',').map((kind) => kind.trim());
for (const kind of KINDS) {
  if (!(WRITE_KINDS as readonly string[]).includes(kind)) throw new Error(`unknown kind "${kind}" (known: ${WRITE_KINDS.join(', ')})`);
}

async function main(): Promise<void> {
  if (args.build === undefined) {
    const build = spawnSync(process.execPath, [join(PROJECT_ROOT, 'scripts/ensure-build.mjs')], { cwd: PROJECT_ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('scripts/ensure-build.mjs failed');
  }
  let database: TestDatabase | undefined;
  let service: RunningService | undefined;
  const stop = async () => {
    await stopService(service?.process);
    await database?.drop();
  };
  const interrupted = () => void stop().finally(() => process.exit(130));
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    database = await createTestDatabase({ dump: 'reference' });
    service = await startBuiltService(args.build === undefined ? START_BUILD : resolve(args.build), { DATABASE_URL: database.url, NODE_ENV: 'production' });
    const servicePid = service.process.pid;
    const databasePid = await databaseServerPid(database.url);
    const admin = loadUsers().admin!;
    const runs = await runConcurrentWrites({
      baseUrl: service.baseUrl,
      databaseUrl: database.url,
      tablePrefix: database.prefix,
      authorization: `Basic ${Buffer.from(`${admin.login}:${admin.app_password}`).toString('base64')}`,
      writerCounts: WRITERS,
      seconds: SECONDS,
      kinds: KINDS as WriteKind[],
      progress: (message) => console.error(`[concurrent-writes] ${message}`),
      cpu: servicePid !== undefined && databasePid !== undefined ? () => ({ service: cpuMs(servicePid), database: cpuMs(databasePid) }) : undefined,
    });
    console.log(`\nWrites side by side, each writer on records of its own, ${SECONDS} s per run (plugin: issue 22's figures, not measured here)`);
    console.log(formatWriteRuns(runs));
    if (args.json !== undefined) await writeFile(args.json, `${JSON.stringify(runs, null, 2)}\n`);
    const problems = runs.flatMap((run) => run.problems.map((problem) => `${run.kind}, ${run.writers} writers: ${problem}`));
    if (problems.length > 0) {
      console.error(`\nnot every write was answered 2xx and kept:\n${problems.join('\n')}`);
      process.exitCode = 1;
    }
  } finally {
    await stop();
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/** User + system CPU time of a process so far, in milliseconds (/proc/<pid>/stat, clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The process id of the database server `url` names, when it runs on this machine (its pid file is readable here). */
async function databaseServerPid(url: string): Promise<number | undefined> {
  const connection = await createConnection({ uri: url });
  try {
    const [rows] = await connection.query('SELECT @@pid_file AS file');
    const file = (rows as Array<{ file: string | null }>)[0]?.file;
    const pid = file ? Number(readFileSync(file, 'utf8').trim()) : Number.NaN;
    return Number.isInteger(pid) && pid > 0 && existsSync(`/proc/${pid}/stat`) ? pid : undefined;
  } catch {
    return undefined;
  } finally {
    await connection.end();
  }
}
