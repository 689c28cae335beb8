import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import autocannon from 'autocannon';
import type { BenchRequest, ServerTarget } from './measure.js';
import { SERVICE_NODE_FLAGS } from '../../test/setup/service-flags.js';

/*
 * The soak of `npm run bench` (issue 10: "a 60 s soak at 64 connections: 0 errors, RSS flat"):
 * the compiled entry point (main.js, as `npm start` runs it, request log on) on loopback, driven by
 * autocannon cycling through the read routes for a bounded time, its resident set size read from
 * /proc/<pid>/status (VmRSS) once a second.
 */

export interface SoakOptions {
  /** The compiled src/main.js. */
  main: string;
  target: ServerTarget;
  seconds: number;
  connections: number;
  /** GETs each connection sends in turn, over and over. */
  requests: readonly BenchRequest[];
}

export interface RssFigures {
  /** VmRSS once a second from the start of the load, bytes. */
  samples: number[];
  first: number;
  last: number;
  min: number;
  max: number;
  /** Seconds left out as warm-up (JIT, caches, the pool filling) before flatness is judged. */
  warmUpSeconds: number;
  /** The median of the samples after the warm-up, which each of them is compared with. */
  median: number;
  afterWarmUp: { min: number; max: number };
  /** Largest relative distance of a sample after the warm-up from their median (0.05 = 5 %). */
  maxDeviation: number;
  /** Every sample after the warm-up within ±10 % of their median. */
  flat: boolean;
  /**
   * Median of the last quarter after the warm-up over the median of its first quarter, less 1: a
   * leak shows as a steady rise here, the garbage collector's saw-tooth does not.
   */
  drift: number;
}

export interface SoakResult {
  seconds: number;
  connections: number;
  routes: string[];
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  /** Socket errors and timeouts (autocannon's errors, timeouts included). */
  errors: number;
  /** Lines the service printed on stdout meanwhile (its JSON request log, at LOG_LEVEL info). */
  logLines: number;
  /** The service's exit code after SIGTERM at the end (0: it shut down cleanly). */
  exitCode: number | null;
  rss: RssFigures | null;
}

const FLAT_WITHIN = 0.1;

/** Starts main.js, soaks it, stops it with SIGTERM; the child is killed whatever happens. */
export async function runSoak({ main, target, seconds, connections, requests }: SoakOptions): Promise<SoakResult> {
  const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, main], {
    env: {
      ...process.env,
      DATABASE_URL: target.databaseUrl,
      TABLE_PREFIX: target.tablePrefix,
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let logLines = 0;
  let listening = false;
  let startOutput = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`main.js did not listen within 30 s:\n${startOutput}`)), 30_000);
    child.once('exit', (code) => reject(new Error(`main.js exited (code ${code}) before it listened:\n${startOutput}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString('utf8');
      if (listening) {
        for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) logLines += 1;
        return;
      }
      startOutput += text;
      const match = /listening on (http:\/\/[^/\s]+)/.exec(startOutput);
      if (match?.[1]) {
        listening = true;
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  }).catch(async (error: unknown) => {
    child.kill('SIGKILL');
    await exited;
    throw error;
  });

  const samples: number[] = [];
  let rssReadable = true;
  const sample = async () => {
    try {
      samples.push(await readVmRss(child.pid!));
    } catch {
      rssReadable = false;
    }
  };
  try {
    const linesBefore = logLines;
    await sample();
    const sampler = setInterval(() => void sample(), 1_000);
    let result: autocannon.Result;
    try {
      result = await autocannon({
        url: baseUrl,
        connections,
        duration: seconds,
        // A request with no answer after 10 s counts as an error (a timeout), not a hang.
        timeout: 10,
        requests: requests.map((request) => ({ method: request.method, path: request.path, headers: { ...request.headers } })),
      });
    } finally {
      clearInterval(sampler);
    }
    await sample();
    const logged = logLines - linesBefore;
    child.kill('SIGTERM');
    const exitCode = await exited;
    return {
      seconds,
      connections,
      routes: requests.map((request) => request.path),
      requests: result.requests.total,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
      logLines: logged,
      exitCode,
      rss: rssReadable && samples.length > 2 ? rssFigures(samples, seconds) : null,
    };
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  }
}

/** Linux: VmRSS, the resident set size now, in bytes. */
async function readVmRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match?.[1]) throw new Error(`no VmRSS in /proc/${pid}/status`);
  return Number(match[1]) * 1024;
}

/**
 * First/last/min/max, and flatness after a warm-up of a sixth of the run (10 s of the 60 s soak,
 * at least 2 s): every later sample within ±10 % of their median; and the drift between the first
 * and last quarters of those samples.
 */
export function rssFigures(samples: readonly number[], seconds: number): RssFigures {
  const warmUpSeconds = Math.max(2, Math.round(seconds / 6));
  const steady = samples.slice(Math.min(warmUpSeconds, samples.length - 1));
  const middle = median(steady);
  const maxDeviation = Math.max(...steady.map((value) => Math.abs(value - middle) / middle));
  const quarter = Math.max(1, Math.floor(steady.length / 4));
  return {
    samples: [...samples],
    first: samples[0]!,
    last: samples.at(-1)!,
    min: Math.min(...samples),
    max: Math.max(...samples),
    warmUpSeconds,
    median: middle,
    afterWarmUp: { min: Math.min(...steady), max: Math.max(...steady) },
    maxDeviation,
    flat: maxDeviation <= FLAT_WITHIN,
    drift: median(steady.slice(-quarter)) / median(steady.slice(0, quarter)) - 1,
  };
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const half = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
}
