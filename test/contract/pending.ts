/**
 * The one list of recorded cases that wait for another open issue, case id -> the issue and why.
 * A listed case still runs and must still differ from the recording, so an entry cannot outlive
 * the gap it names; the suites fail when a listed case starts to match. Empty since issue 8
 * (content rendering and search) landed: every recorded read case replays identically.
 */
export const PENDING_ON_OTHER_ISSUES: Readonly<Record<string, string>> = {};
