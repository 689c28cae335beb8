import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMariadbInstance } from './mariadb-instance.js';
import { canConnect, freePort } from './net.js';

/**
 * The three servers the suite talks to (MariaDB, Redis, NATS with JetStream), made available for a
 * bare `npm test`: a server named by its TEST_*_URL variable is used as it is; otherwise the local
 * default port is used when something answers there; otherwise, where the server is installed but
 * not running, a private one is started on a free loopback port in a scratch folder, its URL put in
 * the TEST_*_URL variable (the test workers inherit it) and stopped when the run ends; where it is
 * not installed, the run stops with the one `apt-get install` line that brings it.
 */
export interface PrivateServers {
  /** One line per server started privately, for the run's log. */
  readonly started: string[];
  /** Stops every server started here and removes its scratch folder. */
  stop(): Promise<void>;
}

interface ServerKind {
  /** The environment variable the tests read the server's URL from. */
  env: 'TEST_DATABASE_URL' | 'TEST_REDIS_URL' | 'TEST_NATS_URL';
  name: string;
  defaultPort: number;
  /** The binaries needed to start one, and the Debian package that brings them. */
  binaries: string[];
  aptPackage: string;
  start(): Promise<{ url: string; stop(): Promise<void> }>;
}

const READY_TIMEOUT_MS = 30_000;

function installed(binary: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${binary}`], { stdio: 'ignore' }).status === 0;
}

async function waitForPort(port: number, child: ChildProcess, name: string): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${name} exited before it answered on port ${port}`);
    if (await canConnect(port)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not answer on port ${port} within ${READY_TIMEOUT_MS / 1000} s`);
}

/** Starts `binary args…` in a scratch folder (args get the folder and port), waits for its port. */
async function startProcess(name: string, binary: string, args: (dir: string, port: number) => string[]) {
  const dir = await mkdtemp(join(tmpdir(), `cs-${name.toLowerCase()}-`));
  const port = await freePort();
  const child = spawn(binary, args(dir, port), { stdio: 'ignore' });
  // A run that dies without its teardown must not leave the server behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  try {
    await waitForPort(port, child, name);
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    port,
    async stop() {
      process.off('exit', killOnExit);
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        child.kill('SIGKILL');
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const KINDS: ServerKind[] = [
  {
    env: 'TEST_DATABASE_URL',
    name: 'MariaDB',
    defaultPort: 3306,
    binaries: ['mariadbd', 'mariadb-install-db'],
    aptPackage: 'mariadb-server',
    async start() {
      // The whole suite runs on it: sized and set as Debian's packaged server is (its config files
      // are skipped by --no-defaults), not as the small instances single tests start.
      const instance = await startMariadbInstance({
        extraArgs: [
          '--innodb-buffer-pool-size=128M',
          '--max-connections=151',
          '--max-allowed-packet=16M',
          '--character-set-server=utf8mb4',
          '--collation-server=utf8mb4_general_ci',
        ],
      });
      return { url: instance.url, stop: () => instance.stop() };
    },
  },
  {
    env: 'TEST_REDIS_URL',
    name: 'Redis',
    defaultPort: 6379,
    binaries: ['redis-server'],
    aptPackage: 'redis-server',
    async start() {
      const server = await startProcess('Redis', 'redis-server', (dir, port) => [
        '--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no', '--dir', dir,
      ]);
      return { url: `redis://127.0.0.1:${server.port}`, stop: server.stop };
    },
  },
  {
    env: 'TEST_NATS_URL',
    name: 'NATS',
    defaultPort: 4222,
    binaries: ['nats-server'],
    aptPackage: 'nats-server',
    async start() {
      const server = await startProcess('NATS', 'nats-server', (dir, port) => ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', dir]);
      return { url: `nats://127.0.0.1:${server.port}`, stop: server.stop };
    },
  },
];

export interface EnsureOptions {
  /** Where the URLs are read from and written to; process.env unless set. */
  env?: NodeJS.ProcessEnv;
  /** The port each server is looked for on before one is started (tests use closed ports). */
  defaultPorts?: Partial<Record<ServerKind['env'], number>>;
  /** Whether a binary is installed; `command -v` unless set. */
  isInstalled?: (binary: string) => boolean;
}

export async function ensureTestServers(options: EnsureOptions = {}): Promise<PrivateServers> {
  const env = options.env ?? process.env;
  const isInstalled = options.isInstalled ?? installed;
  const stops: Array<() => Promise<void>> = [];
  const started: string[] = [];
  const stop = async () => {
    for (const stopOne of stops.reverse()) await stopOne().catch(() => {});
  };
  try {
    for (const kind of KINDS) {
      if (env[kind.env]?.trim()) continue;
      const defaultPort = options.defaultPorts?.[kind.env] ?? kind.defaultPort;
      if (await canConnect(defaultPort)) continue;
      const missing = kind.binaries.filter((binary) => !isInstalled(binary));
      if (missing.length > 0) {
        throw new Error(
          `${kind.name} is not running on 127.0.0.1:${defaultPort} and is not installed (${missing.join(', ')} not found).\n` +
            `Install it (apt-get install -y ${kind.aptPackage}) and run npm test again, or point ${kind.env} at a server.`,
        );
      }
      const server = await kind.start();
      stops.push(server.stop);
      env[kind.env] = server.url;
      started.push(`${kind.name} was not running on port ${defaultPort}: started a private one at ${server.url} for this run`);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { started, stop };
}
