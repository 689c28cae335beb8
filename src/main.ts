import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeSettings, loadConfig, loadLogSettings, ConfigError, type Config } from './config.js';
import { helpText, isHelpArgument, unknownArgumentProblem } from './commands/help.js';
import { envFileProblem } from './env-file.js';
import { createDb, sqliteFilePath, type Db } from './db/create-db.js';
import { openDemoSite, type DemoSite } from './demo/demo-site.js';
import { checkSiteTables } from './ops/health.repository.js';
import { createHandler } from './app.js';
import { openObjectCache } from './wp/object-cache/object-cache.js';
import { runIndexesCommand } from './commands/indexes.js';
import { ChangeFeed } from './feed/change-feed.js';
import { startChangeFeed, type RunningFeed } from './feed/start-feed.js';
import { createNotifier } from './feed/notifications/notifier.js';
import { notifyRecordChanges } from './feed/notify-changes.js';
import { databasePositionStore, PositionKeeper } from './feed/notified-position.js';
import { jetStreamPositionStore } from './feed/notifications/jetstream-position-store.js';
import type { RecordKind } from './feed/record-change.js';
import { runDoctorCommand } from './commands/doctor.js';
import { runSqliteImportCommand } from './commands/sqlite-import.js';
import { createLogger } from './ops/logging.js';
import { logCompanions } from './ops/companions-log.js';
import { warmEventLists } from './ops/warm-lists.js';
import { createTicketsV1Routes } from './resources/tickets-v1/tickets-v1.routes.js';
import { inProgressEndpoints } from './resources/tickets-v1/in-progress.js';
import { TICKETS_NAMESPACE } from './wp/site/urls.js';
import { isMultisiteNetwork } from './http/authenticate.js';
import { StatementTracker } from './ops/statements.js';
import { mysql2PoolStats, type PoolStats } from './ops/metrics.js';
import { createServiceServer } from './ops/service-server.js';
import { SiteTablesLog } from './ops/site-tables.js';
import { siteTablesProblem } from './http/error-handler.js';
import { siteAddressWarning } from './ops/site-address.js';

/** The only place that reads the environment, listens, and shuts down. */
async function main(): Promise<void> {
  // `npm start -- --help`: what can be set and run, before anything is read, opened or listened on.
  if (isHelpArgument(process.argv[2])) {
    console.log(helpText(describeSettings()));
    process.exit(0);
  }
  const argumentProblem = unknownArgumentProblem(process.argv[2]);
  if (argumentProblem !== undefined) {
    console.error(argumentProblem);
    process.exit(2);
  }
  // Settings may come from a .env file too (commands included), under what the environment sets.
  const envFileProblem = loadEnvFile(ENV_FILE);
  if (envFileProblem !== undefined) {
    console.error(envFileProblem);
    process.exit(1);
  }
  // `node dist/main.js doctor [URL] [--json]` (npm run doctor): a command, not the server. It comes
  // before the settings are read, since its URL argument stands in for DATABASE_URL.
  if (process.argv[2] === 'doctor') {
    const code = await runDoctorCommand(process.argv.slice(3), process.env, {
      print: (line) => console.log(line),
      printError: (line) => console.error(line),
    });
    process.exit(code);
  }
  // `node dist/main.js sqlite-import dump.sql site.sqlite` (npm run sqlite-import): a command too.
  if (process.argv[2] === 'sqlite-import') {
    process.exit(runSqliteImportCommand(process.argv.slice(3), { print: (line) => console.log(line), printError: (line) => console.error(line) }));
  }
  let config;
  let logSettings;
  try {
    config = loadConfig(process.env);
    logSettings = loadLogSettings(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(logSettings);
  const sqlitePath = config.databaseUrl === undefined ? undefined : sqliteFilePath(config.databaseUrl);
  if (sqlitePath !== undefined && !existsSync(sqlitePath)) {
    // A mistyped path must not come up as an empty site (or wait for a file that never comes).
    console.error(`DATABASE_URL names ${sqlitePath}, which does not exist (npm run sqlite-import turns a mysqldump into one)`);
    process.exit(1);
  }
  if (sqlitePath !== undefined && existsSync(`${sqlitePath}.lock`)) {
    // The WebAssembly SQLite locks a file with a `<file>.lock` folder: one left by a process that
    // was killed keeps every statement busy until it is removed.
    logger.warn(`${sqlitePath}.lock exists: another process has the file open, or one was stopped without closing it (remove the folder if no process uses the file)`);
  }
  // Counts each request's statements (the request log) and failed ones (the metrics).
  const statements = new StatementTracker();
  let poolStats: (() => PoolStats) | undefined;
  // No DATABASE_URL: the bundled demo site, in memory (src/demo).
  const demo: DemoSite | undefined = config.databaseUrl === undefined ? openDemoSite(new Date(), { log: statements.log }) : undefined;
  const databaseUrl = config.databaseUrl;
  const db =
    demo?.db ??
    createDbOrExit('DATABASE_URL', () =>
      createDb({
        log: statements.log,
        onPool: (pool) => (poolStats = mysql2PoolStats(pool)),
        databaseUrl: databaseUrl!,
        tablePrefix: config.tablePrefix,
        baseTablePrefix: config.baseTablePrefix,
      }),
    );
  // Read replicas (DATABASE_READ_URL): plain reads go there, writes and a writer's next reads not.
  const readDbs = config.databaseReadUrls.map((databaseUrl) =>
    createDbOrExit('DATABASE_READ_URL', () =>
      createDb({ log: statements.log, databaseUrl, tablePrefix: config.tablePrefix, baseTablePrefix: config.baseTablePrefix }),
    ),
  );
  // `node dist/main.js indexes add|remove|status` (npm run indexes): a command, not the server.
  if (process.argv[2] === 'indexes') {
    const code = await runIndexesCommand(db, process.argv[3], (line) => console.log(line)).finally(() =>
      Promise.allSettled([db.destroy(), ...readDbs.map((readDb) => readDb.destroy())]),
    );
    process.exit(code);
  }
  const logError = (error: unknown) => logger.error({ err: withoutSql(error) }, 'unexpected error');
  // Redis connects in the background: a site whose Redis is down still gets its writes served.
  const objectCache = config.objectCache
    ? openObjectCache(
        { ...config.objectCache, tablePrefix: config.tablePrefix, baseTablePrefix: config.baseTablePrefix },
        logError,
      )
    : undefined;
  // Off until the database has said which mode it allows (startChangeFeed, once it answers).
  const changeFeed = new ChangeFeed();
  // The demo's `home` is the address the recorded site had (127.0.0.1:8080): links in its answers
  // name the address this process really listens on instead.
  const listenedAt = `http://${config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host}:${config.port}`;
  const appConfig = demo && config.publicUrl === undefined && config.port !== 0 ? Object.freeze({ ...config, publicUrl: listenedAt }) : config;
  // A database without the site's tables is logged once, by the start's wait or a request, whichever meets it first.
  const siteTables = new SiteTablesLog({ db, tablePrefix: config.tablePrefix, logger });
  const handler = createHandler({
    db,
    siteTables,
    readDbs,
    config: appConfig,
    logError,
    logger,
    statements,
    poolStats,
    changeListeners: objectCache ? [objectCache.listener] : [],
    changeFeed,
    responseCacheBytes: config.cacheMaxBytes,
  });
  // The client limits (headers in 10 s, the whole request in 30 s) are set where the server is made.
  const { server, stop } = createServiceServer(handler);
  // Change notifications (WEBHOOKS, NATS_URL): the record as an anonymous reader sees it is read
  // from this very service, over loopback, when a delivery is made.
  const notifier = createNotifier({
    config,
    log: logger,
    fetchRecord: (kind, id) => fetchRecordAnonymously(server, config, kind, id),
  });
  // Where notifications left off, kept so that a start resumes the binlog there (binlog mode, with
  // notifications on): in JetStream beside the stream with NATS_URL, else in the site's wp_options.
  const notifying = config.webhooks.length > 0 || config.nats !== undefined;
  const followsBinlog = databaseUrl !== undefined && sqliteFilePath(databaseUrl) === undefined && config.changeFeed !== 'probe' && config.changeFeed !== 'off';
  const positions =
    notifying && followsBinlog
      ? new PositionKeeper(config.nats ? jetStreamPositionStore(config.nats) : databasePositionStore(db), { warn: (message) => logger.warn(message) })
      : undefined;
  notifyRecordChanges({ feed: changeFeed, db, notifier, logError, positions });
  // A port taken or not ours to bind: say which and how to pick another, not Node's stack.
  server.once('error', (error: NodeJS.ErrnoException) => {
    const problem = listenProblem(error, config.host, config.port);
    if (problem === undefined) throw error;
    console.error(problem);
    process.exit(1);
  });
  // The port bound (the system's pick with PORT=0).
  const listening = new Promise<number>((resolve) => server.once('listening', () => resolve((server.address() as AddressInfo).port)));
  server.listen(config.port, config.host, () => {
    // With PORT=0 the system picks the port; print the one actually bound.
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const served = config.namespaces.map((namespace) => `http://${config.host}:${port}${config.restRoot}/${namespace}`);
    console.log(`calendar-sidecar listening on ${served.join(' and ')}`);
    if (config.namespaces.includes(TICKETS_NAMESPACE)) {
      console.log(`${TICKETS_NAMESPACE}: answered while the site runs Event Tickets; in progress (rest_no_route): ${inProgressEndpoints(createTicketsV1Routes(TICKETS_NAMESPACE)).length} endpoints (docs/tickets-api.md)`);
    }
    if (demo) printDemoBanner(demo, served[0]!);
  });
  // Serve at once (a database that is down is answered 503, /readyz says so), and say clearly
  // in the log while the database is not there yet, instead of crash-looping.
  let runningFeed: RunningFeed | undefined;
  const databaseReady = waitForDatabase(db, siteTables, (message) => logger.warn(message), (message) => logger.info(message));
  // Links naming the PHP site while clients come here: said once, as doctor says it. The demo's
  // links name this process's address already (appConfig above).
  if (!demo) {
    void Promise.all([listening, databaseReady])
      .then(([port]) => siteAddressWarning(db, config, port))
      .then(
        (warning) => warning !== undefined && logger.warn(warning),
        // Options that cannot be read are the requests' to report (503), not this line's.
        () => undefined,
      );
  }
  void databaseReady.then(async () => {
    await logCompanions(db, isMultisiteNetwork(config), (message) => logger.warn(message));
    if (databaseUrl === undefined || sqliteFilePath(databaseUrl) !== undefined) {
      // A SQLite file has neither binlog nor InnoDB log to follow: nothing is served from memory.
      changeFeed.turnOff(new Date());
      return;
    }
    try {
      runningFeed = await startChangeFeed({
        feed: changeFeed,
        setting: config.changeFeed,
        db,
        databaseUrl,
        tablePrefix: config.tablePrefix,
        baseTablePrefix: config.baseTablePrefix,
        now: () => new Date(),
        info: (message) => logger.info(message),
        warn: (message) => logger.warn(message),
        resumeAt: positions && (() => positions.resumePoint()),
      });
      // Kept event dates are loaded without a cap only where the binlog vouches for them.
      if (changeFeed.mode === 'binlog') void listening.then((port) => warmEventLists(listenedAt.replace(/:\d+$/, `:${port}`), (message) => logger.info(message)));
    } catch (error) {
      // The feed stays off: everything is served, nothing from memory.
      logger.warn({ err: withoutSql(error) }, 'change feed could not start: answers are not cached');
    }
  });

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received, shutting down`);
    // No new request on any connection; the ones under way finish (at most SHUTDOWN_GRACE_MS), then close.
    // The feed stops first, then the notifier stores what it was handed, then the position is kept.
    const closeNotifications = async () => {
      await runningFeed?.stop();
      await notifier.close();
      await positions?.close();
    };
    void stop(SHUTDOWN_GRACE_MS).then(() =>
      Promise.allSettled([closeNotifications(), objectCache?.close()])
        .then(() => Promise.allSettled([db.destroy(), ...readDbs.map((readDb) => readDb.destroy())]))
        .finally(() => process.exit(0)),
    );
  };
  // `on`, not `once`: under `npm start`, Ctrl-C reaches the service twice (from the terminal, and
  // forwarded by npm); a second signal left to Node's default would kill it mid-drain.
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

/** The settings file of the working directory (`npm start`'s is the project's folder). */
const ENV_FILE = '.env';

/**
 * Adds the variables of a `.env` file to process.env with Node's own reader, which never replaces
 * a variable the environment already has (an empty one included). No file is no problem; a file
 * that cannot be read, or holds a line Node would skip or cut short, is: its one line is returned.
 */
function loadEnvFile(path: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? undefined : `${path} cannot be read (${code ?? (error as Error).message}): fix it, or remove it and set the variables in the environment`;
  }
  // The engines field asks for 20.12, but npm only warns on an older Node.
  if (typeof process.loadEnvFile !== 'function') {
    return `${path} is there, but Node ${process.version} cannot read it (process.loadEnvFile came in Node 20.12): upgrade Node, or set its variables in the environment`;
  }
  const problem = envFileProblem(text);
  if (problem !== undefined) return `${path} ${problem}`;
  process.loadEnvFile(path);
  return undefined;
}

/** Says what the demo is and how to sign in to it. */
function printDemoBanner(demo: DemoSite, eventsBase: string): void {
  const lines = [
    '',
    'No DATABASE_URL: serving the bundled demo site (an in-memory SQLite copy of fixtures/reference/db.sql;',
    `its dates moved ${demo.shiftDays} days so its events are current; writes are lost at exit).`,
    `  try: curl ${eventsBase}/events`,
    'Demo users (HTTP Basic with an application password):',
    ...demo.users.map((user) => `  ${user.login.padEnd(12)} ${user.applicationPassword}  (${user.role})`),
    `  e.g. curl -u admin:${demo.users.find((user) => user.login === 'admin')?.applicationPassword ?? ''} -X POST ${eventsBase}/events -H 'content-type: application/json' -d '{"title":"Hello","start_date":"tomorrow 10:00","end_date":"tomorrow 11:00"}'`,
    'Serve a real site with DATABASE_URL=mysql://user:password@host:3306/wordpress or DATABASE_URL=sqlite:/path/to/site.sqlite',
    '',
  ];
  console.log(lines.join('\n'));
}

const COLLECTION_OF_KIND: Readonly<Record<RecordKind, string>> = {
  event: 'events',
  venue: 'venues',
  organizer: 'organizers',
  category: 'categories',
  tag: 'tags',
  ticket: 'tickets',
  attendee: 'attendees',
};

/** Tickets and attendees are Event Tickets' records: read from its namespace, when served. */
function namespaceOfKind(config: Config, kind: RecordKind): string | undefined {
  if (kind !== 'ticket' && kind !== 'attendee') return config.namespaces[0];
  return config.namespaces.includes(TICKETS_NAMESPACE) ? TICKETS_NAMESPACE : undefined;
}

/** GET {namespace}/{collection}/{id} from this server without credentials: the body on 200, else null. */
async function fetchRecordAnonymously(server: Server, config: Config, kind: RecordKind, id: number): Promise<unknown | null> {
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('the service is not listening');
  const namespace = namespaceOfKind(config, kind);
  if (namespace === undefined) return null;
  const response = await fetch(`http://127.0.0.1:${address.port}${config.restRoot}/${namespace}/${COLLECTION_OF_KIND[kind]}/${id}`);
  if (response.status !== 200) return null;
  return response.json() as Promise<unknown>;
}

/** What to tell an operator when the address cannot be listened on; undefined for other errors. */
function listenProblem(error: NodeJS.ErrnoException, host: string, port: number): string | undefined {
  const how = 'choose another with PORT (and the address with HOST), e.g. PORT=8081 npm start';
  if (error.code === 'EADDRINUSE') return `Port ${port} on ${host} is already in use by another process: ${how}`;
  if (error.code === 'EACCES') return `Port ${port} on ${host} may not be listened on by this user (ports below 1024 need privileges): ${how}`;
  if (error.code === 'EADDRNOTAVAIL') return `HOST ${host} is not an address of this machine: set HOST to one of its addresses (127.0.0.1, 0.0.0.0 for all)`;
  return undefined;
}

/**
 * mysql2 checks a URL's options as it makes the pool (`?ssl=` must name a profile it knows) and
 * throws: one line naming the setting, as for the settings config.ts refuses, not its stack.
 */
function createDbOrExit(setting: string, create: () => Db): Db {
  try {
    return create();
  } catch (error) {
    console.error(`Invalid configuration: ${setting}: ${(error as Error).message}`);
    process.exit(1);
  }
}

/** How long requests under way may run on after SIGTERM (the systemd unit's TimeoutStopSec is above it). */
const SHUTDOWN_GRACE_MS = 25_000;

/** An error as it may be logged: mysql2 puts the statement with its bound values (passwords in writes) in `sql`. */
function withoutSql(error: unknown): unknown {
  if (typeof error !== 'object' || error === null || !('sql' in error)) return error;
  const { message, stack, code, errno, sqlState } = error as Record<string, unknown>;
  return { message, stack, code, errno, sqlState };
}

/**
 * Checks the site's tables until they answer, logging each failure (throttled) and the first
 * success. Tables missing from a database that answers are SiteTablesLog's to report: one line
 * naming the prefix and the sites the database holds, and one when they are found.
 */
async function waitForDatabase(db: Db, siteTables: SiteTablesLog, warn: (message: string) => void, info: (message: string) => void): Promise<void> {
  let warned = false;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await checkSiteTables(db);
      siteTables.found();
      if (warned) info('database reachable: serving normally');
      return;
    } catch (error) {
      if (siteTablesProblem(error) !== undefined) siteTables.failed(error, false);
      else if (attempt === 1 || attempt % 30 === 0) {
        warned = true;
        const reason = (error as { code?: string; message?: string }).code ?? (error as Error).message;
        warn(`database not ready (${reason}): answering 503 meanwhile, retrying every second`);
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  }
}

void main();
