import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHandler } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createTestDatabase } from '../test/setup/database.js';
import { basicAuth, insertDefaultRoles, insertUser } from '../test/builders/users.js';

/*
 * Does a failed HTTP Basic sign-in tell a client whether the user exists? Sends interleaved
 * requests with an unknown login, an unknown e-mail and a known login with a wrong password to
 * the app over a real socket, and prints each distribution of response times with a two-sample
 * Kolmogorov-Smirnov test of unknown-vs-wrong. Not a test: timings depend on the machine.
 *
 * Usage: npx tsx bench/auth-timing.ts [requests per kind, default 400]
 */

const PER_KIND = Number(process.argv[2] ?? 400);
const WARMUP = 50;
const PATH = '/wp-json/calendar/events/v1/events?start_date=2026-12-01&end_date=2026-12-31';
const WRONG = 'AAAA BBBB CCCC DDDD EEEE FFFF';

type Kind = 'unknown login' | 'unknown e-mail' | 'wrong password';

function authorizationFor(kind: Kind, i: number): string {
  if (kind === 'unknown login') return basicAuth(`nobody${i}`, WRONG);
  if (kind === 'unknown e-mail') return basicAuth(`nobody${i}@example.test`, WRONG);
  return basicAuth('editor', WRONG);
}

async function timeRequest(base: string, authorization: string): Promise<number> {
  const started = process.hrtime.bigint();
  const response = await fetch(base + PATH, { headers: { Authorization: authorization } });
  await response.arrayBuffer();
  const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
  if (response.status !== 401) throw new Error(`expected 401, got ${response.status}`);
  return elapsed;
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

function describe(name: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, x) => sum + x, 0) / sorted.length;
  const sd = Math.sqrt(sorted.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (sorted.length - 1));
  const cells = [5, 25, 50, 75, 95, 99].map((p) => `p${p} ${percentile(sorted, p).toFixed(2)}`);
  return `${name.padEnd(15)} n=${sorted.length}  mean ${mean.toFixed(2)} ± ${sd.toFixed(2)} ms  ${cells.join('  ')}  max ${sorted.at(-1)!.toFixed(2)}`;
}

/** Text histogram of every distribution on shared bins, up to the 99th percentile of all samples. */
function histogram(series: Record<string, number[]>): string {
  const all = Object.values(series).flat().sort((a, b) => a - b);
  const low = all[0]!;
  const high = percentile(all, 99);
  const bins = 16;
  const width = (high - low) / bins || 1;
  const counts = Object.values(series).map((samples) =>
    Array.from({ length: bins }, (_, bin) => samples.filter((x) => Math.min(bins - 1, Math.floor((x - low) / width)) === bin).length),
  );
  const tallest = Math.max(...counts.flat());
  const marks = '#+*';
  const lines = Array.from({ length: bins }, (_, bin) => {
    const bars = counts.map((column, i) => marks[i]!.repeat(Math.round((column[bin]! / tallest) * 20)).padEnd(20));
    return `${(low + bin * width).toFixed(2).padStart(8)} ms | ${bars.join(' | ')}`;
  });
  const legend = Object.keys(series).map((name, i) => `${marks[i]} ${name}`).join('   ');
  return `${legend}\n${lines.join('\n')}`;
}

/** Two-sample Kolmogorov-Smirnov statistic D and the 5% critical value. */
function kolmogorovSmirnov(a: number[], b: number[]): { d: number; critical: number } {
  const x = [...a].sort((p, q) => p - q);
  const y = [...b].sort((p, q) => p - q);
  let i = 0;
  let j = 0;
  let d = 0;
  while (i < x.length && j < y.length) {
    const value = Math.min(x[i]!, y[j]!);
    while (i < x.length && x[i]! <= value) i += 1;
    while (j < y.length && y[j]! <= value) j += 1;
    d = Math.max(d, Math.abs(i / x.length - j / y.length));
  }
  return { d, critical: 1.358 * Math.sqrt((x.length + y.length) / (x.length * y.length)) };
}

async function main(): Promise<void> {
  const database = await createTestDatabase();
  let server: Server | undefined;
  try {
    await insertDefaultRoles(database.db, database.prefix);
    // The wrong password is tried on `editor`, who is not the first user: an unknown name is
    // checked against the first user's passwords, so the two must not be the same account here.
    await insertUser(database.db, database.prefix, { user_login: 'admin', role: 'administrator' });
    await insertUser(database.db, database.prefix, { user_login: 'editor', role: 'editor' });
    for (let i = 0; i < 20; i += 1) await insertUser(database.db, database.prefix, { user_login: `member${i}` });
    const config = loadConfig({ DATABASE_URL: database.url, TABLE_PREFIX: database.prefix });
    server = createServer(createHandler({ db: database.db, config, logError: () => undefined }));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    const kinds: Kind[] = ['unknown login', 'unknown e-mail', 'wrong password'];
    for (let i = 0; i < WARMUP; i += 1) for (const kind of kinds) await timeRequest(base, authorizationFor(kind, i));

    // Interleaved in a shuffled order, so drift (GC, caches, other load) hits every kind alike.
    const plan = kinds.flatMap((kind) => Array.from({ length: PER_KIND }, (_, i) => ({ kind, i })));
    for (let k = plan.length - 1; k > 0; k -= 1) {
      const swap = Math.floor(Math.random() * (k + 1));
      [plan[k], plan[swap]] = [plan[swap]!, plan[k]!];
    }
    const samples: Record<Kind, number[]> = { 'unknown login': [], 'unknown e-mail': [], 'wrong password': [] };
    for (const { kind, i } of plan) samples[kind].push(await timeRequest(base, authorizationFor(kind, i)));

    console.log(`HTTP Basic failures, ${PER_KIND} requests each, response time in ms (401 every time)\n`);
    for (const kind of kinds) console.log(describe(kind, samples[kind]));
    console.log(`\n${histogram(samples)}\n`);
    for (const unknown of ['unknown login', 'unknown e-mail'] as const) {
      const { d, critical } = kolmogorovSmirnov(samples[unknown], samples['wrong password']);
      const verdict = d < critical ? 'not distinguishable at the 5% level' : 'DISTINGUISHABLE at the 5% level';
      console.log(`KS ${unknown} vs wrong password: D = ${d.toFixed(3)} (critical ${critical.toFixed(3)}): ${verdict}`);
    }
  } finally {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
