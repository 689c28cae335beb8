import type { Logger } from 'pino';
import { isConnectionFailure, siteTablesProblem } from '../http/error-handler.js';
import { isLoadShed } from '../db/load-shed.js';
import type { AppMetrics } from './metrics.js';
import { LOAD_SHED_MESSAGES, OutageLog } from './outage.js';
import type { SiteTablesLog } from './site-tables.js';
import type { StatementTracker } from './statements.js';

export interface FailureReportsOptions {
  logger: Logger;
  metrics: AppMetrics;
  statements: StatementTracker;
  siteTables: SiteTablesLog;
  /** Where unexpected errors go, with their stack. */
  reportError: (error: unknown) => void;
  /** How often an episode's running count is logged; OUTAGE_REPORT_EVERY_MS unless set (tests). */
  reportEveryMs?: number;
}

export interface FailureReports {
  /** Reports a request's error (`refusedRequest`: the request was answered 503 for it). */
  reporter(refusedRequest: boolean): (error: unknown) => void;
  /** What /healthz and /readyz report of the database. */
  health: { onFailure(error: unknown): void; onSuccess(): void };
}

/**
 * Where the app's errors go. Unexpected ones go where the caller said, with their stack. A database
 * outage is counted, and summed up in the log in a few lines however many requests it refuses
 * (OutageLog); more work than connections is load, not an outage (LoadShed): its own few lines. A
 * database without the site's tables (a wrong TABLE_PREFIX, an empty database) is no bug either:
 * answered 503, and logged in two lines by SiteTablesLog.
 */
export function createFailureReports({ logger, metrics, statements, siteTables, reportError, reportEveryMs }: FailureReportsOptions): FailureReports {
  const outage = new OutageLog({ logger, reportEveryMs });
  const loadShed = new OutageLog({ logger, reportEveryMs, messages: LOAD_SHED_MESSAGES });
  statements.onError(() => metrics.databaseError('statement'));
  statements.onSuccess(() => {
    outage.answered();
    loadShed.answered();
    siteTables.answered();
  });
  return {
    reporter: (refusedRequest) => (error) => {
      if (isLoadShed(error)) {
        metrics.databaseError('load_shed');
        loadShed.failed(error, refusedRequest);
      } else if (isConnectionFailure(error)) {
        metrics.databaseError('connection');
        outage.failed(error, refusedRequest);
      } else if (siteTablesProblem(error) !== undefined) siteTables.failed(error, refusedRequest);
      else reportError(error);
    },
    health: {
      onFailure: (error) => {
        if (siteTablesProblem(error) !== undefined) siteTables.failed(error, true);
        if (!isConnectionFailure(error)) return;
        metrics.databaseError('connection');
        outage.failed(error, true);
      },
      onSuccess: () => {
        outage.answered();
        siteTables.found();
      },
    },
  };
}
