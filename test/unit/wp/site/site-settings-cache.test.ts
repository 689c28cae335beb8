import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteSettingsCache } from '../../../../src/wp/site/site.js';
import { createTestDatabase, type TestDatabase } from '../../../setup/database.js';
import { ManualClock } from '../../../feed/support.js';
import { RECORDING_INSTANT } from '../../../contract/suite.js';

/**
 * The site settings kept for 5 s (createSiteSettingsCache), and `settled()`, the front door's way to
 * read them without waiting: only what a finished read gave, only while fresh, never after clear()
 * (what the change feed calls on an option change), so a zone changed behind the service's back
 * reaches the next key.
 */
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
});
afterAll(() => database?.drop());

const setZone = (zone: string) => database.db.updateTable('options').set({ option_value: zone }).where('option_name', '=', 'timezone_string').execute();

describe('createSiteSettingsCache', () => {
  it('settles a finished read, forgets it on clear() and after 5 s, and reads the changed option again', async () => {
    const clock = new ManualClock(new Date(RECORDING_INSTANT));
    const settings = createSiteSettingsCache(database.db, clock);
    expect(settings.settled()).toBeUndefined();
    const first = settings();
    expect(settings.settled()).toBeUndefined(); // still on its way
    const zone = (await first).timezone;
    expect(settings.settled()?.timezone).toBe(zone);

    // Changed behind the service's back: kept until the feed says so (clear), then read anew.
    await setZone('Asia/Kathmandu');
    expect(settings.settled()?.timezone).toBe(zone);
    settings.clear();
    expect(settings.settled()).toBeUndefined();
    expect((await settings()).timezone).toBe('Asia/Kathmandu');
    expect(settings.settled()?.timezone).toBe('Asia/Kathmandu');

    // Past 5 s without a change reported: no longer settled, read again.
    await setZone('Europe/Berlin');
    clock.set(new Date(clock.now().getTime() + 5_000).toISOString());
    expect(settings.settled()).toBeUndefined();
    expect((await settings()).timezone).toBe('Europe/Berlin');
  });

  it('does not let a read that was under way at clear() settle for the read after it', async () => {
    const clock = new ManualClock(new Date(RECORDING_INSTANT));
    const settings = createSiteSettingsCache(database.db, clock);
    await setZone('UTC');
    const stale = settings();
    settings.clear();
    await setZone('Asia/Tokyo');
    const fresh = settings();
    // The old read finished: it must not stand in for the new one, which may still be on its way.
    // (Its statement nearly always runs before the zone changes; when the pool sends it after, both
    // reads see Tokyo and this step proves nothing, but cannot fail wrongly.)
    const staleZone = (await stale).timezone;
    if (staleZone !== 'Asia/Tokyo') expect(settings.settled()?.timezone ?? 'not yet').not.toBe(staleZone);
    expect((await fresh).timezone).toBe('Asia/Tokyo');
    expect(settings.settled()?.timezone).toBe('Asia/Tokyo');
  });
});
