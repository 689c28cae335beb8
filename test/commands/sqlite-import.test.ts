import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { runSqliteImportCommand } from '../../src/commands/sqlite-import.js';
import { createSqliteDb } from '../../src/db/create-db.js';

/** `npm run sqlite-import -- dump.sql site.sqlite`, in-process: the file it writes is a site the app reads. */

const REFERENCE_DUMP = fileURLToPath(new URL('../../fixtures/reference/db.sql', import.meta.url));
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'cs-sqlite-import-'));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

function run(argv: string[]) {
  const lines: string[] = [];
  const errors: string[] = [];
  const code = runSqliteImportCommand(argv, { print: (line) => lines.push(line), printError: (line) => errors.push(line) });
  return { code, lines, errors };
}

describe('sqlite-import', () => {
  it('converts the reference dump into a file the app reads with its prefix', async () => {
    const target = join(folder, 'site.sqlite');
    const result = run([REFERENCE_DUMP, target]);
    expect(result).toEqual({ code: 0, lines: [`${target}: 20 tables, 4836 rows`], errors: [] });
    const db = createSqliteDb({ filename: target, tablePrefix: 'wp_' });
    try {
      const events = await db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).where('post_type', '=', 'tribe_events').executeTakeFirstOrThrow();
      expect(events.n).toBe(224);
    } finally {
      await db.destroy();
    }
    // Never over an existing file.
    expect(run([REFERENCE_DUMP, target])).toMatchObject({ code: 2, errors: [`${target} already exists; give a new file`] });
  });

  it('exits 2 for a wrong usage, a missing dump or SQL it cannot read', async () => {
    expect(run([REFERENCE_DUMP]).code).toBe(2);
    expect(run([join(folder, 'missing.sql'), join(folder, 'a.sqlite')]).errors[0]).toMatch(/^cannot read /);
    const bad = join(folder, 'bad.sql');
    await writeFile(bad, 'CREATE TABLE `t` (`a` int(11));\nINSERT INTO `t` VALUES (@x);');
    expect(run([bad, join(folder, 'b.sqlite')])).toMatchObject({ code: 2, errors: [expect.stringMatching(/^could not convert .*Cannot read value/)] });
    expect(existsSync(join(folder, 'b.sqlite'))).toBe(false);
  });
});
