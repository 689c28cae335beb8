/*
 * The figures of the yardstick scripts (bench/yardsticks/, copies of ../shared/bench/) read from
 * what they print, and the tables `npm run bench` prints of them, the floor beside each figure.
 * The scripts print one summary line per scenario; a line that is not there (or not in the shape
 * below) means the run failed, never a figure of zero.
 */

/** under-change.sh's last line: reads while RATE event title updates a second go through the service. */
export interface UnderChangeFigures {
  readonly rate: number;
  /** Title updates answered 200, and all of them. */
  readonly writesOk: number;
  readonly writes: number;
  readonly serviceReadsPerSecond: number;
  /** The floor's reads/s under the same writes: single events plus lists. */
  readonly floorReadsPerSecond: number;
  readonly floorSingle: number;
  readonly floorList: number;
  /** service / floor, as the script rounded it. */
  readonly ratio: number;
  /** Written events whose single answer, or list pages, did not show the database's title. */
  readonly stale: number;
}

const NUMBER = String.raw`(\d+(?:\.\d+)?)`;
const UNDER_CHANGE_LINE = new RegExp(
  String.raw`under change \(${NUMBER} event updates/s, (\d+)/(\d+) answered 200; binlog\): service ${NUMBER} reads/s, floor ${NUMBER} reads/s \(single ${NUMBER} \+ list ${NUMBER}\) = ${NUMBER}x the floor; stale answers: (\d+)`,
);

export function parseUnderChange(output: string): UnderChangeFigures | undefined {
  const match = UNDER_CHANGE_LINE.exec(output);
  if (!match) return undefined;
  const [rate, writesOk, writes, service, floor, floorSingle, floorList, ratio, stale] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return { rate, writesOk, writes, serviceReadsPerSecond: service, floorReadsPerSecond: floor, floorSingle, floorList, ratio, stale };
}

/** CPU per request of one target in one round of cpu-per-request.sh, milliseconds. */
export interface CpuRound {
  readonly round: number;
  /** `service-list`, `floor-list`, `service-single`, `floor-single`. */
  readonly target: string;
  readonly requestsPerSecond: number;
  readonly process: number;
  readonly mariadb: number;
  readonly total: number;
}

/** One request kind: the best round (least total CPU) of the service and of the floor. */
export interface CpuFigures {
  /** `list` (events list of 12) or `single` (a single event). */
  readonly kind: string;
  readonly service: CpuRound;
  readonly floor: CpuRound;
  /** service / floor of the totals (lower is better). */
  readonly ratio: number;
}

const CPU_ROUND_LINE = new RegExp(
  String.raw`^round (\d+)\s+(\S+)\s+${NUMBER} req/s\s+process ${NUMBER} ms\s+mariadb ${NUMBER} ms\s+total ${NUMBER} ms CPU per request$`,
  'gm',
);
/**
 * The `round N  TARGET  R req/s  process P ms  mariadb M ms  total T ms CPU per request` lines
 * (cpu-per-request.sh, bench/ical-feeds.sh): for a target, its round of least total CPU (the one
 * the scripts' summaries choose); undefined when it has none with a total above zero.
 */
export function bestCpuRounds(output: string): (target: string) => CpuRound | undefined {
  const rounds: CpuRound[] = [...output.matchAll(CPU_ROUND_LINE)].map((m) => ({
    round: Number(m[1]),
    target: m[2]!,
    requestsPerSecond: Number(m[3]),
    process: Number(m[4]),
    mariadb: Number(m[5]),
    total: Number(m[6]),
  }));
  return (target) =>
    rounds.filter((round) => round.target === target && round.total > 0).reduce<CpuRound | undefined>((a, b) => (a === undefined || b.total < a.total ? b : a), undefined);
}

const CPU_SUMMARY_LINE = new RegExp(String.raw`^(\w+): service ${NUMBER} ms, floor ${NUMBER} ms CPU per request = ${NUMBER}x the floor$`, 'gm');

/**
 * cpu-per-request.sh's rounds and summary lines: per kind, the rounds the summary chose (the least
 * total of each side). Undefined unless the summary has both kinds.
 */
export function parseCpuPerRequest(output: string): CpuFigures[] | undefined {
  const best = bestCpuRounds(output);
  const figures: CpuFigures[] = [];
  for (const m of output.matchAll(CPU_SUMMARY_LINE)) {
    const kind = m[1]!;
    const service = best(`service-${kind}`);
    const floor = best(`floor-${kind}`);
    if (!service || !floor) return undefined;
    figures.push({ kind, service, floor, ratio: Number(m[4]) });
  }
  const kinds = new Set(figures.map((figure) => figure.kind));
  return kinds.has('list') && kinds.has('single') ? figures : undefined;
}

export function formatUnderChange(runs: readonly UnderChangeFigures[]): string {
  const lines = [
    ['updates/s', 'service reads/s', 'floor reads/s', '(single + list)', 'ratio', 'writes 200', 'stale'].map((h, i) => (i === 0 ? h.padEnd(9) : h.padStart(i === 3 ? 17 : 15))).join(' '),
  ];
  for (const run of runs) {
    lines.push(
      [
        String(run.rate).padEnd(9),
        run.serviceReadsPerSecond.toFixed(0).padStart(15),
        run.floorReadsPerSecond.toFixed(0).padStart(15),
        `(${run.floorSingle.toFixed(0)} + ${run.floorList.toFixed(0)})`.padStart(17),
        `${run.ratio.toFixed(2)}x`.padStart(15),
        `${run.writesOk}/${run.writes}`.padStart(15),
        String(run.stale).padStart(15),
      ].join(' '),
    );
  }
  return lines.join('\n');
}

const CPU_KIND_NAMES: Record<string, string> = { list: 'events list (12)', single: 'single event' };

export function formatCpuPerRequest(figures: readonly CpuFigures[]): string {
  const side = (round: CpuRound) => `${round.total.toFixed(3)} (${round.process.toFixed(3)} + ${round.mariadb.toFixed(3)})`;
  const lines = [
    ['request'.padEnd(18), 'service ms (process + MariaDB)'.padStart(32), 'floor ms (process + MariaDB)'.padStart(30), 'ratio'.padStart(7)].join(' '),
  ];
  for (const figure of figures) {
    lines.push(
      [
        (CPU_KIND_NAMES[figure.kind] ?? figure.kind).padEnd(18),
        side(figure.service).padStart(32),
        side(figure.floor).padStart(30),
        `${figure.ratio.toFixed(2)}x`.padStart(7),
      ].join(' '),
    );
  }
  return lines.join('\n');
}
