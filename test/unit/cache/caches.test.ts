import { afterAll, describe, expect, it } from 'vitest';
import { createCaches } from '../../../src/cache/caches.js';
import { systemClock } from '../../../src/clock.js';
import { createSqliteDb } from '../../../src/db/create-db.js';
import { ChangeFeed } from '../../../src/feed/change-feed.js';

const NOW = new Date('2026-11-26T12:00:00Z');
const MB = 1024 * 1024;
const BUDGET = 64 * MB;
// The site settings cache is made over it; nothing here reads it.
const db = createSqliteDb({ filename: ':memory:', tablePrefix: 'wp_' });

afterAll(() => db.destroy());

const cachesOn = (feed: ChangeFeed, which?: Parameters<typeof createCaches>[0]['which']) =>
  createCaches({ feed, db, clock: systemClock, multisite: false, bytes: BUDGET, which });

describe('createCaches: CACHE_MAX_MB split by the feed mode', () => {
  it('gives the event totals a thirty-second in probe mode, where their loads are capped in rows', () => {
    const feed = new ChangeFeed();
    feed.useProbe('mariadb', NOW);
    const caches = cachesOn(feed);
    expect(caches.response?.maxBytes).toBe((BUDGET * 3) / 4 - BUDGET / 32);
    expect(caches.eventTotals?.maxBytes).toBe(BUDGET / 32);
    expect(caches.records?.maxBytes).toBe(BUDGET / 4);
  });

  it('gives the response cache half in binlog mode, and the event totals a quarter', () => {
    const feed = new ChangeFeed();
    feed.useBinlog(() => true, NOW);
    const caches = cachesOn(feed);
    expect(caches.response?.maxBytes).toBe(BUDGET / 2);
    expect(caches.eventTotals?.maxBytes).toBe(BUDGET / 4);
    expect(caches.records?.maxBytes).toBe(BUDGET / 4);
  });

  it('follows the mode the feed switches to after the caches are made (main.ts starts the feed after the app)', () => {
    const feed = new ChangeFeed();
    const caches = cachesOn(feed);
    // Off until the database answers: nothing is served from memory, the probe split holds.
    const probeSplit = (BUDGET * 3) / 4 - BUDGET / 32;
    expect(caches.response?.maxBytes).toBe(probeSplit);
    feed.useBinlog(() => true, NOW);
    expect(caches.response?.maxBytes).toBe(BUDGET / 2);
    expect(caches.eventTotals?.maxBytes).toBe(BUDGET / 4);
    // A binlog that cannot be followed any more falls back to the probe.
    feed.useProbe('mariadb', NOW);
    expect(caches.response?.maxBytes).toBe(probeSplit);
    expect(caches.eventTotals?.maxBytes).toBe(BUDGET / 32);
    feed.turnOff(NOW);
    expect(caches.response?.maxBytes).toBe(probeSplit);
  });

  it('takes nothing for event totals kept by nobody (`totals: false`), in either mode', () => {
    const feed = new ChangeFeed();
    feed.useBinlog(() => true, NOW);
    const caches = cachesOn(feed, { answers: true, records: true, totals: false });
    expect(caches.eventTotals).toBeUndefined();
    expect(caches.response?.maxBytes).toBe((BUDGET * 3) / 4);
  });
});
