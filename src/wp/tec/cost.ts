import { escHtml } from '../text/escaping.js';
import { phpNumberFormat } from '../php/number-format.js';
import { isPhpEmpty } from '../php/php-empty.js';
import { isPhpNumeric, phpFloatval } from '../php/php-values.js';
import { sanitizeTitle } from '../text/slugs.js';
import { PureMemo } from '../../cache/pure-memo.js';

/**
 * TEC's event cost rules (Tribe__Cost_Utils in common, Tribe__Events__Cost_Utils in TEC, and
 * Post_Repository::get_cost_values). Costs are free text: each `_EventCost` row is cut into
 * number-looking pieces, which are keyed by a sortable index and then read back as numbers.
 * PHP array semantics matter here (integer-like keys, `+=` keeping the first key, loose `==`),
 * so they are reproduced with an ordered Map and explicit comparisons.
 */

/** The piece pattern of get_cost_regex() with the default separators `,` and `.`. */
const COST_PIECE = /[,.]?(\d+)[,.]?(\d*)/g;

/** What WordPress's en_US locale says about numbers ($wp_locale->number_format). */
const LOCALE_DECIMAL_POINT = '.';
const LOCALE_THOUSANDS_SEP = ',';

/** The TEC options `formatEventCost` reads, with TEC's defaults (`$`, symbol before the number). */
export interface CostFormatOptions {
  /** `defaultCurrencySymbol`, used when the event has no `_EventCurrencySymbol`. Default `$`. */
  defaultCurrencySymbol: string;
  /** `reverseCurrencyPosition` (tribe_is_truthy), used when the event has no `_EventCurrencyPosition`. */
  reverseCurrencyPosition: boolean;
  /**
   * The `tribe_currency_cost` filter, when a plugin rewrites a numeric cost before its symbol is
   * added (Event Tickets, for a post with tickets): `key` names the format in the memo's key.
   */
  amount?: { key: string; format: (cost: string) => string };
}

export const DEFAULT_COST_FORMAT_OPTIONS: CostFormatOptions = Object.freeze({
  defaultCurrencySymbol: '$',
  reverseCurrencyPosition: false,
});

export interface EventCostInput {
  /** Every `_EventCost` row of the event, in meta_id order. */
  costRows: readonly string[];
  /** First `_EventCurrencySymbol` row, if any. */
  currencySymbol?: string;
  /** First `_EventCurrencyPosition` row, if any. */
  currencyPosition?: string;
}

/** PHP's number_format($value, $decimals) with the default `.` and `,` separators. */
export function numberFormat(value: number, decimals: number): string {
  return phpNumberFormat(value, decimals);
}

/** A PHP array key given as a string: canonical decimal integers become int keys. */
function isIntKey(key: string): boolean {
  return /^(0|-?[1-9]\d*)$/.test(key) && Number.isSafeInteger(Number(key));
}

/**
 * PHP 8's ordering of two array keys (ksort / min over keys): numbers and numeric strings by
 * value, anything else as strings.
 */
function compareKeys(a: string, b: string): number {
  const aNumeric = isIntKey(a) || isPhpNumeric(a);
  const bNumeric = isIntKey(b) || isPhpNumeric(b);
  if (aNumeric && bNumeric) return Math.sign(Number(a) - Number(b));
  return a < b ? -1 : a > b ? 1 : 0;
}

/** PHP's loose `==` between two strings. */
function looseEquals(a: string, b: string): boolean {
  if (isPhpNumeric(a) && isPhpNumeric(b)) return Number(a) === Number(b);
  return a === b;
}

/**
 * Tribe__Cost_Utils::parse_cost_range: every number-looking piece of the costs, keyed by an
 * index that sorts as the number (`15.50` → `1550` with two decimals for the whole range), or
 * by the sanitized text when a row has no digits at all. Sorted by key unless `sort` is false
 * (parse_currency_symbol reads the pieces in the order they were written).
 */
export function parseCostRange(costs: readonly string[], sort = true): Map<string, string> {
  let maxDecimals = 0;
  const pieces: string[] = [];
  for (const cost of costs) {
    const matches = [...cost.matchAll(COST_PIECE)];
    if (matches.length === 0) {
      pieces.push(cost);
      continue;
    }
    for (const match of matches) {
      pieces.push(match[0]);
      maxDecimals = Math.max(maxDecimals, (match[2] ?? '').length);
    }
  }

  const output = new Map<string, string>();
  for (const piece of pieces) {
    const numericCost = piece.replace(/[,.]/g, '.');
    const index = isPhpNumeric(numericCost)
      ? numberFormat(Number(numericCost), maxDecimals).replace(/[.,]/g, '')
      : sanitizeTitle(numericCost);
    // A repeated key keeps its first position and takes the last value, as in a PHP array.
    output.set(index, piece);
  }
  return sort ? new Map([...output].sort(([a], [b]) => compareKeys(a, b))) : output;
}

/**
 * Tribe__Events__Cost_Utils::get_event_costs: the non-empty rows parsed one by one and merged
 * with PHP's array union, so a key already seen keeps its first value.
 */
function eventCosts(costRows: readonly string[]): Map<string, string> {
  const merged = new Map<string, string>();
  for (const row of costRows) {
    if (row === '') continue;
    for (const [key, value] of parseCostRange([row])) {
      if (!merged.has(key)) merged.set(key, value);
    }
  }
  return merged;
}

/**
 * Tribe__Cost_Utils::parse_separators: both separators present means the last one is the
 * decimal point; a single one is the decimal point unless exactly three digits follow it.
 */
function parseSeparators(value: string): [decimal: string, thousands: string] {
  let decimal = LOCALE_DECIMAL_POINT;
  let thousands = LOCALE_THOUSANDS_SEP;
  const separators = value.match(/[.,]+/g);
  if (separators && separators.length > 0) {
    const first = separators[0]!;
    const last = separators[separators.length - 1]!;
    if (new Set(separators).size > 1) {
      decimal = last;
      thousands = first;
    } else {
      const fragments = value.split(last);
      if ((fragments[fragments.length - 1] ?? '').length !== 3) {
        decimal = last;
        thousands = decimal === LOCALE_DECIMAL_POINT ? LOCALE_THOUSANDS_SEP : LOCALE_DECIMAL_POINT;
      }
    }
  }
  return [decimal, thousands];
}

/**
 * `cost_details.values` (Post_Repository::get_cost_values): each parsed piece with its
 * separators normalized to a plain decimal number string, or its index key when that is not
 * numeric (`Free` gives `free`), sorted numerically (PHP's stable SORT_NUMERIC). Only odd text
 * such as `,51,` (whose index `51` is an integer key in PHP) yields a number instead of a string.
 */
export function eventCostValues(costRows: readonly string[]): (string | number)[] {
  // A copy: the memo's array is shared.
  return [...costValuesByRows.get(JSON.stringify(costRows), () => Object.freeze(computeCostValues(costRows)))];
}

/**
 * Costs parsed and formatted, by their input as JSON: every event of every answer shows its cost
 * (and JSON-LD its price), and this parsing (regular expressions, PHP number rules) took about 2 %
 * of a cold list's CPU, while a site's events share few distinct costs. Pure functions of the
 * rows and options, so the memos are never stale; bounded.
 */
const costValuesByRows = new PureMemo<readonly (string | number)[]>(2_000);
const formattedCosts = new PureMemo<string>(2_000);

function computeCostValues(costRows: readonly string[]): (string | number)[] {
  const values: (string | number)[] = [];
  for (const [key, piece] of eventCosts(costRows)) {
    const [decimal, thousands] = parseSeparators(piece);
    const normalized = piece.split(thousands).join('').split(decimal).join('.');
    // A key PHP holds as an integer (`,51,` sanitizes to `51`) is printed as a JSON number.
    values.push(isPhpNumeric(normalized) ? normalized : isIntKey(key) ? Number(key) : key);
  }
  const numeric = (value: string | number) => (typeof value === 'number' ? value : phpFloatval(value));
  return values.sort((a, b) => Math.sign(numeric(a) - numeric(b)));
}

/**
 * Tribe__Cost_Utils::get_cost_by_func over the costs as parseCostRange parsed them: the lowest
 * or highest numeric piece; a lone non-numeric piece is kept as text; nothing numeric (or an
 * empty pick) gives `0`.
 */
function costByFunc(parsed: readonly (readonly [string, string])[], pick: 'min' | 'max'): string {
  if (parsed.length === 1 && !isPhpNumeric(parsed[0]![1])) return parsed[0]![1];
  const numeric = parsed.filter(([, value]) => isPhpNumeric(value));
  if (numeric.length === 0) return '0';
  const [, cost] = numeric.reduce((best, entry) => {
    const order = compareKeys(entry[0], best[0]);
    return (pick === 'min' ? order < 0 : order > 0) ? entry : best;
  });
  return isPhpEmpty(cost) ? '0' : cost;
}

/** Tribe__Events__Cost_Utils::maybe_replace_cost_with_free: anything that rounds to 0.00 is `Free`. */
function replaceZeroWithFree(cost: string): string {
  const withPeriod = cost.replace(/[.,]/g, '.');
  if (isPhpNumeric(withPeriod) && numberFormat(Number(withPeriod), 2) === '0.00') return 'Free';
  return cost;
}

/**
 * Tribe__Cost_Utils::maybe_format_with_currency + tribe_format_currency: only a number (once
 * its separators are dropped) gets the symbol; `prefix` puts it first, any other position after.
 */
function withCurrency(cost: string, symbol: string, position: string, options: CostFormatOptions): string {
  if (!isPhpNumeric(cost.replace(/[,.]/g, ''))) return cost;
  const reverse = position !== '' && position !== 'prefix';
  const currencySymbol = isPhpEmpty(symbol) ? options.defaultCurrencySymbol : symbol;
  // Event Tickets' filter formats only what PHP's is_numeric takes (`5`, `15.50`; not `1,000`).
  const amount = options.amount && isPhpNumeric(cost) ? options.amount.format(cost) : cost;
  return reverse ? `${amount}${currencySymbol}` : `${currencySymbol}${amount}`;
}

function formatCost(input: EventCostInput, options: CostFormatOptions | null): string {
  const key = JSON.stringify([
    input.costRows,
    input.currencySymbol ?? null,
    input.currencyPosition ?? null,
    options && [options.defaultCurrencySymbol, options.reverseCurrencyPosition, options.amount?.key ?? null],
  ]);
  return formattedCosts.get(key, () => computeFormattedCost(input, options));
}

function computeFormattedCost(input: EventCostInput, options: CostFormatOptions | null): string {
  const costs = eventCosts(input.costRows);
  if (costs.size === 0) return '';
  // Parsed once for both picks (the plugin parses the same values twice).
  const parsed = [...parseCostRange([...costs.values()])];
  const [min, max] = (['min', 'max'] as const).map((pick) => {
    let cost = replaceZeroWithFree(costByFunc(parsed, pick));
    if (options) {
      let position = input.currencyPosition ?? '';
      if (isPhpEmpty(position)) position = options.reverseCurrencyPosition ? 'suffix' : 'prefix';
      cost = withCurrency(cost, input.currencySymbol ?? '', position, options);
    }
    return escHtml(cost);
  }) as [string, string];
  return looseEquals(min, max) ? min : `${min} – ${max}`;
}

/**
 * The event's `cost` as the REST API prints it (`tribe_get_cost($id, true)`): the lowest and
 * highest price, `Free` for zero, each with the currency symbol where it is a number, joined by
 * ` – ` when they differ, HTML-escaped. Empty string when the event has no cost.
 */
export function formatEventCost(input: EventCostInput, options: CostFormatOptions): string {
  return formatCost(input, options);
}

/**
 * `tribe_get_cost($id)` without the currency symbol (what JSON-LD reads as the offer price):
 * same range and `Free` rules as formatEventCost.
 */
export function plainEventCost(costRows: readonly string[]): string {
  return formatCost({ costRows }, null);
}
