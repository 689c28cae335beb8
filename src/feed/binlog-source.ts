import ZongJi, {
  MariadbGtidPosition,
  type AnyBinlogEvent,
  type BinlogEventByTypeName,
  type BinlogEventTypeName,
  type RowData,
} from '@vlasky/zongji';
import { createDb, type Db } from '../db/create-db.js';
import { selectBinlogEnd, selectGtidBinlogPos, selectServerId } from './binlog.repository.js';
import { classifyStatement, namedTables, statementAction } from './binlog-statement.js';

/** A place in the server's binlog: a file name and a byte offset in it. */
export interface BinlogPosition {
  file: string;
  position: number;
}

export type RowAction = 'insert' | 'update' | 'delete';

/**
 * Rows of one site table changed by one kind of statement. `rows` is empty when the change came as a
 * statement rather than as rows (TRUNCATE, DROP, ALTER, RENAME, CREATE TABLE, or DML logged as a
 * statement): then anything in the table may have changed.
 */
export interface RowChange {
  /** The unprefixed WordPress name: `posts`, `postmeta`, `tec_occurrences`, `users`. */
  table: string;
  action: RowAction;
  rows: Array<{ before?: Record<string, unknown>; after?: Record<string, unknown> }>;
}

/** The site's changes in one committed transaction, in binlog order. */
export interface BinlogTransaction {
  changes: RowChange[];
  /** Just after the transaction's commit: resuming here replays nothing of it. */
  position: BinlogPosition;
  /** The commit's binlog timestamp (whole seconds). */
  committedAt: Date;
}

export interface BinlogSourceOptions {
  /** A user with REPLICATION SLAVE and BINLOG MONITOR (REPLICATION CLIENT before MariaDB 10.5). */
  connection: { host: string; port: number; user: string; password?: string };
  database: string;
  tablePrefix: string;
  /** Prefix of the network-wide `users` and `usermeta` on a multisite sub-site; `tablePrefix` unless set. */
  baseTablePrefix?: string;
  /** Unprefixed names to report; every table under the prefix unless set. */
  tables?: readonly string[];
  /** Where to resume; the server's current end (SHOW MASTER STATUS) unless set. */
  startAt?: BinlogPosition;
  onTransaction(transaction: BinlogTransaction): void;
  /**
   * The position to resume from is gone (a purged binlog, another server), so changes may have been
   * missed: everything cached must be dropped. Called before the source continues from the server's
   * current end; any change committed after that end is still delivered.
   */
  onReset(reason: string): void;
  onError?(error: unknown): void;
  /** Called when streaming starts and when the connection is lost: while false, changes may be pending. */
  onConnectionChange?(connected: boolean): void;
  log?: (message: string) => void;
  /** The replica id this reader registers with; must differ from every server and other reader. */
  serverId?: number;
  /** First reconnect delay; doubles up to `maxRetryDelayMs` (defaults 100 ms and 5 s). */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /**
   * How often an idle server sends a heartbeat (default 1 s); with no event at all for five
   * periods the connection is taken as dead (a half-open TCP connection never errors by itself).
   */
  heartbeatMs?: number;
}

// MariaDB's "fatal error reading binlog": purged or never-existing file, position past the end or in
// the middle of an event. Resuming there can never succeed.
const ER_MASTER_FATAL_ERROR_READING_BINLOG = 1236;
// The same decoding failure at the same position this many times in a row is not a passing fault:
// those rows cannot be read, so the source resets instead of retrying forever.
const STUCK_LIMIT = 3;
const HEARTBEATS_BEFORE_DEAD = 5;
// Replica ids above the range servers are usually given, so a default never kicks a real replica off.
const MIN_DEFAULT_SERVER_ID = 1_000_000_000;
const DEFAULT_SERVER_ID_RANGE = 1_000_000_000;

type Event<N extends BinlogEventTypeName> = BinlogEventByTypeName<N>;

function isType<N extends BinlogEventTypeName>(event: AnyBinlogEvent, name: N): event is Event<N> {
  return event.getTypeName() === name;
}

/**
 * Follows the server's row-based binlog as a replica would and reports each committed transaction's
 * changes to the site's tables. Reconnects with backoff after a lost connection and resumes just
 * after the last commit it read, so nothing is missed or repeated; reports a reset when that
 * position can no longer be read.
 */
export class BinlogSource {
  readonly #options: BinlogSourceOptions;
  readonly #serverId: number;
  readonly #tables: ReadonlySet<string> | undefined;
  #zongji: ZongJi | undefined;
  // Bumped whenever a stream is abandoned, so late events of an old stream are ignored.
  #generation = 0;
  #stopped = true;
  #connected = false;
  #position: BinlogPosition | undefined;
  /** The server's GTID position as far as read (see gtidPosition); undefined: not known. */
  #gtids: MariadbGtidPosition | undefined;
  /** The GTID of the transaction being read, applied to #gtids at its commit. */
  #pendingGtid: { domainId: number; serverId: number; seqNo: number | string } | undefined;
  #file: string | undefined;
  #inTransaction = false;
  #pending: RowChange[] = [];
  #retryTimer: NodeJS.Timeout | undefined;
  #watchdog: NodeJS.Timeout | undefined;
  #lastEventAt = 0;
  #failures = 0;
  #stuck: { at: string; count: number } | undefined;
  #resetReason: string | undefined;
  #sourceServerId: number | undefined;
  #resumedFrom: string | undefined;

  constructor(options: BinlogSourceOptions) {
    this.#options = options;
    this.#serverId =
      options.serverId ?? MIN_DEFAULT_SERVER_ID + Math.floor(Math.random() * DEFAULT_SERVER_ID_RANGE);
    this.#tables = options.tables ? new Set(options.tables) : undefined;
    this.#position = options.startAt ? { ...options.startAt } : undefined;
  }

  /** Just after the last commit read (delivered or not of the site's); undefined before start. */
  get position(): BinlogPosition | undefined {
    return this.#position ? { ...this.#position } : undefined;
  }

  get connected(): boolean {
    return this.#connected;
  }

  /**
   * The server's MariaDB GTID position (`@@gtid_binlog_pos` form) just after the last commit
   * read: read from the server where streaming started (after the binlog position, so it covers
   * every transaction before that), then moved by each transaction read. A replica that has
   * applied it has every change reported so far. Undefined when the server has no MariaDB GTIDs
   * (MySQL) or a transaction came without one.
   */
  get gtidPosition(): string | undefined {
    return this.#gtids?.toString();
  }

  /**
   * Resolves once the server streams from the start position (after a reset, if that position was
   * gone). Rejects, leaving nothing running, when the server cannot be reached or refuses the stream.
   */
  async start(): Promise<void> {
    if (!this.#stopped) return;
    this.#stopped = false;
    try {
      const end = await this.#currentEnd();
      this.#position ??= end;
      this.#sourceServerId = await this.#withServer(selectServerId);
      try {
        await this.#openStream();
      } catch (error) {
        if (!isPositionGone(error)) throw error;
        this.#resetReason = positionGoneReason(error, this.#position);
        await this.#attempt();
      }
    } catch (error) {
      await this.stop();
      throw error;
    }
  }

  /** Ends the stream, its timers and sockets; a transaction not yet committed is dropped. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#generation += 1;
    clearTimeout(this.#retryTimer);
    this.#retryTimer = undefined;
    this.#stopWatchdog();
    this.#setConnected(false);
    const zongji = this.#zongji;
    this.#zongji = undefined;
    if (zongji) await closeZongji(zongji);
  }

  /**
   * The binlog's current end, and (read after it, so it covers every transaction before that end)
   * the server's GTID position, which replaces the one known so far.
   */
  async #currentEnd(): Promise<BinlogPosition> {
    const { end, gtids } = await this.#withServer(async (db) => ({ end: await selectBinlogEnd(db), gtids: await selectGtidBinlogPos(db) }));
    if (!end) throw new Error('The server writes no binlog (SHOW MASTER STATUS is empty): start it with --log-bin');
    this.#gtids = gtids === undefined ? undefined : MariadbGtidPosition.parse(gtids);
    return end;
  }

  async #withServer<T>(read: (db: Db) => Promise<T>): Promise<T> {
    const { host, port, user, password } = this.#options.connection;
    const url = new URL(`mysql://${host}:${port}/`);
    url.username = user;
    if (password) url.password = password;
    url.pathname = `/${this.#options.database}`;
    const db = createDb({ databaseUrl: url.toString(), tablePrefix: this.#options.tablePrefix, connectionLimit: 1, acquireTimeoutMs: 5_000 });
    try {
      return await read(db);
    } finally {
      await db.destroy();
    }
  }

  /** Opens a stream from `#position`; resolves at its first event, rejects if it fails before one. */
  #openStream(): Promise<void> {
    const generation = ++this.#generation;
    const from = this.#position;
    if (!from) return Promise.reject(new Error('No binlog position to stream from'));
    this.#file = from.file;
    this.#inTransaction = false;
    this.#pending = [];
    this.#pendingGtid = undefined;
    const { host, port, user, password } = this.#options.connection;
    const zongji = new ZongJi({
      host,
      port,
      user,
      password,
      // The same value shapes as createDb gives the rest of the service.
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: false,
      timezone: 'Z',
      charset: 'utf8mb4_unicode_ci',
      connectTimeout: 5_000,
    });
    this.#zongji = zongji;
    const heartbeatMs = this.#options.heartbeatMs ?? 1_000;

    return new Promise<void>((resolve, reject) => {
      let streaming = false;
      zongji.on('ready', () => {
        // Queued before zongji's dump command on the same connection: the server then sends a
        // heartbeat whenever it has had nothing to send for this long (nanoseconds).
        zongji.connection?.query(`SET @master_heartbeat_period = ${heartbeatMs * 1_000_000}`, () => undefined);
      });
      zongji.on('binlog', (event: AnyBinlogEvent) => {
        if (generation !== this.#generation) return;
        this.#lastEventAt = Date.now();
        if (!streaming) {
          streaming = true;
          this.#failures = 0;
          this.#setConnected(true);
          this.#startWatchdog(generation, heartbeatMs);
          resolve();
        }
        this.#handle(event);
      });
      // stop() while the stream opens: start() must not wait forever.
      zongji.once('stopped', () => {
        if (!streaming) reject(new Error('The binlog source was stopped while connecting'));
      });
      zongji.on('error', (error: Error) => {
        if (generation !== this.#generation) return;
        this.#abandonStream(zongji);
        if (streaming) this.#streamFailed(error, true);
        else reject(error);
      });
      zongji.start({
        serverId: this.#serverId,
        filename: from.file,
        position: from.position,
        includeSchema: { [this.#options.database]: true },
      });
    });
  }

  #abandonStream(zongji: ZongJi): void {
    this.#generation += 1;
    this.#stopWatchdog();
    this.#setConnected(false);
    if (this.#zongji === zongji) this.#zongji = undefined;
    void closeZongji(zongji);
  }

  #startWatchdog(generation: number, heartbeatMs: number): void {
    this.#stopWatchdog();
    this.#watchdog = setInterval(() => {
      const zongji = this.#zongji;
      if (generation !== this.#generation || !zongji) return;
      const silentMs = Date.now() - this.#lastEventAt;
      if (silentMs > heartbeatMs * HEARTBEATS_BEFORE_DEAD) {
        this.#abandonStream(zongji);
        this.#streamFailed(new Error(`No event or heartbeat from the server for ${silentMs} ms`), true);
      }
    }, heartbeatMs);
  }

  #stopWatchdog(): void {
    clearInterval(this.#watchdog);
    this.#watchdog = undefined;
  }

  #setConnected(connected: boolean): void {
    if (this.#connected === connected) return;
    this.#connected = connected;
    this.#call(() => this.#options.onConnectionChange?.(connected));
  }

  /** `whileStreaming`: the stream had started, so the error came from reading the binlog, not from connecting. */
  #streamFailed(error: unknown, whileStreaming: boolean): void {
    if (this.#stopped) return;
    this.#call(() => this.#options.onError?.(error));
    if (isPositionGone(error)) {
      this.#resetReason = positionGoneReason(error, this.#position);
      this.#retryLater(0, this.#resetReason);
      return;
    }
    if (whileStreaming && !isConnectionError(error)) {
      const at = `${this.#position?.file}:${this.#position?.position}`;
      this.#stuck = this.#stuck?.at === at ? { at, count: this.#stuck.count + 1 } : { at, count: 1 };
      if (this.#stuck.count >= STUCK_LIMIT) {
        this.#stuck = undefined;
        this.#resetReason = `the binlog at ${at} failed ${STUCK_LIMIT} times in a row (${message(error)}); skipping to the current end`;
        this.#retryLater(0, this.#resetReason);
        return;
      }
    }
    this.#failures += 1;
    const base = this.#options.retryDelayMs ?? 100;
    const delay = Math.min(this.#options.maxRetryDelayMs ?? 5_000, base * 2 ** (this.#failures - 1));
    this.#retryLater(delay, message(error));
  }

  #retryLater(delayMs: number, reason: string): void {
    const at = this.#position ? `${this.#position.file}:${this.#position.position}` : 'the current end';
    this.#log(`binlog: stream lost (${reason}); attempt ${this.#failures + 1} in ${delayMs} ms from ${at}`);
    clearTimeout(this.#retryTimer);
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = undefined;
      this.#attempt().then(
        () => this.#log(`binlog: streaming again from ${this.#resumedFrom ?? 'the current end'}`),
        (error: unknown) => this.#streamFailed(error, false),
      );
    }, delayMs);
  }

  /** One try at streaming again: the pending reset first, then the same-server check, then the stream. */
  async #attempt(): Promise<void> {
    if (this.#stopped) return;
    if (this.#resetReason !== undefined) {
      // The end is read before the caches are dropped: a change committed in between is then both
      // in the database before the drop and in the stream after it.
      const end = await this.#currentEnd();
      const reason = this.#resetReason;
      this.#resetReason = undefined;
      this.#position = end;
      this.#sourceServerId = await this.#withServer(selectServerId);
      this.#log(`binlog: reset (${reason}); continuing from ${end.file}:${end.position}`);
      this.#call(() => this.#options.onReset(reason));
    } else {
      const serverId = await this.#withServer(selectServerId);
      if (this.#sourceServerId !== undefined && serverId !== this.#sourceServerId) {
        this.#resetReason = `another server answers (server_id ${serverId}, was ${this.#sourceServerId})`;
        return this.#attempt();
      }
    }
    if (this.#stopped) return;
    this.#resumedFrom = this.#position ? `${this.#position.file}:${this.#position.position}` : undefined;
    await this.#openStream();
    if (this.#stopped) await this.stop();
  }

  #handle(event: AnyBinlogEvent): void {
    if (isType(event, 'Rotate')) {
      this.#file = event.binlogName;
      // A rotate ends a file (or opens the stream): no transaction spans it, so it is a safe place to resume.
      if (!this.#inTransaction) this.#position = { file: event.binlogName, position: event.position };
    } else if (isType(event, 'MariadbGtid')) {
      this.#inTransaction = !event.standalone;
      this.#pending = [];
      this.#pendingGtid = { domainId: event.domainId, serverId: event.serverId, seqNo: event.seqNo };
    } else if (isType(event, 'Query')) {
      this.#handleQuery(event);
    } else if (isType(event, 'WriteRows')) {
      this.#addRows(event, 'insert', event.rows.map((after) => ({ after: plain(after) })));
    } else if (isType(event, 'UpdateRows')) {
      this.#addRows(
        event,
        'update',
        event.rows.map((row) => ({ before: plain(row.before), after: plain(row.after) })),
      );
    } else if (isType(event, 'DeleteRows')) {
      this.#addRows(event, 'delete', event.rows.map((before) => ({ before: plain(before) })));
    } else if (isType(event, 'Xid')) {
      this.#commit(event);
    }
  }

  #handleQuery(event: Event<'Query'>): void {
    const kind = classifyStatement(event.query);
    if (kind === 'begin') {
      this.#inTransaction = true;
      this.#pending = [];
      return;
    }
    // A ROLLBACK in the binlog follows changes to tables that cannot roll back (MyISAM, Aria): those
    // changes happened, so they are delivered like a commit.
    if (kind === 'commit' || kind === 'rollback') return this.#commit(event);
    if (kind === 'control') return;
    const action = statementAction(event.query);
    for (const named of namedTables(event.query)) {
      const schema = named.schema ?? event.schema;
      const table = schema === this.#options.database ? this.#siteTable(named.table) : undefined;
      if (table !== undefined && !this.#pending.some((change) => change.table === table && change.rows.length === 0)) {
        this.#pending.push({ table, action, rows: [] });
      }
    }
    // DDL stands alone: it commits by itself.
    if (!this.#inTransaction) this.#commit(event);
  }

  #addRows(
    event: Event<'WriteRows'> | Event<'UpdateRows'> | Event<'DeleteRows'>,
    action: RowAction,
    rows: RowChange['rows'],
  ): void {
    const tableMap = event.tableMap[event.tableId];
    if (!tableMap || tableMap.parentSchema !== this.#options.database) return;
    const table = this.#siteTable(tableMap.tableName);
    if (table === undefined) return;
    const last = this.#pending.at(-1);
    if (last && last.table === table && last.action === action && last.rows.length > 0) last.rows.push(...rows);
    else this.#pending.push({ table, action, rows });
  }

  #commit(event: AnyBinlogEvent): void {
    this.#inTransaction = false;
    this.#stuck = undefined;
    const changes = this.#pending;
    this.#pending = [];
    // Before the transaction is delivered: whoever hears of it can already ask replicas for it.
    if (this.#pendingGtid) this.#gtids?.add(this.#pendingGtid);
    else this.#gtids = undefined;
    this.#pendingGtid = undefined;
    // MariaDB writes 0 as the next position of events inside a transaction; commits carry the real one.
    if (event.nextPosition > 0 && this.#file) this.#position = { file: this.#file, position: event.nextPosition };
    if (changes.length === 0 || !this.#position) return;
    const transaction: BinlogTransaction = {
      changes,
      position: { ...this.#position },
      committedAt: new Date(event.timestamp),
    };
    this.#call(() => this.#options.onTransaction(transaction));
  }

  /**
   * The unprefixed name of a site table, or undefined for any other table: another sub-site's
   * (`wp_2_posts` under `wp_`), another prefix's, or one not in `tables`. `users` and `usermeta`
   * live under the base prefix.
   */
  #siteTable(name: string): string | undefined {
    const prefix = this.#options.tablePrefix;
    const basePrefix = this.#options.baseTablePrefix ?? prefix;
    let table: string | undefined;
    const underBase = name.startsWith(basePrefix) ? name.slice(basePrefix.length) : undefined;
    if (underBase === 'users' || underBase === 'usermeta') table = underBase;
    else if (name.startsWith(prefix)) {
      const rest = name.slice(prefix.length);
      const otherSite = prefix === basePrefix && /^\d+_/.test(rest);
      const networkTable = prefix !== basePrefix && (rest === 'users' || rest === 'usermeta');
      if (rest !== '' && !otherSite && !networkTable) table = rest;
    }
    if (table === undefined || (this.#tables && !this.#tables.has(table))) return undefined;
    return table;
  }

  #call(callback: () => void): void {
    try {
      callback();
    } catch (error) {
      this.#log(`binlog: a callback threw: ${message(error)}`);
      if (callback !== this.#options.onError) {
        try {
          this.#options.onError?.(error);
        } catch {
          // onError itself failed; the log line above already says what happened.
        }
      }
    }
  }

  #log(line: string): void {
    this.#options.log?.(line);
  }
}

/** Stops zongji and waits until both of its connections are closed. */
function closeZongji(zongji: ZongJi): Promise<void> {
  return new Promise((resolve) => {
    // Errors of a connection being torn down are noise; a listener keeps them from throwing.
    zongji.removeAllListeners('binlog');
    zongji.removeAllListeners('error');
    zongji.on('error', () => undefined);
    if (zongji.stopped && !zongji.connection && !zongji.ctrlConnection) return resolve();
    zongji.once('stopped', () => resolve());
    zongji.stop();
  });
}

function plain(row: RowData): Record<string, unknown> {
  return { ...row };
}

function errorNumber(error: unknown): number | undefined {
  const errno = (error as { errno?: unknown } | null)?.errno;
  return typeof errno === 'number' ? errno : undefined;
}

function isPositionGone(error: unknown): boolean {
  return errorNumber(error) === ER_MASTER_FATAL_ERROR_READING_BINLOG;
}

function positionGoneReason(error: unknown, position: BinlogPosition | undefined): string {
  const at = position ? `${position.file}:${position.position}` : 'the start position';
  return `the binlog at ${at} can no longer be read: ${message(error)}`;
}

// Network and server-side disconnects; anything else (a decoding failure, missing grants) may
// repeat at the same position.
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_SERVER_SHUTDOWN',
  'ER_CONNECTION_KILLED',
  'ER_QUERY_INTERRUPTED',
  'ER_CON_COUNT_ERROR',
  'POOL_ACQUIRE_TIMEOUT',
]);

function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  if ((error as { fatal?: unknown } | null)?.fatal === true) return true;
  return /No event or heartbeat/.test(message(error));
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
