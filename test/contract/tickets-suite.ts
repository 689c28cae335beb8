import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import type { ReferenceCase } from './captures.js';
import { pendingSummary } from './tickets-pending.js';

/**
 * What the captures-tickets contract files share (fixtures/reference-tickets): the recordings are
 * replayed exactly as recorded (`tribe/events/v1`, `tec/v1` with its X-TEC-EEA header as sent,
 * `tribe/tickets/v1`), by a service serving all four namespaces, on the dump with Event Tickets.
 */
export const TICKETS_CAPTURES = 'reference-tickets';

/** NAMESPACES of the replaying service: ours (not in the recordings) and the three they name. */
export const TICKETS_NAMESPACES = 'calendar/events/v1,tribe/events/v1,tec/v1,tribe/tickets/v1';

/**
 * The recorded site's keys and salts (its wp-config.php, as fixtures/auth-vectors.json holds them:
 * the ticketed site was built on the same install), as the service's WP_* settings: with them the
 * block editor's ticket writes verify the nonces their cases carry at the recording instant.
 */
export const TICKETS_SITE_KEYS: Readonly<Record<string, string>> = (() => {
  const file = fileURLToPath(new URL('../../fixtures/auth-vectors.json', import.meta.url));
  const vectors = JSON.parse(readFileSync(file, 'utf8')) as { logged_in_cookie: { keys_and_salts: Record<string, string> } };
  return Object.fromEntries(Object.entries(vectors.logged_in_cookie.keys_and_salts).map(([name, value]) => [`WP_${name}`, value]));
})();

/**
 * The selection checks of a tickets contract file: how many cases are served identically today
 * (`servedCount`, so a case dropped from the pending list without a fix, or listed anew, shows
 * here first), with the summary of the pending list in the test's name, so the run's output
 * carries the counts per class.
 */
export function ticketsSelectionChecks(
  pending: Readonly<Record<string, string>>,
  servedCount: number,
  deviations: Readonly<Record<string, string>> = {},
): Readonly<Record<string, (selected: readonly ReferenceCase[]) => void>> {
  const deviating = Object.keys(deviations).length;
  return {
    [`serves ${servedCount} identically, ${deviating} intended deviations; pending ${Object.keys(pending).length}: ${pendingSummary(pending)}`]: (selected) => {
      const served = selected.filter((testCase) => !Object.hasOwn(pending, testCase.id) && !Object.hasOwn(deviations, testCase.id));
      expect(served.length).toBe(servedCount);
    },
  };
}
