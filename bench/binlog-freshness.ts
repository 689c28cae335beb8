import { parseArgs } from 'node:util';
import { createConnection } from 'mysql2/promise';
import { BinlogSource } from '../src/feed/binlog-source.js';
import { createTestDatabase } from '../test/setup/database.js';
import { startMariadbInstance } from '../test/setup/mariadb-instance.js';

// How long the binlog source takes from an SQL commit to delivering it (issue 13's freshness figure,
// before any cache): a MariaDB of its own with a row-based binlog, `--writers` connections each
// updating one option row `--updates` times in turn, one autocommit UPDATE at a time, each waiting
// for its own delivery before the next. Prints percentiles from the statement sent and from its OK.

const { values } = parseArgs({
  options: {
    updates: { type: 'string', default: '200' },
    writers: { type: 'string', default: '1' },
  },
});
const updates = Number(values.updates);
const writers = Number(values.writers);
if (!Number.isInteger(updates) || updates < 1 || !Number.isInteger(writers) || writers < 1) {
  throw new Error('--updates and --writers take whole numbers from 1');
}

const instance = await startMariadbInstance({ binlog: true });
const site = await createTestDatabase({ serverUrl: instance.url });
const waiting = new Map<string, (at: number) => void>();
const source = new BinlogSource({
  connection: { host: '127.0.0.1', port: instance.port, user: 'root' },
  database: site.name,
  tablePrefix: 'wp_',
  onTransaction: (transaction) => {
    const at = performance.now();
    for (const change of transaction.changes) {
      for (const row of change.rows) {
        const key = `${String(row.after?.option_name)}=${String(row.after?.option_value)}`;
        waiting.get(key)?.(at);
        waiting.delete(key);
      }
    }
  },
  onReset: (reason) => console.error(`unexpected reset: ${reason}`),
  log: (line) => console.error(line),
});

const fromSent: number[] = [];
const fromAcknowledged: number[] = [];
try {
  const setup = await createConnection({ uri: site.url });
  for (let writer = 0; writer < writers; writer += 1) {
    await setup.query("INSERT INTO wp_options (option_name, option_value) VALUES (?, '0')", [`freshness_${writer}`]);
  }
  await setup.end();
  await source.start();

  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      const connection = await createConnection({ uri: site.url });
      const name = `freshness_${writer}`;
      try {
        for (let i = 1; i <= updates; i += 1) {
          const delivered = new Promise<number>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`${name}=${i} not delivered within 10 s`)), 10_000);
            waiting.set(`${name}=${i}`, (at) => {
              clearTimeout(timer);
              resolve(at);
            });
          });
          const sent = performance.now();
          await connection.query('UPDATE wp_options SET option_value = ? WHERE option_name = ?', [String(i), name]);
          const acknowledged = performance.now();
          const at = await delivered;
          fromSent.push(at - sent);
          fromAcknowledged.push(Math.max(0, at - acknowledged));
        }
      } finally {
        await connection.end();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  const line = (label: string, samples: number[]) => {
    const sorted = [...samples].sort((a, b) => a - b);
    const at = (fraction: number) => sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] ?? Number.NaN;
    return `${label.padEnd(24)} p50 ${at(0.5).toFixed(2)} ms  p90 ${at(0.9).toFixed(2)} ms  p99 ${at(0.99).toFixed(2)} ms  max ${at(1).toFixed(2)} ms`;
  };
  console.log(`binlog freshness: ${updates * writers} autocommit updates by ${writers} writer(s) in ${seconds.toFixed(1)} s`);
  console.log(line('from statement sent', fromSent));
  console.log(line('from its OK', fromAcknowledged));
} finally {
  await source.stop();
  await site.drop();
  await instance.stop();
}
