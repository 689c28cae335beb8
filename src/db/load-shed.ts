/**
 * Load, not an outage: the database answers, but this process has more work for it than
 * connections. A request that waited too long for one (every pooled connection busy with a working
 * statement, or every list slot taken: ConnectionGate) is refused with this error, which the error
 * handler answers 503 `rest_service_busy` with `Retry-After`; the database is not declared down,
 * /readyz stays ready and the other requests go on.
 */
export class LoadShed extends Error {
  readonly code = 'LOAD_SHED';
  /** What was full: the pool's connections, or the slots of a kind of work (a list's statements). */
  readonly full: 'pool' | 'lists';
  constructor(full: LoadShed['full'], waitedMs: number) {
    super(full === 'pool' ? `Every database connection stayed busy for ${waitedMs} ms` : `Every list slot stayed busy for ${waitedMs} ms`);
    this.full = full;
  }
}

/** mysql2's message when more requests wait for a connection than its queue takes: load too. */
const QUEUE_FULL_MESSAGE = 'Queue limit reached.';

/** Whether an error is load shed (LoadShed, or mysql2's full queue) rather than a failure. */
export function isLoadShed(error: unknown): boolean {
  if (error instanceof LoadShed) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 'LOAD_SHED' || message === QUEUE_FULL_MESSAGE;
}
