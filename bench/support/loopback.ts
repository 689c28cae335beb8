import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { createHandler } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createTestDatabase } from '../../test/setup/database.js';

/** One measured route: what autocannon sends, and the name printed. */
export interface BenchRoute {
  name: string;
  options: Omit<autocannon.Options, 'url'> & { path: string };
}

/**
 * Serves the app on a fresh copy of the recorded site over loopback, runs each route for
 * `duration` seconds with `connections` connections, prints one line per route, and sets the
 * exit code to 1 when any answer was not 2xx (a rate of error answers means nothing).
 */
export async function benchRoutes(routes: readonly BenchRoute[], duration: number, connections: number): Promise<void> {
  const database = await createTestDatabase({ dump: 'reference' });
  const handler = createHandler({ db: database.db, config: loadConfig({ DATABASE_URL: database.url }), logError: () => undefined });
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const failedRoutes: string[] = [];
  try {
    console.log(`route                          req/s     p50 ms   p99 ms   non-2xx`);
    for (const { name, options } of routes) {
      const { path, ...rest } = options;
      const result = await autocannon({ ...rest, url: base + path, connections, duration });
      if (result.non2xx > 0 || result.errors > 0) {
        failedRoutes.push(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} failed requests (${path})`);
      }
      const line = [
        name.padEnd(30),
        result.requests.average.toFixed(0).padStart(6),
        result.latency.p50.toFixed(1).padStart(9),
        result.latency.p99.toFixed(1).padStart(8),
        String(result.non2xx).padStart(9),
      ];
      console.log(line.join(' '));
    }
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await database.drop();
  }
  if (failedRoutes.length > 0) {
    console.error(`\nnot every answer was 2xx:\n${failedRoutes.join('\n')}`);
    process.exitCode = 1;
  }
}
