import { describe, expect, it } from 'vitest';
import { REST_SETTINGS, prepareSettingValue, restSettingsFor, settingsValues } from '../../../../src/wp/site/rest-settings.js';

/** WP_REST_Settings_Controller::prepare_value: rest_validate_value_from_schema, then the cast. */

const setting = (name: string) => REST_SETTINGS.find((candidate) => candidate.name === name)!;

describe('prepareSettingValue', () => {
  it('casts integers only from whole numeric values', () => {
    const startOfWeek = setting('start_of_week');
    expect(prepareSettingValue(startOfWeek, '1')).toBe(1);
    expect(prepareSettingValue(startOfWeek, ' 2')).toBe(2);
    expect(prepareSettingValue(startOfWeek, '1.0')).toBe(1);
    expect(prepareSettingValue(startOfWeek, '1.5')).toBeNull();
    expect(prepareSettingValue(startOfWeek, '')).toBeNull();
    expect(prepareSettingValue(startOfWeek, 'monday')).toBeNull();
  });

  it('reads booleans as rest_is_boolean and rest_sanitize_boolean do', () => {
    const smilies = setting('use_smilies');
    expect(prepareSettingValue(smilies, '1')).toBe(true);
    expect(prepareSettingValue(smilies, 'FALSE')).toBe(false);
    expect(prepareSettingValue(smilies, '0')).toBe(false);
    expect(prepareSettingValue(smilies, '')).toBeNull();
    expect(prepareSettingValue(smilies, 'yes')).toBeNull();
  });

  it('keeps strings, refusing arrays, values outside an enum and addresses is_email refuses', () => {
    expect(prepareSettingValue(setting('title'), '')).toBe('');
    expect(prepareSettingValue(setting('title'), { a: 1 })).toBeNull();
    expect(prepareSettingValue(setting('default_ping_status'), 'closed')).toBe('closed');
    expect(prepareSettingValue(setting('default_ping_status'), 'Closed')).toBeNull();
    expect(prepareSettingValue(setting('email'), 'admin@example.test')).toBe('admin@example.test');
    expect(prepareSettingValue(setting('email'), 'admin@localhost')).toBeNull();
  });
});

describe('settingsValues', () => {
  it('gives a missing option its registered default, else null, and unserializes stored values', () => {
    const values = settingsValues(REST_SETTINGS, new Map([['blogname', 's:5:"Title";']]));
    expect(values).toMatchObject({ title: 'Title', language: 'en_US', use_smilies: true, posts_per_page: 10, site_logo: null, start_of_week: null });
  });

  it('leaves url and email out on a multisite sub-site', () => {
    expect(restSettingsFor(true).map((entry) => entry.name)).not.toContain('url');
    expect(restSettingsFor(true).map((entry) => entry.name)).not.toContain('email');
    expect(restSettingsFor(false)).toHaveLength(20);
  });
});
