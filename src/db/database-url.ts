/**
 * What is wrong with a `mysql://` URL, in words an operator can act on. mysql2 reads the URL with
 * `new URL()` and `decodeURIComponent()` of the host, user, password and database name, and throws
 * Node's bare `Invalid URL` or `URI malformed` (a stack at start) for what they refuse; these checks
 * refuse the same URLs first, naming the part at fault but never its text: the password must not
 * reach a log, and a password with an unencoded reserved character spills into the other parts.
 */

/** The shape every message ends with. */
export const MYSQL_URL_FORM = 'mysql://user:password@host:port/database';

const ENCODE_ADVICE =
  'percent-encode reserved characters in the password and user name (# as %23, ? as %3F, / as %2F, @ as %40, : as %3A, % as %25, a comma as %2C, a space as %20; encodeURIComponent does it)';

/** The problem with a `mysql://` URL, or undefined when mysql2 reads it as it was meant. */
export function mysqlUrlProblem(value: string): string | undefined {
  if (!value.startsWith('mysql://')) return `must look like ${MYSQL_URL_FORM}`;
  // A URL ends at `#`: the password's tail, the host and the database would be dropped unseen.
  if (value.includes('#')) return `holds a "#", where a URL ends: ${ENCODE_ADVICE}; then write it as ${MYSQL_URL_FORM}`;
  const port = portText(value);
  if (port !== undefined && !/^\d+$/.test(port)) return `its port is not a number: write it as ${MYSQL_URL_FORM}, the port 1 to 65535 (MySQL's own is 3306)`;
  if (port !== undefined && Number(port) > 65535) return `its port is above 65535: write it as ${MYSQL_URL_FORM}, the port 1 to 65535 (MySQL's own is 3306)`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `is not a valid URL: ${ENCODE_ADVICE}; then write it as ${MYSQL_URL_FORM}`;
  }
  if (url.hostname === '') return `names no host: write it as ${MYSQL_URL_FORM}`;
  // `mysql://root:1/x@host/db` parses, as host "root" and port 1: a "/" or "?" in the password
  // ended the host early, leaving the real "@host" in the path or the query.
  if (`${url.pathname}${url.search}`.includes('@')) return `holds an "@" after its host, so the password's "/" or "?" ended it early: ${ENCODE_ADVICE}; then write it as ${MYSQL_URL_FORM}`;
  for (const [part, text] of [
    ['user name', url.username],
    ['password', url.password],
    ['database name', url.pathname.slice(1)],
  ] as const) {
    if (!decodes(text)) return `its ${part} holds a "%" not followed by two hexadecimal digits: ${ENCODE_ADVICE}; then write it as ${MYSQL_URL_FORM}`;
  }
  const database = decodeURIComponent(url.pathname.slice(1));
  if (database === '') return `names no database: write it as ${MYSQL_URL_FORM}`;
  if (database.includes('/')) return `its database name holds a "/": ${ENCODE_ADVICE}; then write it as ${MYSQL_URL_FORM}`;
  return undefined;
}

/**
 * The text after the host's `:`, if any. Read after the last `@` only, so that a password holding an
 * unencoded `/` or `?` is never taken for the host and port (and never quoted).
 */
function portText(value: string): string | undefined {
  const hostAndPort = value.slice(Math.max(value.lastIndexOf('@') + 1, 'mysql://'.length)).split(/[/?]/)[0] ?? '';
  return /:([^:\]]*)$/.exec(hostAndPort)?.[1] || undefined;
}

function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}
