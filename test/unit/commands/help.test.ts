import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeSettings, loadConfig, loadLogSettings } from '../../../src/config.js';
import { helpText, unknownArgumentProblem } from '../../../src/commands/help.js';

/**
 * `--help` is made from config.ts's own schemas (the type check holds a meaning for each of their
 * keys): these check that what it says of defaults is what loadConfig does, and that the README's
 * tables name the same settings.
 */
describe('the settings --help describes', () => {
  const settings = describeSettings();

  it('have a default or say what unset means, never both', () => {
    for (const setting of settings) {
      expect(setting.meaning, setting.name).not.toBe('');
      expect([setting.defaultValue, setting.unset].filter((text) => text !== undefined), setting.name).toHaveLength(1);
    }
  });

  it('give the defaults loadConfig applies', () => {
    const defaults = Object.fromEntries(settings.filter((setting) => setting.defaultValue !== undefined).map((setting) => [setting.name, setting.defaultValue!]));
    expect(defaults).toMatchObject({ PORT: '8080', HOST: '127.0.0.1', TABLE_PREFIX: 'wp_', LOG_LEVEL: 'info' });
    const { LOG_LEVEL, NODE_ENV, ...serviceDefaults } = defaults;
    expect(NODE_ENV).toBeUndefined();
    // Setting each to its stated default changes nothing.
    expect(loadConfig(serviceDefaults)).toEqual(loadConfig({}));
    expect(loadLogSettings({ LOG_LEVEL: LOG_LEVEL! })).toEqual(loadLogSettings({}));
  });

  it('are the ones the tables of README.md and docs/ (configuration, operations, change notifications) list', () => {
    const docs = new URL('../../../docs/', import.meta.url);
    const pages = [new URL('../../../README.md', import.meta.url), ...readdirSync(docs).map((name) => new URL(name, docs))];
    const readme = pages.map((page) => readFileSync(page, 'utf8')).join('\n');
    for (const setting of settings) expect(readme, setting.name).toMatch(new RegExp(`^\\|[^\\n]*\`${setting.name}[\`=]`, 'm'));
  });

  it('each take one line of the help, under the commands', () => {
    const text = helpText(settings);
    for (const setting of settings) expect(text.split('\n').filter((line) => line.startsWith(`  ${setting.name} `))).toHaveLength(1);
    expect(text.indexOf('npm run doctor')).toBeLessThan(text.indexOf('  DATABASE_URL'));
  });
});

describe('the first argument', () => {
  it('serves, runs a command or asks for the help; anything else is named as unknown', () => {
    for (const arg of [undefined, 'doctor', 'indexes', 'sqlite-import', '--help', '-h', 'help']) expect(unknownArgumentProblem(arg), String(arg)).toBeUndefined();
    for (const arg of ['docter', '--port', 'serve']) expect(unknownArgumentProblem(arg), arg).toContain(`"${arg}"`);
  });
});
