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

  it('accepts any case of "Basic", empty names and empty passwords', () => {
    expect(parseBasicAuthorization(`basic ${encode(':')}`)).toEqual({ username: '', password: '' });
    expect(parseBasicAuthorization(`BASIC ${encode('a@b.test:')}`)).toEqual({ username: 'a@b.test', password: '' });
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
