import { isPhpNumeric, maybeUnserialize } from '../php/php-values.js';

/**
 * The settings WordPress shows under `/wp/v2/settings` (register_setting with show_in_rest): core's
 * register_initial_settings(), then the site logo and icon the core blocks register, in that
 * order. Their REST name, option, schema type and the default get_option() falls back to.
 */
export interface RestSetting {
  name: string;
  option: string;
  type: 'string' | 'integer' | 'boolean';
  format?: 'uri' | 'email';
  enum?: readonly string[];
  /** The registered default (`default`), which get_option() gives for a missing row. */
  default: string | number | boolean | null;
  /** siteurl and admin_email are registered on single sites only. */
  singleSiteOnly?: boolean;
}

const OPEN_CLOSED = ['open', 'closed'] as const;

export const REST_SETTINGS: readonly RestSetting[] = [
  { name: 'title', option: 'blogname', type: 'string', default: null },
  { name: 'description', option: 'blogdescription', type: 'string', default: null },
  { name: 'url', option: 'siteurl', type: 'string', format: 'uri', default: null, singleSiteOnly: true },
  { name: 'email', option: 'admin_email', type: 'string', format: 'email', default: null, singleSiteOnly: true },
  { name: 'timezone', option: 'timezone_string', type: 'string', default: null },
  { name: 'date_format', option: 'date_format', type: 'string', default: null },
  { name: 'time_format', option: 'time_format', type: 'string', default: null },
  { name: 'start_of_week', option: 'start_of_week', type: 'integer', default: null },
  { name: 'language', option: 'WPLANG', type: 'string', default: 'en_US' },
  { name: 'use_smilies', option: 'use_smilies', type: 'boolean', default: true },
  { name: 'default_category', option: 'default_category', type: 'integer', default: null },
  { name: 'default_post_format', option: 'default_post_format', type: 'string', default: null },
  { name: 'posts_per_page', option: 'posts_per_page', type: 'integer', default: 10 },
  { name: 'show_on_front', option: 'show_on_front', type: 'string', default: null },
  { name: 'page_on_front', option: 'page_on_front', type: 'integer', default: null },
  { name: 'page_for_posts', option: 'page_for_posts', type: 'integer', default: null },
  { name: 'default_ping_status', option: 'default_ping_status', type: 'string', enum: OPEN_CLOSED, default: null },
  { name: 'default_comment_status', option: 'default_comment_status', type: 'string', enum: OPEN_CLOSED, default: null },
  { name: 'site_logo', option: 'site_logo', type: 'integer', default: null },
  { name: 'site_icon', option: 'site_icon', type: 'integer', default: null },
];

/** The settings a site registers: siteurl and admin_email are left out on a multisite network. */
export function restSettingsFor(multisite: boolean): readonly RestSetting[] {
  return multisite ? REST_SETTINGS.filter((setting) => !setting.singleSiteOnly) : REST_SETTINGS;
}

/**
 * is_email() as far as a stored admin address needs: one `@`, a local part of allowed characters,
 * a domain of at least two dot-separated labels of letters, digits and hyphens (none starting or
 * ending with one), at least 6 characters in all.
 */
function isEmail(value: string): boolean {
  if (value.length < 6) return false;
  const at = value.indexOf('@', 1);
  if (at === -1) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (!/^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(local)) return false;
  if (/\.{2}/.test(domain) || /^[.]|[.]$/.test(domain)) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  return labels.every((label) => /^[a-z0-9-]+$/i.test(label) && !/^-|-$/.test(label));
}

/** rest_is_boolean(). */
function isRestBoolean(value: unknown): boolean {
  if (typeof value === 'boolean') return true;
  if (typeof value === 'string') return ['false', 'true', '0', '1'].includes(value.toLowerCase());
  if (typeof value === 'number') return value === 0 || value === 1;
  return false;
}

/**
 * WP_REST_Settings_Controller::prepare_value: the option's value checked against the setting's
 * schema (rest_validate_value_from_schema) and cast to its type (rest_sanitize_value_from_schema);
 * a value the schema refuses, a missing option without default among them, is null.
 */
export function prepareSettingValue(setting: RestSetting, value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  switch (setting.type) {
    case 'integer': {
      // rest_is_integer: numeric and whole.
      if (typeof value === 'boolean' || !isPhpNumeric(value)) return null;
      const number = Number(typeof value === 'string' ? value.trim() : value);
      return Number.isInteger(number) ? number : null;
    }
    case 'boolean':
      if (!isRestBoolean(value)) return null;
      if (typeof value === 'string') return !['false', '0'].includes(value.toLowerCase());
      return Boolean(value);
    case 'string': {
      if (typeof value !== 'string') return null;
      if (setting.enum && !setting.enum.includes(value)) return null;
      if (setting.format === 'email' && !isEmail(value)) return null;
      return value;
    }
  }
}

/**
 * get_option( $option, $default ) for each setting, prepared for the answer: the row's value
 * (unserialized), or the registered default when the site has no row.
 */
export function settingsValues(settings: readonly RestSetting[], options: ReadonlyMap<string, string>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const setting of settings) {
    const stored = options.get(setting.option);
    values[setting.name] = prepareSettingValue(setting, stored === undefined ? setting.default : maybeUnserialize(stored));
  }
  return values;
}
