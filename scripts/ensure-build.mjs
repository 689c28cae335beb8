// `npm start` runs the compiled build (dist/). This compiles it first only when it is missing or
// older than a source file, so a start after `npm ci` (whose `prepare` runs this) takes a second
// or two instead of a full TypeScript compile, and a start after an edit still runs the edit.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'dist');

/** The newest modification time of a file, or of any file below a folder. */
function newestSource(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestSource(join(path, name))));
}

// When the last build through here finished: an incremental compile leaves files whose output did
// not change untouched, so the outputs' own times cannot tell.
const stamp = join(dist, '.built');
let builtAt = 0;
try {
  statSync(join(dist, 'main.js'));
  builtAt = statSync(stamp).mtimeMs;
} catch {
  // Not built yet.
}
const sourcesAt = Math.max(
  newestSource(join(root, 'src')),
  statSync(join(root, 'tsconfig.json')).mtimeMs,
  statSync(join(root, 'tsconfig.build.json')).mtimeMs,
  statSync(join(root, 'package-lock.json')).mtimeMs,
);
if (builtAt < sourcesAt) {
  // The compile takes several seconds with no output of its own: say why the start waits. On
  // stderr, so that stdout carries only what the service itself prints.
  console.error(`building dist/ (${builtAt === 0 ? 'first start' : 'sources changed'})…`);
  const result = spawnSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
}
