import { describe, expect, it } from 'vitest';
import { ChangeFeed } from '../../src/feed/change-feed.js';
import { recordedDatabase, recordStatements } from '../http/support.js';

/**
 * Probe mode's LSN readings (src/feed/probe-source.ts): a caller is only ever answered by a
 * reading that started after it called, yet callers that come while a reading is on its way
 * share the next one, so a busy process sends one statement per round trip, not per request.
 */

const site = recordedDatabase('schema');

const lsnReadings = () => site.recorder.statements.filter((sql) => /INNODB_LSN_CURRENT|GLOBAL_STATUS/i.test(sql)).length;

describe('probe readings', () => {
  it('ten callers at once cost two readings: the first starts at once, the nine others share the next', async () => {
    const feed = new ChangeFeed();
    feed.useProbe('mariadb', new Date());
    site.recorder.clear();
    const generations = await Promise.all(Array.from({ length: 10 }, () => feed.freshGeneration(site.recorder.db, new Date())));
    expect(lsnReadings()).toBe(2);
    // The nine shared one reading (other databases on the shared server may move the LSN between the two).
    expect(new Set(generations.slice(1)).size).toBe(1);
    expect(generations[1]).toBe(feed.generation);
    await feed.freshGeneration(site.recorder.db, new Date());
    expect(lsnReadings()).toBe(3);
  });

  it('a caller that comes while a reading is on its way is answered only after a reading that began after it', async () => {
    const feed = new ChangeFeed();
    feed.useProbe('mariadb', new Date());
    site.recorder.clear();
    const first = feed.freshGeneration(site.recorder.db, new Date());
    let readingsWhenSecondResolved = -1;
    const second = feed.freshGeneration(site.recorder.db, new Date()).then(() => {
      readingsWhenSecondResolved = lsnReadings();
    });
    await first;
    // The first caller's reading was sent before the second called: it cannot answer the second.
    expect(lsnReadings()).toBeLessThanOrEqual(2);
    await second;
    expect(readingsWhenSecondResolved).toBe(2);
  });

  it('a reading that fails fails its callers, and the next caller reads again', async () => {
    const feed = new ChangeFeed();
    feed.useProbe('mariadb', new Date());
    const broken = recordStatements({ ...site.database, url: site.database.url.replace(/:\d+\//, ':1/') });
    try {
      await expect(feed.freshGeneration(broken.db, new Date())).rejects.toThrow();
      await expect(feed.freshGeneration(broken.db, new Date())).rejects.toThrow();
    } finally {
      await broken.db.destroy();
    }
    site.recorder.clear();
    await feed.freshGeneration(site.recorder.db, new Date());
    expect(lsnReadings()).toBe(1);
  });
});
