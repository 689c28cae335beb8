import type { Viewer } from './capabilities.js';
import { OptionName, UserMeta } from '../constants.js';
import { isPhpEmpty } from '../php/php-empty.js';
import { asRecord, maybeUnserialize } from '../php/php-values.js';
import { PureMemo } from '../../cache/pure-memo.js';

/*
 * Roles and capabilities as WP_Roles and WP_User read them: the roles with their capabilities
 * from the `{prefix}user_roles` option (TEC adds its `*_tribe_events`, `*_tribe_venues` and
 * `*_tribe_organizers` capabilities there on activation), a user's roles and own grants from the
 * `{prefix}capabilities` user meta.
 */

/** Role name -> its capabilities (capability -> granted value, as stored). */
export type RoleDefinitions = ReadonlyMap<string, Readonly<Record<string, unknown>>>;

/**
 * Decoded role options by their stored text: every authenticated request needs the roles, and
 * decoding the option (PHP-serialized, often 20 KB) cost more than the rest of the check. A memo of
 * a pure function of the text (read fresh each request), so never stale; a handful of sites' texts.
 */
const decodedRoles = new PureMemo<RoleDefinitions>(8, 200_000);

/** WP_Roles::get_roles_data: the roles of the decoded `{prefix}user_roles` option. */
export function parseRoleDefinitions(optionValue: string | undefined): RoleDefinitions {
  if (optionValue === undefined) return new Map();
  return decodedRoles.get(optionValue, () => {
    const roles = new Map<string, Readonly<Record<string, unknown>>>();
    for (const [name, role] of Object.entries(asRecord(maybeUnserialize(optionValue)))) {
      roles.set(name, Object.freeze({ ...asRecord(asRecord(role).capabilities) }));
    }
    return roles;
  });
}

/**
 * WP_User::get_role_caps: every key of the user's capabilities meta that names a role makes the
 * user hold that role, whatever its value (WordPress filters the keys, not the values); the
 * roles' capabilities are merged in order, then the user's own entries on top, so a per-user
 * `false` takes away what a role gives. Returns capability -> value.
 */
export function userAllCaps(capabilitiesMeta: string | undefined, roles: RoleDefinitions): Map<string, unknown> {
  const userCaps = capabilitiesMeta === undefined ? {} : asRecord(maybeUnserialize(capabilitiesMeta));
  const allCaps = new Map<string, unknown>();
  for (const name of Object.keys(userCaps)) {
    const role = roles.get(name);
    if (!role) continue;
    for (const [cap, value] of Object.entries(role)) allCaps.set(cap, value);
  }
  for (const [cap, value] of Object.entries(userCaps)) allCaps.set(cap, value);
  return allCaps;
}

/**
 * The Viewer of a signed-in user: the capabilities WP_User::has_cap grants, i.e. those whose
 * value PHP does not call empty (`true`, `1`, `'1'`, ...).
 */
export function toViewer(userId: number, capabilitiesMeta: string | undefined, roles: RoleDefinitions): Viewer {
  const granted = new Set<string>();
  for (const [cap, value] of userAllCaps(capabilitiesMeta, roles)) {
    if (!isPhpEmpty(value)) granted.add(cap);
  }
  return Object.freeze({ userId, capabilities: granted });
}

/** `{prefix}capabilities`, the user meta key of a site's roles and grants. */
export function capabilitiesMetaKey(tablePrefix: string): string {
  return tablePrefix + UserMeta.capabilities;
}

/** `{prefix}user_roles`, the option holding a site's role definitions. */
export function userRolesOptionName(tablePrefix: string): string {
  return tablePrefix + OptionName.userRoles;
}
