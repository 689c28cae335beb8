import { connect } from 'nats';
import { Redis } from 'ioredis';
import { createConnection } from 'mysql2/promise';
import { describe, expect, it } from 'vitest';
import { canConnect, freePort } from '../../setup/net.js';
import { ensureTestServers } from '../../setup/private-servers.js';

/** Default ports nothing listens on, so ensureTestServers behaves as on a machine whose servers are stopped. */
async function closedDefaultPorts() {
  return {
    TEST_DATABASE_URL: await freePort(),
    TEST_REDIS_URL: await freePort(),
    TEST_NATS_URL: await freePort(),
  };
}

describe('ensureTestServers: npm test on a machine whose servers are installed but stopped', () => {
  it('starts private MariaDB, Redis and NATS with JetStream, names them in the env, and stops them', async () => {
    const env: NodeJS.ProcessEnv = {};
    const servers = await ensureTestServers({ env, defaultPorts: await closedDefaultPorts() });
    try {
      expect(servers.started).toHaveLength(3);
      expect(env.TEST_DATABASE_URL).toMatch(/^mysql:\/\/root@127\.0\.0\.1:\d+$/);
      expect(env.TEST_REDIS_URL).toMatch(/^redis:\/\/127\.0\.0\.1:\d+$/);
      expect(env.TEST_NATS_URL).toMatch(/^nats:\/\/127\.0\.0\.1:\d+$/);

      const mariadb = await createConnection({ uri: env.TEST_DATABASE_URL! });
      const [rows] = await mariadb.query('SELECT 1 + 1 AS two');
      expect(rows).toEqual([{ two: 2 }]);
      await mariadb.end();

      const redis = new Redis(env.TEST_REDIS_URL!);
      expect(await redis.ping()).toBe('PONG');
      await redis.quit();

      const nats = await connect({ servers: env.TEST_NATS_URL! });
      const jsm = await nats.jetstreamManager();
      expect((await jsm.getAccountInfo()).limits).toBeDefined();
      await nats.drain();
    } finally {
      await servers.stop();
    }
    for (const url of [env.TEST_DATABASE_URL!, env.TEST_REDIS_URL!, env.TEST_NATS_URL!]) {
      expect(await canConnect(Number(new URL(url).port))).toBe(false);
    }
  }, 120_000);

  it('leaves a server named by its TEST_*_URL alone, and uses one that answers on the default port', async () => {
    const env: NodeJS.ProcessEnv = { TEST_DATABASE_URL: 'mysql://root@127.0.0.1:1', TEST_NATS_URL: 'nats://127.0.0.1:1' };
    // Redis on its default port: whatever answers there (the machine's own, in this suite) is used.
    const busy = await freePort();
    const holder = (await import('node:net')).createServer().listen(busy, '127.0.0.1');
    await new Promise((resolve) => holder.once('listening', resolve));
    try {
      const servers = await ensureTestServers({ env, defaultPorts: { TEST_REDIS_URL: busy } });
      expect(servers.started).toEqual([]);
      expect(env).toEqual({ TEST_DATABASE_URL: 'mysql://root@127.0.0.1:1', TEST_NATS_URL: 'nats://127.0.0.1:1' });
      await servers.stop();
    } finally {
      holder.close();
    }
  });

  it('stops with the apt-get line when a server is neither running nor installed, and stops what it started', async () => {
    const env: NodeJS.ProcessEnv = {};
    const ports = await closedDefaultPorts();
    const attempt = ensureTestServers({ env, defaultPorts: ports, isInstalled: (binary) => binary !== 'nats-server' });
    await expect(attempt).rejects.toThrow(/NATS is not running on 127\.0\.0\.1:\d+ and is not installed \(nats-server not found\)\.\nInstall it \(apt-get install -y nats-server\)/);
    // MariaDB and Redis were started before NATS was found missing: both are gone again.
    for (const url of [env.TEST_DATABASE_URL, env.TEST_REDIS_URL]) {
      expect(url).toBeDefined();
      expect(await canConnect(Number(new URL(url!).port))).toBe(false);
    }
  }, 120_000);
});
