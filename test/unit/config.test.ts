import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config.js';

const URL = 'mysql://user:secret@127.0.0.1:3306/wordpress';

describe('loadConfig', () => {
  it('serves tec/v1 when NAMESPACES names it, and TEC_V1_EXPERIMENTAL_GATE=off drops its X-TEC-EEA gate', () => {
    const config = loadConfig({ DATABASE_URL: URL, NAMESPACES: 'calendar/events/v1,tec/v1', TEC_V1_EXPERIMENTAL_GATE: 'off' });
    expect(config.namespaces).toEqual(['calendar/events/v1', 'tec/v1']);
    expect(config.tecV1ExperimentalGate).toBe(false);
    expect(() => loadConfig({ DATABASE_URL: URL, TEC_V1_EXPERIMENTAL_GATE: 'no' })).toThrow(/TEC_V1_EXPERIMENTAL_GATE must be on or off/);
  });

  it('applies the defaults', () => {
    expect(loadConfig({ DATABASE_URL: URL })).toEqual({
      databaseUrl: URL,
      databaseReadUrls: [],
      tablePrefix: 'wp_',
      baseTablePrefix: 'wp_',
      host: '127.0.0.1',
      port: 8080,
      restRoot: '/wp-json',
      publicUrl: undefined,
      namespaces: ['calendar/events/v1'],
      tecV1ExperimentalGate: true,
      changeFeed: 'auto',
      cacheMaxBytes: 64 * 1024 * 1024,
      authKeys: undefined,
      objectCache: undefined,
      webhooks: [],
      nats: undefined,
    });
  });

  it('reads every setting and trims trailing slashes', () => {
    const config = loadConfig({
      DATABASE_URL: URL,
      TABLE_PREFIX: 'wp_2_',
      HOST: '0.0.0.0',
      PORT: '9000',
      REST_ROOT: '/api/',
      PUBLIC_URL: 'https://events.example.com/',
    });
    expect(config).toMatchObject({ tablePrefix: 'wp_2_', host: '0.0.0.0', port: 9000, restRoot: '/api', publicUrl: 'https://events.example.com' });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('names every bad setting at once', () => {
    let error: unknown;
    try {
      loadConfig({ DATABASE_URL: 'postgres://x/y', TABLE_PREFIX: 'wp-; drop', PORT: '70000' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('DATABASE_URL');
    expect(message).toContain('TABLE_PREFIX');
    expect(message).toContain('PORT');
  });

  it('reads NAMESPACES as a list, without repeats, and refuses what is not a namespace', () => {
    expect(loadConfig({ DATABASE_URL: URL, NAMESPACES: 'calendar/events/v1, tribe/events/v1,tribe/events/v1' }).namespaces).toEqual([
      'calendar/events/v1',
      'tribe/events/v1',
    ]);
    expect(() => loadConfig({ DATABASE_URL: URL, NAMESPACES: '/tribe/events/v1/' })).toThrow(/NAMESPACES/);
    expect(() => loadConfig({ DATABASE_URL: URL, NAMESPACES: 'calendar/events/v1,' })).toThrow(/NAMESPACES/);
  });

  it('refuses a namespace it has no routes for, naming the ones it serves', () => {
    expect(() => loadConfig({ DATABASE_URL: URL, NAMESPACES: 'tribe/events/v2' })).toThrow(
      'NAMESPACES: "tribe/events/v2" is not served; NAMESPACES may name calendar/events/v1, tribe/events/v1, tec/v1 and tribe/tickets/v1, separated by commas',
    );
    expect(() => loadConfig({ DATABASE_URL: URL, NAMESPACES: 'calendar/events/v1,acme/events/v1' })).toThrow(/"acme\/events\/v1" is not served/);
    expect(loadConfig({ DATABASE_URL: URL, NAMESPACES: 'tribe/events/v1' }).namespaces).toEqual(['tribe/events/v1']);
  });

  it("accepts Event Tickets' tribe/tickets/v1 beside one of TEC's namespaces, after them, never alone", () => {
    expect(loadConfig({ DATABASE_URL: URL, NAMESPACES: 'tribe/tickets/v1,tribe/events/v1,tec/v1' }).namespaces).toEqual(['tribe/events/v1', 'tec/v1', 'tribe/tickets/v1']);
    expect(() => loadConfig({ DATABASE_URL: URL, NAMESPACES: 'tribe/tickets/v1' })).toThrow(
      "NAMESPACES: tribe/tickets/v1 is served beside TEC's namespaces: name calendar/events/v1, tribe/events/v1 or tec/v1 too",
    );
    expect(() => loadConfig({ DATABASE_URL: URL, NAMESPACES: 'tribe/tickets/v1, tribe/tickets/v1' })).toThrow(/served beside TEC's namespaces/);
  });

  it('reads CHANGE_FEED and CACHE_MAX_MB, refusing other values', () => {
    expect(loadConfig({ DATABASE_URL: URL, CHANGE_FEED: 'probe', CACHE_MAX_MB: '0' })).toMatchObject({ changeFeed: 'probe', cacheMaxBytes: 0 });
    expect(() => loadConfig({ DATABASE_URL: URL, CHANGE_FEED: 'sometimes' })).toThrow(/CHANGE_FEED/);
    expect(() => loadConfig({ DATABASE_URL: URL, CACHE_MAX_MB: '-1' })).toThrow(/CACHE_MAX_MB/);
  });

  it('serves the demo without DATABASE_URL, and takes a SQLite file', () => {
    expect(loadConfig({}).databaseUrl).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: 'sqlite:/srv/site/.ht.sqlite' }).databaseUrl).toBe('sqlite:/srv/site/.ht.sqlite');
    expect(() => loadConfig({ DATABASE_URL: 'sqlite:' })).toThrow(/DATABASE_URL must look like/);
    expect(() => loadConfig({ DATABASE_READ_URL: URL })).toThrow(/DATABASE_READ_URL: read replicas/);
    expect(() => loadConfig({ DATABASE_URL: 'sqlite:site.sqlite', DATABASE_READ_URL: URL })).toThrow(/DATABASE_READ_URL: read replicas/);
  });

  it('.env.example says what README says of DATABASE_URL: unset serves the demo, it is not required', () => {
    for (const file of ['.env.example', 'deploy/calendar-sidecar.env.example']) {
      const text = readFileSync(new globalThis.URL(`../../${file}`, import.meta.url), 'utf8');
      const comment = text.split('\nDATABASE_URL=')[0]!.split('\n\n').at(-1)!;
      expect(comment, file).not.toMatch(/required/i);
      expect(comment, file).toMatch(/demo/);
    }
  });
});
