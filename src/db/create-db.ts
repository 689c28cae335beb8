import { Kysely, MysqlDialect, type LogConfig } from 'kysely';
import { createPool } from 'mysql2';
import type { Database } from './tables.js';
import { TablePrefixPlugin } from './table-prefix-plugin.js';

export type Db = Kysely<Database>;

export interface CreateDbOptions {
  databaseUrl: string;
  tablePrefix: string;
  /** Prefix of the network-wide users tables; the site prefix unless on a multisite sub-site. */
  baseTablePrefix?: string;
  connectionLimit?: number;
  log?: LogConfig;
}

/**
 * A Kysely instance over a mysql2 pool. Type choices made here are mirrored in tables.ts:
 * dates stay strings (WordPress's zero dates), BIGINT ids come back as numbers.
 */
export function createDb(options: CreateDbOptions): Db {
  const pool = createPool({
    uri: options.databaseUrl,
    connectionLimit: options.connectionLimit ?? 10,
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: false,
    charset: 'utf8mb4_unicode_ci',
    // WordPress stores local wall times; the session zone must not shift anything we compare.
    timezone: 'Z',
  });
  return new Kysely<Database>({
    dialect: new MysqlDialect({ pool }),
    plugins: [new TablePrefixPlugin(options.tablePrefix, options.baseTablePrefix ?? options.tablePrefix)],
    log: options.log,
  });
}
