import { isPhpNumeric, phpFloatval, phpSerialize } from '../php/php-values.js';
import { phpNumberFormat, phpRound } from '../php/number-format.js';
import type { ProviderCurrency } from './currency.js';

/*
 * TEC\Tickets\Commerce\Utils\Value as PHP serializes it into `_sale_price`: Tribe\Values\Abstract_Value's
 * private amounts (the value as given, normalized, in cents, as a float, the precision), the public
 * `value_type`, then the currency's protected fields (the amount formatted, its decimal and string
 * forms, the code, separators, symbol and its position).
 */

const CLASS_NAME = 'TEC\\Tickets\\Commerce\\Utils\\Value';
const ABSTRACT_VALUE = 'Tribe\\Values\\Abstract_Value';
const VALUE_TYPE = 'tickets-commerce';
const PRECISION = 2;

/** PHP's name of a private property of `owner`, or of a protected one (`*`), as serialize() writes it. */
function hiddenName(owner: string, name: string): string {
  return `\0${owner}\0${name}`;
}

// A float as serialize() writes it, even where it holds a whole number (`d:11;`).
function phpFloat(value: number): string {
  return Number.isInteger(value) ? `d:${value};` : phpSerialize(value);
}

/**
 * Value::create($amount) serialized. `given` is the amount as the request held it: a number
 * (TEC's Number parameter, a PHP float) or a string (the block editor's form field).
 */
export function serializeCommerceValue(given: number | string, currency: ProviderCurrency, currencyCode: string): string {
  const amount = typeof given === 'number' ? given : isPhpNumeric(given) ? phpFloatval(given) : 0;
  const normalized = phpRound(amount, PRECISION);
  const text = phpNumberFormat(normalized, PRECISION, currency.decimalPoint, currency.thousandsSep);
  const formatted = currency.position === 'postfix' ? `${text}${currency.symbol}` : `${currency.symbol}${text}`;
  const fields: [string, string][] = [
    [hiddenName(ABSTRACT_VALUE, 'initial_value'), typeof given === 'number' ? phpFloat(given) : phpSerialize(given)],
    [hiddenName(ABSTRACT_VALUE, 'normalized_amount'), phpFloat(normalized)],
    [hiddenName(ABSTRACT_VALUE, 'integer'), phpSerialize(Math.round(normalized * 10 ** PRECISION))],
    [hiddenName(ABSTRACT_VALUE, 'float'), phpFloat(normalized)],
    [hiddenName(ABSTRACT_VALUE, 'precision'), phpSerialize(PRECISION)],
    ['value_type', phpSerialize(VALUE_TYPE)],
    [hiddenName('*', 'currency'), phpSerialize(formatted)],
    [hiddenName('*', 'decimal'), phpFloat(normalized)],
    [hiddenName('*', 'string'), phpSerialize(text)],
    [hiddenName('*', 'currency_code'), phpSerialize(currencyCode)],
    [hiddenName('*', 'currency_separator_decimal'), phpSerialize(currency.decimalPoint)],
    [hiddenName('*', 'currency_separator_thousands'), phpSerialize(currency.thousandsSep)],
    [hiddenName('*', 'currency_symbol'), phpSerialize(currency.symbol)],
    [hiddenName('*', 'currency_symbol_position'), phpSerialize(currency.position)],
  ];
  const body = fields.map(([name, value]) => phpSerialize(name) + value).join('');
  return `O:${CLASS_NAME.length}:"${CLASS_NAME}":${fields.length}:{${body}}`;
}
