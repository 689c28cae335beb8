import { existsSync, readFileSync, rmSync } from 'node:fs';
import { loadMysqlDump } from '../db/sqlite/mysqldump-to-sqlite.js';
import { openWasmDatabase } from '../db/sqlite/wasm-dialect.js';
import { SQLITE_FUNCTIONS } from '../db/dialect.js';

const USAGE = 'usage: npm run sqlite-import -- <dump.sql> <site.sqlite>   (then DATABASE_URL=sqlite:<site.sqlite> npm start)';

/**
 * `npm run sqlite-import -- dump.sql site.sqlite`: turns a mysqldump of a WordPress site into a
 * SQLite file in WordPress's SQLite layout, which DATABASE_URL=sqlite:... then serves. Refuses to
 * write over an existing file. Returns the exit code: 0 done, 2 usage or unreadable SQL.
 */
export function runSqliteImportCommand(argv: readonly string[], out: { print: (line: string) => void; printError: (line: string) => void }): number {
  const [dumpPath, targetPath, ...rest] = argv;
  if (dumpPath === undefined || targetPath === undefined || rest.length > 0) {
    out.printError(USAGE);
    return 2;
  }
  if (existsSync(targetPath)) {
    out.printError(`${targetPath} already exists; give a new file`);
    return 2;
  }
  let dump: string;
  try {
    dump = readFileSync(dumpPath, 'utf8');
  } catch (error) {
    out.printError(`cannot read ${dumpPath}: ${(error as Error).message}`);
    return 2;
  }
  const database = openWasmDatabase({ filename: targetPath, functions: SQLITE_FUNCTIONS });
  let failure: Error | undefined;
  let summary = '';
  try {
    const result = loadMysqlDump(database, dump);
    summary = `${targetPath}: ${result.tables.length} tables, ${result.rows} rows`;
  } catch (error) {
    failure = error as Error;
  } finally {
    database.close();
  }
  if (failure) {
    // The file is ours, made just now: no half-made site is left behind.
    rmSync(targetPath, { force: true });
    out.printError(`could not convert ${dumpPath}: ${failure.message}`);
    return 2;
  }
  out.print(summary);
  return 0;
}
