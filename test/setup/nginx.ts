import { it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from './built-service.js';
import { canConnect, stopChild } from './net.js';

/**
 * Debian's nginx as the end-to-end tests run it: its own process (not the system service), its own
 * configuration, logs and temp folders in a temp prefix, listening on ports the test picked, with
 * the shipped files of deploy/nginx/ rendered towards the test's own service addresses.
 */
export const NGINX = '/usr/sbin/nginx';
export const SNIPPET = join(PROJECT_ROOT, 'deploy/nginx/calendar-sidecar.conf');
export const UPSTREAM_EXAMPLE = join(PROJECT_ROOT, 'deploy/nginx/calendar-sidecar-upstream.conf');
/** The upstream address the shipped snippet names (calendar-sidecar.env.example's HOST:PORT). */
export const SHIPPED_UPSTREAM = '127.0.0.1:8080';

/** Throws the way to install nginx when the binary is missing. */
export function requireNginx(): void {
  if (!existsSync(NGINX)) {
    throw new Error(
      `nginx is not installed (${NGINX} is missing). Run \`bash .ci/run\`, which installs Debian's nginx-light, ` +
        'or `apt-get install -y nginx-light` (the system nginx service need not run: this test starts its own).',
    );
  }
}

/** The shipped snippet, every upstream address in it replaced by `address` (host:port or an upstream name). */
export async function renderSnippet(address: string): Promise<string> {
  const text = await readFile(SNIPPET, 'utf8');
  return text.split(SHIPPED_UPSTREAM).join(address);
}

/**
 * A WordPress site's `server { }` block for the tests: the given snippets included (paths), and a
 * `location /` answering 418 standing in for the site's PHP, so anything answering 418 was not
 * sent to the sidecar.
 */
export function siteServer(port: number, includes: readonly string[]): string {
  return `
    server {
        listen 127.0.0.1:${port};
        server_name events.example.test;
${includes.map((path) => `        include ${path};`).join('\n')}
        location / {
            return 418 "php\\n";
        }
    }`;
}

export interface RunningNginx {
  readonly process: ChildProcess;
  /** The temp folder holding the configuration, logs and whatever files `configure` wrote. */
  readonly prefix: string;
  errorLog(): Promise<string>;
  /** Graceful stop (SIGQUIT), then the prefix is removed. */
  stop(): Promise<void>;
}

/**
 * Starts nginx with `configure(prefix)` as the body of its `http { }` block (upstreams and
 * servers; `configure` may write included files into `prefix`), and waits until every port in
 * `ports` accepts connections.
 */
export async function startNginx(configure: (prefix: string) => Promise<string>, ports: readonly number[]): Promise<RunningNginx> {
  const prefix = await mkdtemp(join(tmpdir(), 'calendar-sidecar-nginx-'));
  // Run as root, nginx's workers drop to `nobody`, which must reach the temp folders below.
  await chmod(prefix, 0o755);
  const errorLogPath = join(prefix, 'error.log');
  const conf = `
daemon off;
worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log ${errorLogPath} notice;
events { worker_connections 256; }
http {
    default_type text/plain;
    access_log ${join(prefix, 'access.log')};
    client_body_temp_path ${join(prefix, 'client_body')};
    proxy_temp_path ${join(prefix, 'proxy')};
    fastcgi_temp_path ${join(prefix, 'fastcgi')};
    uwsgi_temp_path ${join(prefix, 'uwsgi')};
    scgi_temp_path ${join(prefix, 'scgi')};
${await configure(prefix)}
}
`;
  const confPath = join(prefix, 'nginx.conf');
  await writeFile(confPath, conf);
  let output = '';
  // -e: the error log before the configuration is read (else the system's /var/log/nginx/error.log).
  const child = spawn(NGINX, ['-p', prefix, '-c', confPath, '-e', errorLogPath], { stdio: ['ignore', 'pipe', 'pipe'] });
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const running: RunningNginx = {
    process: child,
    prefix,
    errorLog: () => readFile(errorLogPath, 'utf8').catch(() => ''),
    stop: async () => {
      await stopChild(child, 'SIGQUIT').catch(() => undefined);
      await rm(prefix, { recursive: true, force: true });
    },
  };
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const reachable = await Promise.all(ports.map(canConnect));
    if (reachable.every(Boolean)) return running;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const log = await running.errorLog();
  await running.stop();
  throw new Error(`nginx did not start (exit code ${child.exitCode}):\n${output}\n${log}`);
}

/**
 * `it` for tests whose setup (a build, nginx, the service) runs once in beforeAll and is kept from
 * throwing there: each test fails with the setup's error, when there was one, instead of vitest
 * skipping them all with a bare hook failure.
 */
export function checkAfterSetup(setupError: () => Error | undefined): (name: string, body: () => Promise<void>) => void {
  return (name, body) =>
    it(name, async () => {
      const error = setupError();
      if (error) throw error;
      await body();
    });
}
