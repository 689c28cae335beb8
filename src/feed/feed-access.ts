import type { Db } from '../db/create-db.js';
import { parseServerVersion, versionAtLeast, type ServerVersion } from '../db/server-version.js';
import {
  selectBinlogSettings,
  selectGrants,
  selectLsnValue,
  selectServerVersion,
  type BinlogSettings,
  type LsnSource,
} from './feed-access.repository.js';

/**
 * Whether the change feed can follow this database, checked once at start (and by `doctor`):
 * the replication log (exact, no statement per request) or InnoDB's log sequence number (one
 * cheap statement per cached answer served).
 */
export interface FeedAccess {
  available: boolean;
  /** Why not, each with what the operator can do; or, when available, what the setup costs. */
  reasons: string[];
}

/** The probe's access, with where the LSN was found (pass it to selectInnodbLsn). */
export interface ProbeAccess extends FeedAccess {
  source: LsnSource | undefined;
}

/**
 * The privileges granted ON *.* in SHOW GRANTS lines, upper-cased (`REPLICATION SLAVE`). `ALL
 * PRIVILEGES` stays as it is: holdsPrivilege reads it as every privilege. Grants on one database
 * do not count: replication privileges exist only globally.
 */
export function globalPrivileges(grants: readonly string[]): Set<string> {
  const privileges = new Set<string>();
  for (const line of grants) {
    const match = /^GRANT\s+(.+?)\s+ON\s+\*\.\*\s+TO\s/i.exec(line.trim());
    if (!match?.[1]) continue;
    for (const privilege of match[1].split(',')) privileges.add(privilege.trim().replace(/\s+/g, ' ').toUpperCase());
  }
  return privileges;
}

/** Whether one of `names` (a privilege and its other spellings) is held. */
function holdsPrivilege(privileges: ReadonlySet<string>, names: readonly string[]): boolean {
  return privileges.has('ALL PRIVILEGES') || privileges.has('ALL') || names.some((name) => privileges.has(name));
}

/** Reading the binlog as a replica does (COM_BINLOG_DUMP). MariaDB 10.5 also spells it REPLICATION REPLICA. */
const REPLICATION_SLAVE = ['REPLICATION SLAVE', 'REPLICATION REPLICA'];
/** SHOW MASTER STATUS / SHOW BINARY LOGS, to find where to start. MariaDB 10.5+ names it BINLOG MONITOR. */
const REPLICATION_CLIENT = ['REPLICATION CLIENT', 'BINLOG MONITOR'];

/**
 * The verdict on the replication log from the server's settings and the user's global
 * privileges. Pure; checkBinlogAccess reads its inputs.
 */
export function binlogAccess(settings: BinlogSettings, privileges: ReadonlySet<string>, server: ServerVersion | undefined): FeedAccess {
  const reasons: string[] = [];
  if (!settings.logBin) reasons.push('log_bin is OFF: start the server with --log-bin and a --server-id');
  if (settings.format !== 'ROW') {
    reasons.push(`binlog_format is ${settings.format || 'unknown'}: set binlog_format=ROW (statements cannot say which rows changed)`);
  }
  const clientName = server?.kind === 'mariadb' && versionAtLeast(server, 10, 5) ? 'BINLOG MONITOR' : 'REPLICATION CLIENT';
  const missing = [
    holdsPrivilege(privileges, REPLICATION_SLAVE) ? undefined : 'REPLICATION SLAVE',
    holdsPrivilege(privileges, REPLICATION_CLIENT) ? undefined : clientName,
  ].filter((name): name is string => name !== undefined);
  if (missing.length > 0) {
    reasons.push(`the user lacks ${missing.join(' and ')}: GRANT ${missing.join(', ')} ON *.* TO the sidecar's user (grants through roles are not seen here)`);
  }
  const available = reasons.length === 0;
  // Costs of a usable log, told even when it is usable.
  if (settings.rowImage === 'MINIMAL') {
    reasons.push('binlog_row_image is MINIMAL: an update carries only the primary key and the changed columns, so the feed must look up the kind of each changed row (post type, meta key) itself; FULL avoids that');
  } else if (settings.rowImage === 'NOBLOB') {
    reasons.push('binlog_row_image is NOBLOB: unchanged TEXT columns (option_value, meta_value) are left out of updates; ids and keys are still there');
  }
  return { available, reasons };
}

/** Whether the change feed can follow the replication log: row-based binlog on, and the grants to read it. */
export async function checkBinlogAccess(db: Db): Promise<FeedAccess> {
  const [settings, grants, version] = await Promise.all([selectBinlogSettings(db), selectGrants(db), selectServerVersion(db)]);
  return binlogAccess(settings, globalPrivileges(grants), parseServerVersion(version));
}

/**
 * InnoDB's current log sequence number, read with one statement: it moves with every committed
 * change to an InnoDB table (and with unrelated writes too). Undefined when the server does not
 * show it to this user. `source` comes from checkProbeAccess; without it SHOW GLOBAL STATUS is
 * asked for MariaDB's and MySQL 8.0.30's names at once.
 */
export async function selectInnodbLsn(db: Db, source: LsnSource = 'status'): Promise<bigint | undefined> {
  let value: string | undefined;
  try {
    value = await selectLsnValue(db, source);
  } catch (error) {
    if (isAccessOrSchemaError(error)) return undefined;
    throw error;
  }
  return value !== undefined && /^\d+$/.test(String(value).trim()) ? BigInt(String(value).trim()) : undefined;
}

/** Errors that mean "not readable here" (no privilege, no such table or column), not "database down". */
function isAccessOrSchemaError(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  return ['ER_SPECIFIC_ACCESS_DENIED_ERROR', 'ER_TABLEACCESS_DENIED_ERROR', 'ER_DBACCESS_DENIED_ERROR', 'ER_NO_SUCH_TABLE', 'ER_UNKNOWN_TABLE', 'ER_BAD_FIELD_ERROR', 'ER_ACCESS_DENIED_ERROR'].includes(code);
}

/**
 * Whether the probe can read the LSN, and from where: MariaDB's status row, else MySQL 8.0.30's
 * status variable, else MySQL's INNODB_METRICS counter (PROCESS, and the counter enabled).
 */
export async function checkProbeAccess(db: Db): Promise<ProbeAccess> {
  const server = parseServerVersion(await selectServerVersion(db));
  const sources: LsnSource[] = server?.kind === 'mariadb' ? ['mariadb'] : ['mysql-status', 'innodb-metrics'];
  for (const source of sources) {
    if ((await selectInnodbLsn(db, source)) !== undefined) return { available: true, reasons: [], source };
  }
  const reasons =
    server?.kind === 'mariadb'
      ? ['information_schema.GLOBAL_STATUS shows no INNODB_LSN_CURRENT (is InnoDB the engine?)']
      : [
          'Innodb_redo_log_current_lsn is not in performance_schema.global_status (MySQL 8.0.30+ has it)',
          "INNODB_METRICS log_lsn_current is not readable: it needs the PROCESS privilege and SET GLOBAL innodb_monitor_enable = 'log_lsn_current'",
        ];
  return { available: false, reasons, source: undefined };
}
