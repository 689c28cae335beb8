import { phpUrldecode } from '../wp/php/php-values.js';

/**
 * Parses a raw query string the way PHP fills $_GET, which is what WordPress validates:
 * `a[]=1&a[]=2` is a list, `a[k]=v` a map, a repeated plain key keeps its last value, and
 * `+` means space.
 */
export type PhpValue = string | PhpValue[] | { [key: string]: PhpValue };

export function parsePhpQuery(raw: string): Record<string, PhpValue> {
  const out: Record<string, PhpValue> = {};
  if (!raw) return out;
  for (const pair of raw.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawKey = phpUrldecode(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : phpUrldecode(pair.slice(eq + 1));
    const bracket = rawKey.indexOf('[');
    if (bracket <= 0 || !rawKey.endsWith(']')) {
      // PHP turns dots and spaces in top-level names into underscores.
      out[rawKey.replace(/[. ]/g, '_')] = value;
      continue;
    }
    const name = rawKey.slice(0, bracket).replace(/[. ]/g, '_');
    const subKeys = rawKey
      .slice(bracket + 1, -1)
      .split('][');
    assignNested(out, name, subKeys, value);
  }
  return out;
}

function assignNested(target: Record<string, PhpValue>, name: string, keys: string[], value: string): void {
  let container: Record<string, PhpValue> | PhpValue[] = target;
  let key: string = name;
  for (const next of keys) {
    const current: PhpValue | undefined = Array.isArray(container)
      ? container[Number(key)]
      : (container as Record<string, PhpValue>)[key];
    let child: Record<string, PhpValue> | PhpValue[];
    if (current !== undefined && typeof current === 'object') child = current;
    else child = next === '' ? [] : {};
    setChild(container, key, child);
    container = child;
    key = next === '' ? String(Array.isArray(child) ? child.length : Object.keys(child).length) : next;
  }
  setChild(container, key, value);
}

function setChild(container: Record<string, PhpValue> | PhpValue[], key: string, value: PhpValue): void {
  if (Array.isArray(container)) container[Number(key)] = value;
  else container[key] = value;
}
