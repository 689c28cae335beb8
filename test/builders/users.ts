import type { Insertable } from 'kysely';
import type { Db } from '../../src/db/create-db.js';
import type { UsersTable } from '../../src/db/tables.js';
import { phpSerialize } from '../../src/wp/php/php-values.js';
import { wpFastHash } from '../../src/wp/auth/password-hashes.js';
import { BUILDER_DATE, definedOnly } from './posts.js';
import { setOption } from './options.js';

/*
 * Users, roles and application passwords as WordPress stores them: `users` rows, the
 * `{prefix}capabilities` / `{prefix}user_level` meta, `_application_passwords` as a PHP-serialized
 * list, and the `{prefix}user_roles` option with WordPress's default roles plus the capabilities
 * The Events Calendar adds to them on activation (as in the reference dump).
 */

export type RoleName = 'administrator' | 'editor' | 'author' | 'contributor' | 'subscriber';

// TEC grants its post types' capabilities (and its aggregator records') per role.
const TEC_CAPABILITY_TYPES = ['tribe_events', 'tribe_venues', 'tribe_organizers', 'aggregator-records'];
const TEC_FULL = ['read_private', 'edit', 'edit_others', 'edit_private', 'edit_published', 'delete', 'delete_others', 'delete_private', 'delete_published', 'publish'];
const TEC_AUTHOR = ['edit', 'edit_published', 'delete', 'delete_published', 'publish'];
const TEC_CONTRIBUTOR = ['edit', 'delete'];

function tecCaps(verbs: readonly string[]): string[] {
  return TEC_CAPABILITY_TYPES.flatMap((type) => verbs.map((verb) => `${verb}_${type}`));
}

const EDITOR_CORE = [
  'moderate_comments', 'manage_categories', 'manage_links', 'upload_files', 'unfiltered_html', 'edit_posts',
  'edit_others_posts', 'edit_published_posts', 'publish_posts', 'edit_pages', 'read', 'level_7', 'level_6',
  'level_5', 'level_4', 'level_3', 'level_2', 'level_1', 'level_0', 'edit_others_pages', 'edit_published_pages',
  'publish_pages', 'delete_pages', 'delete_others_pages', 'delete_published_pages', 'delete_posts',
  'delete_others_posts', 'delete_published_posts', 'delete_private_posts', 'edit_private_posts',
  'read_private_posts', 'delete_private_pages', 'edit_private_pages', 'read_private_pages',
];
const ADMINISTRATOR_ONLY = [
  'switch_themes', 'edit_themes', 'activate_plugins', 'edit_plugins', 'edit_users', 'edit_files', 'manage_options',
  'import', 'level_10', 'level_9', 'level_8', 'delete_users', 'create_users', 'unfiltered_upload', 'edit_dashboard',
  'update_plugins', 'delete_plugins', 'install_plugins', 'update_themes', 'install_themes', 'update_core',
  'list_users', 'remove_users', 'promote_users', 'edit_theme_options', 'delete_themes', 'export',
];

/** populate_roles() plus TEC's additions: role -> [display name, capabilities]. */
export const DEFAULT_ROLES: Readonly<Record<RoleName, readonly [string, readonly string[]]>> = {
  administrator: ['Administrator', [...ADMINISTRATOR_ONLY, ...EDITOR_CORE, ...tecCaps(TEC_FULL)]],
  editor: ['Editor', [...EDITOR_CORE, ...tecCaps(TEC_FULL)]],
  author: [
    'Author',
    ['upload_files', 'edit_posts', 'edit_published_posts', 'publish_posts', 'read', 'level_2', 'level_1', 'level_0',
      'delete_posts', 'delete_published_posts', ...tecCaps(TEC_AUTHOR)],
  ],
  contributor: ['Contributor', ['edit_posts', 'read', 'level_1', 'level_0', 'delete_posts', ...tecCaps(TEC_CONTRIBUTOR)]],
  subscriber: ['Subscriber', ['read', 'level_0']],
};

const USER_LEVELS: Readonly<Record<RoleName, number>> = {
  administrator: 10,
  editor: 7,
  author: 2,
  contributor: 1,
  subscriber: 0,
};

/**
 * Writes the `{prefix}user_roles` option (WordPress's default roles with TEC's capabilities) and
 * `using_application_passwords`, which WordPress sets once the first application password exists
 * (without it, Basic credentials are ignored).
 */
export async function insertDefaultRoles(db: Db, prefix: string): Promise<void> {
  const roles = Object.fromEntries(
    Object.entries(DEFAULT_ROLES).map(([role, [name, caps]]) => [
      role,
      { name, capabilities: Object.fromEntries(caps.map((cap) => [cap, true])) },
    ]),
  );
  await setOption(db, `${prefix}user_roles`, phpSerialize(roles), 'auto');
  await setOption(db, 'using_application_passwords', '1', 'off');
}

/** An application password: the plain value a client sends and the hash stored for it. */
export interface ApplicationPasswordInput {
  password: string;
  /** Defaults to wp_fast_hash(password), what WordPress 6.8+ stores. */
  hash?: string;
  name?: string;
  uuid?: string;
  /** Unix seconds; null (never used) unless given. */
  last_used?: number | null;
  last_ip?: string | null;
}

export interface UserOverrides extends Partial<Omit<Insertable<UsersTable>, 'ID'>> {
  ID?: number;
  /** The role stored in `{prefix}capabilities`; null for a user without any. Default subscriber. */
  role?: RoleName | null;
  /** Per-user grants (true) and revocations (false), stored after the role in the same meta. */
  capabilities?: Readonly<Record<string, boolean>>;
  /** Default: one application password derived from the login. */
  applicationPasswords?: readonly ApplicationPasswordInput[];
}

export interface InsertedUser {
  id: number;
  login: string;
  email: string;
  /** The first application password in plain text (for HTTP Basic), if any. */
  appPassword: string | undefined;
}

/** A 24-character alphanumeric password, as WordPress generates them, derived from a seed. */
export function appPasswordFor(seed: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let state = [...seed].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) >>> 0, 7);
  let out = '';
  for (let i = 0; i < 24; i += 1) {
    state = (state * 1103515245 + 12345) >>> 0;
    out += alphabet[state % alphabet.length];
  }
  return out;
}

let usersInserted = 0;

/**
 * Inserts a user as wp_insert_user and the application-password screen leave it: the `users` row
 * (password hash `$wp$...`-shaped placeholder unless given), `{prefix}capabilities` with the role
 * and any per-user grants, `{prefix}user_level`, and `_application_passwords`.
 */
export async function insertUser(db: Db, prefix: string, overrides: UserOverrides = {}): Promise<InsertedUser> {
  const { role = 'subscriber', capabilities = {}, applicationPasswords, ...columns } = overrides;
  usersInserted += 1;
  const login = columns.user_login ?? `user${usersInserted}`;
  const email = columns.user_email ?? `${login}@example.test`;
  const row: Insertable<UsersTable> = {
    user_login: login,
    // wp_hash_password output of WordPress 6.8+: `$wp` + bcrypt. Signing in by user password is
    // not something the REST API does, so any well-formed value serves.
    user_pass: '$wp$2y$10$Imt/A1LyfK.k9vTkniH0T.5zvtwQxh3vD8Fm5Fot4SzXjiI5Os5ra',
    user_nicename: login.toLowerCase(),
    user_email: email,
    user_url: '',
    user_registered: BUILDER_DATE,
    user_activation_key: '',
    user_status: 0,
    display_name: login,
    ...definedOnly(columns),
  };
  const result = await db.insertInto('users').values(row).executeTakeFirstOrThrow();
  const id = columns.ID ?? Number(result.insertId);

  const caps: Record<string, boolean> = { ...(role ? { [role]: true } : {}), ...capabilities };
  const passwords = applicationPasswords ?? [{ password: appPasswordFor(login) }];
  const meta: Array<[string, string]> = [
    [`${prefix}capabilities`, phpSerialize(caps)],
    [`${prefix}user_level`, String(role ? USER_LEVELS[role] : 0)],
  ];
  if (passwords.length > 0) {
    const items = passwords.map((item, index) => ({
      uuid: item.uuid ?? `00000000-0000-4000-8000-${String(id * 100 + index).padStart(12, '0')}`,
      app_id: '',
      name: item.name ?? `builder-${index}`,
      password: item.hash ?? wpFastHash(item.password),
      created: 1795300000,
      last_used: item.last_used ?? null,
      last_ip: item.last_ip ?? null,
    }));
    meta.push(['_application_passwords', phpSerialize(items)]);
  }
  await insertUserMeta(db, id, meta);
  return { id, login, email, appPassword: passwords[0]?.password };
}

/** Inserts user meta rows in the given order. */
export async function insertUserMeta(
  db: Db,
  userId: number,
  entries: ReadonlyArray<readonly [key: string, value: string]>,
): Promise<void> {
  for (const [key, value] of entries) {
    await db.insertInto('usermeta').values({ user_id: userId, meta_key: key, meta_value: value }).execute();
  }
}

/** The Authorization header of HTTP Basic credentials. */
export function basicAuth(login: string, password: string): string {
  return `Basic ${Buffer.from(`${login}:${password}`, 'utf8').toString('base64')}`;
}
