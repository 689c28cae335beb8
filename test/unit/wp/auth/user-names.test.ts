import { describe, expect, it } from 'vitest';
import { isEmail, sanitizeEmailLookup, sanitizeLogin } from '../../../../src/wp/auth/user-names.js';

describe('isEmail (is_email)', () => {
  it.each(['admin@example.test', 'a.b+c@sub.example.org', "o'neil@x.io"])('accepts %s', (address) => {
    expect(isEmail(address)).toBe(true);
  });

  it.each([
    ['too short', 'a@b.c'],
    ['no @ after the first character', '@example.test'],
    ['a single domain label', 'admin@localhost'],
    ['two dots in a row', 'admin@example..test'],
    ['a leading dot in the domain', 'admin@.example.test'],
    ['a label starting with a hyphen', 'admin@-example.test'],
    ['a space in the local part', 'ad min@example.test'],
    ['an underscore in the domain', 'admin@ex_ample.test'],
    ['a plain login', 'admin'],
  ])('refuses %s', (_reason, address) => {
    expect(isEmail(address)).toBe(false);
  });
});

describe('sanitizeLogin (get_data_by trim + sanitize_user)', () => {
  it('trims, strips tags, percent escapes and entities, and collapses whitespace', () => {
    expect(sanitizeLogin('  admin  ')).toBe('admin');
    expect(sanitizeLogin('<b>ad</b>min')).toBe('admin');
    expect(sanitizeLogin('ad%41min')).toBe('admin');
    expect(sanitizeLogin('ad&amp;min')).toBe('admin');
    expect(sanitizeLogin('john   smith')).toBe('john smith');
  });

  it('looks nothing up for a name PHP calls falsy once trimmed', () => {
    expect(sanitizeLogin('  ')).toBeUndefined();
    expect(sanitizeLogin('0')).toBeUndefined();
    expect(sanitizeEmailLookup(' 0 ')).toBeUndefined();
  });

  it('leaves the e-mail lookup merely trimmed', () => {
    expect(sanitizeEmailLookup(' admin@example.test\n')).toBe('admin@example.test');
  });
});
