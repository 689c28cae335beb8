import { access } from 'node:fs/promises';
import { createConnection } from 'mysql2/promise';
import { afterAll, describe, expect, it } from 'vitest';
import { startMariadbInstance, type MariadbInstance } from '../../setup/mariadb-instance.js';

async function queryOne(url: string, statement: string): Promise<Record<string, unknown>> {
  const connection = await createConnection({ uri: url });
  try {
    const [rows] = await connection.query(statement);
    return (rows as Array<Record<string, unknown>>)[0] ?? {};
  } finally {
    await connection.end();
  }
}

describe('startMariadbInstance', () => {
  let instance: MariadbInstance | undefined;

  afterAll(async () => {
    await instance?.stop();
  });

  it('starts a server of its own with binlog on, survives a SIGKILL and a restart, and removes its folder on stop', async () => {
    instance = await startMariadbInstance({ binlog: true, serverId: 7 });
    expect(instance.port).not.toBe(3306);
    expect(instance.url).toBe(`mysql://root@127.0.0.1:${instance.port}`);

    const settings = await queryOne(
      instance.url,
      'SELECT @@server_id AS serverId, @@log_bin AS logBin, @@binlog_format AS format, @@binlog_row_image AS image, @@bind_address AS bind',
    );
    expect(settings).toEqual({ serverId: 7, logBin: 1, format: 'ROW', image: 'FULL', bind: '127.0.0.1' });

    await queryOne(instance.url, 'CREATE DATABASE kept');
    await instance.kill();
    await expect(queryOne(instance.url, 'SELECT 1 AS one')).rejects.toThrow();

    await instance.start();
    const databases = await queryOne(
      instance.url,
      "SELECT COUNT(*) AS n FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = 'kept'",
    );
    expect(databases).toEqual({ n: 1 });

    const dataDir = instance.dataDir;
    await instance.stop();
    await instance.stop();
    await expect(access(dataDir)).rejects.toThrow();
    await expect(queryOne(instance.url, 'SELECT 1 AS one')).rejects.toThrow();
  });

  it('has binlog off unless asked', async () => {
    const plain = await startMariadbInstance();
    try {
      expect(await queryOne(plain.url, 'SELECT @@log_bin AS logBin')).toEqual({ logBin: 0 });
    } finally {
      await plain.stop();
    }
  });
});
