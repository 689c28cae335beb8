import { spawnSync } from 'node:child_process';
import { closeSync, copyFileSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../setup/built-service.js';

/**
 * scripts/ensure-build.mjs as `npm start` runs it, on a project of one file laid out as ours is (a
 * copy of the script under scripts/, src/, the two tsconfigs, package-lock.json, our node_modules):
 * the compile of a first start or of changed sources is announced by one line before it begins, so
 * the wait is not silent; a start with nothing to compile says nothing.
 */
let root: string;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'cs-ensure-build-'));
  mkdirSync(join(root, 'scripts'));
  mkdirSync(join(root, 'src'));
  copyFileSync(join(PROJECT_ROOT, 'scripts/ensure-build.mjs'), join(root, 'scripts/ensure-build.mjs'));
  symlinkSync(join(PROJECT_ROOT, 'node_modules'), join(root, 'node_modules'));
  writeFileSync(join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions: { target: 'ES2022', module: 'NodeNext', strict: true, noEmit: true, types: [] } }));
  writeFileSync(join(root, 'tsconfig.build.json'), JSON.stringify({ extends: './tsconfig.json', compilerOptions: { noEmit: false, outDir: 'dist', rootDir: 'src' }, include: ['src'] }));
  writeFileSync(join(root, 'package-lock.json'), '{}\n');
  writeFileSync(join(root, 'src/main.ts'), 'export const answer: number = 42;\n');
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

/** Runs the script; stdout and stderr go to one file, so the order of what they printed is kept. */
function ensureBuild(): { code: number | null; output: string } {
  const file = join(root, 'output.txt');
  const fd = openSync(file, 'w');
  try {
    const run = spawnSync(process.execPath, [join(root, 'scripts/ensure-build.mjs')], { cwd: root, stdio: ['ignore', fd, fd], timeout: 60_000 });
    return { code: run.status, output: readFileSync(file, 'utf8') };
  } finally {
    closeSync(fd);
  }
}

const ANNOUNCEMENT = /^building dist\/ \((first start|sources changed)\)…$/m;

describe('scripts/ensure-build.mjs', () => {
  it('says it builds before the first compile, then nothing while dist/ is current', () => {
    const first = ensureBuild();
    expect(first.code, first.output).toBe(0);
    expect(first.output.trim()).toBe('building dist/ (first start)…');
    expect(readFileSync(join(root, 'dist/main.js'), 'utf8')).toContain('42');

    const again = ensureBuild();
    expect(again.code).toBe(0);
    expect(again.output).toBe('');
  }, 60_000);

  it('says so again when a source changed, before what the compiler prints', () => {
    writeFileSync(join(root, 'src/main.ts'), 'export const answer: number = "forty-two";\n');
    // Later than the last build's stamp, whatever the file system's time resolution.
    const later = new Date(Date.now() + 5_000);
    utimesSync(join(root, 'src/main.ts'), later, later);
    const run = ensureBuild();
    expect(run.code).not.toBe(0);
    expect(run.output).toMatch(ANNOUNCEMENT);
    expect(run.output.match(ANNOUNCEMENT)![1]).toBe('sources changed');
    expect(run.output.indexOf('building dist/')).toBeLessThan(run.output.indexOf('error TS'));
  }, 60_000);
});
