// Where a process's CPU goes, by module: reads `perf script` output (real CPU samples with call
// chains, recorded with `perf record -g` of a node started with `--perf-basic-prof`, so JIT frames
// have names) and charges each sample to the innermost JavaScript frame of a known module: the
// service's own folders (`ours: wp/text`), a package (`lib: mysql2`), a part of Node (`node: streams`).
// V8 builtins, the kernel and libc under a JavaScript frame count for that frame (a socket write is
// its caller's); samples with no JavaScript frame count for the garbage collector, the JIT compiler
// or native code. Used for "Reads while the site is written: where the time goes" in README.md.
// usage: perf script -i perf.data | node bench/perf-shares.mjs [--detail]
import { createInterface } from 'node:readline';

const detailed = process.argv.includes('--detail');
const GC = /Scaveng|Marking|Sweep|MarkCompact|Evacuat|Remembered|FreeList|MemoryChunk|SlotSet|Compactor|IteratePointers|SizeFromMap|ShouldVisit|Heap::/;
const JIT = /compiler::|Compil|Maglev|Turbofan/;

/** The category of one sample (its header line, then its frames from the innermost out). */
function categoryOf(frames) {
  const inner = frames.slice(0, 8).join(' ');
  if (JIT.test(inner)) return 'v8: JIT compiler';
  const onMainThread = frames.some((frame) => frame.includes('uv_run') || frame.includes('JS:'));
  if (GC.test(frames.slice(0, 3).join(' '))) return onMainThread ? 'v8: garbage collection (main thread)' : 'v8: garbage collection (helper threads)';
  for (const frame of frames) {
    const script = frame.match(/JS:\S*\s+(\S+)/)?.[1];
    if (script === undefined) continue;
    const path = script.replace(/:\d+:\d+(\+0x[0-9a-f]+)?$/, '');
    const lib = path.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
    if (lib) return `lib: ${lib[1]}`;
    const ours = path.match(/\/dist\/(.*)\/[^/]+$/);
    if (ours) return `ours: ${ours[1]}`;
    if (path.startsWith('node:')) return `node: ${path.replace(/^node:(internal\/)?/, '').split('/')[0].replace(/^_/, '')}`;
  }
  if (frames[0]?.includes('[kernel')) return 'kernel, no JavaScript caller';
  if (frames.some((frame) => frame.includes('llhttp') || frame.includes('Parser::'))) return 'node: http parser (native)';
  if (frames.some((frame) => frame.includes('uv_'))) return 'libuv, native I/O';
  return 'native, no call chain (malloc, memmove, builtins)';
}

const counts = new Map();
const leaves = new Map();
let total = 0;
let sample = [];
const finish = () => {
  if (sample.length === 0) return;
  const frames = sample.slice(1).map((line) => line.trim());
  const category = categoryOf(frames);
  counts.set(category, (counts.get(category) ?? 0) + 1);
  const leaf = (frames.find((frame) => frame.includes('JS:')) ?? frames[0] ?? '').replace(/^[0-9a-f]+\s+/, '').replace(/\s+\(\S+\)$/, '');
  const byLeaf = leaves.get(category) ?? new Map();
  byLeaf.set(leaf, (byLeaf.get(leaf) ?? 0) + 1);
  leaves.set(category, byLeaf);
  total += 1;
  sample = [];
};
const lines = createInterface({ input: process.stdin });
lines.on('line', (line) => (line.trim() === '' ? finish() : sample.push(line)));
lines.on('close', () => {
  finish();
  const percent = (n) => `${((100 * n) / total).toFixed(1).padStart(5)} %`;
  for (const [category, n] of [...counts].sort((a, b) => b[1] - a[1])) {
    console.log(`${percent(n)}  ${category}`);
    if (!detailed) continue;
    for (const [leaf, k] of [...leaves.get(category)].sort((a, b) => b[1] - a[1]).slice(0, 3)) console.log(`          ${percent(k)}  ${leaf.slice(0, 110)}`);
  }
  console.log(`${total} samples`);
});
