import { createDb } from '../../src/db/create-db.js';
import type { TestDatabase } from '../../test/setup/database.js';
import { runIndexesCommand } from '../../src/commands/indexes.js';
import { generateSite, type GeneratedSite } from './generator/index.js';

/**
 * generateSite on `database` through a pool of its own that waits up to 30 s for a connection (the
 * test database's pool gives up after 1 s, the service's 503 bound, which failed the generation on
 * a shared server busy with other sessions' tests) and puts no bound on a statement's time (the
 * service's 30 s stopped the rebuild of postmeta's indexes at 1,000,000 events: 13 million rows).
 */
export async function generateLoaded(database: TestDatabase, events: number, seed?: number): Promise<GeneratedSite> {
  const db = createDb({ databaseUrl: database.url, tablePrefix: database.prefix, acquireTimeoutMs: 30_000, statementTimeoutMs: 0 });
  try {
    return await generateSite(db, { events, prefix: database.prefix, ...(seed === undefined ? {} : { seed }) });
  } finally {
    await db.destroy();
  }
}

/**
 * `npm run indexes -- add` on a generated site, through a pool without the service's 30 s bound on
 * a statement: the postmeta index takes more than a minute at 1,000,000 events. Without the opt-in
 * indexes a large site's filtered list takes longer than that bound (bench/README, issue 9).
 */
export async function addOptInIndexes(database: TestDatabase): Promise<void> {
  const db = createDb({ databaseUrl: database.url, tablePrefix: database.prefix, acquireTimeoutMs: 30_000, statementTimeoutMs: 0 });
  try {
    const code = await runIndexesCommand(db, 'add', () => undefined);
    if (code !== 0) throw new Error(`npm run indexes -- add failed on ${database.name} (exit ${code})`);
  } finally {
    await db.destroy();
  }
}
