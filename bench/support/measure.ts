import { fork, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildService, removeBuild } from '../../test/setup/built-service.js';
import { SERVICE_NODE_FLAGS } from '../../test/setup/service-flags.js';
import { createHandler } from '../../src/app.js';
import { fixedClock, systemClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import { createDb } from '../../src/db/create-db.js';
import type { FromChild, ToChild } from './child.js';
import type { BaselinePlan, PlannedStatement } from './baseline/plan.js';

/*
 * The measuring side of bench/compare.ts: servers in child processes (so each one's memory is its
 * own and can be read from /proc), the statements one request of each route runs, and bounded
 * autocannon runs.
 */

/**
 * The compiled service, as `npm start` runs it (no TypeScript loader in the measured process):
 * `src/` with the service child's entry, compiled by bench/tsconfig.service.json (tsconfig.build.json's
 * settings) into a folder of its own, removed by `remove()`.
 */
export interface ServiceBuild {
  /** `<folder>/bench/support/service-child.js`: createHandler on a socket, driven over IPC. */
  readonly serviceChild: string;
  /** `<folder>/src/main.js`: the entry point `npm start` runs (dist/main.js). */
  readonly main: string;
  remove(): Promise<void>;
}

export async function buildServiceForBench(): Promise<ServiceBuild> {
  const folder = await buildService('bench', 'bench/tsconfig.service.json');
  return {
    serviceChild: join(folder, 'bench/support/service-child.js'),
    main: join(folder, 'src/main.js'),
    remove: () => removeBuild(folder),
  };
}

/** The baseline stays TypeScript under tsx: it is the yardstick, and what it loads is small. */
const BASELINE_ENTRY = fileURLToPath(new URL('./baseline/server.ts', import.meta.url));

export type ServerKind = 'service' | 'baseline';

export interface ServerTarget {
  /** mysql://.../<database> */
  databaseUrl: string;
  tablePrefix: string;
  /** The instant the service's clock stops at (ISO); the system clock unless set. */
  now?: string;
  /** Service only: the response cache's budget in bytes; none or 0: no response cache (CACHE_MAX_MB=0). */
  responseCacheBytes?: number;
  /** Service only: how the change feed notices outside changes (see service-child.ts); none: off. */
  changeFeed?: 'probe' | 'binlog';
}

export interface MeasuredServer {
  readonly kind: ServerKind;
  readonly pid: number;
  /** http://127.0.0.1:<port> */
  readonly baseUrl: string;
  /** `proc`: the kernel's peak (VmHWM, reset through clear_refs); `sampled`: the child's rss every 20 ms. */
  readonly rssSource: 'proc' | 'sampled';
  /** Starts a new peak-RSS window (call before each measured run). */
  resetPeakRss(): Promise<void>;
  /** The highest resident set size, in bytes, since the last reset. */
  peakRss(): Promise<number>;
  /** Resolves once the child handles no request (the load generator stops with some in flight). */
  waitIdle(): Promise<void>;
  /** Baseline only: the statements to run per route name. */
  loadPlans(plans: Record<string, BaselinePlan>): Promise<void>;
  /** Asks the child to close and waits for it to exit (killing it after 5 s); safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Forks `kind`'s entry (the compiled service child of `build`, or bench/support/baseline/server.ts
 * under tsx) with the database in its environment, and resolves once it listens on 127.0.0.1.
 */
export async function startServer(kind: ServerKind, target: ServerTarget, build: ServiceBuild): Promise<MeasuredServer> {
  const child = fork(kind === 'service' ? build.serviceChild : BASELINE_ENTRY, [], {
    // Set explicitly: a fork inherits the parent's execArgv, which under `npm run bench` load tsx.
    execArgv: kind === 'service' ? [...SERVICE_NODE_FLAGS] : ['--import', 'tsx'],
    env: {
      ...process.env,
      DATABASE_URL: target.databaseUrl,
      TABLE_PREFIX: target.tablePrefix,
      ...(target.now === undefined ? {} : { BENCH_NOW: target.now }),
      ...(target.responseCacheBytes ? { BENCH_CACHE_BYTES: String(target.responseCacheBytes) } : {}),
      ...(target.changeFeed === undefined ? {} : { BENCH_CHANGE_FEED: target.changeFeed }),
    },
    // Dates and Buffers among recorded parameters must arrive as Dates and Buffers.
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let port: number;
  try {
    port = await new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${kind} child did not listen within 30 s`)), 30_000);
      child.once('exit', (code) => reject(new Error(`${kind} child exited (code ${code}) before it listened`)));
      child.on('message', (message: FromChild) => {
        if (message.type === 'listening') {
          clearTimeout(timer);
          resolve(message.port);
        }
      });
    });
  } catch (error) {
    await killChild(child, exited);
    throw error;
  }
  const pid = child.pid!;

  let rssSource: 'proc' | 'sampled' = 'proc';
  try {
    await resetProcPeak(pid);
    await readProcPeak(pid);
  } catch {
    rssSource = 'sampled';
    send(child, { type: 'sample-rss' });
  }

  let stopped: Promise<void> | undefined;
  return {
    kind,
    pid,
    baseUrl: `http://127.0.0.1:${port}`,
    rssSource,
    async resetPeakRss() {
      if (rssSource === 'proc') await resetProcPeak(pid);
      else await askChild(child, { type: 'peak-rss' }, 'peak-rss');
    },
    async peakRss() {
      if (rssSource === 'proc') return readProcPeak(pid);
      const reply = await askChild(child, { type: 'peak-rss' }, 'peak-rss');
      return reply.type === 'peak-rss' ? reply.bytes : 0;
    },
    async waitIdle() {
      await askChild(child, { type: 'idle' }, 'idle', 60_000);
    },
    async loadPlans(plans) {
      await askChild(child, { type: 'plans', plans }, 'plans-loaded');
    },
    stop() {
      stopped ??= (async () => {
        if (child.exitCode === null && child.signalCode === null && child.connected) send(child, { type: 'stop' });
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
        await exited;
        clearTimeout(timer);
      })();
      return stopped;
    },
  };
}

function send(child: ChildProcess, message: ToChild): void {
  child.send(message);
}

function askChild(child: ChildProcess, message: ToChild, replyType: FromChild['type'], timeoutMs = 10_000): Promise<FromChild> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', onMessage);
      reject(new Error(`no ${replyType} answer from child ${child.pid}`));
    }, timeoutMs);
    const onMessage = (reply: FromChild) => {
      if (reply.type !== replyType) return;
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(reply);
    };
    child.on('message', onMessage);
    send(child, message);
  });
}

async function killChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGKILL');
  await exited;
}

/** Linux: writing 5 to clear_refs resets the process's peak RSS (VmHWM) to its current RSS. */
async function resetProcPeak(pid: number): Promise<void> {
  await writeFile(`/proc/${pid}/clear_refs`, '5');
}

/** Linux: VmHWM, the peak resident set size, in bytes. */
async function readProcPeak(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmHWM:\s+(\d+)\s+kB$/m.exec(status);
  if (!match?.[1]) throw new Error(`no VmHWM in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

/** One request a route sends; `body` gets a number no other request of the run got (unique titles). */
export interface BenchRequest {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: (n: number) => string;
}

export interface RecordedRequest {
  readonly status: number;
  readonly statements: PlannedStatement[];
}

/**
 * Runs each request once, in order, against an in-process app on `target` whose Kysely logs
 * every statement (as recordStatements in test/http/support.ts does), and returns each request's
 * statements with their bound parameters. Before each, `warmUp` (a GET with the same headers)
 * fills the site-settings cache and does a sign-in's once-a-day bookkeeping, so what is recorded
 * is what a request costs in a steady run. Writes are committed: record on a database of its own.
 */
export async function recordRequests(
  target: ServerTarget,
  requests: readonly BenchRequest[],
  warmUp: string,
): Promise<RecordedRequest[]> {
  const log: PlannedStatement[] = [];
  const db = createDb({
    databaseUrl: target.databaseUrl,
    tablePrefix: target.tablePrefix,
    log: (event) => {
      if (event.level === 'query') log.push({ sql: event.query.sql, parameters: [...event.query.parameters] });
    },
  });
  const handler = createHandler({
    db,
    config: loadConfig({ DATABASE_URL: target.databaseUrl, TABLE_PREFIX: target.tablePrefix }),
    clock: target.now === undefined ? systemClock : fixedClock(target.now),
    logError: (error) => console.error('[recording]', error),
  });
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const recorded: RecordedRequest[] = [];
    for (const request of requests) {
      const headers = { ...request.headers };
      delete headers['Content-Type'];
      await (await fetch(base + warmUp, { headers })).arrayBuffer();
      log.splice(0);
      const response = await fetch(base + request.path, {
        method: request.method,
        headers: request.headers,
        body: request.body?.(0),
      });
      await response.arrayBuffer();
      recorded.push({ status: response.status, statements: log.splice(0) });
    }
    return recorded;
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await db.destroy();
  }
}

export interface LoadResult {
  readonly requestsPerSecond: number;
  /** Latency percentiles, milliseconds. */
  readonly p50: number;
  readonly p99: number;
  readonly requests: number;
  readonly non2xx: number;
  /** Failed connections and timeouts. */
  readonly errors: number;
  /** Bytes received per answer, headers included. */
  readonly bytesPerAnswer: number;
}

let bodyCounter = 0;

/** Drives `baseUrl + request.path` for `seconds` with `connections` connections (autocannon). */
export async function runLoad(baseUrl: string, request: BenchRequest, seconds: number, connections: number): Promise<LoadResult> {
  const { body } = request;
  const result = await autocannon({
    url: baseUrl + request.path,
    method: request.method,
    headers: { ...request.headers },
    connections,
    duration: seconds,
    ...(body ? { requests: [{ setupRequest: (req: object) => ({ ...req, body: body((bodyCounter += 1)) }) }] } : {}),
  });
  const answered = result.requests.total;
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: answered,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytesPerAnswer: answered > 0 ? result.throughput.total / answered : 0,
  };
}
