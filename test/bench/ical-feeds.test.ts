import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatICalFeeds, parseICalFeeds } from '../../bench/support/ical-feeds.js';

/*
 * npm run bench reads the iCal feeds' figures from what bench/ical-feeds.sh prints: its own round
 * line and best-round bookkeeping (taken from the file) run through bash on made-up values.
 */

const source = readFileSync(new URL('../../bench/ical-feeds.sh', import.meta.url), 'utf8');

function lineOf(pattern: RegExp): string {
  const line = source.split('\n').find((l) => pattern.test(l));
  if (line === undefined) throw new Error(`no line matching ${pattern}`);
  return line;
}

function printed(rounds: readonly string[]): string {
  const program = [
    'declare -A best',
    `for spec in ${rounds.map((r) => `"${r}"`).join(' ')}; do`,
    '  read -r r k rps sv mv <<<"$spec"; tot=$(awk -v a="$sv" -v b="$mv" \'BEGIN { printf "%.3f", a + b }\')',
    lineOf(/^\s*echo "round \$r/),
    lineOf(/^\s*b=\$\{best\[\$k\]/),
    'done',
    // The loop's status is its last `&&` chain's, 1 when that round was not the best.
    'true',
  ].join('\n');
  return execFileSync('bash', ['-c', program], { encoding: 'utf8' });
}

describe("bench/ical-feeds.sh's figures", () => {
  // round, target, req/s, process ms, MariaDB ms: the second round is cheaper for the cold feed.
  const rounds = [
    '1 cold-feed 10 60.000 15.000',
    '1 kept-feed 700 0.400 0.010',
    '1 floor-feed 30 7.500 5.000',
    '1 cold-month 8 32.000 11.000',
    '1 kept-month 1300 0.160 0.000',
    '1 floor-month 60 3.600 3.500',
    '2 cold-feed 12 50.000 14.000',
    '2 kept-feed 650 0.450 0.010',
    '2 floor-feed 29 7.700 5.000',
  ];

  it('keeps the best round of each target, per feed', () => {
    expect(parseICalFeeds(`progress\n${printed(rounds)}`)).toEqual([
      {
        feed: 'feed',
        cold: { round: 2, target: 'cold-feed', requestsPerSecond: 12, process: 50, mariadb: 14, total: 64 },
        kept: { round: 1, target: 'kept-feed', requestsPerSecond: 700, process: 0.4, mariadb: 0.01, total: 0.41 },
        floor: { round: 1, target: 'floor-feed', requestsPerSecond: 30, process: 7.5, mariadb: 5, total: 12.5 },
      },
      {
        feed: 'month',
        cold: { round: 1, target: 'cold-month', requestsPerSecond: 8, process: 32, mariadb: 11, total: 43 },
        kept: { round: 1, target: 'kept-month', requestsPerSecond: 1300, process: 0.16, mariadb: 0, total: 0.16 },
        floor: { round: 1, target: 'floor-month', requestsPerSecond: 60, process: 3.6, mariadb: 3.5, total: 7.1 },
      },
    ]);
  });

  it('has no figures when a target printed no round', () => {
    expect(parseICalFeeds(printed(rounds.filter((round) => !round.includes('kept-month'))))).toBeUndefined();
    expect(parseICalFeeds('service cold did not start')).toBeUndefined();
  });

  it('prints the ratios to the floor', () => {
    const table = formatICalFeeds(parseICalFeeds(printed(rounds))!);
    expect(table).toContain('5.12x');
    expect(table).toContain('0.03x');
    expect(table.split('\n')).toHaveLength(3);
  });
});
