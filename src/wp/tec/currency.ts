import { isEmptyParam } from '../php/php-empty.js';
import { isPhpArray, isPhpNumeric, phpScalarString } from '../php/php-values.js';
import { parseCostRange } from './cost.js';

/**
 * Tribe__Cost_Utils::parse_currency_symbol / parse_currency_position: what the REST endpoint
 * stores as `_EventCurrencySymbol` / `_EventCurrencyPosition` from the `cost` value, a string of
 * comma-separated costs or an array of costs. Each numeric piece is paired with the cost at the
 * same position (so a range such as `5 - 10`, two pieces in one part, never agrees with itself);
 * every numeric piece must leave the same symbol. `false` is PHP's false: no symbol could be told.
 */

/** The costs as the parsers read them: the values in order, and `$original_costs[$i]` by position. */
function originalCosts(cost: unknown): { values: string[]; at: (index: number) => string } {
  if (!isPhpArray(cost)) {
    const values = phpScalarString(cost).split(/\s*,\s*/);
    return { values, at: (index) => values[index] ?? '' };
  }
  // An array's own keys: a list's are its positions, a map's rarely are (then PHP reads null).
  const at = (index: number) => (Object.hasOwn(cost, String(index)) ? phpScalarString(cost[String(index)]) : '');
  return { values: Object.values(cost).map(phpScalarString), at };
}

export function parseCurrencySymbol(cost: unknown): string | false {
  if (isEmptyParam(cost)) return false;
  const { values, at } = originalCosts(cost);
  const pieces = parseCostRange(values, false);
  if (pieces.size === 0) return false;
  const symbols: string[] = [];
  let i = 0;
  for (const [key, value] of pieces) {
    if (isPhpNumeric(key)) {
      symbols.push(at(i).split(value).join('').trim());
      if (symbols[symbols.length - 1] !== symbols[0]) return false;
    }
    i++;
  }
  return symbols.length > 0 ? (symbols[0] ?? false) : false;
}

/** `prefix` when every cost starts with the symbol, `postfix` when every cost has it later. */
export function parseCurrencyPosition(cost: unknown): 'prefix' | 'postfix' | false {
  if (isEmptyParam(cost)) return false;
  const symbol = parseCurrencySymbol(cost);
  if (symbol === false || symbol === '' || symbol === '0') return false;
  const positions: ('prefix' | 'postfix')[] = [];
  for (const part of originalCosts(cost).values) {
    const at = part.trim().indexOf(symbol);
    if (at === -1) continue;
    positions.push(at === 0 ? 'prefix' : 'postfix');
    if (positions[positions.length - 1] !== positions[0]) return false;
  }
  return positions[0] ?? false;
}
