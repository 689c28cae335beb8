import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The layout's boundaries (STYLE.md): wp/ never imports from resources/ or http/; only repositories
// build SQL; only config.ts and main.ts read the environment.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SRC = join(ROOT, 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every module specifier a file names: static imports, re-exports, and dynamic import(). */
function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\b(?:import|export)\s[^;]*?\sfrom\s*['"]([^'"]+)['"]|\bimport\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    found.push(match[1] ?? match[2] ?? match[3] ?? '');
  }
  return found;
}

/** The src/ folders a file imports from, as paths relative to src/ (`resources/events/…`). */
function importedSrcPaths(file: string): string[] {
  return specifiers(readFileSync(file, 'utf8'))
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => relative(SRC, resolve(dirname(file), specifier)));
}

const FILES = sourceFiles(SRC);
const srcPath = (file: string) => relative(SRC, file);

describe('import boundaries', () => {
  it('wp/ imports nothing from resources/ or http/', () => {
    const wpFiles = FILES.filter((file) => srcPath(file).startsWith('wp/'));
    expect(wpFiles.length).toBeGreaterThan(50);
    const crossings = wpFiles.flatMap((file) =>
      importedSrcPaths(file)
        .filter((target) => /^(resources|http)\//.test(target))
        .map((target) => `${srcPath(file)} -> ${target}`),
    );
    expect(crossings).toEqual([]);
  });

  it('reads the imports it checks: resources/ files are seen importing from wp/ and http/', () => {
    const targets = FILES.filter((file) => srcPath(file).startsWith('resources/')).flatMap(importedSrcPaths);
    expect(targets.some((target) => target.startsWith('wp/'))).toBe(true);
    expect(targets.some((target) => target.startsWith('http/'))).toBe(true);
  });
});

// Kysely's builders and its sql tag; a transaction or a compiled query handed on is not building SQL.
const BUILDS_SQL = /\.(?:selectFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\(|(?<![`\w])sql(?:<[^>`]*>)?`|\bsql\.(?:raw|ref|join|table|id|lit|val)\(/;

/** Where SQL may be built besides `*.repository.ts`: the database layer, and the one description of the events query the repositories run. */
const SQL_BUILDERS = [/^db\//, /\.repository\.ts$/, /^wp\/tec\/events-query\.ts$/];

describe('only repositories build SQL', () => {
  it('no other file calls a query builder or the sql tag', () => {
    const builders = FILES.map(srcPath).filter((path) => BUILDS_SQL.test(readFileSync(join(SRC, path), 'utf8')));
    expect(builders.length).toBeGreaterThan(10);
    expect(builders.filter((path) => !SQL_BUILDERS.some((allowed) => allowed.test(path)))).toEqual([]);
  });

  it('tells building SQL from mentioning it', () => {
    expect(BUILDS_SQL.test("db.selectFrom('posts')")).toBe(true);
    expect(BUILDS_SQL.test('sql<number>`count(*)`')).toBe(true);
    expect(BUILDS_SQL.test("sql.ref('posts.ID')")).toBe(true);
    expect(BUILDS_SQL.test('mysql2 puts the statement in `sql`')).toBe(false);
  });
});

describe('the environment', () => {
  it('is read only by config.ts and main.ts', () => {
    const readers = FILES.map(srcPath).filter((path) => /\bprocess\.env\b/.test(readFileSync(join(SRC, path), 'utf8')));
    expect(readers.sort()).toEqual(['config.ts', 'main.ts']);
  });
});
