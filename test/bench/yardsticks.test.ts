import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCpuPerRequest, parseUnderChange } from '../../bench/support/yardsticks.js';

/*
 * npm run bench reads its yardstick figures from what bench/yardsticks/*.sh print. These run the
 * scripts' own printing lines (taken from the files, so a refresh from ../shared/bench that changes
 * them shows here) on made-up values through bash, and read the figures back.
 */

const script = (name: string) => readFileSync(new URL(`../../bench/yardsticks/${name}`, import.meta.url), 'utf8');

function lineOf(source: string, pattern: RegExp): string {
  const line = source.split('\n').find((l) => pattern.test(l));
  if (line === undefined) throw new Error(`no line matching ${pattern}`);
  return line;
}

describe('the yardsticks figures npm run bench reads', () => {
  it("reads under-change.sh's summary line", () => {
    const echo = lineOf(script('under-change.sh'), /^echo "under change \(/);
    const printed = execFileSync('bash', ['-c', `rate=10 wok=9 wall=10 svc=3395.12 floor=721.4 fs=600.25 fll=121.15 ratio=4.71 stale=2\n${echo}`], { encoding: 'utf8' });
    expect(parseUnderChange(`some progress\n${printed}`)).toEqual({
      rate: 10,
      writesOk: 9,
      writes: 10,
      serviceReadsPerSecond: 3395.12,
      floorReadsPerSecond: 721.4,
      floorSingle: 600.25,
      floorList: 121.15,
      ratio: 4.71,
      stale: 2,
    });
    expect(parseUnderChange('service did not start')).toBeUndefined();
  });

  it("reads cpu-per-request.sh's rounds and keeps the round its summary chose", () => {
    const source = script('cpu-per-request.sh');
    const printRound = lineOf(source, /^\s*echo "round \$r/);
    const keepBest = lineOf(source, /^\s*b=\$\{best\[\$k\]/);
    const lines = source.split('\n');
    const from = lines.findIndex((l) => l.startsWith('for k in list single'));
    const summary = lines.slice(from, lines.findIndex((l, i) => i > from && l === 'done') + 1).join('\n');
    // round, target, req/s, process ms, MariaDB ms: the second round is cheaper for the service's
    // list, the first for everything else.
    const rounds = [
      '1 service-list 200 3.000 2.000',
      '1 floor-list 500 1.000 1.500',
      '1 service-single 900 1.200 0.800',
      '1 floor-single 1500 0.400 0.300',
      '2 service-list 210 2.500 2.000',
      '2 floor-list 480 1.100 1.500',
      '2 service-single 880 1.300 0.800',
      '2 floor-single 1400 0.500 0.300',
    ];
    const program = [
      'declare -A best',
      `for spec in ${rounds.map((r) => `"${r}"`).join(' ')}; do`,
      '  read -r r k rps sv mv <<<"$spec"; tot=$(awk -v a="$sv" -v b="$mv" \'BEGIN { printf "%.3f", a + b }\')',
      printRound,
      keepBest,
      'done',
      summary,
    ].join('\n');
    const printed = execFileSync('bash', ['-c', program], { encoding: 'utf8' });
    const figures = parseCpuPerRequest(printed);
    expect(figures).toEqual([
      {
        kind: 'list',
        service: { round: 2, target: 'service-list', requestsPerSecond: 210, process: 2.5, mariadb: 2, total: 4.5 },
        floor: { round: 1, target: 'floor-list', requestsPerSecond: 500, process: 1, mariadb: 1.5, total: 2.5 },
        ratio: 1.8,
      },
      {
        kind: 'single',
        service: { round: 1, target: 'service-single', requestsPerSecond: 900, process: 1.2, mariadb: 0.8, total: 2 },
        floor: { round: 1, target: 'floor-single', requestsPerSecond: 1500, process: 0.4, mariadb: 0.3, total: 0.7 },
        ratio: 2.86,
      },
    ]);
    // Without both summary lines (a target that answered nothing prints none) there are no figures.
    expect(parseCpuPerRequest(printed.replace(/^single: .*$/m, ''))).toBeUndefined();
  });
});
