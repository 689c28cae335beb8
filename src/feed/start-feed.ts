import type { Db } from '../db/create-db.js';
import type { ChangeFeed } from './change-feed.js';
import { fromBinlogTransaction } from './binlog-changes.js';
import { BinlogSource, type BinlogPosition } from './binlog-source.js';
import { everythingChanged } from './data-change.js';
import { checkBinlogAccess, checkProbeAccess } from './feed-access.js';

/** CHANGE_FEED: `auto` takes the binlog where the site allows it, else the probe. */
export type ChangeFeedSetting = 'auto' | 'binlog' | 'probe' | 'off';

export interface StartFeedOptions {
  feed: ChangeFeed;
  setting: ChangeFeedSetting;
  db: Db;
  /** DATABASE_URL: the binlog is read with the same user from the same server. */
  databaseUrl: string;
  tablePrefix: string;
  baseTablePrefix: string;
  now: () => Date;
  info: (message: string) => void;
  warn: (message: string) => void;
  /**
   * Where change notifications last left off (PositionKeeper.resumePoint): the binlog is followed
   * from there, so what changed while no instance ran is reported (and notified) too. None, or
   * undefined from it: from the binlog's current end.
   */
  resumeAt?: () => Promise<BinlogPosition | undefined>;
}

export interface RunningFeed {
  stop(): Promise<void>;
}

/**
 * Puts the feed in the mode the setting and the database allow, once the database answers: the
 * binlog (exact, no statement per request) when asked for or when `auto` finds a row-based binlog
 * and the grants, else the probe (one LSN read per cached answer) when InnoDB's LSN is readable,
 * else off (nothing served from memory). A binlog asked for but not usable falls back to the probe,
 * loudly: an answer is never stale for want of a setting.
 */
export async function startChangeFeed(options: StartFeedOptions): Promise<RunningFeed> {
  const { feed, setting, db, now, info, warn } = options;
  if (setting === 'off') {
    feed.turnOff(now());
    info('change feed off (CHANGE_FEED=off): answers are not cached');
    return { stop: async () => undefined };
  }
  if (setting === 'binlog' || setting === 'auto') {
    const access = await checkBinlogAccess(db);
    if (access.available) {
      try {
        return await startBinlog(options);
      } catch (error) {
        access.reasons.push(`reading it failed: ${(error as Error).message ?? String(error)}`);
      }
    }
    const reasons = access.reasons.join('; ');
    if (setting === 'binlog' || access.available) warn(`change feed: CHANGE_FEED=binlog, but the binlog cannot be followed (${reasons}); using the probe instead`);
    else info(`change feed: binlog not available (${reasons})`);
  }
  const probe = await checkProbeAccess(db);
  if (probe.available && probe.source) {
    feed.useProbe(probe.source, now());
    info('change feed in probe mode: InnoDB\'s log sequence number is read before each cached answer (see docs/change-feed.md)');
  } else {
    feed.turnOff(now());
    warn(`change feed off: neither the binlog nor InnoDB's log sequence number can be read (${probe.reasons.join('; ')}); answers are not cached`);
  }
  return { stop: async () => undefined };
}

async function startBinlog(options: StartFeedOptions): Promise<RunningFeed> {
  const { feed, now, info, warn } = options;
  const url = new URL(options.databaseUrl);
  const resumeAt = await options.resumeAt?.();
  const notifying = options.resumeAt !== undefined;
  let started = false;
  const source = new BinlogSource({
    connection: {
      host: url.hostname,
      port: url.port === '' ? 3306 : Number(url.port),
      user: decodeURIComponent(url.username),
      password: url.password === '' ? undefined : decodeURIComponent(url.password),
    },
    database: decodeURIComponent(url.pathname.slice(1)),
    tablePrefix: options.tablePrefix,
    baseTablePrefix: options.baseTablePrefix,
    onTransaction: (transaction) => {
      const change = fromBinlogTransaction(transaction);
      if (change) feed.publish(change);
    },
    startAt: resumeAt,
    onReset: (reason) => {
      feed.noteBinlogPositionLost();
      if (!started && resumeAt !== undefined) {
        warn(
          `change notifications: the last position notified (${resumeAt.file}:${resumeAt.position}) is gone from the binlog (${reason}): ` +
            'changes made from then until now are not notified',
        );
      } else {
        warn(`binlog: reset (${reason}): everything cached is dropped${notifying ? ', and changes made meanwhile are not notified' : ''}`);
      }
      feed.publish(everythingChanged('binlog', 'reset', now()));
    },
    onConnectionChange: (connected) => {
      // Changes may be pending while the log is not followed: what was cached cannot be vouched
      // for once it is followed again, until the missed transactions have come in.
      if (!connected) feed.publish(everythingChanged('binlog', 'disconnected', now()));
    },
    log: info,
    onError: (error) => warn(`binlog: ${(error as Error).message ?? String(error)}`),
  });
  feed.useBinlog(() => source.connected, now(), () => source.gtidPosition);
  try {
    await source.start();
  } catch (error) {
    await source.stop().catch(() => undefined);
    throw error;
  }
  started = true;
  info(
    resumeAt === undefined
      ? 'change feed in binlog mode: following the replication log'
      : `change feed in binlog mode: following the replication log from ${resumeAt.file}:${resumeAt.position}, where change notifications left off`,
  );
  return { stop: () => source.stop() };
}
