import { describe, expect, it } from 'vitest';
import { ManualClock, sqlUpdatePostAsBinlog, useBinlogFeedApp } from './support.js';

/**
 * TEC's iCal export at the site's URLs is kept by the response cache like the API's answers: a
 * calendar app polling the subscription feed is answered from memory (with an ETag, so a poller
 * that sends it back gets a 304), an event changed behind the service's back (raw SQL, reported
 * as the binlog reports it) reaches the very next answer, and the feed of events still to end is
 * not kept past the end of its first event (the answer reads the clock more finely than its key's day).
 */

const clock = new ManualClock(new Date('2026-11-28T22:38:12Z'));
const fixture = useBinlogFeedApp('reference', clock);
/** The `<link rel="alternate" type="text/calendar">` subscription feed. */
const FEED = '/events/?ical=1';

async function poll(url: string, headers: Record<string, string> = {}): Promise<{ status: number; text: string; etag: string | undefined; hit: boolean }> {
  const before = await fixture.app.hits();
  const response = await fixture.app.agent.get(url).set(headers).buffer(true).parse((res, done) => {
    let text = '';
    res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    res.on('end', () => done(null, text));
  });
  return { status: response.status, text: String(response.body ?? ''), etag: response.headers.etag as string | undefined, hit: (await fixture.app.hits()) > before };
}

describe('the iCal export through the response cache', () => {
  it('answers a repeated poll from memory, and a poll with its ETag with a 304', async () => {
    const first = await poll(FEED);
    expect(first.status).toBe(200);
    expect(first.text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(first.hit).toBe(false);
    const second = await poll(FEED);
    expect(second.hit).toBe(true);
    expect(second.text).toBe(first.text);
    expect(second.etag).toBe(first.etag);
    const conditional = await poll(FEED, { 'If-None-Match': first.etag! });
    expect(conditional.status).toBe(304);
    expect(conditional.text).toBe('');
  });

  it('brings an event renamed by SQL into the next answer', async () => {
    const before = await poll(FEED);
    const uid = /UID:(\d+)-/.exec(before.text)![1]!;
    await sqlUpdatePostAsBinlog(fixture.raw, fixture.feed, clock.now(), Number(uid), 'post_title = ?', ['Renamed by SQL']);
    const after = await poll(FEED);
    expect(after.hit).toBe(false);
    expect(after.text).toContain('SUMMARY:Renamed by SQL');
    expect(after.etag).not.toBe(before.etag);
  });

  it('keeps the feed of events still to end no longer than its first event lasts', async () => {
    // The first event of the feed to end, a Los Angeles one, ends at 05:30 UTC that day (the site's
    // zone is UTC, and the list compares UTC ends): the answer is kept until then, not after.
    clock.set('2026-11-30T01:00:00Z');
    const kept = await poll(FEED);
    expect(kept.text).toContain('DTEND;TZID=America/Los_Angeles:20261129T213000');
    expect((await poll(FEED)).hit).toBe(true);
    clock.set('2026-11-30T05:29:59Z');
    expect((await poll(FEED)).hit).toBe(true);
    clock.set('2026-11-30T05:30:00Z');
    const after = await poll(FEED);
    expect(after.hit).toBe(false);
    expect(after.text).not.toContain('DTEND;TZID=America/Los_Angeles:20261129T213000');
    expect((await poll(FEED)).hit).toBe(true);
    clock.set('2026-11-28T22:38:12Z');
  });
});
