import { describe, expect, it } from 'vitest';
import { formatTicketedSite, parseTicketedSite } from '../../bench/support/ticketed-site.js';

/*
 * npm run bench reads the ticketed site's figures from what bench/ticketed-site.sh prints: its own
 * lines, and under-change.sh's last line prefixed with the site it ran on.
 */

const underChange = (rate: number, service: number, floor: number, stale: number) =>
  `under change (${rate} event updates/s, 95/95 answered 200; binlog): service ${service} reads/s, floor ${floor} reads/s (single ${floor - 10} + list 10) = ${(service / floor).toFixed(2)}x the floor; stale answers: ${stale}`;

const printed = [
  'load average at the start: 24.10 25.02 26.00 (2 cores)',
  'warm list [reference]: service 3200.5 req/s, floor 100.0 req/s = 32.01x the floor',
  'warm list [reference-tickets]: service 2900.0 req/s, floor 95.0 req/s = 30.53x the floor',
  'tribe/tickets/v1/tickets?per_page=20: kept 3000 req/s, cold 50 req/s = 60.00x cold',
  'tribe/tickets/v1/tickets/2002: kept 3100 req/s, cold 120 req/s = 25.83x cold',
  `[reference] ${underChange(10, 950, 100, 0)}`,
  `[reference-tickets] something the script logged`,
  `[reference-tickets] ${underChange(10, 900, 100, 1)}`,
  'load average at the end: 22.00 23.00 24.00',
].join('\n');

describe("bench/ticketed-site.sh's figures", () => {
  it('reads both sites, both ticket routes and the load', () => {
    const figures = parseTicketedSite(printed)!;
    expect(figures.sides.map((side) => [side.site, side.warm.ratio, side.underChange.serviceReadsPerSecond, side.underChange.stale])).toEqual([
      ['reference', 32.01, 950, 0],
      ['reference-tickets', 30.53, 900, 1],
    ]);
    expect(figures.ticketRoutes).toEqual([
      { route: 'tickets?per_page=20', kept: 3000, cold: 50, ratio: 60 },
      { route: 'tickets/2002', kept: 3100, cold: 120, ratio: 25.83 },
    ]);
    expect(figures.load).toEqual(['24.10 25.02 26.00', '22.00 23.00 24.00']);
    expect(formatTicketedSite(figures)).toContain('30.53x');
  });

  it('reads no figures when a site printed no under-change line', () => {
    expect(parseTicketedSite(printed.replace(/^\[reference-tickets\] under change.*$/m, ''))).toBeUndefined();
  });
});
