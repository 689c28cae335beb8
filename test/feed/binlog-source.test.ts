import net from 'node:net';
import { createConnection, type Connection } from 'mysql2/promise';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  BinlogSource,
  type BinlogPosition,
  type BinlogSourceOptions,
  type BinlogTransaction,
} from '../../src/feed/binlog-source.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { startMariadbInstance, type MariadbInstance } from '../setup/mariadb-instance.js';

// Generous: the machine is shared; the delivery time itself is printed, never asserted.
const ARRIVAL_BOUND_MS = 10_000;

interface Arrival {
  transaction: BinlogTransaction;
  at: number;
}

/** Collects what a source reports and lets a test wait for a condition on it. */
class Recorder {
  readonly arrivals: Arrival[] = [];
  readonly resets: string[] = [];
  readonly errors: unknown[] = [];
  readonly logs: string[] = [];
  readonly connections: boolean[] = [];
  #waiters: Array<() => void> = [];

  get transactions(): BinlogTransaction[] {
    return this.arrivals.map((arrival) => arrival.transaction);
  }

  callbacks(): Pick<BinlogSourceOptions, 'onTransaction' | 'onReset' | 'onError' | 'log' | 'onConnectionChange'> {
    return {
      onTransaction: (transaction) => {
        this.arrivals.push({ transaction, at: performance.now() });
        this.#wake();
      },
      onReset: (reason) => {
        this.resets.push(reason);
        this.#wake();
      },
      onError: (error) => this.errors.push(error),
      onConnectionChange: (connected) => {
        this.connections.push(connected);
        this.#wake();
      },
      log: (line) => this.logs.push(line),
    };
  }

  /** Resolves once `condition` holds; rejects after `timeoutMs` saying what was received. */
  until(condition: () => boolean, what: string, timeoutMs = ARRIVAL_BOUND_MS): Promise<void> {
    if (condition()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters = this.#waiters.filter((waiter) => waiter !== check);
        reject(
          new Error(
            `Timed out after ${timeoutMs} ms waiting for ${what}; received ${JSON.stringify(this.transactions.map(summary))}, ` +
              `resets ${JSON.stringify(this.resets)}, log ${JSON.stringify(this.logs.slice(-10))}`,
          ),
        );
      }, timeoutMs);
      const check = () => {
        if (!condition()) return;
        clearTimeout(timer);
        this.#waiters = this.#waiters.filter((waiter) => waiter !== check);
        resolve();
      };
      this.#waiters.push(check);
    });
  }

  #wake(): void {
    for (const waiter of [...this.#waiters]) waiter();
  }
}

function summary(transaction: BinlogTransaction): string[] {
  return transaction.changes.map((change) => `${change.action} ${change.table} x${change.rows.length}`);
}

/** The meta_value of every postmeta row the transactions inserted under `key`, in order. */
function insertedMetaValues(transactions: BinlogTransaction[], key: string): string[] {
  return transactions.flatMap((transaction) =>
    transaction.changes
      .filter((change) => change.table === 'postmeta' && change.action === 'insert')
      .flatMap((change) => change.rows)
      .filter((row) => row.after?.meta_key === key)
      .map((row) => String(row.after?.meta_value)),
  );
}

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] ?? Number.NaN;
}

interface Gate {
  readonly port: number;
  /** While false, every new connection is dropped at once. */
  open: boolean;
  /** While true, nothing is passed on in either direction and no socket closes: a half-open network. */
  frozen: boolean;
  /** The server port new connections go to. */
  target: number;
  close(): Promise<void>;
}

/**
 * A loopback TCP relay to a test's server that the test controls: it can refuse new connections
 * (so the source cannot reconnect until the test says so), swallow traffic, or lead to another server.
 */
async function startGate(target: number): Promise<Gate> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!gate.open) {
      client.destroy();
      return;
    }
    const upstream = net.connect(gate.target, '127.0.0.1');
    const relay = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk: Buffer) => {
        if (!gate.frozen) to.write(chunk);
      });
    relay(client, upstream);
    relay(upstream, client);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
      socket.on('error', () => undefined);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const gate: Gate = {
    port: typeof address === 'object' && address ? address.port : 0,
    open: true,
    frozen: false,
    target,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  return gate;
}

const POST_COLUMNS =
  "post_content = '', post_title = ?, post_excerpt = '', to_ping = '', pinged = '', post_content_filtered = ''";

describe('BinlogSource', () => {
  let instance: MariadbInstance;
  let site: TestDatabase;
  let sql: Connection;
  let otherDatabase: TestDatabase;
  const sources: BinlogSource[] = [];

  function newSource(recorder: Recorder, options: Partial<BinlogSourceOptions> = {}, port = instance.port): BinlogSource {
    const source = new BinlogSource({
      connection: { host: '127.0.0.1', port, user: 'root' },
      database: site.name,
      tablePrefix: 'wp_',
      retryDelayMs: 50,
      maxRetryDelayMs: 500,
      ...recorder.callbacks(),
      ...options,
    });
    sources.push(source);
    return source;
  }

  async function insertMarker(key: string, value: string): Promise<void> {
    await sql.query('INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES (1, ?, ?)', [key, value]);
  }

  beforeAll(async () => {
    instance = await startMariadbInstance({ binlog: true });
    site = await createTestDatabase({ serverUrl: instance.url });
    otherDatabase = await createTestDatabase({ serverUrl: instance.url });
    sql = await createConnection({ uri: site.url });
    // Another sub-site's table in the same database, made before any source reads the binlog.
    await sql.query('CREATE TABLE wp_2_posts LIKE wp_posts');
  });

  afterEach(async () => {
    await Promise.all(sources.splice(0).map((source) => source.stop()));
  });

  afterAll(async () => {
    await sql?.end();
    await site?.drop();
    await otherDatabase?.drop();
    await instance?.stop();
  });

  it('delivers an insert, an update, a delete and a multi-statement transaction with their rows, and nothing of other sub-sites or databases', async () => {
    await sql.query(`INSERT INTO wp_posts SET ID = 10, post_type = 'tribe_events', post_status = 'draft', ${POST_COLUMNS}`, [
      'Before the source',
    ]);
    await sql.query("INSERT INTO wp_postmeta (meta_id, post_id, meta_key, meta_value) VALUES (20, 10, '_EventCost', '5')");
    await sql.query('INSERT INTO wp_term_relationships (object_id, term_taxonomy_id) VALUES (10, 3), (10, 4)');
    const recorder = new Recorder();
    const source = newSource(recorder);
    await source.start();
    expect(source.connected).toBe(true);

    const latencies: Array<[string, number]> = [];
    const timed = async (label: string, count: number, write: () => Promise<unknown>) => {
      const started = performance.now();
      await write();
      await recorder.until(() => recorder.arrivals.length >= count, label);
      latencies.push([label, recorder.arrivals[count - 1]!.at - started]);
    };

    await timed('insert', 1, () =>
      sql.query(`INSERT INTO wp_posts SET ID = 11, post_type = 'tribe_events', post_status = 'publish', ${POST_COLUMNS}`, [
        'Concert',
      ]),
    );
    await timed('update', 2, () => sql.query("UPDATE wp_postmeta SET meta_value = '7' WHERE meta_id = 20"));
    await timed('delete', 3, () => sql.query('DELETE FROM wp_term_relationships WHERE object_id = 10 AND term_taxonomy_id = 3'));
    await timed('transaction', 4, async () => {
      await sql.query('START TRANSACTION');
      await sql.query("UPDATE wp_posts SET post_status = 'publish' WHERE ID = 10");
      await sql.query("INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES (10, '_EventStartDate', '2026-12-01 10:00:00')");
      await sql.query("INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES (10, '_EventEndDate', '2026-12-01 12:00:00')");
      await sql.query("UPDATE wp_options SET option_value = 'Europe/Berlin' WHERE option_name = 'timezone_string'");
      await sql.query('COMMIT');
    });
    console.log(`binlog delivery latency (write sent to delivery): ${latencies.map(([label, ms]) => `${label} ${ms.toFixed(1)} ms`).join(', ')}`);

    // Writes the source must not report, then one it must, so their absence is observed.
    await sql.query(`INSERT INTO wp_2_posts SET ID = 12, ${POST_COLUMNS}`, ['Another sub-site']);
    const other = await createConnection({ uri: otherDatabase.url });
    try {
      await other.query(`INSERT INTO wp_posts SET ID = 13, ${POST_COLUMNS}`, ['Another database']);
    } finally {
      await other.end();
    }
    await timed('marker', 5, () => insertMarker('marker', 'after others'));

    const [insert, update, remove, transaction, marker] = recorder.transactions;
    expect(insert!.changes).toHaveLength(1);
    expect(insert!.changes[0]).toMatchObject({ table: 'posts', action: 'insert' });
    expect(insert!.changes[0]!.rows).toHaveLength(1);
    expect(insert!.changes[0]!.rows[0]!.before).toBeUndefined();
    expect(insert!.changes[0]!.rows[0]!.after).toMatchObject({
      ID: 11,
      post_type: 'tribe_events',
      post_status: 'publish',
      post_title: 'Concert',
      post_date: '0000-00-00 00:00:00',
    });

    expect(update!.changes).toEqual([
      {
        table: 'postmeta',
        action: 'update',
        rows: [
          {
            before: { meta_id: 20, post_id: 10, meta_key: '_EventCost', meta_value: '5' },
            after: { meta_id: 20, post_id: 10, meta_key: '_EventCost', meta_value: '7' },
          },
        ],
      },
    ]);
    expect(remove!.changes).toEqual([
      {
        table: 'term_relationships',
        action: 'delete',
        rows: [{ before: { object_id: 10, term_taxonomy_id: 3, term_order: 0 } }],
      },
    ]);

    expect(summary(transaction!)).toEqual(['update posts x1', 'insert postmeta x2', 'update options x1']);
    expect(transaction!.changes[0]!.rows[0]).toMatchObject({
      before: { ID: 10, post_status: 'draft' },
      after: { ID: 10, post_status: 'publish' },
    });
    expect(transaction!.changes[1]!.rows.map((row) => row.after?.meta_key)).toEqual(['_EventStartDate', '_EventEndDate']);
    expect(transaction!.changes[2]!.rows[0]!.after).toMatchObject({ option_name: 'timezone_string', option_value: 'Europe/Berlin' });

    expect(summary(marker!)).toEqual(['insert postmeta x1']);
    expect(recorder.transactions).toHaveLength(5);

    // Positions only move forward, and the source's own position is the last commit's.
    const positions = recorder.transactions.map((t) => t.position);
    for (let i = 1; i < positions.length; i += 1) {
      const [previous, current] = [positions[i - 1]!, positions[i]!];
      expect(current.file > previous.file || (current.file === previous.file && current.position > previous.position)).toBe(true);
    }
    expect(source.position).toEqual(positions.at(-1));
    expect(marker!.committedAt).toBeInstanceOf(Date);
    expect(Math.abs(marker!.committedAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('delivers nothing of a rolled-back transaction', async () => {
    const recorder = new Recorder();
    await newSource(recorder).start();
    await sql.query('START TRANSACTION');
    await sql.query(`INSERT INTO wp_posts SET ID = 30, ${POST_COLUMNS}`, ['Rolled back']);
    await sql.query("UPDATE wp_options SET option_value = 'rolled back' WHERE option_name = 'timezone_string'");
    await sql.query('ROLLBACK');
    await insertMarker('marker', 'after rollback');
    await recorder.until(() => recorder.arrivals.length >= 1, 'the marker');
    expect(recorder.transactions.map(summary)).toEqual([['insert postmeta x1']]);
    expect(insertedMetaValues(recorder.transactions, 'marker')).toEqual(['after rollback']);
  });

  it('reports TRUNCATE, ALTER, DROP and RENAME of a site table as a whole-table change with no rows', async () => {
    await sql.query('CREATE TABLE wp_scratch LIKE wp_termmeta');
    const recorder = new Recorder();
    await newSource(recorder).start();
    await sql.query('TRUNCATE TABLE `wp_termmeta`');
    await sql.query('ALTER TABLE wp_tec_events ADD INDEX binlog_test (post_id)');
    await sql.query(`/* a comment */ RENAME TABLE wp_scratch TO wp_scratch_2`);
    await sql.query(`DROP TABLE ${site.name}.wp_scratch_2`);
    await sql.query('TRUNCATE TABLE wp_2_posts');
    await insertMarker('marker', 'after ddl');
    await recorder.until(() => insertedMetaValues(recorder.transactions, 'marker').length === 1, 'the marker');
    expect(recorder.transactions.map((t) => t.changes)).toEqual([
      [{ table: 'termmeta', action: 'delete', rows: [] }],
      [{ table: 'tec_events', action: 'update', rows: [] }],
      [
        { table: 'scratch', action: 'update', rows: [] },
        { table: 'scratch_2', action: 'update', rows: [] },
      ],
      [{ table: 'scratch_2', action: 'delete', rows: [] }],
      [expect.objectContaining({ table: 'postmeta', action: 'insert' })],
    ]);
  });

  it('keeps users and usermeta under the base prefix for a sub-site, and only the listed tables', async () => {
    await sql.query('CREATE TABLE wp_2_postmeta LIKE wp_postmeta');
    const recorder = new Recorder();
    await newSource(recorder, { tablePrefix: 'wp_2_', baseTablePrefix: 'wp_', tables: ['posts', 'users', 'usermeta'] }).start();
    await sql.query(`INSERT INTO wp_posts SET ID = 40, ${POST_COLUMNS}`, ['Main site']);
    await sql.query("INSERT INTO wp_2_postmeta (post_id, meta_key, meta_value) VALUES (41, 'not listed', '')");
    await sql.query("INSERT INTO wp_usermeta (user_id, meta_key, meta_value) VALUES (1, 'nickname', 'admin')");
    await sql.query(`INSERT INTO wp_2_posts SET ID = 41, ${POST_COLUMNS}`, ['Sub-site']);
    await recorder.until(() => recorder.arrivals.length >= 2, 'two transactions');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(recorder.transactions.map(summary)).toEqual([['insert usermeta x1'], ['insert posts x1']]);
    expect(recorder.transactions[1]!.changes[0]!.rows[0]!.after).toMatchObject({ ID: 41, post_title: 'Sub-site' });
  });

  it('resumes after the server is killed: every change arrives once and in order, including those made before it reconnected', async () => {
    const gate = await startGate(instance.port);
    try {
      const recorder = new Recorder();
      const source = newSource(recorder, {}, gate.port);
      await source.start();
      for (const value of ['a1', 'a2', 'a3']) await insertMarker('resume', value);
      await recorder.until(() => insertedMetaValues(recorder.transactions, 'resume').length === 3, 'a1-a3');
      // Committed just before the kill: it may or may not have been read, and must arrive once either way.
      await insertMarker('resume', 'a4');

      gate.open = false;
      await instance.kill('SIGKILL');
      await recorder.until(() => !source.connected, 'the source to notice the kill');
      await instance.start();
      // The source keeps trying through the shut gate while these commit.
      const writer = await createConnection({ uri: site.url });
      try {
        for (const value of ['b1', 'b2']) {
          await writer.query('INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES (1, ?, ?)', ['resume', value]);
        }
        await writer.query('START TRANSACTION');
        await writer.query("INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES (1, 'resume', 'b3')");
        await writer.query("INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES (1, 'resume', 'b4')");
        await writer.query('COMMIT');
      } finally {
        await writer.end();
      }
      expect(source.connected).toBe(false);
      gate.open = true;

      await recorder.until(() => insertedMetaValues(recorder.transactions, 'resume').length >= 8, 'b1-b4');
      await sql.end();
      sql = await createConnection({ uri: site.url });
      await insertMarker('resume', 'c1');
      await recorder.until(() => insertedMetaValues(recorder.transactions, 'resume').includes('c1'), 'c1');

      expect(insertedMetaValues(recorder.transactions, 'resume')).toEqual(['a1', 'a2', 'a3', 'a4', 'b1', 'b2', 'b3', 'b4', 'c1']);
      // b3 and b4 were one transaction and arrive as one.
      expect(recorder.transactions.filter((t) => insertedMetaValues([t], 'resume').includes('b3')).map(summary)).toEqual([
        ['insert postmeta x2'],
      ]);
      expect(recorder.resets).toEqual([]);
      expect(recorder.connections).toEqual([true, false, true]);
      console.log(`reconnect log:\n  ${recorder.logs.join('\n  ')}`);
      expect(recorder.logs.some((line) => /stream lost/.test(line))).toBe(true);
      expect(recorder.logs.some((line) => /streaming again/.test(line))).toBe(true);
    } finally {
      await gate.close();
    }
  });

  it('stays connected while idle (heartbeats), and reconnects when the connection goes silent without closing', async () => {
    const gate = await startGate(instance.port);
    try {
      const recorder = new Recorder();
      const source = newSource(recorder, { heartbeatMs: 200 }, gate.port);
      await source.start();
      // Ten heartbeat periods with nothing written: only heartbeats keep the watchdog quiet.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(source.connected).toBe(true);
      expect(recorder.logs).toEqual([]);

      gate.frozen = true;
      await insertMarker('silent', 'while frozen');
      await recorder.until(() => !source.connected, 'the watchdog to give up on the silent connection');
      expect(recorder.logs.join('\n')).toMatch(/No event or heartbeat from the server/);
      gate.frozen = false;
      await recorder.until(() => insertedMetaValues(recorder.transactions, 'silent').length === 1, 'the write made while frozen');
      expect(source.connected).toBe(true);
      expect(recorder.resets).toEqual([]);
    } finally {
      await gate.close();
    }
  });

  it('reports a reset when another server answers after a reconnect', async () => {
    const gate = await startGate(instance.port);
    const replacement = await startMariadbInstance({ binlog: true, serverId: 2 });
    try {
      const replacementSite = await createTestDatabase({ serverUrl: replacement.url });
      const recorder = new Recorder();
      const source = newSource(recorder, { database: replacementSite.name }, gate.port);
      // The source follows the first server for a database of the replacement's name.
      await sql.query(`CREATE DATABASE \`${replacementSite.name}\``);
      try {
        await source.start();
        gate.target = replacement.port;
        await instance.kill('SIGKILL');
        await recorder.until(() => recorder.resets.length === 1, 'a reset');
        expect(recorder.resets[0]).toMatch(/another server answers \(server_id 2, was 1\)/);
        const writer = await createConnection({ uri: replacementSite.url });
        try {
          await writer.query("INSERT INTO wp_postmeta (post_id, meta_key, meta_value) VALUES (1, 'replaced', 'yes')");
        } finally {
          await writer.end();
        }
        await recorder.until(() => insertedMetaValues(recorder.transactions, 'replaced').length === 1, 'the write on the replacement');
      } finally {
        await source.stop();
        await instance.start();
        await sql.end();
        sql = await createConnection({ uri: site.url });
        await sql.query(`DROP DATABASE \`${replacementSite.name}\``);
        await replacementSite.drop();
      }
    } finally {
      await gate.close();
      await replacement.stop();
    }
  });

  it('reports a reset when the position to resume from was purged, then delivers new changes', async () => {
    const first = new Recorder();
    const before = newSource(first);
    await before.start();
    await insertMarker('purge', 'seen');
    await first.until(() => first.arrivals.length === 1, 'the first write');
    const oldPosition = before.position as BinlogPosition;
    await before.stop();

    await insertMarker('purge', 'missed');
    await sql.query('FLUSH BINARY LOGS');
    const [status] = (await sql.query('SHOW MASTER STATUS')) as unknown as [Array<{ File: string }>];
    const current = status[0]!.File;
    expect(current).not.toBe(oldPosition.file);
    // The server keeps a file that a dump thread still reads; the stopped source's thread ends
    // asynchronously after its KILL, so the purge is repeated until the old file is gone.
    const remaining = async () => {
      await sql.query(`PURGE BINARY LOGS TO '${current}'`);
      const [logs] = (await sql.query('SHOW BINARY LOGS')) as unknown as [Array<{ Log_name: string }>];
      return logs.map((log) => log.Log_name);
    };
    let files = await remaining();
    for (let tries = 0; files.includes(oldPosition.file) && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      files = await remaining();
    }
    expect(files).toEqual([current]);

    const recorder = new Recorder();
    const after = newSource(recorder, { startAt: oldPosition });
    await after.start();
    await recorder.until(() => recorder.resets.length === 1, 'a reset');
    console.log(`reset reported: ${recorder.resets[0]}`);
    expect(recorder.resets[0]).toContain(oldPosition.file);
    expect(after.position?.file).toBe(current);

    await insertMarker('purge', 'after reset');
    await recorder.until(() => insertedMetaValues(recorder.transactions, 'purge').length >= 1, 'the write after the reset');
    expect(insertedMetaValues(recorder.transactions, 'purge')).toEqual(['after reset']);
  });

  it('measures the time from COMMIT to delivery over 200 single-row updates', async () => {
    const recorder = new Recorder();
    await newSource(recorder).start();
    await sql.query("INSERT INTO wp_options (option_name, option_value) VALUES ('freshness', '0')");
    await recorder.until(() => recorder.arrivals.length === 1, 'the insert');
    const fromCommitSent: number[] = [];
    const fromCommitAcknowledged: number[] = [];
    for (let i = 1; i <= 200; i += 1) {
      const sent = performance.now();
      await sql.query("UPDATE wp_options SET option_value = ? WHERE option_name = 'freshness'", [String(i)]);
      const acknowledged = performance.now();
      await recorder.until(() => recorder.arrivals.length === i + 1, `update ${i}`);
      const arrived = recorder.arrivals[i]!.at;
      fromCommitSent.push(arrived - sent);
      fromCommitAcknowledged.push(Math.max(0, arrived - acknowledged));
    }
    const values = recorder.transactions.slice(1).map((t) => t.changes[0]!.rows[0]!.after?.option_value);
    expect(values).toEqual(Array.from({ length: 200 }, (_, i) => String(i + 1)));
    const sentSorted = [...fromCommitSent].sort((a, b) => a - b);
    const ackSorted = [...fromCommitAcknowledged].sort((a, b) => a - b);
    console.log(
      `binlog freshness over 200 autocommit updates: from the statement sent p50 ${percentile(sentSorted, 0.5).toFixed(2)} ms, ` +
        `p99 ${percentile(sentSorted, 0.99).toFixed(2)} ms, max ${sentSorted.at(-1)!.toFixed(2)} ms; ` +
        `after its OK p50 ${percentile(ackSorted, 0.5).toFixed(2)} ms, p99 ${percentile(ackSorted, 0.99).toFixed(2)} ms`,
    );
  });
});
