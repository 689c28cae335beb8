import { sql } from 'kysely';
import type { Db } from '../db/create-db.js';

/** The server's binary log settings, as the replication log source needs them. */
export interface BinlogSettings {
  logBin: boolean;
  /** ROW, STATEMENT or MIXED. */
  format: string;
  /** FULL, MINIMAL or NOBLOB. */
  rowImage: string;
}

/** The global binlog settings (the session may override the format; the replication log holds the global one). */
export async function selectBinlogSettings(db: Db): Promise<BinlogSettings> {
  const result = await sql<{ log_bin: number | string; binlog_format: string; binlog_row_image: string }>`
    select @@global.log_bin as log_bin, @@global.binlog_format as binlog_format, @@global.binlog_row_image as binlog_row_image
  `.execute(db);
  const row = result.rows[0];
  return {
    logBin: row !== undefined && (Number(row.log_bin) === 1 || String(row.log_bin).toUpperCase() === 'ON'),
    format: String(row?.binlog_format ?? '').toUpperCase(),
    rowImage: String(row?.binlog_row_image ?? '').toUpperCase(),
  };
}

/** SHOW GRANTS of the connecting user: one `GRANT ... ON ... TO ...` statement a line. */
export async function selectGrants(db: Db): Promise<string[]> {
  const result = await sql<Record<string, string>>`show grants`.execute(db);
  // The one column is named after the user (`Grants for root@127.0.0.1`).
  return result.rows.map((row) => String(Object.values(row)[0] ?? ''));
}

/**
 * Where the server shows InnoDB's current log sequence number, each read with one statement:
 * - `mariadb`: information_schema.GLOBAL_STATUS `INNODB_LSN_CURRENT` (no privilege needed);
 * - `mysql-status`: performance_schema.global_status `Innodb_redo_log_current_lsn` (MySQL 8.0.30+);
 * - `innodb-metrics`: information_schema.INNODB_METRICS `log_lsn_current` (MySQL before 8.0.30:
 *   needs PROCESS, and the counter is off until `innodb_monitor_enable` names it).
 * - `status`: SHOW GLOBAL STATUS for both names, for when the server's kind is not known yet.
 */
export const LSN_SOURCES = ['mariadb', 'mysql-status', 'innodb-metrics', 'status'] as const;
export type LsnSource = (typeof LSN_SOURCES)[number];

/** The LSN as the server prints it (a decimal string), or undefined when the source has no row. */
export async function selectLsnValue(db: Db, source: LsnSource): Promise<string | undefined> {
  switch (source) {
    case 'mariadb': {
      const result = await sql<{ value: string }>`
        select VARIABLE_VALUE as value from information_schema.GLOBAL_STATUS where VARIABLE_NAME = ${'INNODB_LSN_CURRENT'}
      `.execute(db);
      return result.rows[0]?.value;
    }
    case 'mysql-status': {
      const result = await sql<{ value: string }>`
        select VARIABLE_VALUE as value from performance_schema.global_status where VARIABLE_NAME = ${'Innodb_redo_log_current_lsn'}
      `.execute(db);
      return result.rows[0]?.value;
    }
    case 'innodb-metrics': {
      // MySQL names the on/off column STATUS; a disabled counter keeps its last value, so it is no clock.
      const result = await sql<{ value: string | number }>`
        select COUNT as value from information_schema.INNODB_METRICS where NAME = ${'log_lsn_current'} and STATUS = ${'enabled'}
      `.execute(db);
      const value = result.rows[0]?.value;
      return value === undefined ? undefined : String(value);
    }
    case 'status': {
      const result = await sql<{ Variable_name: string; Value: string }>`
        show global status where Variable_name in (${'Innodb_lsn_current'}, ${'Innodb_redo_log_current_lsn'})
      `.execute(db);
      return result.rows[0]?.Value;
    }
  }
}

/** VERSION(): `10.11.19-MariaDB-0+deb12u1`, `8.0.36`, `8.0.36-28` (Percona). */
export async function selectServerVersion(db: Db): Promise<string> {
  const result = await sql<{ version: string }>`select version() as version`.execute(db);
  return String(result.rows[0]?.version ?? '');
}
