import { Agent, request as httpRequest } from 'node:http';

/*
 * Issue 13's own load loops (bench/compare.ts's feed phases), where autocannon will not do: every
 * request's start and end time, URL and what its answer showed are kept, so that stale answers can
 * be counted afterwards.
 *
 * - runMixed: CLIENTS loops, each sending one request at a time for SECONDS: a write with
 *   probability writeShare, else a read of one of the read paths, chosen by a seeded generator.
 * - countStale: a read that started after a write to one of its records had been answered must
 *   show that write's value or a later one.
 * - measureFreshness: the time from an UPDATE's OK (made outside the service) to the first answer
 *   showing it.
 * - fetchAll: distinct paths, a few at a time (to fill the response cache).
 */

export interface HttpAnswer {
  readonly status: number;
  readonly body: string;
}

/** A keep-alive client on loopback, at most `sockets` connections. */
export class LoopbackClient {
  private readonly agent: Agent;

  constructor(
    private readonly baseUrl: string,
    sockets: number,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: sockets });
  }

  send(method: 'GET' | 'POST', path: string, headers: Readonly<Record<string, string>> = {}, body?: string): Promise<HttpAnswer> {
    return new Promise((resolve, reject) => {
      const url = new URL(path, this.baseUrl);
      const req = httpRequest(
        url,
        {
          method,
          agent: this.agent,
          headers: body === undefined ? headers : { ...headers, 'Content-Length': Buffer.byteLength(body) },
          timeout: 10_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer within 10 s`)));
      req.on('error', reject);
      req.end(body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

export interface MixedWrite {
  /** The event a write changes (its title becomes `Mixed <n>`); none for the baseline's replay. */
  readonly eventId?: number;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: (n: number) => string;
}

export interface MixedOptions {
  readonly baseUrl: string;
  readonly seconds: number;
  readonly clients: number;
  readonly readPaths: readonly string[];
  readonly writes: readonly MixedWrite[];
  /** Share of requests that write, 0.1 for 10 %. */
  readonly writeShare: number;
  /** Keep what each read's answer showed (the service; the baseline answers rows, not records). */
  readonly observe: boolean;
  readonly seed?: number;
}

export interface ReadSample {
  readonly path: string;
  readonly start: number;
  readonly end: number;
  readonly status: number;
  /** Event id -> the `Mixed <n>` title it showed (n), or null for a title no bench write gave it. */
  readonly seen?: ReadonlyMap<number, number | null>;
}

export interface WriteSample {
  readonly eventId?: number;
  /** The counter its title carried. */
  readonly n: number;
  readonly start: number;
  readonly end: number;
  readonly status: number;
}

export interface MixedResult {
  readonly seconds: number;
  readonly requests: number;
  readonly requestsPerSecond: number;
  readonly reads: number;
  readonly writes: number;
  /** Latency of every request, ms. */
  readonly p50: number;
  readonly p99: number;
  readonly readP50: number;
  readonly readP99: number;
  readonly writeP50: number;
  readonly writeP99: number;
  readonly non2xx: number;
  readonly errors: number;
  readonly readSamples: readonly ReadSample[];
  readonly writeSamples: readonly WriteSample[];
}

const MIXED_TITLE = /^Mixed (\d+)$/;

/** The events an answer shows (a single event, or a list's `events`) with the bench counter in their titles. */
export function titlesSeen(body: string): Map<number, number | null> {
  const seen = new Map<number, number | null>();
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return seen;
  }
  const records = isObject(parsed) && Array.isArray(parsed.events) ? parsed.events : [parsed];
  for (const record of records) {
    if (!isObject(record) || typeof record.id !== 'number' || typeof record.title !== 'string') continue;
    const match = MIXED_TITLE.exec(record.title);
    seen.set(record.id, match ? Number(match[1]) : null);
  }
  return seen;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** A small seeded generator (mulberry32): the same mix of requests from run to run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

let writeCounter = 0;

export async function runMixed(options: MixedOptions): Promise<MixedResult> {
  const client = new LoopbackClient(options.baseUrl, options.clients);
  const readSamples: ReadSample[] = [];
  const writeSamples: WriteSample[] = [];
  let errors = 0;
  const started = performance.now();
  const stopAt = started + options.seconds * 1000;
  try {
    await Promise.all(
      Array.from({ length: options.clients }, async (_, index) => {
        const next = random((options.seed ?? 13) * 1000 + index);
        while (performance.now() < stopAt) {
          if (next() < options.writeShare) {
            const write = options.writes[Math.floor(next() * options.writes.length)]!;
            writeCounter += 1;
            const n = writeCounter;
            const start = performance.now();
            try {
              const answer = await client.send('POST', write.path, write.headers, write.body(n));
              writeSamples.push({ eventId: write.eventId, n, start, end: performance.now(), status: answer.status });
            } catch {
              errors += 1;
            }
          } else {
            const path = options.readPaths[Math.floor(next() * options.readPaths.length)]!;
            const start = performance.now();
            try {
              const answer = await client.send('GET', path);
              const end = performance.now();
              readSamples.push({ path, start, end, status: answer.status, ...(options.observe ? { seen: titlesSeen(answer.body) } : {}) });
            } catch {
              errors += 1;
            }
          }
        }
      }),
    );
  } finally {
    client.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const latencies = (samples: readonly { start: number; end: number }[]) => samples.map((s) => s.end - s.start);
  const reads = latencies(readSamples);
  const writes = latencies(writeSamples);
  const all = [...reads, ...writes];
  const requests = readSamples.length + writeSamples.length;
  return {
    seconds,
    requests,
    requestsPerSecond: requests / seconds,
    reads: readSamples.length,
    writes: writeSamples.length,
    p50: percentile(all, 0.5),
    p99: percentile(all, 0.99),
    readP50: percentile(reads, 0.5),
    readP99: percentile(reads, 0.99),
    writeP50: percentile(writes, 0.5),
    writeP99: percentile(writes, 0.99),
    non2xx: [...readSamples, ...writeSamples].filter((s) => s.status < 200 || s.status >= 300).length,
    errors,
    readSamples,
    writeSamples,
  };
}

export interface StaleCount {
  /** (read, event) pairs checked: every event every 2xx read showed. */
  readonly checked: number;
  /** Of those, how many were about an event some bench write had changed before the read started. */
  readonly afterAWrite: number;
  readonly violations: number;
  /** A few violations, for the log. */
  readonly examples: readonly string[];
}

/**
 * A read that started after a write to one of its events had been answered must show that
 * write's title or a later one. Writes to one event may overlap, so "later" is what can be proven:
 * the value the read showed is stale when it came from a write (or from no bench write at all)
 * that was answered before another write to the same event had even started, and that other
 * write was answered before the read started. Writes that failed prove nothing and are left out.
 */
export function countStale(reads: readonly ReadSample[], writes: readonly WriteSample[]): StaleCount {
  const byEvent = new Map<number, WriteSample[]>();
  const byValue = new Map<number, WriteSample>();
  // Counters only grow: a title from before this run's first write is older than all of them.
  const firstOfRun = Math.min(...writes.map((write) => write.n));
  for (const write of writes) {
    if (write.eventId === undefined || write.status < 200 || write.status >= 300) continue;
    byValue.set(write.n, write);
    const list = byEvent.get(write.eventId) ?? [];
    list.push(write);
    byEvent.set(write.eventId, list);
  }
  let checked = 0;
  let afterAWrite = 0;
  let violations = 0;
  const examples: string[] = [];
  for (const read of reads) {
    if (!read.seen || read.status < 200 || read.status >= 300) continue;
    for (const [eventId, value] of read.seen) {
      checked += 1;
      // The latest start among this event's writes answered before the read started.
      let latestStart = Number.NEGATIVE_INFINITY;
      let latest: WriteSample | undefined;
      for (const write of byEvent.get(eventId) ?? []) {
        if (write.end < read.start && write.start > latestStart) {
          latestStart = write.start;
          latest = write;
        }
      }
      if (!latest) continue;
      afterAWrite += 1;
      const older = value === null || value < firstOfRun;
      const shown = older ? undefined : byValue.get(value);
      // A value from a write of this run that failed proves nothing.
      if (!older && !shown) continue;
      const shownEnd = shown ? shown.end : Number.NEGATIVE_INFINITY;
      if (shownEnd < latestStart) {
        violations += 1;
        if (examples.length < 5) {
          examples.push(
            `${read.path} at ${read.start.toFixed(1)} ms showed event ${eventId} as ${value === null ? 'its original title' : `Mixed ${value}`}, ` +
              `but Mixed ${latest.n} was answered at ${latest.end.toFixed(1)} ms`,
          );
        }
      }
    }
  }
  return { checked, afterAWrite, violations, examples };
}

export interface FreshnessResult {
  readonly changes: number;
  /** From the UPDATE's OK to the end of the first answer showing it, ms. */
  readonly p50: number;
  readonly p90: number;
  readonly p99: number;
  readonly max: number;
  /** Changes not shown within the bound. */
  readonly missed: number;
  /** Answers still showing the old title after the UPDATE's OK (the window the figure measures). */
  readonly oldAnswers: number;
}

export interface FreshnessOptions {
  readonly baseUrl: string;
  /** The single event's path. */
  readonly path: string;
  readonly changes: number;
  /** Runs the UPDATE outside the service and resolves at its OK. */
  readonly update: (title: string) => Promise<void>;
  /** Longest wait for one change to show, ms. */
  readonly boundMs?: number;
}

/**
 * For each change: the event's answer is cached first (two GETs), the title is changed by SQL
 * outside the service, and from the UPDATE's OK one client polls (one GET at a time, no pause)
 * until the answer shows the new title.
 */
export async function measureFreshness(options: FreshnessOptions): Promise<FreshnessResult> {
  const client = new LoopbackClient(options.baseUrl, 1);
  const bound = options.boundMs ?? 2_000;
  const delays: number[] = [];
  let missed = 0;
  let oldAnswers = 0;
  const titleOf = (body: string) => {
    try {
      return (JSON.parse(body) as { title?: unknown }).title;
    } catch {
      return undefined;
    }
  };
  try {
    for (let i = 1; i <= options.changes; i += 1) {
      await client.send('GET', options.path);
      await client.send('GET', options.path);
      const title = `Fresh ${Date.now()} ${i}`;
      await options.update(title);
      const acknowledged = performance.now();
      for (;;) {
        const answer = await client.send('GET', options.path);
        const now = performance.now();
        if (titleOf(answer.body) === title) {
          delays.push(now - acknowledged);
          break;
        }
        oldAnswers += 1;
        if (now - acknowledged > bound) {
          missed += 1;
          break;
        }
      }
    }
  } finally {
    client.close();
  }
  return {
    changes: options.changes,
    p50: percentile(delays, 0.5),
    p90: percentile(delays, 0.9),
    p99: percentile(delays, 0.99),
    max: percentile(delays, 1),
    missed,
    oldAnswers,
  };
}

/** GETs every path once, `concurrency` at a time; returns the answers' total body size in bytes and the non-2xx count. */
export async function fetchAll(baseUrl: string, paths: readonly string[], concurrency: number): Promise<{ bytes: number; non2xx: number; errors: number }> {
  const client = new LoopbackClient(baseUrl, concurrency);
  let next = 0;
  let bytes = 0;
  let non2xx = 0;
  let errors = 0;
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < paths.length) {
          const path = paths[next]!;
          next += 1;
          try {
            const answer = await client.send('GET', path);
            bytes += Buffer.byteLength(answer.body);
            if (answer.status < 200 || answer.status >= 300) non2xx += 1;
          } catch {
            errors += 1;
          }
        }
      }),
    );
  } finally {
    client.close();
  }
  return { bytes, non2xx, errors };
}

/** The `fraction` percentile of `values` (nearest rank), NaN when there are none. */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * fraction) - 1))]!;
}
