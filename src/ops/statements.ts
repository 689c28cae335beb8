import { AsyncLocalStorage } from 'node:async_hooks';
import type { LogEvent } from 'kysely';
import { statementText, type RequestDetail } from './request-detail.js';

/** What one request has run so far, and the tracker it counts for. */
interface RequestStatements {
  tracker: StatementTracker;
  count: number;
  /** Only while gathering detail (LOG_LEVEL=debug). */
  detail: RequestDetail | undefined;
}

/**
 * One for the process, shared by every tracker. Node keeps each AsyncLocalStorage ever used in a
 * list and copies every one of them into every promise created after, until it is disabled: one
 * per app made each later promise of a process that creates many apps (a test worker running
 * file after file) pay for all the apps before it.
 */
const requests = new AsyncLocalStorage<RequestStatements>();

/**
 * Attributes the SQL statements a Kysely instance runs to the request running them. Kysely's
 * `log` hook belongs to the pool (createDb's `log` option), not to a request, so each request runs
 * inside `track()` and the hook finds its counter through an AsyncLocalStorage: statements run
 * outside any request (start-up, background work) count nowhere. One per app: a request's counter
 * names its tracker, so two apps in one process (tests) keep apart. The hook also reports failed and
 * successful statements.
 */
export class StatementTracker {
  private readonly errorListeners: Array<(event: LogEvent) => void> = [];
  private readonly successListeners: Array<() => void> = [];
  private detailed = false;

  /** Kysely's `log` option: pass it to createDb for the counts to be known. */
  readonly log = (event: LogEvent): void => {
    const current = this.current();
    if (current) {
      current.count += 1;
      current.detail?.statements.push({
        ms: Math.round(event.queryDurationMillis * 1e3) / 1e3,
        sql: statementText(event.query.sql),
        ...(event.level === 'error' ? { failed: true as const } : {}),
      });
    }
    if (event.level === 'error') for (const listener of this.errorListeners) listener(event);
    else for (const listener of this.successListeners) listener();
  };

  /**
   * Runs `work` as one request; `counted()` tells how many statements it has run so far, `detail`
   * what it did, when gathered.
   */
  track<T>(work: (counted: () => number, detail: RequestDetail | undefined) => Promise<T>): Promise<T> {
    const statements: RequestStatements = { tracker: this, count: 0, detail: this.detailed ? { statements: [], caches: [] } : undefined };
    return requests.run(statements, () => work(() => statements.count, statements.detail));
  }

  /** From now on each request gathers its RequestDetail (LOG_LEVEL=debug). */
  gatherDetail(): void {
    this.detailed = true;
  }

  /** The detail of the request running now, when gathered; undefined outside a request. */
  detail(): RequestDetail | undefined {
    return this.detailed ? this.current()?.detail : undefined;
  }

  /** The request running now, when it is this tracker's. */
  private current(): RequestStatements | undefined {
    const store = requests.getStore();
    return store?.tracker === this ? store : undefined;
  }

  /** Told about every statement that failed (the database error counter). */
  onError(listener: (event: LogEvent) => void): void {
    this.errorListeners.push(listener);
  }

  /** Told about every statement that succeeded (the database answers: the end of an outage). */
  onSuccess(listener: () => void): void {
    this.successListeners.push(listener);
  }
}
