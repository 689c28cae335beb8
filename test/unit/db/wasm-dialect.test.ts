import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSqliteDb } from '../../../src/db/create-db.js';
import { isConnectionFailure } from '../../../src/http/error-handler.js';

/**
 * The SQLite driver's failures that mean "database not there or not free" are answered 503 like
 * MySQL's; text holding NUL bytes (PHP's serialized objects) is written and read back whole.
 */

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

describe('WasmSqliteDialect text with NUL bytes', () => {
  // How PHP serializes a protected property: the NULs around `*` are part of the string.
  const serialized = 'O:5:"Value":1:{s:9:"\0*\0amount";d:22.5;} and é after';

  it('writes and reads back a string with NULs whole, and finds it by equality', async () => {
    const db = createSqliteDb({ filename: join(folder, 'nul.sqlite'), tablePrefix: 'wp_', create: true });
    await db.schema.createTable('wp_postmeta').addColumn('meta_id', 'integer', (column) => column.primaryKey()).addColumn('post_id', 'integer').addColumn('meta_value', 'text').execute();
    await db.insertInto('postmeta').values([{ meta_id: 1, post_id: 5, meta_value: serialized }, { meta_id: 2, post_id: 5, meta_value: 'plain' }]).execute();
    const rows = await db.selectFrom('postmeta').select(['meta_id', 'meta_value']).orderBy('meta_id').execute();
    expect(rows).toEqual([{ meta_id: 1, meta_value: serialized }, { meta_id: 2, meta_value: 'plain' }]);
    const found = await db.selectFrom('postmeta').select('meta_id').where('meta_value', '=', serialized).execute();
    expect(found).toEqual([{ meta_id: 1 }]);
    await db.destroy();
  });
});
