import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type ReferenceDump, type TestDatabase } from '../setup/database.js';
import { openReusableReferenceDatabase } from '../setup/reusable-reference-database.js';
import { snapshotReferenceDatabase, snapshotTables, type TableSnapshot } from './table-rows.js';

/**
 * Where a write contract file's cases get their reference database: on MariaDB one copy for the
 * whole file, restored to the dump's rows and counters after each case
 * (setup/reusable-reference-database.ts); on SQLite a fresh copy of the converted file per case,
 * already as cheap as a restore.
 */
export interface WriteCaseDatabases {
  /** The recorded tables as the dump loads them: what each case's writes are diffed against. */
  readonly pristine: TableSnapshot;
  /** The reference database for one case, with a fresh Db; its drop() readies the next one and throws if it cannot. */
  checkout(): Promise<TestDatabase>;
  close(): Promise<void>;
}

export async function openWriteCaseDatabases(dialect: 'mysql' | 'sqlite' = 'mysql', dump: ReferenceDump = 'reference'): Promise<WriteCaseDatabases> {
  if (dialect === 'sqlite') {
    return {
      pristine: await snapshotReferenceDatabase('sqlite', dump),
      checkout: () => createTestDatabase({ dump, dialect: 'sqlite' }),
      close: async () => undefined,
    };
  }
  const reference = await openReusableReferenceDatabase(dump);
  try {
    return {
      pristine: await snapshotTables(reference.templateUrl),
      checkout: () => reference.checkout(),
      close: () => reference.close(),
    };
  } catch (error) {
    await reference.close();
    throw error;
  }
}

/**
 * The file's write case databases, opened before its tests and closed after them: call it at the
 * top of a suite, and the returned function from inside a test.
 */
export function writeCaseDatabasesOfFile(dialect: 'mysql' | 'sqlite' = 'mysql', dump: ReferenceDump = 'reference'): () => WriteCaseDatabases {
  let databases: WriteCaseDatabases | undefined;
  beforeAll(async () => {
    databases = await openWriteCaseDatabases(dialect, dump);
  });
  afterAll(async () => {
    await databases?.close();
  });
  return () => {
    if (!databases) throw new Error('the write case databases are not open (call writeCaseDatabasesOfFile at the top of a suite)');
    return databases;
  };
}
