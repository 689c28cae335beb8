import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envFileProblem } from '../../src/env-file.js';
import { describeSettings } from '../../src/config.js';

describe('envFileProblem', () => {
  it('takes what Node reads as meant: comments, blank lines, export, quotes, a quoted value over several lines, a comment after a value', () => {
    const text = [
      '# the site',
      '',
      'DATABASE_URL=mysql://root:p%23ss@127.0.0.1:3306/wordpress',
      'export TABLE_PREFIX=wp_',
      'PORT = 8080   # where it listens',
      "WP_AUTH_KEY='a#b c'",
      'WP_AUTH_SALT="-----BEGIN-----',
      'not a setting, part of the value',
      '-----END-----"',
      'NATS_STREAM=`CALENDAR`',
      '',
    ].join('\n');
    expect(envFileProblem(text)).toBeUndefined();
    expect(envFileProblem('')).toBeUndefined();
    expect(envFileProblem('A=1\r\nB=2\r\n')).toBeUndefined();
  });

  it('names a line Node would skip', () => {
    expect(envFileProblem('PORT=8080\nDATABASE_URL mysql://x\n')).toMatch(/^line 2 is not NAME=value/);
    expect(envFileProblem('# settings\nPORT: 8080\n')).toMatch(/^line 2 is not NAME=value/);
    expect(envFileProblem('A="x\nB=1\n')).toBeUndefined();
  });

  it('names a value an unquoted # would cut short, without showing the value', () => {
    const problem = envFileProblem('HOST=127.0.0.1\nDATABASE_URL=mysql://root:se#cret@127.0.0.1/wordpress\n');
    expect(problem).toMatch(/^line 2: the "#" in DATABASE_URL's value starts a comment there/);
    expect(problem).not.toContain('cret');
  });
});

describe('.env.example', () => {
  const text = readFileSync(new URL('../../.env.example', import.meta.url), 'utf8');

  it('reads as a .env file, copied as it is', () => {
    expect(envFileProblem(text)).toBeUndefined();
  });

  it('names only settings the service reads, given or commented out', () => {
    const known = new Set(describeSettings().map((setting) => setting.name));
    const named = [...text.matchAll(/^(?:# )?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]!);
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter((name) => !known.has(name))).toEqual([]);
  });
});
