import { createConnection, type Connection } from 'mysql2/promise';
import { PostType, Taxonomy } from '../../src/wp/constants.js';

/*
 * Issue 22's write scenario: N writers side by side, each one request at a time and each on records
 * of its own (its own share of the published events to retitle, its own titles and names to create),
 * for a bounded time per kind of write; writes per second counted from the 2xx answers. After each
 * run the database is read back: every create answered 2xx must be there, every retitled event must
 * hold the last title its writer was answered 2xx for (a write counted but not kept is a failure).
 */

export const WRITE_KINDS = ['event update', 'event create', 'venue create', 'category create'] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];

/**
 * The real plugin's rates from issue 22 (same dev data, same MariaDB, 10 s each, each writer on its
 * own events), writes per second as [low, high]: measured once there, never here; printed beside
 * the service's figures. The issue has none for venue and category creates.
 */
export const PLUGIN_RATES: Partial<Record<WriteKind, Readonly<Record<number, readonly [number, number]>>>> = {
  'event update': { 1: [15.4, 15.4], 8: [28, 31] },
  'event create': { 1: [15.4, 15.4], 8: [27, 28] },
};

export interface WriteRun {
  readonly kind: WriteKind;
  readonly writers: number;
  readonly seconds: number;
  /** Writes answered 2xx. */
  readonly ok: number;
  /** Writes answered otherwise, or that failed (socket error, 30 s timeout). */
  readonly failed: number;
  /** `ok` over the time from the start to the last answer (a closed loop ends past the deadline). */
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  /** What went wrong: the first few failed answers, and what the read-back found missing. */
  readonly problems: readonly string[];
  /** CPU milliseconds per 2xx write of the service process and of the database server, when sampled. */
  readonly cpuPerWrite?: { readonly service: number; readonly database: number };
}

/** CPU time used so far, in milliseconds, by the service process and by the database server. */
export type CpuSampler = () => { service: number; database: number };

export interface ConcurrentWritesOptions {
  /** http://127.0.0.1:<port> of a running service. */
  readonly baseUrl: string;
  /** The database it serves (mysql://.../<name>), read back after each run. */
  readonly databaseUrl: string;
  readonly tablePrefix: string;
  /** `Basic ...` of an administrator. */
  readonly authorization: string;
  /** Writer counts, each run in turn for every kind (1 and 8 in issue 22). */
  readonly writerCounts: readonly number[];
  readonly seconds: number;
  readonly kinds?: readonly WriteKind[];
  readonly progress?: (message: string) => void;
  /** Read before and after each run: the CPU each write cost (none: not reported). */
  readonly cpu?: CpuSampler;
}

const ROOT = '/wp-json/calendar/events/v1';
const REQUEST_TIMEOUT_MS = 30_000;
const PROBLEMS_KEPT = 5;

/** Runs every kind with every writer count, one run after the other. */
export async function runConcurrentWrites(options: ConcurrentWritesOptions): Promise<WriteRun[]> {
  const connection = await createConnection({ uri: options.databaseUrl });
  try {
    const table = (name: string) => `\`${options.tablePrefix}${name}\``;
    const [rows] = await connection.query(`SELECT ID FROM ${table('posts')} WHERE post_type = ? AND post_status = 'publish' ORDER BY ID`, [PostType.event]);
    const eventIds = (rows as { ID: number }[]).map((row) => Number(row.ID));
    const runs: WriteRun[] = [];
    let runNumber = 0;
    for (const kind of options.kinds ?? WRITE_KINDS) {
      for (const writers of options.writerCounts) {
        runNumber += 1;
        if (kind === 'event update' && eventIds.length < writers) throw new Error(`${writers} writers need as many published events (the site has ${eventIds.length})`);
        options.progress?.(`${kind}: ${writers} writer${writers === 1 ? '' : 's'}, ${options.seconds} s`);
        runs.push(await runWriters(options, connection, kind, writers, `Bench r${runNumber}`, eventIds));
      }
    }
    return runs;
  } finally {
    await connection.end();
  }
}

/** What one write of a kind sends: writer `w` (0-based) of `writers`, its `n`th write (1-based). */
function writeRequest(kind: WriteKind, label: string, w: number, n: number, ownEvents: readonly number[]): { path: string; body: object } {
  // Titles and names no other write of the bench has, so a slug never needs its suffix search.
  const name = `${label}w${w} ${n}`;
  switch (kind) {
    case 'event update':
      return { path: `${ROOT}/events/${ownEvents[(n - 1) % ownEvents.length]}`, body: { title: `${name} update` } };
    case 'event create':
      return { path: `${ROOT}/events`, body: { title: `${name} event`, start_date: '2031-01-10 10:00:00', end_date: '2031-01-10 12:00:00' } };
    case 'venue create':
      return { path: `${ROOT}/venues`, body: { venue: `${name} hall` } };
    case 'category create':
      return { path: `${ROOT}/categories`, body: { name: `${name} category` } };
  }
}

async function runWriters(
  options: ConcurrentWritesOptions,
  connection: Connection,
  kind: WriteKind,
  writers: number,
  label: string,
  eventIds: readonly number[],
): Promise<WriteRun> {
  const headers = { Authorization: options.authorization, 'Content-Type': 'application/json' };
  const latencies: number[] = [];
  const problems: string[] = [];
  let ok = 0;
  let failed = 0;
  /** Event id -> the title of its writer's last write answered 2xx. */
  const lastTitles = new Map<number, string>();
  const cpuBefore = options.cpu?.();
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  let lastAnswer = started;

  const writer = async (w: number) => {
    const ownEvents = eventIds.filter((_, index) => index % writers === w);
    for (let n = 1; performance.now() < deadline; n += 1) {
      const { path, body } = writeRequest(kind, label, w, n, ownEvents);
      const sent = performance.now();
      let problem: string | undefined;
      try {
        const response = await fetch(options.baseUrl + path, {
          method: 'POST',
          headers,
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const text = await response.text();
        if (response.ok) {
          ok += 1;
          if (kind === 'event update') lastTitles.set(Number(path.slice(path.lastIndexOf('/') + 1)), (body as { title: string }).title);
        } else {
          problem = `${response.status} ${path}: ${text.slice(0, 200)}`;
        }
      } catch (error) {
        problem = `${path}: ${error instanceof Error ? error.message : String(error)}`;
      }
      lastAnswer = performance.now();
      latencies.push(lastAnswer - sent);
      if (problem !== undefined) {
        failed += 1;
        if (problems.length < PROBLEMS_KEPT) problems.push(problem);
      }
    }
  };
  await Promise.all(Array.from({ length: writers }, (_, w) => writer(w)));
  const elapsed = (lastAnswer - started) / 1000;
  const cpuAfter = options.cpu?.();
  const cpuPerWrite =
    cpuBefore && cpuAfter && ok > 0
      ? { service: (cpuAfter.service - cpuBefore.service) / ok, database: (cpuAfter.database - cpuBefore.database) / ok }
      : undefined;

  problems.push(...(await readBack(connection, options.tablePrefix, kind, label, ok, lastTitles)));
  latencies.sort((a, b) => a - b);
  return {
    kind,
    writers,
    seconds: options.seconds,
    ok,
    failed,
    perSecond: elapsed > 0 ? ok / elapsed : 0,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    problems,
    cpuPerWrite,
  };
}

/** What the database holds after a run, against what the run was answered: the problems found. */
async function readBack(
  connection: Connection,
  prefix: string,
  kind: WriteKind,
  label: string,
  ok: number,
  lastTitles: ReadonlyMap<number, string>,
): Promise<string[]> {
  const table = (name: string) => `\`${prefix}${name}\``;
  const like = `${label}w%`;
  if (kind === 'event update') {
    if (lastTitles.size === 0) return [];
    const [rows] = await connection.query(`SELECT ID, post_title FROM ${table('posts')} WHERE ID IN (?)`, [[...lastTitles.keys()]]);
    const held = new Map((rows as { ID: number; post_title: string }[]).map((row) => [Number(row.ID), row.post_title]));
    const wrong = [...lastTitles].filter(([id, title]) => held.get(id) !== title);
    return wrong.slice(0, PROBLEMS_KEPT).map(([id, title]) => `event ${id} holds "${held.get(id)}", its last write answered 2xx set "${title}"`);
  }
  const [rows] =
    kind === 'category create'
      ? await connection.query(
          `SELECT COUNT(*) AS n FROM ${table('terms')} t JOIN ${table('term_taxonomy')} tt ON tt.term_id = t.term_id WHERE tt.taxonomy = ? AND t.name LIKE ?`,
          [Taxonomy.eventCategory, like],
        )
      : await connection.query(`SELECT COUNT(*) AS n FROM ${table('posts')} WHERE post_type = ? AND post_title LIKE ?`, [
          kind === 'venue create' ? PostType.venue : PostType.event,
          like,
        ]);
  const found = Number((rows as { n: number }[])[0]!.n);
  return found === ok ? [] : [`${kind}: ${ok} answered 2xx, ${found} found in the database`];
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}

/** The table: writes/s per writer count, each count's rate over the one-writer rate, the plugin's beside. */
export function formatWriteRuns(runs: readonly WriteRun[]): string {
  const counts = [...new Set(runs.map((run) => run.writers))];
  const single = counts.includes(1);
  const sampled = runs.some((run) => run.cpuPerWrite !== undefined);
  const header = [
    'write'.padEnd(16),
    ...counts.map((n) => `${n} writer${n === 1 ? '' : 's'}/s`.padStart(13)),
    ...(single ? counts.filter((n) => n !== 1).map((n) => `${n} vs 1`.padStart(7)) : []),
    ...counts.map((n) => `p99 ms (${n})`.padStart(12)),
    ...counts.map((n) => `plugin ${n}/s`.padStart(12)),
    ...counts.map((n) => `vs plugin (${n})`.padStart(15)),
    ...(sampled ? counts.map((n) => `cpu ms/write (${n})`.padStart(19)) : []),
    'failed'.padStart(7),
  ];
  const lines = [header.join(' ')];
  for (const kind of new Set(runs.map((run) => run.kind))) {
    const byCount = new Map(runs.filter((run) => run.kind === kind).map((run) => [run.writers, run]));
    const one = byCount.get(1)?.perSecond;
    const plugin = PLUGIN_RATES[kind] ?? {};
    lines.push(
      [
        kind.padEnd(16),
        ...counts.map((n) => fixed(byCount.get(n)?.perSecond, 1).padStart(13)),
        ...(single ? counts.filter((n) => n !== 1).map((n) => times(byCount.get(n)?.perSecond, one).padStart(7)) : []),
        ...counts.map((n) => fixed(byCount.get(n)?.p99, 0).padStart(12)),
        ...counts.map((n) => range(plugin[n]).padStart(12)),
        ...counts.map((n) => versusRange(byCount.get(n)?.perSecond, plugin[n]).padStart(15)),
        ...(sampled ? counts.map((n) => cpuCell(byCount.get(n)?.cpuPerWrite).padStart(19)) : []),
        String(counts.reduce((sum, n) => sum + (byCount.get(n)?.failed ?? 0), 0)).padStart(7),
      ].join(' '),
    );
  }
  return lines.join('\n');
}

/** `service + database` milliseconds of CPU per write. */
function cpuCell(cpu: WriteRun['cpuPerWrite']): string {
  return cpu ? `${cpu.service.toFixed(1)} + ${cpu.database.toFixed(1)}` : '-';
}

function fixed(value: number | undefined, digits: number): string {
  return value === undefined || Number.isNaN(value) ? '-' : value.toFixed(digits);
}

function times(value: number | undefined, over: number | undefined): string {
  return value === undefined || !over ? '-' : `${(value / over).toFixed(2)}x`;
}

function range(rates: readonly [number, number] | undefined): string {
  if (!rates) return '-';
  return rates[0] === rates[1] ? String(rates[0]) : `${rates[0]}-${rates[1]}`;
}

/** The service's rate over the plugin's, as a range when the plugin's is one (higher plugin rate first). */
function versusRange(value: number | undefined, rates: readonly [number, number] | undefined): string {
  if (value === undefined || !rates) return '-';
  const low = (value / rates[1]).toFixed(1);
  const high = (value / rates[0]).toFixed(1);
  return low === high ? `${low}x` : `${low}-${high}x`;
}
