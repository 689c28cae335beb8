import { parseEnv } from 'node:util';

/**
 * What is wrong with a `.env` file's text, as Node's own reader (`process.loadEnvFile`, whose
 * parser `util.parseEnv` is) would take it: it skips a line it cannot read without a word, and
 * ends an unquoted value at `#`, so a setting would silently go missing or be cut short. Undefined
 * when every line means what it says. Never quotes a value (passwords are among them).
 */
export function envFileProblem(text: string): string | undefined {
  const lines = text.split(/\r?\n/);
  const values = parseEnv(text);
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('#')) continue;
    // Alone, and ended as in the file: Node's parser reads an opening quote that never closes at the
    // end of its text differently from one followed by a line break.
    const name = Object.keys(parseEnv(`${line}\n`))[0];
    if (name === undefined) {
      return `line ${index + 1} is not NAME=value, and Node's .env reader skips it: write it as NAME=value (quote a value that holds # or spans lines), or start it with # to keep it as a comment`;
    }
    const raw = line.slice(line.indexOf('=') + 1).trim();
    const opening = raw[0];
    if (opening === '"' || opening === "'" || opening === '`') {
      // A quoted value may go on over the next lines: they belong to it, not to new settings.
      if (raw.indexOf(opening, 1) < 0) index += (values[name] ?? '').split('\n').length - 1;
      continue;
    }
    if (/[^\s]#/.test(raw)) {
      return `line ${index + 1}: the "#" in ${name}'s value starts a comment there, so the rest of the value is dropped: quote the value (${name}='...'), or in a URL write # as %23`;
    }
  }
  return undefined;
}
