import { AsyncLocalStorage } from 'node:async_hooks';
import type { LogEvent } from 'kysely';

/** What one request has run so far. */
interface RequestStatements {
  count: number;
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

  /** Kysely's `log` option: pass it to createDb for the counts to be known. */
  readonly log = (event: LogEvent): void => {
    const current = this.storage.getStore();
    if (current) current.count += 1;
    if (event.level === 'error') for (const listener of this.errorListeners) listener(event);
    else for (const listener of this.successListeners) listener();
  };

  /** Runs `work` as one request; `counted()` tells how many statements it has run so far. */
  track<T>(work: (counted: () => number) => Promise<T>): Promise<T> {
    const statements: RequestStatements = { count: 0 };
    return this.storage.run(statements, () => work(() => statements.count));
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
