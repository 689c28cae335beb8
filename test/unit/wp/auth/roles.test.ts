import { describe, expect, it } from 'vitest';
import { parseRoleDefinitions, toViewer, userAllCaps } from '../../../../src/wp/auth/roles.js';
import { phpSerialize } from '../../../../src/wp/php/php-values.js';

const ROLES = parseRoleDefinitions(
  phpSerialize({
    editor: { name: 'Editor', capabilities: { read: true, edit_tribe_events: true, edit_others_tribe_events: true } },
    author: { name: 'Author', capabilities: { read: true, edit_tribe_events: true, publish_tribe_events: true } },
    subscriber: { name: 'Subscriber', capabilities: { read: true, level_0: true } },
  }),
);

const caps = (meta: Record<string, unknown>) => [...toViewer(7, phpSerialize(meta), ROLES).capabilities].sort();

describe('roles and capabilities (WP_User::get_role_caps, has_cap)', () => {
  it('grants the capabilities of each role the meta names, plus the role name itself', () => {
    expect(caps({ subscriber: true })).toEqual(['level_0', 'read', 'subscriber']);
  });

  it('merges several roles', () => {
    expect(caps({ subscriber: true, author: true })).toEqual(
      ['author', 'edit_tribe_events', 'level_0', 'publish_tribe_events', 'read', 'subscriber'],
    );
  });

  it('adds per-user grants and lets a per-user false take away what a role gives', () => {
    expect(caps({ author: true, read_private_tribe_events: true, publish_tribe_events: false })).toEqual(
      ['author', 'edit_tribe_events', 'read', 'read_private_tribe_events'],
    );
  });

  it('gives a role named with false its capabilities all the same (WordPress filters keys, not values)', () => {
    expect(caps({ editor: false })).toEqual(['edit_others_tribe_events', 'edit_tribe_events', 'read']);
  });

  it('ignores unknown roles and grants nothing for missing or corrupt meta', () => {
    expect(caps({ shop_manager: true })).toEqual(['shop_manager']);
    expect([...toViewer(7, undefined, ROLES).capabilities]).toEqual([]);
    expect([...toViewer(7, 'a:1:{', ROLES).capabilities]).toEqual([]);
  });

  it('treats values PHP calls empty as not granted', () => {
    expect(caps({ a: 1, b: '1', c: 0, d: '0', e: '', f: null })).toEqual(['a', 'b']);
  });

  it('keeps the stored values in userAllCaps, role capabilities first', () => {
    expect([...userAllCaps(phpSerialize({ author: true, edit_tribe_events: false }), ROLES)]).toEqual([
      ['read', true],
      ['edit_tribe_events', false],
      ['publish_tribe_events', true],
      ['author', true],
    ]);
  });

  it('reads no roles from a missing or corrupt option', () => {
    expect(parseRoleDefinitions(undefined).size).toBe(0);
    expect(parseRoleDefinitions('x').size).toBe(0);
  });
});
