import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteDb } from '../../../src/db/create-db.js';
import { isConnectionFailure } from '../../../src/http/error-handler.js';

/** The SQLite driver's failures that mean "database not there or not free" are answered 503 like MySQL's. */

let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'cs-wasm-dialect-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('WasmSqliteDialect errors', () => {
  it('names a file that is not there SQLITE_CANTOPEN, a connection failure', async () => {
    const db = createSqliteDb({ filename: join(folder, 'missing.sqlite'), tablePrefix: 'wp_' });
    const error = await db.selectFrom('posts').select('ID').execute().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'SQLITE_CANTOPEN' });
    expect(isConnectionFailure(error)).toBe(true);
    await db.destroy();
  });

  it('names a file another process keeps locked SQLITE_BUSY once the busy timeout runs out', async () => {
    const file = join(folder, 'locked.sqlite');
    const writer = createSqliteDb({ filename: file, tablePrefix: 'wp_', create: true });
    await writer.schema.createTable('wp_posts').addColumn('ID', 'integer').execute();
    await writer.destroy();
    // The WebAssembly build's lock: a `<file>.lock` folder, as a process holding the file leaves it.
    await mkdir(`${file}.lock`);
    const db = createSqliteDb({ filename: file, tablePrefix: 'wp_' });
    const error = await db.selectFrom('posts').select('ID').execute().catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 'SQLITE_BUSY' });
    expect(isConnectionFailure(error)).toBe(true);
    await db.destroy();
  }, 20_000);
});
