import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COST_FORMAT_OPTIONS,
  eventCostValues,
  formatEventCost,
  plainEventCost,
} from '../../../../src/wp/tec/cost.js';

const defaults = DEFAULT_COST_FORMAT_OPTIONS;
const cost = (costRows: string[], extra: { currencySymbol?: string; currencyPosition?: string } = {}) =>
  formatEventCost({ costRows, ...extra }, defaults);

describe('cost of the events in the reference dump', () => {
  // Every distinct `_EventCost` value of fixtures/reference/db.sql, with the `cost` and
  // `cost_details.values` the plugin answered for the events holding it.
  const recorded: [row: string, cost: string, values: string[]][] = [
    ['10', '$10', ['10']],
    ['15', '$15', ['15']],
    ['15.50', '$15.50', ['15.50']],
    ['20', '$20', ['20']],
    ['25', '$25', ['25']],
    ['40', '$40', ['40']],
    ['5 - 25', '$5 – $25', ['5', '25']],
    ['Free', 'Free', ['free']],
  ];
  it.each(recorded)('_EventCost %j gives cost %j and values %j', (row, expectedCost, expectedValues) => {
    expect(cost([row])).toBe(expectedCost);
    expect(eventCostValues([row])).toEqual(expectedValues);
  });

  it('keeps a symbol typed into the cost, with the symbol and position the create request stored', () => {
    // events.write.create-nested: cost "$15" stored with _EventCurrencySymbol "$" / "prefix".
    expect(cost(['$15'], { currencySymbol: '$', currencyPosition: 'prefix' })).toBe('$15');
    expect(eventCostValues(['$15'])).toEqual(['15']);
  });
});

describe('formatEventCost', () => {
  it('is empty without cost rows, or with empty ones only', () => {
    expect(cost([])).toBe('');
    expect(cost([''])).toBe('');
    expect(eventCostValues([''])).toEqual([]);
  });

  it('calls a zero cost Free, in any notation', () => {
    expect(cost(['0'])).toBe('Free');
    expect(cost(['0.00'])).toBe('Free');
    expect(eventCostValues(['0'])).toEqual(['0']);
    expect(eventCostValues(['0.00'])).toEqual(['0.00']);
  });

  it('spans the lowest to the highest of several rows, sorted by value', () => {
    expect(cost(['20', '10'])).toBe('$10 – $20');
    expect(eventCostValues(['20', '10'])).toEqual(['10', '20']);
    expect(cost(['0', '15'])).toBe('Free – $15');
  });

  it('treats a comma after a number as a decimal point, as the plugin does with "10, 20"', () => {
    // The piece regex reads "10," as one number-like piece that is not numeric, so the range
    // collapses to the 20 (run through the plugin's own Cost_Utils code under PHP 8.2).
    expect(cost(['10, 20'], { currencySymbol: '$' })).toBe('$20');
    expect(eventCostValues(['10, 20'])).toEqual(['10.', '20']);
  });

  it('cuts "1,234.50" at its second separator, as the plugin does', () => {
    // "1,234" and ".50" are two pieces; the lower one is the formatted cost.
    expect(eventCostValues(['1,234.50'])).toEqual(['.50', '1234']);
    expect(cost(['1,234.50'])).toBe('$.50');
  });

  it('uses the event currency symbol, else the default one', () => {
    expect(cost(['12'], { currencySymbol: '€' })).toBe('€12');
    expect(formatEventCost({ costRows: ['12'] }, { defaultCurrencySymbol: '£', reverseCurrencyPosition: false })).toBe('£12');
    // "0" is empty() in PHP, so the default symbol applies.
    expect(cost(['12'], { currencySymbol: '0' })).toBe('$12');
  });

  it('puts the symbol after the number for any position but prefix', () => {
    expect(cost(['12'], { currencySymbol: '€', currencyPosition: 'suffix' })).toBe('12€');
    expect(cost(['12'], { currencySymbol: '€', currencyPosition: 'postfix' })).toBe('12€');
    expect(cost(['12'], { currencySymbol: '€', currencyPosition: 'prefix' })).toBe('€12');
    expect(formatEventCost({ costRows: ['12'] }, { defaultCurrencySymbol: '$', reverseCurrencyPosition: true })).toBe('12$');
  });

  it('leaves text without digits as it is, HTML-escaped', () => {
    expect(cost(['Donation <b>welcome</b>'])).toBe('Donation &lt;b&gt;welcome&lt;/b&gt;');
    expect(eventCostValues(['Pay what you want'])).toEqual(['pay-what-you-want']);
  });

  it('escapes the currency symbol', () => {
    expect(cost(['5'], { currencySymbol: '<$>' })).toBe('&lt;$&gt;5');
  });

  it('prints an odd piece whose index is an integer key as a number', () => {
    expect(eventCostValues([',51,'])).toEqual([51]);
  });
});

describe('plainEventCost', () => {
  it('is tribe_get_cost without the currency symbol', () => {
    expect(plainEventCost(['15'])).toBe('15');
    expect(plainEventCost(['5 - 25'])).toBe('5 – 25');
    expect(plainEventCost(['Free'])).toBe('Free');
    expect(plainEventCost([])).toBe('');
  });

  it('keeps one entry for pieces of equal value, the last one read', () => {
    expect(plainEventCost(['10', '10.0'])).toBe('10.0');
    expect(eventCostValues(['10', '10.0'])).toEqual(['10', '10.0']);
  });
});
