import { createServer } from 'node:http';
import { loadConfig, loadLogSettings, ConfigError } from './config.js';
import { createDb } from './db/create-db.js';
import { createApp } from './app.js';
import { API_NAMESPACE } from './wp/site/urls.js';
import { openObjectCache } from './wp/object-cache/object-cache.js';
import { runIndexesCommand } from './commands/indexes.js';
import { createLogger } from './ops/logging.js';
import { StatementTracker } from './ops/statements.js';
import { mysql2PoolStats, type PoolStats } from './ops/metrics.js';

/** The only place that reads the environment, listens, and shuts down. */
async function main(): Promise<void> {
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
  // Counts each request's statements (the request log) and failed ones (the metrics).
  const statements = new StatementTracker();
  let poolStats: (() => PoolStats) | undefined;
  const db = createDb({
    log: statements.log,
    onPool: (pool) => (poolStats = mysql2PoolStats(pool)),
    databaseUrl: config.databaseUrl,
    tablePrefix: config.tablePrefix,
    baseTablePrefix: config.baseTablePrefix,
  });
  // `node dist/main.js indexes add|remove|status` (npm run indexes): a command, not the server.
  if (process.argv[2] === 'indexes') {
    const code = await runIndexesCommand(db, process.argv[3], (line) => console.log(line)).finally(() => db.destroy());
    process.exit(code);
  }
  const logError = (error: unknown) => logger.error({ err: error }, 'unexpected error');
  // Redis connects in the background: a site whose Redis is down still gets its writes served.
  const objectCache = config.objectCache
    ? openObjectCache(
        { ...config.objectCache, tablePrefix: config.tablePrefix, baseTablePrefix: config.baseTablePrefix },
        logError,
      )
    : undefined;
  const app = createApp({ db, config, logError, logger, statements, poolStats, changeListeners: objectCache ? [objectCache.listener] : [] });
  const server = createServer(app.callback());
  server.listen(config.port, config.host, () => {
    // With PORT=0 the system picks the port; print the one actually bound.
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    console.log(`calendar-sidecar listening on http://${config.host}:${port}${config.restRoot}/${API_NAMESPACE}`);
  });

  const shutdown = (signal: string) => {
    console.log(`${signal} received, shutting down`);
    server.close(() => {
      Promise.allSettled([objectCache?.close(), db.destroy()]).finally(() => process.exit(0));
    });
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

void main();
