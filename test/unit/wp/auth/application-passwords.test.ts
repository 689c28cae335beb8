import { describe, expect, it } from 'vitest';
import {
  findMatchingApplicationPassword,
  normalizeApplicationPassword,
  parseApplicationPasswords,
  withRecordedUsage,
} from '../../../../src/wp/auth/application-passwords.js';
import { wpFastHash } from '../../../../src/wp/auth/password-hashes.js';
import { phpSerialize } from '../../../../src/wp/php/php-values.js';
import { AUTH_VECTORS } from './vectors.js';

// The admin's row of the reference dump (wp_usermeta umeta_id 17).
const STORED =
  'a:1:{i:0;a:7:{s:4:"uuid";s:36:"7dc9b7b6-c69d-44a3-81aa-6a1d7a7c0fc6";s:6:"app_id";s:0:"";s:4:"name";s:22:"oracle-20261121-223659";s:8:"password";s:49:"$generic$22951QqheD6gYu33Bh_qfVthsVPwxJvqFJSGlHNE";s:7:"created";i:1795300619;s:9:"last_used";i:1795300619;s:7:"last_ip";s:9:"127.0.0.1";}}';
const ADMIN_PASSWORD = 'E27IumCUdDXJtmrFb9Wja80M';

describe('normalizeApplicationPassword', () => {
  it('keeps only a-z, A-Z and 0-9, so the spaced display form works', () => {
    expect(normalizeApplicationPassword('E27I umCU dDXJ tmrF b9Wj a80M')).toBe(ADMIN_PASSWORD);
    expect(normalizeApplicationPassword('E27I-umCU_dDXJ.tmrF/b9Wj+a80M')).toBe(ADMIN_PASSWORD);
  });

  it('drops every non-ASCII character, as PHP\'s byte-wise /[^a-z\\d]/i does', () => {
    expect(normalizeApplicationPassword('pässwörd ☃ ١٢')).toBe('psswrd');
  });
});

describe('parseApplicationPasswords', () => {
  it('decodes the stored list', () => {
    const items = parseApplicationPasswords(STORED);
    expect(Object.keys(items)).toEqual(['0']);
    expect(items['0']!.password).toBe('$generic$22951QqheD6gYu33Bh_qfVthsVPwxJvqFJSGlHNE');
  });

  it('gives no passwords for a missing, non-array or corrupt value', () => {
    expect(parseApplicationPasswords(undefined)).toEqual({});
    expect(parseApplicationPasswords('')).toEqual({});
    expect(parseApplicationPasswords('s:3:"abc";')).toEqual({});
    expect(parseApplicationPasswords('a:1:{i:0;')).toEqual({});
    expect(parseApplicationPasswords('a:1:{i:0;s:3:"abc";}')).toEqual({});
  });
});

describe('findMatchingApplicationPassword', () => {
  it('finds the stored item the stripped password verifies against', async () => {
    const items = parseApplicationPasswords(STORED);
    expect(await findMatchingApplicationPassword(items, ADMIN_PASSWORD)).toBe('0');
    expect(await findMatchingApplicationPassword(items, 'AAAAAAAAAAAAAAAAAAAAAAAA')).toBeUndefined();
  });

  it('checks every item in order, whatever hash format each has', async () => {
    const phpass = AUTH_VECTORS.password_hashes.find((vector) => vector.format === 'phpass' && vector.password === ADMIN_PASSWORD)!;
    const items = {
      '0': { password: wpFastHash('someOtherPassword1234567') },
      '3': { password: 42 },
      '5': { password: phpass.hash },
    };
    expect(await findMatchingApplicationPassword(items, ADMIN_PASSWORD)).toBe('5');
  });
});

describe('withRecordedUsage (record_application_password_usage)', () => {
  const items = parseApplicationPasswords(STORED);
  const lastUsed = 1795300619;

  it('writes nothing within a day of the last use', () => {
    expect(withRecordedUsage(items, '0', lastUsed + 86_399, '10.0.0.1')).toBeUndefined();
  });

  it('sets last_used and last_ip a day or more later, keeping every other field and its order', () => {
    const updated = withRecordedUsage(items, '0', lastUsed + 86_400, '10.0.0.1')!;
    expect(phpSerialize(updated)).toBe(
      STORED.replace('s:9:"last_used";i:1795300619;s:7:"last_ip";s:9:"127.0.0.1";', 's:9:"last_used";i:1795387019;s:7:"last_ip";s:8:"10.0.0.1";'),
    );
  });

  it('records the first use of a never-used password (last_used null)', () => {
    const never = parseApplicationPasswords(STORED.replace('s:9:"last_used";i:1795300619;', 's:9:"last_used";N;'));
    expect(withRecordedUsage(never, '0', 1_795_400_000, '::1')!['0']).toMatchObject({ last_used: 1_795_400_000, last_ip: '::1' });
  });
});
