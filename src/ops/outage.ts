import type { Logger } from 'pino';

/** How often, while the database is out, the count of refused requests is written. */
export const OUTAGE_REPORT_EVERY_MS = 10_000;
/** A success this soon after a failure does not end the outage (a server refusing some connections, not all). */
export const OUTAGE_QUIET_MS = 1_000;

/** The three lines of an episode: its start, its running count, its end. */
export interface EpisodeMessages {
  started: string;
  continuing: string;
  ended: string;
}

/** A database outage's lines. */
export const OUTAGE_MESSAGES: EpisodeMessages = {
  started: 'database unavailable: answering 503 until it is back',
  continuing: 'database still unavailable',
  ended: 'database available again',
};

/** Load shed's lines: the database answers, this process has more work than connections (LoadShed). */
export const LOAD_SHED_MESSAGES: EpisodeMessages = {
  started: 'service busy: answering 503 with Retry-After to requests that waited too long for a database connection (load, not an outage)',
  continuing: 'service still busy',
  ended: 'service no longer busy',
};

export interface OutageLogOptions {
  logger: Pick<Logger, 'info' | 'warn'>;
  /** OUTAGE_MESSAGES unless set (LOAD_SHED_MESSAGES for load shed's episodes). */
  messages?: EpisodeMessages;
  reportEveryMs?: number;
  quietMs?: number;
  /** Milliseconds on a clock that never goes back; performance.now() unless set (tests). */
  now?: () => number;
}

/** What a failure says about itself in the log: mysql2's code and message, never its SQL. */
export interface OutageCause {
  code: string;
  message: string;
}

/**
 * Turns a database outage (the database unreachable, refusing connections, gone away, too slow;
 * see isConnectionFailure) into a few log lines instead of one stack trace per request: a warn line
 * when the first failure comes, naming its cause; while failures go on, a warn line at most every
 * `reportEveryMs` with the requests refused since the last one and the causes seen; and an info
 * line once a statement succeeds with no failure for `quietMs`, with the total refused and how
 * long it lasted. Nothing runs in the background: lines are written as failures and successes are
 * reported.
 */
export class OutageLog {
  private readonly logger: OutageLogOptions['logger'];
  private readonly reportEveryMs: number;
  private readonly quietMs: number;
  private readonly now: () => number;
  private readonly messages: EpisodeMessages;
  private outage:
    | { startedAt: number; lastFailureAt: number; reportedAt: number; refused: number; refusedSinceReport: number; causes: Map<string, number> }
    | undefined;

  constructor(options: OutageLogOptions) {
    this.logger = options.logger;
    this.reportEveryMs = options.reportEveryMs ?? OUTAGE_REPORT_EVERY_MS;
    this.quietMs = options.quietMs ?? OUTAGE_QUIET_MS;
    this.now = options.now ?? (() => performance.now());
    this.messages = options.messages ?? OUTAGE_MESSAGES;
  }

  /** Whether an outage is under way (a failure came and no success since). */
  get active(): boolean {
    return this.outage !== undefined;
  }

  /**
   * A database failure: `refusedRequest` when a request was answered 503 for it (counted), false
   * for one met elsewhere (a background write, a sign-in's record) that only starts or prolongs it.
   */
  failed(error: unknown, refusedRequest: boolean): void {
    const at = this.now();
    const cause = outageCause(error);
    let outage = this.outage;
    if (outage === undefined) {
      outage = { startedAt: at, lastFailureAt: at, reportedAt: at, refused: 0, refusedSinceReport: 0, causes: new Map() };
      this.outage = outage;
      this.logger.warn({ cause }, this.messages.started);
    }
    outage.lastFailureAt = at;
    outage.causes.set(cause.code, (outage.causes.get(cause.code) ?? 0) + 1);
    if (refusedRequest) {
      outage.refused += 1;
      outage.refusedSinceReport += 1;
    }
    if (at - outage.reportedAt >= this.reportEveryMs) {
      this.logger.warn(
        { refused: outage.refusedSinceReport, refusedTotal: outage.refused, seconds: Math.round((at - outage.startedAt) / 1_000), causes: Object.fromEntries(outage.causes) },
        this.messages.continuing,
      );
      outage.reportedAt = at;
      outage.refusedSinceReport = 0;
      outage.causes.clear();
    }
  }

  /** The database answered (a statement succeeded, /readyz passed): ends an outage that has been quiet long enough. */
  answered(): void {
    const outage = this.outage;
    if (outage === undefined) return;
    const at = this.now();
    if (at - outage.lastFailureAt < this.quietMs) return;
    this.outage = undefined;
    this.logger.info({ refused: outage.refused, durationMs: Math.round(at - outage.startedAt) }, this.messages.ended);
  }
}

/** What a database failure says about itself in the log (OutageCause). */
export function outageCause(error: unknown): OutageCause {
  const { code, message } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; message?: unknown };
  return {
    code: typeof code === 'string' ? code : 'UNKNOWN',
    message: typeof message === 'string' ? message : String(error),
  };
}
