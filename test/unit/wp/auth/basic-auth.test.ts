import { describe, expect, it } from 'vitest';
import { parseBasicAuthorization } from '../../../../src/wp/auth/basic-auth.js';

const encode = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe('parseBasicAuthorization (wp_populate_basic_auth_from_authorization_header)', () => {
  it('splits the decoded credentials at the first colon', () => {
    expect(parseBasicAuthorization(`Basic ${encode('admin:abcd efgh:ijkl')}`)).toEqual({
      username: 'admin',
      password: 'abcd efgh:ijkl',
    });
  });

  it('accepts any case of "Basic"', () => {
    expect(parseBasicAuthorization(`basic ${encode('a@b.test:pw')}`)).toEqual({ username: 'a@b.test', password: 'pw' });
    expect(parseBasicAuthorization(`BASIC ${encode('a:b')}`)).toEqual({ username: 'a', password: 'b' });
  });

  it('sets nothing for an empty password (recorded: such requests stay anonymous)', () => {
    expect(parseBasicAuthorization(`Basic ${encode(':')}`)).toBeUndefined();
    expect(parseBasicAuthorization(`Basic ${encode('admin:')}`)).toBeUndefined();
  });

  it('passes an empty name with a password on to WordPress (which refuses it)', () => {
    expect(parseBasicAuthorization(`Basic ${encode(':secret')}`)).toEqual({ username: '', password: 'secret' });
  });

  it('keeps UTF-8 names', () => {
    expect(parseBasicAuthorization(`Basic ${encode('jörg:pw')}`)?.username).toBe('jörg');
  });

  it('sets nothing for other schemes, malformed base64 or text without a colon', () => {
    expect(parseBasicAuthorization(undefined)).toBeUndefined();
    expect(parseBasicAuthorization('Bearer abc')).toBeUndefined();
    expect(parseBasicAuthorization('Basic not base64!')).toBeUndefined();
    expect(parseBasicAuthorization('Basic  ' + encode('a:b'))).toBeUndefined();
    expect(parseBasicAuthorization(`Basic ${encode('no colon')}`)).toBeUndefined();
  });
});
