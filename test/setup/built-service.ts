import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVICE_NODE_FLAGS } from './service-flags.js';

/**
 * The service as `npm start` runs it, for the end-to-end tests: `dist/`, which the test run's
 * globalSetup brings up to date once before any test starts (scripts/ensure-build.mjs, as `npm
 * start` does), so no two tests compile at once and no test hands another a half-written file;
 * then `node main.js` with the given settings, ready once it prints the address it listens on.
 * Other projects (the benchmark's) compile into a folder of their own under node_modules/.cache.
 */
export const PROJECT_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The build `npm start` runs, kept current by the test run's globalSetup. */
export const START_BUILD = join(PROJECT_ROOT, 'dist');
const CACHE = join(PROJECT_ROOT, 'node_modules/.cache');

/**
 * The folder of the compiled service: for tsconfig.build.json (the default) `dist/`, built once per
 * test run by globalSetup; any other project compiled into a new folder `node_modules/.cache/e2e-<name>-*`.
 */
export async function buildService(name: string, project = 'tsconfig.build.json'): Promise<string> {
  if (project === 'tsconfig.build.json') return START_BUILD;
  // node_modules/.cache is not there after a fresh `npm ci`.
  await mkdir(join(PROJECT_ROOT, 'node_modules/.cache'), { recursive: true });
  const buildDir = await mkdtemp(join(PROJECT_ROOT, `node_modules/.cache/e2e-${name}-`));
  execFileSync(
    process.execPath,
    [`${PROJECT_ROOT}node_modules/typescript/bin/tsc`, '-p', project, '--outDir', buildDir, '--tsBuildInfoFile', join(buildDir, '.tsbuildinfo')],
    { cwd: PROJECT_ROOT, stdio: 'pipe' },
  );
  return buildDir;
}

/** Removes a folder buildService compiled into; `dist/` stays. */
export async function removeBuild(buildDir: string | undefined): Promise<void> {
  if (buildDir?.startsWith(`${CACHE}/`)) await rm(buildDir, { recursive: true, force: true });
}

export interface RunningService {
  readonly process: ChildProcess;
  /** `http://127.0.0.1:<port>`. */
  readonly baseUrl: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
}

/**
 * Where the services the tests start run: a folder of the project without a `.env` (the service
 * reads one from its working directory, and a developer's own in the project's root must not
 * change what the tests start).
 */
export const SERVICE_CWD = fileURLToPath(new URL('.', import.meta.url));

/**
 * Starts `<buildDir>/main.js` with PORT=0 on 127.0.0.1 and `env` on top of this process's
 * environment, in SERVICE_CWD unless `cwd` says otherwise.
 */
export async function startBuiltService(buildDir: string, env: Record<string, string>, options: { cwd?: string } = {}): Promise<RunningService> {
  const child = spawn(process.execPath, [...SERVICE_NODE_FLAGS, join(buildDir, 'main.js')], {
    cwd: options.cwd ?? SERVICE_CWD,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start within 30 s:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/[^/\s]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code}:\n${output}`));
    });
  });
  return { process: child, baseUrl, output: () => output };
}

/** Stops a started service with SIGTERM (its graceful shutdown) and waits until it has exited. */
export async function stopService(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
