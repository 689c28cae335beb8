import { createDb } from '../../src/db/create-db.js';
import type { TestDatabase } from '../../test/setup/database.js';
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
