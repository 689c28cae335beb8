import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../setup/built-service.js';
import { canConnect } from '../setup/net.js';

/**
 * `npm start` stopped as a supervisor stops it: systemd, a process manager or a container runtime
 * sends SIGTERM to the process it started, which is npm, not the service. npm hands the signal to
 * the script's child; the service must be that child (not a `sh -c` that dies and leaves the
 * service serving) and drain as a direct SIGTERM makes it. Ctrl-C in a terminal sends SIGINT to the
 * whole process group, and npm forwards its copy too: the service gets two and must still drain.
 */

interface NpmStart {
  readonly npm: ChildProcess;
  readonly port: number;
  /** Every process below npm once the service listens (the service itself among them). */
  readonly descendants: readonly number[];
  readonly exited: Promise<number | null>;
  output(): string;
}

let started: NpmStart | undefined;

afterEach(() => {
  // A failed assertion must not leave a service serving: kill what is left, by pid.
  for (const pid of [started?.npm.pid, ...(started?.descendants ?? [])]) {
    if (pid !== undefined && isAlive(pid)) process.kill(pid, 'SIGKILL');
  }
  started = undefined;
});

/** `npm start` on the demo, in a process group of its own, until it prints where it listens. */
async function npmStart(): Promise<NpmStart> {
  const npm = spawn('npm', ['start'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, DATABASE_URL: '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start did not listen within 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    npm.stdout.on('data', onData);
    npm.stderr.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${code}:\n${output}`));
    });
  });
  started = { npm, port, descendants: descendantsOf(npm.pid!), exited, output: () => output };
  return started;
}

/** The pids below `pid`, children first. */
function descendantsOf(pid: number): number[] {
  let children: number[];
  try {
    children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((child) => child > 0);
  } catch {
    // ps exits 1 when there is none.
    children = [];
  }
  return children.flatMap((child) => [child, ...descendantsOf(child)]);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function exitWithin(run: NpmStart, ms: number): Promise<number | null> {
  return Promise.race([
    run.exited,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`npm start still running ${ms} ms after the signal:\n${run.output()}`)), ms)),
  ]);
}

/** Waits (a little) until none of `pids` is left: the service's exit is what ends npm, a moment before. */
async function gone(pids: readonly number[]): Promise<number[]> {
  for (let waited = 0; waited < 2_000 && pids.some(isAlive); waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
  return pids.filter(isAlive);
}

describe('npm start', () => {
  it('drains and exits when SIGTERM is sent to the npm process alone', async () => {
    const run = await npmStart();
    expect(run.descendants.length).toBeGreaterThan(0);
    expect((await fetch(`http://127.0.0.1:${run.port}/healthz`)).status).toBe(200);

    process.kill(run.npm.pid!, 'SIGTERM');

    expect(await exitWithin(run, 15_000)).toBe(0);
    expect(run.output()).toContain('SIGTERM received, shutting down');
    expect(await gone(run.descendants)).toEqual([]);
    expect(await canConnect(run.port)).toBe(false);
  }, 90_000);

  it('drains and exits 0 on Ctrl-C (SIGINT to the whole group, and npm forwarding its own)', async () => {
    const run = await npmStart();
    expect((await fetch(`http://127.0.0.1:${run.port}/healthz`)).status).toBe(200);

    process.kill(-run.npm.pid!, 'SIGINT');

    expect(await exitWithin(run, 15_000)).toBe(0);
    expect(run.output().match(/SIGINT received, shutting down/g)).toHaveLength(1);
    expect(await gone(run.descendants)).toEqual([]);
    expect(await canConnect(run.port)).toBe(false);
  }, 90_000);
});
