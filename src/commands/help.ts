import type { SettingDescription } from '../config.js';

/** What `--help` / `-h` / `help` answers: how to start it, the commands, and every setting (from config.ts's schemas). */
export function helpText(settings: readonly SettingDescription[]): string {
  const width = Math.max(...settings.map((setting) => setting.name.length)) + 2;
  return [
    "calendar-sidecar: The Events Calendar's REST API served straight off a WordPress + TEC database.",
    '',
    'usage:',
    '  npm start                                          serve (no DATABASE_URL: the bundled demo site)',
    '  npm run doctor -- [DATABASE_URL] [--json]          check a site database before serving it',
    '  npm run indexes -- add|remove|status               the opt-in indexes for large sites',
    '  npm run sqlite-import -- <dump.sql> <site.sqlite>  turn a mysqldump into a SQLite file to serve',
    '  npm start -- --help                                this text (also -h)',
    '',
    'settings: environment variables, or NAME=value lines in a .env file in the working directory',
    '(the environment wins over the file):',
    ...settings.map((setting) => `  ${setting.name.padEnd(width)}${setting.meaning} (${defaultText(setting)})`),
  ].join('\n');
}

/** Whether the first argument asks for the help. */
export function isHelpArgument(arg: string | undefined): boolean {
  return arg === '--help' || arg === '-h' || arg === 'help';
}

/** The first arguments `dist/main.js` runs as commands; none serves. */
const COMMANDS = ['doctor', 'indexes', 'sqlite-import'] as const;

/**
 * What is wrong with the first argument, or undefined when it serves, runs a command or asks for
 * the help: a misspelt command (`npm start -- docter`) must not start a server in its place.
 */
export function unknownArgumentProblem(arg: string | undefined): string | undefined {
  if (arg === undefined || isHelpArgument(arg) || (COMMANDS as readonly string[]).includes(arg)) return undefined;
  return `unknown command or option "${arg}": the commands are ${COMMANDS.join(', ')}; npm start -- --help lists them and every setting`;
}

function defaultText(setting: SettingDescription): string {
  return setting.defaultValue === undefined ? `unset: ${setting.unset ?? 'none'}` : `default ${setting.defaultValue}`;
}
