import type { Logger } from 'pino';
import type { Db } from '../db/create-db.js';
import { selectTableNames } from '../db/dialect.js';
import { describePrefixProblem, prefixProblem, sitePrefixes } from '../db/site-prefixes.js';
import { checkSiteTables } from './health.repository.js';
import { outageCause } from './outage.js';

/** How often, while the site's tables are missing, succeeding statements may set off a check that they are back. */
export const SITE_TABLES_RECHECK_MS = 1_000;

export interface SiteTablesLogOptions {
  db: Db;
  /** TABLE_PREFIX, as the log line names it. */
  tablePrefix: string;
  logger: Pick<Logger, 'info' | 'warn'>;
  recheckMs?: number;
  /** Milliseconds on a clock that never goes back; performance.now() unless set (tests). */
  now?: () => number;
}

/**
 * A database without the site's tables (a wrong TABLE_PREFIX, an empty database, tables that are
 * not WordPress's; see siteTablesProblem) in two log lines instead of a stack per request, as
 * OutageLog does for an outage. When the first failure comes, one warn line naming the prefix used,
 * what is missing, the prefixes of the sites the database does hold and what to set (doctor's
 * advice, from the table names); once the site's tables answer again, one info line with the
 * requests refused meanwhile. "Answer again" is a passed checkSiteTables: /readyz's, the start's
 * wait, or one this makes (at most every `recheckMs`) when other statements succeed, since the
 * catalogue and LSN reads succeed while the tables are still gone.
 */
export class SiteTablesLog {
  private readonly options: SiteTablesLogOptions;
  private readonly recheckMs: number;
  private readonly now: () => number;
  private episode: { startedAt: number; refused: number; checkedAt: number } | undefined;
  private checking = false;

  constructor(options: SiteTablesLogOptions) {
    this.options = options;
    this.recheckMs = options.recheckMs ?? SITE_TABLES_RECHECK_MS;
    this.now = options.now ?? (() => performance.now());
  }

  /** A statement met a missing table or column: `refusedRequest` when a request was answered 503 for it. */
  failed(error: unknown, refusedRequest: boolean): void {
    if (this.episode === undefined) {
      const at = this.now();
      this.episode = { startedAt: at, refused: 0, checkedAt: at };
      void this.diagnose(error);
    }
    if (refusedRequest) this.episode.refused += 1;
  }

  /** A statement succeeded: while the tables are missing, checks (now and then) whether they are back. */
  answered(): void {
    const episode = this.episode;
    if (episode === undefined || this.checking) return;
    const at = this.now();
    if (at - episode.checkedAt < this.recheckMs) return;
    episode.checkedAt = at;
    this.checking = true;
    checkSiteTables(this.options.db).then(
      () => {
        this.checking = false;
        this.found();
      },
      () => {
        this.checking = false;
      },
    );
  }

  /** The site's tables answered (checkSiteTables passed): ends the episode with its info line. */
  found(): void {
    const episode = this.episode;
    if (episode === undefined) return;
    this.episode = undefined;
    this.options.logger.info(
      { refused: episode.refused, durationMs: Math.round(this.now() - episode.startedAt) },
      'site tables found: serving normally',
    );
  }

  /** The episode's one warn line: what is missing and which sites the database holds instead. */
  private async diagnose(error: unknown): Promise<void> {
    const { db, tablePrefix, logger } = this.options;
    const cause = outageCause(error);
    const until = 'answering 503 until they are there';
    let names: string[];
    try {
      names = await selectTableNames(db);
    } catch {
      logger.warn({ tablePrefix, cause, action: 'npm run doctor' }, `site tables missing: TABLE_PREFIX ${tablePrefix} (${cause.message}); ${until}`);
      return;
    }
    const problem = prefixProblem(tablePrefix, names);
    if (problem !== undefined) {
      logger.warn(
        { tablePrefix, missing: problem.missing, prefixesFound: problem.found, action: problem.action, cause },
        `site tables missing: TABLE_PREFIX ${tablePrefix}: ${describePrefixProblem(problem)} (${problem.action}); ${until}`,
      );
      return;
    }
    // The prefix names a site: one of its other tables, or a column, is not what WordPress has.
    const action = "npm run doctor checks the site's tables (a WordPress + The Events Calendar database?)";
    logger.warn(
      { tablePrefix, missing: [], prefixesFound: sitePrefixes(names), action, cause },
      `site tables missing a table or column: TABLE_PREFIX ${tablePrefix} has its posts and options, but ${cause.message}; ${until}`,
    );
  }
}
