import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { freePort } from './net.js';

/**
 * A MariaDB server of a test's own, in a temporary folder, on a free loopback port: for tests that
 * need what the shared server on 3306 must never be given (binlog on, a kill, a restart).
 */
export interface MariadbInstance {
  readonly port: number;
  /** `mysql://root@127.0.0.1:PORT`: a server, no database. */
  readonly url: string;
  readonly dataDir: string;
  /** The folder holding the datadir, the binlogs (`binlog.NNNNNN`), the socket, pid and error log. */
  readonly baseDir: string;
  /** Sends `signal` (SIGKILL unless told) and waits until the process has exited. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** (Re)starts on the same datadir and port and waits until it answers; a no-op while it runs. */
  start(): Promise<void>;
  /**
   * Clean shutdown (SIGTERM, then SIGKILL past a bound); idempotent. Removes the temporary folder
   * unless `remove: false`, after which the instance can be started again.
   */
  stop(options?: { remove?: boolean }): Promise<void>;
}

export interface MariadbInstanceOptions {
  /** Row-based binlog with full row images, as the change feed's binlog source needs. */
  binlog?: boolean;
  /** `--server-id`; 1 unless set. */
  serverId?: number;
  /** More `mariadbd` options, after ours (so they win). */
  extraArgs?: string[];
}

const SERVER_BINARY = 'mariadbd';
const INSTALL_BINARY = 'mariadb-install-db';
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;
const PING_INTERVAL_MS = 100;
const LOG_TAIL_LINES = 30;
const BIND_ATTEMPTS = 3;

// Small buffers: several of these run beside the shared server on a 2-core machine.
const SIZING_ARGS = [
  '--innodb-buffer-pool-size=32M',
  '--innodb-log-file-size=16M',
  '--performance-schema=OFF',
  '--skip-name-resolve',
  '--max-connections=100',
];

// Servers still running when the test process exits (a failed test that never reached stop()) are
// killed, so no stray mariadbd outlives the run.
const running = new Set<ChildProcess>();
let exitHookInstalled = false;
function trackForExit(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', () => {
      for (const server of running) server.kill('SIGKILL');
    });
  }
}

/**
 * Creates a fresh datadir (root with no password on 127.0.0.1), starts `mariadbd` on it with
 * `--no-defaults`, and resolves once it answers a query. Throws with the tail of its error log
 * when it does not start.
 */
export async function startMariadbInstance(options: MariadbInstanceOptions = {}): Promise<MariadbInstance> {
  const baseDir = await mkdtemp(join(tmpdir(), 'cs-mariadb-'));
  const dataDir = join(baseDir, 'data');
  const errorLog = join(baseDir, 'error.log');
  try {
    await mkdir(dataDir);
    try {
      await runInstallDb(dataDir, join(baseDir, 'install.log'));
    } catch {
      // The bootstrap now and then aborts when several test files start servers at once on the
      // two cores (seen once in a full run); a second try on an empty datadir settles it, and a
      // second failure is reported with its log as before.
      await rm(dataDir, { recursive: true, force: true });
      await mkdir(dataDir);
      await runInstallDb(dataDir, join(baseDir, 'install.log'));
    }
  } catch (error) {
    await rm(baseDir, { recursive: true, force: true });
    throw error;
  }
  // A port can still be taken between the pick and mariadbd's bind (another test's server); a
  // fresh port settles it.
  for (let attempt = 1; ; attempt += 1) {
    const instance = instanceOn(await freePort(), { baseDir, dataDir, errorLog }, options);
    try {
      await instance.start();
      return instance;
    } catch (error) {
      const portTaken = error instanceof Error && error.message.includes('Address already in use');
      if (portTaken && attempt < BIND_ATTEMPTS) {
        await instance.stop({ remove: false });
        continue;
      }
      await instance.stop();
      throw error;
    }
  }
}

/** The instance on `dirs`' datadir listening on `port`; not started yet. */
function instanceOn(
  port: number,
  { baseDir, dataDir, errorLog }: { baseDir: string; dataDir: string; errorLog: string },
  options: MariadbInstanceOptions,
): MariadbInstance {
  const args = [
    '--no-defaults',
    `--datadir=${dataDir}`,
    `--socket=${join(baseDir, 'mariadb.sock')}`,
    `--pid-file=${join(baseDir, 'mariadb.pid')}`,
    // Its temporary tables in its own folder, apart from the shared server's in /tmp.
    `--tmpdir=${baseDir}`,
    `--log-error=${errorLog}`,
    `--port=${port}`,
    '--bind-address=127.0.0.1',
    '--user=root',
    ...SIZING_ARGS,
    `--server-id=${options.serverId ?? 1}`,
    ...(options.binlog
      ? [`--log-bin=${join(baseDir, 'binlog')}`, '--binlog-format=ROW', '--binlog-row-image=FULL']
      : []),
    ...(options.extraArgs ?? []),
  ];
  const url = `mysql://root@127.0.0.1:${port}`;
  let child: ChildProcess | undefined;
  let removed = false;

  const waitForExit = (server: ChildProcess, timeoutMs: number) =>
    new Promise<boolean>((resolve) => {
      if (server.exitCode !== null || server.signalCode !== null) return resolve(true);
      const timer = setTimeout(() => resolve(false), timeoutMs);
      server.once('exit', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });

  return {
    port,
    url,
    dataDir,
    baseDir,
    async start() {
      if (removed) throw new Error(`MariaDB instance on port ${port} was stopped and removed`);
      if (child && child.exitCode === null && child.signalCode === null) return;
      const server = spawn(SERVER_BINARY, args, { stdio: ['ignore', 'ignore', 'pipe'] });
      child = server;
      trackForExit(server);
      let stderr = '';
      server.stderr?.setEncoding('utf8');
      server.stderr?.on('data', (chunk: string) => {
        stderr = (stderr + chunk).slice(-4000);
      });
      const spawnError = new Promise<Error>((resolve) => server.once('error', resolve));
      try {
        await waitUntilAnswering(port, server, spawnError);
      } catch (error) {
        server.kill('SIGKILL');
        await waitForExit(server, STOP_TIMEOUT_MS);
        const tail = await logTail(errorLog);
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(
          `MariaDB on port ${port} (${baseDir}) did not start: ${reason}\n` +
            `--- error log tail ---\n${tail}${stderr ? `\n--- stderr ---\n${stderr}` : ''}`,
        );
      }
    },
    async kill(signal: NodeJS.Signals = 'SIGKILL') {
      const server = child;
      if (!server || server.exitCode !== null || server.signalCode !== null) return;
      server.kill(signal);
      await waitForExit(server, STOP_TIMEOUT_MS);
    },
    async stop({ remove = true } = {}) {
      const server = child;
      if (server && server.exitCode === null && server.signalCode === null) {
        server.kill('SIGTERM');
        if (!(await waitForExit(server, STOP_TIMEOUT_MS))) {
          server.kill('SIGKILL');
          await waitForExit(server, STOP_TIMEOUT_MS);
        }
      }
      if (remove && !removed) {
        removed = true;
        await rm(baseDir, { recursive: true, force: true });
      }
    },
  };
}

function runInstallDb(dataDir: string, logFile: string): Promise<void> {
  const args = [
    '--no-defaults',
    '--auth-root-authentication-method=normal',
    `--datadir=${dataDir}`,
    '--user=root',
    '--skip-test-db',
    ...SIZING_ARGS,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(INSTALL_BINARY, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString('utf8')).slice(-8000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.once('error', (error) => reject(new Error(`${INSTALL_BINARY} could not run: ${error.message}`)));
    child.once('close', (code) => {
      if (code === 0) return resolve();
      const tail = output.trim().split('\n').slice(-LOG_TAIL_LINES).join('\n');
      reject(new Error(`${INSTALL_BINARY} exited with code ${code} (log ${logFile}):\n${tail}`));
    });
  });
}

async function waitUntilAnswering(
  port: number,
  server: ChildProcess,
  spawnError: Promise<Error>,
): Promise<void> {
  const exited = new Promise<string>((resolve) =>
    server.once('exit', (code, signal) => resolve(`exited (code ${code}, signal ${signal})`)),
  );
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastError = 'no answer yet';
  for (;;) {
    const outcome = await Promise.race([
      ping(port).then(
        () => 'ok' as const,
        (error: unknown) => {
          lastError = error instanceof Error ? error.message : String(error);
          return 'retry' as const;
        },
      ),
      exited.then((why) => ({ exited: why })),
      spawnError.then((error) => ({ exited: `could not run ${SERVER_BINARY}: ${error.message}` })),
    ]);
    if (outcome === 'ok') return;
    if (typeof outcome === 'object') throw new Error(outcome.exited);
    if (Date.now() > deadline) {
      throw new Error(`no answer within ${READY_TIMEOUT_MS} ms (last: ${lastError})`);
    }
    await new Promise((resolve) => setTimeout(resolve, PING_INTERVAL_MS));
  }
}

async function ping(port: number): Promise<void> {
  const connection = await createConnection({ host: '127.0.0.1', port, user: 'root', connectTimeout: 2000 });
  try {
    await connection.query('SELECT 1');
  } finally {
    await connection.end().catch(() => undefined);
  }
}

async function logTail(file: string): Promise<string> {
  try {
    const text = await readFile(file, 'utf8');
    return text.trim().split('\n').slice(-LOG_TAIL_LINES).join('\n');
  } catch {
    return '(no error log)';
  }
}
