import { describe, expect, it } from 'vitest';
import { parseRoleDefinitions } from '../../../../src/wp/auth/roles.js';

/** The decoded roles are kept by the option's text: a changed option is decoded anew, never served stale. */
const roles = (editorCaps: string) =>
  `a:1:{s:6:"editor";a:2:{s:4:"name";s:6:"Editor";s:12:"capabilities";a:1:{${editorCaps}}}}`;

describe('parseRoleDefinitions memo', () => {
  it('gives the same decoded roles for the same text, frozen so no caller can change them', () => {
    const text = roles('s:10:"edit_posts";b:1;');
    const first = parseRoleDefinitions(text);
    expect(parseRoleDefinitions(text)).toBe(first);
    expect(Object.isFrozen(first.get('editor'))).toBe(true);
  });

  it('decodes a changed option anew: a capability taken away is gone', () => {
    expect(parseRoleDefinitions(roles('s:10:"edit_posts";b:1;')).get('editor')).toEqual({ edit_posts: true });
    expect(parseRoleDefinitions(roles('s:10:"edit_posts";b:0;')).get('editor')).toEqual({ edit_posts: false });
  });

  it('keeps at most a few texts: the first of many is decoded again, equal but not the same object', () => {
    const first = roles('s:10:"edit_posts";b:1;');
    const kept = parseRoleDefinitions(first);
    for (let index = 0; index < 20; index++) parseRoleDefinitions(roles(`s:${String(index).length + 4}:"cap_${index}";b:1;`));
    const again = parseRoleDefinitions(first);
    expect(again).not.toBe(kept);
    expect(again).toEqual(kept);
  });
});
