import { spawn, spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { connectToServer } from '../test/setup/database.js';
import { formatWriteRuns, type WriteRun } from './support/concurrent-writes.js';
import { formatICalFeeds, parseICalFeeds, type ICalFeedFigures } from './support/ical-feeds.js';
import { formatTicketedSite, parseTicketedSite, type TicketedSiteFigures } from './support/ticketed-site.js';
import {
  formatCpuPerRequest,
  formatUnderChange,
  parseCpuPerRequest,
  parseUnderChange,
  type CpuFigures,
  type UnderChangeFigures,
} from './support/yardsticks.js';

/*
 * `npm run bench`: every scenario, one after the other, each in a process of its own, then one
 * summary with the floor (or the baseline, or the plugin) beside each figure:
 * - compare           bench/compare.ts (issues 9, 10, 13: cold table beside the baseline, warm,
 *                     mixed, freshness, fill, soak); it prints its own tables;
 * - under-change      bench/yardsticks/under-change.sh at each rate (2 and 10 title updates/s):
 *                     reads/s beside the floor's under the same writes, and stale answers;
 * - cpu-per-request   bench/yardsticks/cpu-per-request.sh: CPU per cold request beside the floor's;
 * - concurrent-writes bench/concurrent-writes.ts (issue 22): 1 and 8 writers, the plugin's beside;
 * - ical-feeds        bench/ical-feeds.sh: CPU per request of TEC's iCal subscription feeds (the
 *                     dateless one and a month's), the service cold and kept, beside the floor's;
 * - ticketed-site     bench/ticketed-site.sh: the plain site and the same site running Event
 *                     Tickets side by side (warm repeated list, reads under 10 updates/s, each
 *                     beside its floor), and tribe/tickets/v1 kept against cold.
 * - new-windows       bench/yardsticks/new-windows.sh: CPU per request of list windows never asked
 *                     before, records kept, beside the floor's (issue 31);
 * - scale-mix         bench/scale-mix-binlog.sh: 16 clients of mixed traffic on a generated site
 *                     (--scale-events, 100,000 by default) in a MariaDB with a binlog, beside the
 *                     floor (issue 31); the site is generated first (about a minute a 100,000).
 *
 * Usage: npm run bench -- [--only a,b] [--skip a,b] [--short] [--rates 2,10]
 *                         [--under-change-seconds 10] [--cpu-rounds 2] [--cpu-seconds 8]
 *                         [--write-seconds 10] [--writers 1,8] [--ical-rounds 2] [--ical-seconds 8]
 *                         [--ticketed-seconds 8]
 *                         [--scale-events 100000] [--scale-seconds 30]
 *                         [compare.ts's flags...]
 * Flags not named here go to compare.ts (`npm run bench -- --seconds 5` as before). `--short` is a
 * smoke run (every scenario end to end in a few minutes, figures of no weight); flags given after
 * it still win. Exits 1 when a scenario failed: its exit code, figures it did not print, a stale
 * answer, a write not answered 2xx. Writes bench/results/run.json.
 */

const SCENARIOS = ['compare', 'under-change', 'cpu-per-request', 'new-windows', 'concurrent-writes', 'ical-feeds', 'ticketed-site', 'scale-mix'] as const;
type Scenario = (typeof SCENARIOS)[number];
/** The scenarios driven by wrk. */
const NEEDS_WRK: ReadonlySet<Scenario> = new Set(['under-change', 'cpu-per-request', 'new-windows', 'ical-feeds', 'ticketed-site']);

const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));
const YARDSTICKS = join(PROJECT_ROOT, 'bench/yardsticks');
const RESULTS_FILE = join(PROJECT_ROOT, 'bench/results/run.json');

/** A short run's settings: each scenario once through, in seconds rather than minutes. */
const SHORT = {
  compare: ['--seconds', '1', '--no-soak', '--no-probe', '--mixed-seconds', '2', '--freshness-changes', '5', '--fill-answers', '5'],
  underChangeSeconds: 3,
  cpuRounds: 1,
  cpuSeconds: 2,
  writeSeconds: 1,
  icalRounds: 1,
  icalSeconds: 2,
  ticketedSeconds: 2,
  scaleEvents: 2000,
  scaleSeconds: 5,
};

interface Settings {
  scenarios: Scenario[];
  short: boolean;
  rates: number[];
  underChangeSeconds: number;
  cpuRounds: number;
  cpuSeconds: number;
  writeSeconds: number;
  writers: number[];
  icalRounds: number;
  icalSeconds: number;
  ticketedSeconds: number;
  scaleEvents: number;
  scaleSeconds: number;
  compareArgs: string[];
}

function parseSettings(argv: readonly string[]): Settings {
  const own = new Map<string, string | true>();
  const compareArgs: string[] = [];
  const valued = new Set(['only', 'skip', 'rates', 'under-change-seconds', 'cpu-rounds', 'cpu-seconds', 'write-seconds', 'writers', 'ical-rounds', 'ical-seconds', 'ticketed-seconds', 'scale-events', 'scale-seconds']);
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    const [name, inline] = arg.startsWith('--') ? (arg.slice(2).split(/=(.*)/s) as [string, string?]) : ['', undefined];
    if (name === 'short') own.set(name, true);
    else if (valued.has(name)) {
      const value = inline ?? argv[(i += 1)];
      if (value === undefined) throw new Error(`--${name} needs a value`);
      own.set(name, value);
    } else compareArgs.push(arg);
  }
  const list = (name: string) => (own.has(name) ? String(own.get(name)).split(',').map((s) => s.trim()).filter(Boolean) : undefined);
  const numbers = (name: string, fallback: number[]) => {
    const values = list(name)?.map(Number) ?? fallback;
    if (values.length === 0 || values.some((n) => !(n > 0))) throw new Error(`--${name} must list positive numbers (got ${own.get(name)})`);
    return values;
  };
  const number = (name: string, fallback: number) => numbers(name, [fallback])[0]!;
  const whole = (name: string, values: number[]) => {
    if (values.some((n) => !Number.isInteger(n))) throw new Error(`--${name} takes whole numbers (got ${own.get(name)})`);
    return values;
  };
  for (const name of [...(list('only') ?? []), ...(list('skip') ?? [])]) {
    if (!(SCENARIOS as readonly string[]).includes(name)) throw new Error(`unknown scenario "${name}" (known: ${SCENARIOS.join(', ')})`);
  }
  const only = list('only');
  const skip = new Set(list('skip') ?? []);
  const short = own.has('short');
  const scenarios = SCENARIOS.filter((s) => (only === undefined || only.includes(s)) && !skip.has(s));
  // A flag meant for compare.ts (or mistyped) must not pass unnoticed when compare does not run.
  if (compareArgs.length > 0 && !scenarios.includes('compare')) throw new Error(`${compareArgs.join(' ')}: not a flag of bench/run.ts, and compare (whose flags the others are) is not run`);
  return {
    scenarios,
    short,
    rates: numbers('rates', [2, 10]),
    underChangeSeconds: number('under-change-seconds', short ? SHORT.underChangeSeconds : 10),
    cpuRounds: whole('cpu-rounds', [number('cpu-rounds', short ? SHORT.cpuRounds : 2)])[0]!,
    cpuSeconds: number('cpu-seconds', short ? SHORT.cpuSeconds : 8),
    writeSeconds: number('write-seconds', short ? SHORT.writeSeconds : 10),
    writers: whole('writers', numbers('writers', [1, 8])),
    icalRounds: whole('ical-rounds', [number('ical-rounds', short ? SHORT.icalRounds : 2)])[0]!,
    icalSeconds: number('ical-seconds', short ? SHORT.icalSeconds : 8),
    ticketedSeconds: number('ticketed-seconds', short ? SHORT.ticketedSeconds : 8),
    scaleEvents: whole('scale-events', [number('scale-events', short ? SHORT.scaleEvents : 100_000)])[0]!,
    scaleSeconds: whole('scale-seconds', [number('scale-seconds', short ? SHORT.scaleSeconds : 30)])[0]!,
    compareArgs: [...(short ? SHORT.compare : []), ...compareArgs],
  };
}

interface ChildRun {
  readonly code: number | null;
  readonly stdout: string;
}

let current: { pid: number; group: boolean } | undefined;
let stopping = false;

/**
 * Runs a command in a process group of its own (so a Ctrl-C reaches it once, from here), its
 * stdout shown and kept, its stderr shown.
 */
function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env, group = false): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: PROJECT_ROOT, env, stdio: ['ignore', 'pipe', 'inherit'], detached: true });
    current = { pid: child.pid!, group };
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      process.stdout.write(chunk);
    });
    child.once('error', reject);
    child.once('close', (code) => {
      current = undefined;
      resolve({ code, stdout });
    });
  });
}

function exited(code: number | null): string {
  return code === null ? 'was stopped by a signal' : `exited with ${code}`;
}

/** The yardstick scripts stop what they started on SIGTERM (their EXIT trap); so do the node scripts. */
function stopCurrent(): void {
  stopping = true;
  if (!current) return;
  try {
    process.kill(current.group ? -current.pid : current.pid, 'SIGTERM');
  } catch {
    // Already gone.
  }
}

async function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * `count` consecutive free loopback ports (a yardstick's service and its two floors take PORT,
 * PORT + 1 and PORT + 2), away from the shared scripts' fixed ones (3411, 18620-18632) and below
 * Linux's ephemeral range (32768 up), where outgoing connections take theirs.
 */
async function freePorts(count: number, avoid: readonly number[] = []): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const base = 20_000 + Math.floor(Math.random() * 12_000);
    const ports = Array.from({ length: count }, (_, i) => base + i);
    if (ports.some((port) => avoid.includes(port))) continue;
    if ((await Promise.all(ports.map(isFree))).every(Boolean)) return base;
  }
  throw new Error('no free loopback ports found');
}

interface Outcome {
  readonly scenario: string;
  readonly ok: boolean;
  readonly problems: string[];
  /** Where a failed scenario's logs were kept. */
  readonly logs?: string;
}

function progress(message: string): void {
  console.error(`\n[bench] ${message}`);
}

async function runCompare(settings: Settings): Promise<Outcome> {
  progress(`compare: bench/compare.ts ${settings.compareArgs.join(' ')}`);
  const { code } = await run(process.execPath, ['--import', 'tsx', 'bench/compare.ts', ...settings.compareArgs]);
  return { scenario: 'compare', ok: code === 0, problems: code === 0 ? [] : [`compare.ts ${exited(code)}`] };
}

/**
 * Removes a yardstick's TMPDIR once nothing writes in it any more. The scripts' EXIT trap only
 * signals what they started: under-change's MariaDB goes on writing its datadir (the binlog, the
 * InnoDB files) while it shuts down, and removing the folder meanwhile failed with ENOTEMPTY
 * after the figures were printed. So first wait (up to a minute) for each process named by a
 * `pid` file in the folder to end (mariadbd removes its pid file last), then remove, retrying
 * what a late write of a process stopping (a service flushing its log) can still make fail.
 */
async function removeScratchFolder(folder: string): Promise<void> {
  const pids = await pidsNamedIn(folder);
  const deadline = Date.now() + 60_000;
  while (pids.some(isAlive) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  await rm(folder, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
}

/** The process IDs in the files named `pid` under `folder` (mariadbd's --pid-file). */
async function pidsNamedIn(folder: string): Promise<number[]> {
  const entries = await readdir(folder, { recursive: true }).catch(() => [] as string[]);
  const files = entries.filter((entry) => basename(entry) === 'pid');
  const texts = await Promise.all(files.map((file) => readFile(join(folder, file), 'utf8').catch(() => '')));
  return texts.map((text) => Number(text.trim())).filter((pid) => Number.isSafeInteger(pid) && pid > 0);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: alive, but another user's (mariadbd runs as mysql).
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One yardstick script (a file of bench/yardsticks/, or a path from the project root) with a
 * TMPDIR, ports and database of its own; its logs dropped if it succeeded.
 */
async function runYardstick(
  script: string,
  args: readonly string[],
  env: Record<string, string>,
  read: (stdout: string) => string[],
): Promise<Outcome & { stdout: string }> {
  const logs = await mkdtemp(join(tmpdir(), `calendar-sidecar-bench-${basename(script, '.sh')}-`));
  // As /tmp: under-change.sh's MariaDB runs as the mysql user, reaches its datadir through here and
  // writes its own temporary files here (mariadbd takes TMPDIR); mkdtemp makes the folder 0700.
  await chmod(logs, 0o1777);
  const path = script.includes('/') ? join(PROJECT_ROOT, script) : join(YARDSTICKS, script);
  const { code, stdout } = await run('bash', [path, ...args], { ...process.env, TMPDIR: logs, ...env }, true);
  const problems = [...(code === 0 ? [] : [`${script} ${exited(code)}`]), ...read(stdout)];
  // Logs are kept for a failure to be read, not for a run stopped on purpose.
  if (problems.length === 0 || stopping) {
    await removeScratchFolder(logs);
    return { scenario: script, ok: true, problems, stdout };
  }
  return { scenario: script, ok: false, problems, stdout, logs };
}

async function runUnderChange(settings: Settings, figures: UnderChangeFigures[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const rate of settings.rates) {
    if (stopping) break;
    progress(`under-change: ${rate} event title updates/s, ${settings.underChangeSeconds} s (bench/yardsticks/under-change.sh)`);
    const dbPort = await freePorts(1);
    const port = await freePorts(3, [dbPort]);
    const outcome = await runYardstick(
      'under-change.sh',
      ['.', String(rate), String(settings.underChangeSeconds)],
      { YARDSTICK_DB: 'bench_under', YARDSTICK_DB_PORT: String(dbPort), YARDSTICK_PORT: String(port) },
      (stdout) => {
        const found = parseUnderChange(stdout);
        if (!found) return ['under-change.sh printed no figures'];
        figures.push(found);
        return [
          ...(found.stale > 0 ? [`${found.stale} stale answers at ${rate} updates/s`] : []),
          ...(found.writesOk < found.writes ? [`${found.writes - found.writesOk} of ${found.writes} title updates not answered 200 at ${rate}/s`] : []),
          ...(found.writes === 0 ? [`no title update was sent at ${rate}/s`] : []),
        ];
      },
    );
    outcomes.push({ ...outcome, scenario: `under-change ${rate}/s` });
  }
  return outcomes;
}

/**
 * Runs `use` with a scratch database on the shared server: a name of this run's own, dropped
 * afterwards (the scripts leave their database behind).
 */
async function withScratchDatabase<T>(prefix: string, use: (database: string) => Promise<T>): Promise<T> {
  const database = `${prefix}_${process.pid}`;
  try {
    return await use(database);
  } finally {
    const connection = await connectToServer();
    try {
      await connection.query(`DROP DATABASE IF EXISTS \`${database}\``);
    } finally {
      await connection.end();
    }
  }
}

async function runCpuPerRequest(settings: Settings, figures: CpuFigures[]): Promise<Outcome> {
  progress(`cpu-per-request: ${settings.cpuRounds} round(s) of ${settings.cpuSeconds} s per target (bench/yardsticks/cpu-per-request.sh)`);
  const port = await freePorts(3);
  return withScratchDatabase('bench_cpu', async (database) => {
    const outcome = await runYardstick(
      'cpu-per-request.sh',
      ['.', String(settings.cpuRounds), String(settings.cpuSeconds)],
      { YARDSTICK_DB: database, YARDSTICK_PORT: String(port) },
      (stdout) => {
        const found = parseCpuPerRequest(stdout);
        if (!found) return ['cpu-per-request.sh printed no figures for both the list and the single event'];
        figures.push(...found);
        return [];
      },
    );
    return { ...outcome, scenario: 'cpu-per-request' };
  });
}

async function runICalFeeds(settings: Settings, figures: ICalFeedFigures[]): Promise<Outcome> {
  progress(`ical-feeds: ${settings.icalRounds} round(s) of ${settings.icalSeconds} s per target (bench/ical-feeds.sh)`);
  const dbPort = await freePorts(1);
  const port = await freePorts(3, [dbPort]);
  const outcome = await runYardstick(
    'bench/ical-feeds.sh',
    ['.', String(settings.icalRounds), String(settings.icalSeconds)],
    { YARDSTICK_DB: 'bench_ical', YARDSTICK_DB_PORT: String(dbPort), YARDSTICK_PORT: String(port) },
    (stdout) => {
      const found = parseICalFeeds(stdout);
      if (!found) return ['ical-feeds.sh printed no figures for both feeds'];
      figures.push(...found);
      return [];
    },
  );
  return { ...outcome, scenario: 'ical-feeds' };
}

async function runTicketedSite(settings: Settings, found: TicketedSiteFigures[]): Promise<Outcome> {
  progress(`ticketed-site: the plain and the ticketed site, ${settings.ticketedSeconds} s per warm run, under change at 10 updates/s for ${settings.underChangeSeconds} s (bench/ticketed-site.sh)`);
  const dbPort = await freePorts(2);
  const port = await freePorts(13, [dbPort, dbPort + 1]);
  const outcome = await runYardstick(
    'bench/ticketed-site.sh',
    ['.', String(settings.ticketedSeconds), '10', String(settings.underChangeSeconds)],
    { YARDSTICK_DB_PORT: String(dbPort), YARDSTICK_PORT: String(port) },
    (stdout) => {
      const figures = parseTicketedSite(stdout);
      if (!figures) return ['ticketed-site.sh printed no figures for both sites and both ticket routes'];
      found.push(figures);
      return figures.sides.flatMap((side) => (side.underChange.stale > 0 ? [`${side.underChange.stale} stale answers on ${side.site}`] : []));
    },
  );
  return { ...outcome, scenario: 'ticketed-site' };
}

/** A yardstick's last line: its ratio to the floor and what it says beside it. */
interface RatioLine {
  scenario: 'new-windows' | 'scale-mix';
  line: string;
}

async function runNewWindows(settings: Settings, lines: RatioLine[]): Promise<Outcome> {
  progress(`new-windows: ${settings.cpuRounds} round(s) of ${settings.cpuSeconds} s (bench/yardsticks/new-windows.sh)`);
  const port = await freePorts(2);
  return withScratchDatabase('bench_windows', async (database) => {
    const outcome = await runYardstick('new-windows.sh', ['.', String(settings.cpuRounds), String(settings.cpuSeconds)], { YARDSTICK_DB: database, YARDSTICK_PORT: String(port) }, (stdout) => {
      const line = /^new windows: .*$/m.exec(stdout)?.[0];
      if (!line) return ['new-windows.sh printed no ratio'];
      lines.push({ scenario: 'new-windows', line });
      return [];
    });
    return { ...outcome, scenario: 'new-windows' };
  });
}

async function runScaleMix(settings: Settings, lines: RatioLine[]): Promise<Outcome> {
  progress(`scale-mix: ${settings.scaleEvents} generated events, 16 clients, ${settings.scaleSeconds} s (bench/scale-mix-binlog.sh)`);
  const dbPort = await freePorts(1);
  const port = await freePorts(3, [dbPort]);
  const outcome = await runYardstick(
    'bench/scale-mix-binlog.sh',
    [String(settings.scaleEvents), String(settings.scaleSeconds), '16'],
    { YARDSTICK_DB_PORT: String(dbPort), YARDSTICK_PORT: String(port) },
    (stdout) => {
      const line = /^scale mix: .*$/m.exec(stdout)?.[0];
      if (!line) return ['scale-mix-binlog.sh printed no ratio'];
      lines.push({ scenario: 'scale-mix', line });
      const other = Number(/other than 200\/404: (\d+)/.exec(line)?.[1] ?? 0);
      return other > 0 ? [`${other} answers other than 200/404 under 16 clients`] : [];
    },
  );
  return { ...outcome, scenario: 'scale-mix' };
}

async function runConcurrentWrites(settings: Settings, runs: WriteRun[]): Promise<Outcome> {
  progress(`concurrent-writes: ${settings.writers.join(' and ')} writers, ${settings.writeSeconds} s per run (bench/concurrent-writes.ts)`);
  const folder = await mkdtemp(join(tmpdir(), 'calendar-sidecar-bench-writes-'));
  const json = join(folder, 'runs.json');
  try {
    const args = ['--seconds', String(settings.writeSeconds), '--writers', settings.writers.join(','), '--json', json];
    const { code } = await run(process.execPath, ['--import', 'tsx', 'bench/concurrent-writes.ts', ...args]);
    const found = await readFile(json, 'utf8').then((text) => JSON.parse(text) as WriteRun[], () => undefined);
    if (found) runs.push(...found);
    const problems = [...(code === 0 ? [] : [`concurrent-writes.ts ${exited(code)}`]), ...(found ? [] : ['concurrent-writes.ts wrote no figures'])];
    return { scenario: 'concurrent-writes', ok: problems.length === 0, problems };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const settings = parseSettings(process.argv.slice(2));
  process.on('SIGINT', stopCurrent);
  process.on('SIGTERM', stopCurrent);

  // The yardsticks are copies of ../shared/bench: say so when those changed since.
  const check = spawnSync('bash', [join(YARDSTICKS, 'check-shared.sh')], { encoding: 'utf8' });
  const sharedNote = `${check.stdout}${check.stderr}`.trim();
  const yardsticksWanted = settings.scenarios.some((scenario) => NEEDS_WRK.has(scenario) || scenario === 'scale-mix');
  if (yardsticksWanted) console.error(sharedNote);
  const wrk = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  const haveWrk = wrk.error === undefined;

  const outcomes: Outcome[] = [];
  const underChange: UnderChangeFigures[] = [];
  const cpu: CpuFigures[] = [];
  const writes: WriteRun[] = [];
  const icalFeeds: ICalFeedFigures[] = [];
  const ticketed: TicketedSiteFigures[] = [];
  const ratios: RatioLine[] = [];
  const started = new Date();
  for (const scenario of settings.scenarios) {
    if (stopping) break;
    if (NEEDS_WRK.has(scenario) && !haveWrk) {
      outcomes.push({ scenario, ok: false, problems: ['needs wrk (apt-get install wrk)'] });
      continue;
    }
    try {
      if (scenario === 'compare') outcomes.push(await runCompare(settings));
      else if (scenario === 'under-change') outcomes.push(...(await runUnderChange(settings, underChange)));
      else if (scenario === 'cpu-per-request') outcomes.push(await runCpuPerRequest(settings, cpu));
      else if (scenario === 'ical-feeds') outcomes.push(await runICalFeeds(settings, icalFeeds));
      else if (scenario === 'ticketed-site') outcomes.push(await runTicketedSite(settings, ticketed));
      else if (scenario === 'new-windows') outcomes.push(await runNewWindows(settings, ratios));
      else if (scenario === 'scale-mix') outcomes.push(await runScaleMix(settings, ratios));
      else outcomes.push(await runConcurrentWrites(settings, writes));
    } catch (error) {
      outcomes.push({ scenario, ok: false, problems: [error instanceof Error ? error.message : String(error)] });
    }
  }

  console.log(`\n==== npm run bench${settings.short ? ' --short (a smoke run: these figures carry no weight)' : ''}: summary ====`);
  if (underChange.length > 0) {
    console.log(`\nReads while event titles are written through the service (under-change.sh: binlog mode, 16 connections, ${settings.underChangeSeconds} s; floor: node:http + mysql2 under the same writes)`);
    console.log(formatUnderChange(underChange));
  }
  if (cpu.length > 0) {
    console.log(`\nCPU per cold request, CACHE_MAX_MB=0 (cpu-per-request.sh: best of ${settings.cpuRounds} round(s) of ${settings.cpuSeconds} s at 8 connections; ms of CPU per answer; lower is better)`);
    console.log(formatCpuPerRequest(cpu));
  }
  if (writes.length > 0) {
    console.log(`\nWrites side by side, each writer on records of its own (concurrent-writes.ts, ${settings.writeSeconds} s per run; plugin: issue 22's figures, not measured here)`);
    console.log(formatWriteRuns(writes));
  }
  if (icalFeeds.length > 0) {
    console.log(`\nTEC's iCal subscription feeds (ical-feeds.sh: best of ${settings.icalRounds} round(s) of ${settings.icalSeconds} s at 8 connections; ms of CPU per answer, service process + its own MariaDB; cold: CACHE_MAX_MB=0, kept: the response cache, binlog mode; floor: the 30 events' raw rows; lower is better)`);
    console.log(formatICalFeeds(icalFeeds));
  }
  for (const figures of ticketed) {
    console.log(`\nThe plain site beside the same site running Event Tickets (ticketed-site.sh: binlog mode; warm: one events list of 12 asked again and again, ${settings.ticketedSeconds} s at 16 connections, floor: the list floor on the same site; under change: under-change.sh at 10 updates/s on each site; tribe/tickets/v1: kept against CACHE_MAX_MB=0)`);
    console.log(formatTicketedSite(figures));
  }
  for (const { scenario, line } of ratios) {
    const what =
      scenario === 'new-windows'
        ? `List windows never asked before, records kept (new-windows.sh: ${settings.cpuRounds} round(s) of ${settings.cpuSeconds} s; ms of CPU per request, service process + MariaDB; lower is better)`
        : `16 clients of mixed traffic on ${settings.scaleEvents} generated events (scale-mix-binlog.sh, ${settings.scaleSeconds} s, binlog mode; higher is better)`;
    console.log(`\n${what}\n${line}`);
  }
  if (settings.scenarios.includes('compare')) console.log('\ncompare.ts: its tables are above (service beside the baseline); bench/results/latest.json');
  if (yardsticksWanted) console.log(`\n${sharedNote}`);
  const failed = outcomes.filter((outcome) => !outcome.ok);
  if (stopping) console.error('\nStopped (SIGINT or SIGTERM): the scenarios after the one running were not run.');
  for (const outcome of failed) {
    console.error(`\nFAILED ${outcome.scenario}: ${outcome.problems.join('; ')}${outcome.logs ? ` (logs kept in ${outcome.logs})` : ''}`);
  }
  await mkdir(join(PROJECT_ROOT, 'bench/results'), { recursive: true });
  await writeFile(
    RESULTS_FILE,
    `${JSON.stringify({ startedAt: started.toISOString(), finishedAt: new Date().toISOString(), settings, outcomes, underChange, cpuPerRequest: cpu, concurrentWrites: writes, icalFeeds, ticketedSite: ticketed, ratios }, null, 2)}\n`,
  );
  console.log(`written: ${RESULTS_FILE}`);
  if (stopping) process.exitCode = 130;
  else if (failed.length > 0 || outcomes.length === 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
