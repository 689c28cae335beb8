import { parseUnderChange, type UnderChangeFigures } from './yardsticks.js';

/*
 * bench/ticketed-site.sh's figures read from what it prints, and the table `npm run bench` prints
 * of them: the plain site and the same site running Event Tickets side by side (the warm repeated
 * list and reads under change, each beside its own floor), and tribe/tickets/v1 kept against cold.
 * A site or route that printed no line means the run failed, never a figure of zero.
 */

const SITES = ['reference', 'reference-tickets'] as const;
const TICKET_ROUTES = ['tickets?per_page=20', 'tickets/2002'] as const;

/** One site's side: the warm list beside its floor, and reads under change. */
export interface TicketedSiteSide {
  readonly site: string;
  readonly warm: { service: number; floor: number; ratio: number };
  readonly underChange: UnderChangeFigures;
}

export interface TicketedSiteFigures {
  readonly sides: TicketedSiteSide[];
  /** tribe/tickets/v1 routes on the ticketed site: req/s kept (the defaults) and cold (CACHE_MAX_MB=0). */
  readonly ticketRoutes: { route: string; kept: number; cold: number; ratio: number }[];
  /** The load averages the script printed (1, 5, 15 min), at the start and at the end. */
  readonly load: string[];
}

const NUMBER = String.raw`(\d+(?:\.\d+)?)`;

export function parseTicketedSite(output: string): TicketedSiteFigures | undefined {
  const sides: TicketedSiteSide[] = [];
  for (const site of SITES) {
    const warm = new RegExp(String.raw`warm list \[${site}\]: service ${NUMBER} req/s, floor ${NUMBER} req/s = ${NUMBER}x the floor`).exec(output);
    const prefix = `[${site}] `;
    const underChange = parseUnderChange(
      output
        .split('\n')
        .filter((line) => line.startsWith(prefix))
        .map((line) => line.slice(prefix.length))
        .join('\n'),
    );
    if (!warm || !underChange) return undefined;
    sides.push({ site, warm: { service: Number(warm[1]), floor: Number(warm[2]), ratio: Number(warm[3]) }, underChange });
  }
  const ticketRoutes: TicketedSiteFigures['ticketRoutes'] = [];
  for (const route of TICKET_ROUTES) {
    const escaped = route.replace(/[?]/g, '\\?');
    const match = new RegExp(String.raw`tribe/tickets/v1/${escaped}: kept ${NUMBER} req/s, cold ${NUMBER} req/s = ${NUMBER}x cold`).exec(output);
    if (!match) return undefined;
    ticketRoutes.push({ route, kept: Number(match[1]), cold: Number(match[2]), ratio: Number(match[3]) });
  }
  const load = [...output.matchAll(/load average [^:]*: ([\d.]+ [\d.]+ [\d.]+)/g)].map((match) => match[1]!);
  return { sides, ticketRoutes, load };
}

export function formatTicketedSite(figures: TicketedSiteFigures): string {
  const lines = [
    ['site'.padEnd(18), 'warm list req/s'.padStart(16), 'floor'.padStart(8), 'ratio'.padStart(8), 'under change reads/s'.padStart(21), 'floor'.padStart(8), 'ratio'.padStart(8), 'stale'.padStart(6)].join(' '),
  ];
  for (const side of figures.sides) {
    lines.push(
      [
        side.site.padEnd(18),
        side.warm.service.toFixed(0).padStart(16),
        side.warm.floor.toFixed(0).padStart(8),
        `${side.warm.ratio.toFixed(2)}x`.padStart(8),
        side.underChange.serviceReadsPerSecond.toFixed(0).padStart(21),
        side.underChange.floorReadsPerSecond.toFixed(0).padStart(8),
        `${side.underChange.ratio.toFixed(2)}x`.padStart(8),
        String(side.underChange.stale).padStart(6),
      ].join(' '),
    );
  }
  lines.push('', ['tribe/tickets/v1'.padEnd(26), 'kept req/s'.padStart(11), 'cold req/s'.padStart(11), 'kept/cold'.padStart(10)].join(' '));
  for (const route of figures.ticketRoutes) {
    lines.push([`/${route.route}`.padEnd(26), route.kept.toFixed(0).padStart(11), route.cold.toFixed(0).padStart(11), `${route.ratio.toFixed(2)}x`.padStart(10)].join(' '));
  }
  if (figures.load.length > 0) lines.push('', `load average (1, 5, 15 min) during the run: ${figures.load.join(' -> ')}`);
  return lines.join('\n');
}
