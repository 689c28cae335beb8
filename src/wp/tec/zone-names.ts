import { closeSync, openSync, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The tz database's zone names as PHP finds them: `new DateTimeZone('america/new_york')` and
 * timezone_open() look names up without regard to case and answer the database's own spelling
 * (`America/New_York`). The names are those of the system's compiled tz files, the database the
 * abbreviations (timezone-abbr.ts) come from.
 */

const DEFAULT_ZONEINFO_DIR = '/usr/share/zoneinfo';
/** Copies of the database under other rules, not zone names. */
const SKIPPED_DIRS = new Set(['posix', 'right']);

const indexes = new Map<string, Map<string, string>>();

function isTzif(path: string): boolean {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const head = Buffer.alloc(4);
    return readSync(fd, head, 0, 4, 0) === 4 && head.toString('latin1') === 'TZif';
  } catch {
    return false;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function buildIndex(dir: string): Map<string, string> {
  const names = new Map<string, string>();
  const walk = (relative: string) => {
    let entries;
    try {
      entries = readdirSync(join(dir, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (!(relative === '' && SKIPPED_DIRS.has(entry.name))) walk(name);
      } else if (/^[A-Za-z0-9_+-]+(\/[A-Za-z0-9_+-]+)*$/.test(name) && name !== 'localtime' && isTzif(join(dir, name))) {
        names.set(name.toLowerCase(), name);
      }
    }
  };
  walk('');
  return names;
}

/**
 * The database's spelling of a zone name given in any letter case, or undefined when the
 * database has no such zone. Names with no file here (a system without tz files) fall back to
 * what Intl knows.
 */
export function canonicalZoneName(zone: string, dir = DEFAULT_ZONEINFO_DIR): string | undefined {
  let index = indexes.get(dir);
  if (!index) {
    index = buildIndex(dir);
    indexes.set(dir, index);
  }
  const found = index.get(zone.toLowerCase());
  if (found || index.size > 0) return found;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
