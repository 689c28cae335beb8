import { AsyncLocalStorage } from 'node:async_hooks';
import type { LogEvent } from 'kysely';
import { statementText, type RequestDetail } from './request-detail.js';

/** What one request has run so far. */
interface RequestStatements {
  count: number;
  /** Only while gathering detail (LOG_LEVEL=debug). */
  detail: RequestDetail | undefined;
}

/**
 * Attributes the SQL statements a Kysely instance runs to the request running them. Kysely's
 * `log` hook belongs to the pool (createDb's `log` option), not to a request, so each request runs
 * inside `track()` and the hook finds its counter through an AsyncLocalStorage: statements run
 * outside any request (start-up, background work) count nowhere. One per app, never module-wide,
 * so two apps in one process (tests) keep apart. The hook also reports failed and successful statements.
 */
export class StatementTracker {
  private readonly storage = new AsyncLocalStorage<RequestStatements>();
  private readonly errorListeners: Array<(event: LogEvent) => void> = [];
  private readonly successListeners: Array<() => void> = [];
  private detailed = false;

  /** Kysely's `log` option: pass it to createDb for the counts to be known. */
  readonly log = (event: LogEvent): void => {
    const current = this.storage.getStore();
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
    const statements: RequestStatements = { count: 0, detail: this.detailed ? { statements: [], caches: [] } : undefined };
    return this.storage.run(statements, () => work(() => statements.count, statements.detail));
  }

  /** From now on each request gathers its RequestDetail (LOG_LEVEL=debug). */
  gatherDetail(): void {
    this.detailed = true;
  }

  /** The detail of the request running now, when gathered; undefined outside a request. */
  detail(): RequestDetail | undefined {
    return this.detailed ? this.storage.getStore()?.detail : undefined;
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
