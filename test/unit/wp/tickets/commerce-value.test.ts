import { describe, expect, it } from 'vitest';
import { serializeCommerceValue } from '../../../../src/wp/tickets/commerce-value.js';
import type { ProviderCurrency } from '../../../../src/wp/tickets/currency.js';

const USD: ProviderCurrency = { symbol: '&#x24;', position: 'prefix', decimals: 2, decimalPoint: '.', thousandsSep: ',' };

// The `_sale_price` Event Tickets 5.28.5.1 stored for a sale price of 11 sent to tec/v1 (a PHP float),
// with PHP's NUL bytes around private and protected property names.
const RECORDED_ELEVEN =
  'O:32:"TEC\\Tickets\\Commerce\\Utils\\Value":14:{s:42:"\0Tribe\\Values\\Abstract_Value\0initial_value";d:11;' +
  's:46:"\0Tribe\\Values\\Abstract_Value\0normalized_amount";d:11;s:36:"\0Tribe\\Values\\Abstract_Value\0integer";i:1100;' +
  's:34:"\0Tribe\\Values\\Abstract_Value\0float";d:11;s:38:"\0Tribe\\Values\\Abstract_Value\0precision";i:2;' +
  's:10:"value_type";s:16:"tickets-commerce";s:11:"\0*\0currency";s:11:"&#x24;11.00";s:10:"\0*\0decimal";d:11;' +
  's:9:"\0*\0string";s:5:"11.00";s:16:"\0*\0currency_code";s:3:"USD";s:29:"\0*\0currency_separator_decimal";s:1:".";' +
  's:31:"\0*\0currency_separator_thousands";s:1:",";s:18:"\0*\0currency_symbol";s:6:"&#x24;";' +
  's:27:"\0*\0currency_symbol_position";s:6:"prefix";}';

describe('serializeCommerceValue', () => {
  it('writes a number sent as JSON as Event Tickets stored it', () => {
    expect(serializeCommerceValue(11, USD, 'USD')).toBe(RECORDED_ELEVEN);
  });

  it('keeps a form field as the string it was (initial_value), the amounts as floats', () => {
    const stored = serializeCommerceValue('22.5', USD, 'USD');
    expect(stored).toContain('initial_value";s:4:"22.5";');
    expect(stored).toContain('integer";i:2250;');
    expect(stored).toContain('currency";s:11:"&#x24;22.50";');
  });

  it('puts a postfix symbol after the amount, with the currency separators', () => {
    const euro: ProviderCurrency = { symbol: '&euro;', position: 'postfix', decimals: 2, decimalPoint: ',', thousandsSep: '.' };
    expect(serializeCommerceValue(1234.5, euro, 'EUR')).toContain('string";s:8:"1.234,50";');
  });
});
