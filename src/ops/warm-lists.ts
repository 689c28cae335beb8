import { API_NAMESPACE } from '../wp/site/urls.js';

/**
 * Asks this service for the default events list once, as a client would, when the change feed
 * follows the binlog: the list's filter has its event dates loaded (EventTotalsIndex), and every
 * later window of it, and of each category, tag, venue or organizer narrowing it, is paged and
 * counted from memory from the first client's request on. On a site of a million events the load
 * reads every event once (seconds); done at start, no client waits for it. Never throws: a failure
 * only leaves the first client's request to load the dates.
 */
export async function warmEventLists(listenedAt: string, log: (message: string) => void): Promise<void> {
  const started = Date.now();
  try {
    const response = await fetch(`${listenedAt}/wp-json/${API_NAMESPACE}/events?per_page=1`, { headers: { 'user-agent': 'calendar-sidecar (warming the events list)' } });
    await response.arrayBuffer();
    log(`events list warmed: its event dates kept for new windows (${response.status}, ${Date.now() - started} ms)`);
  } catch (error) {
    log(`events list not warmed (${error instanceof Error ? error.message : String(error)}): the first list request loads its event dates`);
  }
}
