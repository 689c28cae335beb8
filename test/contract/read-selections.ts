import type { ReferenceCase } from './captures.js';
import type { Db } from '../../src/db/create-db.js';

/**
 * Which recorded cases each read contract file replays, in one place so that
 * `read-selections.test.ts` can check that every case that cannot write is replayed by exactly one
 * of them (the variant suites, such as events without TEC 6's custom tables, replay a subset again).
 * "Anonymous" means no user: a case may still send an odd header (a REST nonce without a cookie).
 */

export const NAMESPACE_ROOT = '/wp-json/calendar/events/v1';

/**
 * The cases the fixtures README names as time-dependent: the events list's default window (start
 * of yesterday to 24 months ahead) and the namespace index that prints it hold the request time,
 * so these match only with the clock stopped at the case's `recorded_at`, to the second. The
 * contract suites stop it there for every case; the end-to-end test runs on the real clock and
 * leaves these out. `events.contract.test.ts` checks the list against the cases' notes.
 */
export const TIME_DEPENDENT_CASES: readonly string[] = [
  'index.namespace',
  'index.namespace-slash',
  'events.list.default-anon',
  'events.list.default-admin',
  'events.list.include',
  'events.list.include-default-window',
];

/** True for a case the README names as time-dependent. */
export function isTimeDependent(testCase: ReferenceCase): boolean {
  return TIME_DEPENDENT_CASES.includes(testCase.id);
}

/** The part of a case's path below the namespace root, or null for a case outside the namespace. */
export function namespaceRoute(testCase: ReferenceCase): string | null {
  return testCase.path.startsWith(NAMESPACE_ROOT) ? testCase.path.slice(NAMESPACE_ROOT.length) : null;
}

/** True for a GET sent without credentials. */
export function isAnonymousGet(testCase: ReferenceCase): boolean {
  return testCase.auth === 'none' && testCase.method === 'GET';
}

/** True for an `errors` case whose route (below the namespace root) matches `routes`. */
export function isErrorOn(testCase: ReferenceCase, routes: RegExp): boolean {
  const route = namespaceRoute(testCase);
  return testCase.group === 'errors' && route !== null && routes.test(route);
}

/** True for an anonymous GET of one of `groups`, or of the `errors` group on a route `errorRoutes` matches. */
export function isAnonymousReadOf(testCase: ReferenceCase, groups: readonly string[], errorRoutes: RegExp): boolean {
  return isAnonymousGet(testCase) && (groups.includes(testCase.group) || isErrorOn(testCase, errorRoutes));
}

// Errors of these resources belong to their own contract files.
const NOT_EVENT_ROUTES = /^\/(venues|organizers|categories|tags|doc)(\/|$)/;

/**
 * events.contract: anonymous GETs of the namespace index and the event routes (`events.read`,
 * `dev-search.*` and `dev-content.*` event cases among them), and the anonymous GET `errors` cases
 * on event routes or on routes that do not exist (`/nope`).
 */
export function isEventsContractCase(testCase: ReferenceCase): boolean {
  if (!isAnonymousGet(testCase)) return false;
  if (testCase.group === 'index' || testCase.group === 'events.read') return true;
  const route = namespaceRoute(testCase);
  return testCase.group === 'errors' && route !== null && !NOT_EVENT_ROUTES.test(route);
}

/**
 * auth.contract: every `auth` case (refused writes, wrong or odd credentials), every
 * authenticated GET of `events.read`, `venues.read` and `organizers.read`, and the authenticated
 * GET `errors` cases of the event routes.
 */
export function isAuthContractCase(testCase: ReferenceCase): boolean {
  if (testCase.group === 'auth') return true;
  if (testCase.auth === 'none' || testCase.method !== 'GET') return false;
  if (['events.read', 'venues.read', 'organizers.read'].includes(testCase.group)) return true;
  return isErrorOn(testCase, /^\/events(\/|$)/);
}

/** doc.contract: the /doc cases, and any recorded error on that route. */
export function isDocContractCase(testCase: ReferenceCase): boolean {
  return isAnonymousReadOf(testCase, ['doc'], /^\/doc(\/|$)/);
}

/** linked-posts.contract: anonymous GETs of the venue and organizer routes, errors included. */
export function isLinkedPostsContractCase(testCase: ReferenceCase): boolean {
  return isAnonymousReadOf(testCase, ['venues.read', 'organizers.read'], /^\/(venues|organizers)(\/|$)/);
}

/** terms.contract: anonymous GETs of the category and tag routes, errors included. */
export function isTermsContractCase(testCase: ReferenceCase): boolean {
  return isAnonymousReadOf(testCase, ['categories.read', 'tags.read'], /^\/(categories|tags)(\/|$)/);
}

/** request-errors.contract: the `errors` cases that are not GETs (answered before any handler). */
export function isRequestErrorsContractCase(testCase: ReferenceCase): boolean {
  return testCase.group === 'errors' && testCase.method !== 'GET';
}

/** The read contract files, by file name, with the cases each replays. */
export const READ_CONTRACT_SELECTIONS: Readonly<Record<string, (testCase: ReferenceCase) => boolean>> = {
  'events.contract.test.ts': isEventsContractCase,
  'auth.contract.test.ts': isAuthContractCase,
  'doc.contract.test.ts': isDocContractCase,
  'linked-posts.contract.test.ts': isLinkedPostsContractCase,
  'terms.contract.test.ts': isTermsContractCase,
  'request-errors.contract.test.ts': isRequestErrorsContractCase,
};

/** The site as before TEC 6's migration: its custom tables and their options gone (the events contract without them). */
export async function dropCustomTables(db: Db): Promise<void> {
  await db.schema.dropTable('tec_occurrences').execute();
  await db.schema.dropTable('tec_events').execute();
  await db
    .deleteFrom('options')
    .where('option_name', 'in', ['tec_ct1_migration_state', 'tec_ct1_occurrences_table_schema_version', 'tec_ct1_events_table_schema_version'])
    .execute();
}
