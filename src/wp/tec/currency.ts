import { isPhpNumeric } from '../php/php-values.js';
import { parseCostRange } from './cost.js';

/**
 * Tribe__Cost_Utils::parse_currency_symbol / parse_currency_position: what the REST endpoint
 * stores as `_EventCurrencySymbol` / `_EventCurrencyPosition` from the `cost` string. Each piece is
 * paired with the comma-separated part at the same position (so a range such as `5 - 10`, two
 * pieces in one part, never agrees with itself); every numeric piece must leave the same symbol.
 * `false` is PHP's false: no symbol could be told.
 */
export function parseCurrencySymbol(cost: unknown): string | false {
  if (typeof cost !== 'string' || cost === '' || cost === '0') return false;
  const parts = cost.split(/\s*,\s*/);
  const pieces = parseCostRange(parts, false);
  if (pieces.size === 0) return false;
  const symbols: string[] = [];
  let i = 0;
  for (const [key, value] of pieces) {
    if (isPhpNumeric(key)) {
      symbols.push((parts[i] ?? '').split(value).join('').trim());
      if (symbols[symbols.length - 1] !== symbols[0]) return false;
    }
    i++;
  }
  return symbols.length > 0 ? (symbols[0] ?? false) : false;
}

/** `prefix` when every part starts with the symbol, `postfix` when every part has it later. */
export function parseCurrencyPosition(cost: unknown): 'prefix' | 'postfix' | false {
  if (typeof cost !== 'string' || cost === '' || cost === '0') return false;
  const parts = cost.split(/\s*,\s*/);
  const symbol = parseCurrencySymbol(cost);
  if (symbol === false || symbol === '' || symbol === '0') return false;
  const positions: ('prefix' | 'postfix')[] = [];
  for (const part of parts) {
    const at = part.trim().indexOf(symbol);
    if (at === -1) continue;
    positions.push(at === 0 ? 'prefix' : 'postfix');
    if (positions[positions.length - 1] !== positions[0]) return false;
  }
  return positions[0] ?? false;
}
