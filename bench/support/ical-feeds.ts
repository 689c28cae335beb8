import { bestCpuRounds, type CpuRound } from './yardsticks.js';

/*
 * bench/ical-feeds.sh's figures read from what it prints, and the table `npm run bench` prints of
 * them: per feed, the service cold and kept beside the floor. A feed whose three targets did not
 * all print a round means the run failed, never a figure of zero.
 */

/** The feeds the script measures, and how the table names them. */
const FEEDS: Readonly<Record<string, string>> = {
  feed: '/events/?ical=1 (30 still to end)',
  month: '/events/month/2027-03/?ical=1',
};

/** One feed: the best round (least total CPU) of the service cold, kept, and of the floor. */
export interface ICalFeedFigures {
  readonly feed: string;
  readonly cold: CpuRound;
  readonly kept: CpuRound;
  readonly floor: CpuRound;
}

/** Both feeds' figures; undefined unless each has a round of all three targets. */
export function parseICalFeeds(output: string): ICalFeedFigures[] | undefined {
  const best = bestCpuRounds(output);
  const figures: ICalFeedFigures[] = [];
  for (const feed of Object.keys(FEEDS)) {
    const [cold, kept, floor] = [best(`cold-${feed}`), best(`kept-${feed}`), best(`floor-${feed}`)];
    if (!cold || !kept || !floor) return undefined;
    figures.push({ feed, cold, kept, floor });
  }
  return figures;
}

export function formatICalFeeds(figures: readonly ICalFeedFigures[]): string {
  const side = (round: CpuRound) => `${round.total.toFixed(3)} (${round.process.toFixed(3)} + ${round.mariadb.toFixed(3)})`;
  const ratio = (round: CpuRound, floor: CpuRound) => `${(round.total / floor.total).toFixed(2)}x`;
  const lines = [
    [
      'feed'.padEnd(34),
      'cold ms (process + MariaDB)'.padStart(29),
      'kept ms (process + MariaDB)'.padStart(29),
      'floor ms (process + MariaDB)'.padStart(30),
      'cold'.padStart(7),
      'kept'.padStart(7),
      'req/s cold, kept, floor'.padStart(25),
    ].join(' '),
  ];
  for (const figure of figures) {
    lines.push(
      [
        (FEEDS[figure.feed] ?? figure.feed).padEnd(34),
        side(figure.cold).padStart(29),
        side(figure.kept).padStart(29),
        side(figure.floor).padStart(30),
        ratio(figure.cold, figure.floor).padStart(7),
        ratio(figure.kept, figure.floor).padStart(7),
        [figure.cold, figure.kept, figure.floor].map((round) => round.requestsPerSecond.toFixed(0)).join(', ').padStart(25),
      ].join(' '),
    );
  }
  return lines.join('\n');
}
