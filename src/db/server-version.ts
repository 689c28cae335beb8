/** The database server a site runs on, read off VERSION(). */
export interface ServerVersion {
  kind: 'mariadb' | 'mysql';
  major: number;
  minor: number;
  patch: number;
  /** VERSION() as the server printed it. */
  text: string;
}

/**
 * `10.11.19-MariaDB-0+deb12u1` is MariaDB 10.11.19; anything else (`8.0.36`, Percona's
 * `8.0.36-28`) is taken as MySQL. MariaDB behind a replication-compatible `5.5.5-` prefix (as
 * old clients see it) is read past the prefix. Undefined when no version number is found.
 */
export function parseServerVersion(text: string): ServerVersion | undefined {
  const kind = /mariadb/i.test(text) ? 'mariadb' : 'mysql';
  const withoutPrefix = kind === 'mariadb' ? text.replace(/^5\.5\.5-/, '') : text;
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(withoutPrefix);
  if (!match) return undefined;
  return { kind, major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]), text };
}

/** Whether `version` is at least major.minor. */
export function versionAtLeast(version: ServerVersion, major: number, minor: number): boolean {
  return version.major > major || (version.major === major && version.minor >= minor);
}
