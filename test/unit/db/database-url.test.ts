import { describe, expect, it } from 'vitest';
import { mysqlUrlProblem } from '../../../src/db/database-url.js';
import { ConfigError, loadConfig } from '../../../src/config.js';

/** The password of every case: no message may show any of it. */
const SECRET = 'Zq9';

/** URLs mysql2 throws on (Node's `Invalid URL` / `URI malformed`) or reads as another server, and the words of each problem. */
const MALFORMED: ReadonlyArray<readonly [string, string, RegExp]> = [
  ['an unencoded # in the password', `mysql://root:${SECRET}#x@127.0.0.1:3306/wordpress`, /holds a "#".*# as %23/],
  ['a port over 65535', `mysql://root:${SECRET}@127.0.0.1:99999/wordpress`, /port is above 65535/],
  ['a port that is no number', `mysql://root:${SECRET}@127.0.0.1:33o6/wordpress`, /port is not a number/],
  ['%ZZ in the password', `mysql://root:${SECRET}%ZZ@127.0.0.1/wordpress`, /password holds a "%" not followed by two hexadecimal digits.*% as %25/],
  ['%ZZ in the database name', `mysql://root:${SECRET}@127.0.0.1/word%ZZ`, /database name holds a "%"/],
  ['an unencoded / in the password that still parses', `mysql://root:4096/${SECRET}@127.0.0.1/wordpress`, /"@" after its host.*\/ as %2F/],
  ['an unencoded / in the password', `mysql://root:${SECRET}/x@127.0.0.1/wordpress`, /is not a valid URL.*\/ as %2F/],
  ['an unencoded ? in the password', `mysql://root:4096?${SECRET}@127.0.0.1/wordpress`, /"@" after its host.*\? as %3F/],
  ['no database', `mysql://root:${SECRET}@127.0.0.1:3306`, /names no database/],
  ['no host', 'mysql:///wordpress', /names no host/],
  ['garbage', `garbage${SECRET}`, /must look like mysql:\/\/user:password@host:port\/database/],
];

describe('mysqlUrlProblem', () => {
  it.each(MALFORMED)('names %s, with how to write it, and never the password', (_, url, problem) => {
    const message = mysqlUrlProblem(url);
    expect(message).toMatch(problem);
    expect(message).toContain('mysql://user:password@host:port/database');
    expect(message).not.toContain(SECRET);
    expect(message).not.toContain('\n');
  });

  it('takes what mysql2 reads as meant: an @ or : in the password, IPv6, no port, options', () => {
    for (const url of [
      'mysql://root:p@ss@127.0.0.1/wordpress',
      'mysql://root:a:b@127.0.0.1:3306/wordpress',
      'mysql://root:p%23ss@127.0.0.1:3306/wordpress',
      'mysql://root@[::1]:3306/wordpress',
      'mysql://root@db.example.com/wordpress',
      'mysql://root@127.0.0.1:3306/wordpress?ssl={"rejectUnauthorized":false}',
    ]) {
      expect(mysqlUrlProblem(url), url).toBeUndefined();
    }
  });
});

describe('loadConfig on a malformed DATABASE_URL or DATABASE_READ_URL', () => {
  it('refuses it on one line naming the setting', () => {
    for (const [, url, problem] of MALFORMED) {
      const message = configErrorOf({ DATABASE_URL: url });
      expect(message).toMatch(/^Invalid configuration: DATABASE_URL: /);
      expect(message).toMatch(problem);
      expect(message).not.toContain(SECRET);
      expect(message).not.toContain('\n');
    }
  });

  it('names which read replica URL is wrong', () => {
    const good = 'mysql://reader@10.0.0.2/wordpress';
    const message = configErrorOf({ DATABASE_URL: 'mysql://root@127.0.0.1/wordpress', DATABASE_READ_URL: `${good}, mysql://reader:${SECRET}#@10.0.0.3/wordpress` });
    expect(message).toMatch(/^Invalid configuration: DATABASE_READ_URL: URL 2 of 2 holds a "#"/);
    expect(message).not.toContain(SECRET);
    expect(configErrorOf({ DATABASE_URL: 'mysql://root@127.0.0.1/wordpress', DATABASE_READ_URL: 'mysql://reader@10.0.0.2:70000/wordpress' })).toMatch(
      /^Invalid configuration: DATABASE_READ_URL: its port is above 65535/,
    );
  });
});

function configErrorOf(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error(`expected ${JSON.stringify(env)} to be refused`);
}
