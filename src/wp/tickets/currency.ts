import type { EventTicketsSite } from '../site/plugins.js';
import { isPhpNumeric, phpFloatval } from '../php/php-values.js';
import { COMMERCE_CURRENCIES, type CommerceCurrency } from './currency-map.js';
import { RSVP, TICKETS_COMMERCE, type TicketProviderStorage } from './providers.js';
import { phpNumberFormat } from '../php/number-format.js';

/**
 * The currency Event Tickets formats prices in for a provider (Tribe__Tickets__Commerce__Currency
 * with Tickets Commerce's settings): its symbol and position, and how it writes an amount.
 */
export interface ProviderCurrency {
  /** The symbol as Event Tickets prints it (HTML entities, e.g. `&#x24;`). */
  symbol: string;
  /** `prefix` or `postfix`. */
  position: 'prefix' | 'postfix';
  decimals: number;
  decimalPoint: string;
  thousandsSep: string;
}

/** Tickets Commerce's fallback code (Currency::$currency_code_fallback). */
const FALLBACK_CODE = 'USD';

/** tec_tickets_commerce_currency_code(): the option, `USD` when it was never set. */
export function commerceCurrencyCode(site: EventTicketsSite): string {
  return site.commerceCurrency.code ?? FALLBACK_CODE;
}

function mapEntry(code: string): CommerceCurrency | undefined {
  return Object.hasOwn(COMMERCE_CURRENCIES, code) ? COMMERCE_CURRENCIES[code] : undefined;
}

/**
 * Tickets Commerce's currency (tec_tickets_commerce_currency_symbol / _position / _decimal_separator
 * / _thousands_separator / _number_of_decimals): the map's entry for the code, each setting the site
 * stored winning; a position other than `prefix` / `postfix` is `prefix`.
 */
export function commerceCurrency(site: EventTicketsSite): ProviderCurrency {
  const entry = mapEntry(commerceCurrencyCode(site));
  const settings = site.commerceCurrency;
  const decimals = settings.decimals !== undefined && isPhpNumeric(settings.decimals) ? Math.trunc(phpFloatval(settings.decimals)) : entry?.decimals ?? 2;
  return {
    symbol: entry?.symbol ?? '',
    position: settings.position === 'postfix' ? 'postfix' : 'prefix',
    decimals,
    decimalPoint: settings.decimalSeparator ?? entry?.decimalPoint ?? '.',
    thousandsSep: settings.thousandsSeparator ?? entry?.thousandsSep ?? ',',
  };
}

/**
 * The currency a provider formats with (get_provider_symbol, get_provider_symbol_position,
 * get_currency_by_provider): Tickets Commerce its own; RSVP (whose tickets have no price) TEC's
 * default symbol with the legacy commerce's position and separators, which for the codes a
 * site without the legacy PayPal commerce can hold are Tickets Commerce's map; no provider (a
 * post saved with one no longer active) the legacy commerce's symbol, read the same way.
 */
export function providerCurrency(
  provider: TicketProviderStorage | undefined,
  site: EventTicketsSite,
  tecDefaultSymbol: string,
): ProviderCurrency {
  if (provider === TICKETS_COMMERCE) return commerceCurrency(site);
  const entry = mapEntry(FALLBACK_CODE)!;
  const legacy: ProviderCurrency = { symbol: entry.symbol, position: 'prefix', decimals: 2, decimalPoint: entry.decimalPoint, thousandsSep: entry.thousandsSep };
  return provider === RSVP ? { ...legacy, symbol: tecDefaultSymbol } : legacy;
}

// PHP's number_format is wp/php/number-format.ts's; re-exported for this module's callers.
export { phpNumberFormat };

/**
 * Currency::get_formatted_currency: an amount rewritten in the currency's own format (a decimal
 * comma read as a point, thousands commas and spaces dropped, an empty amount read as 0).
 */
export function formatAmount(amount: string, currency: ProviderCurrency): string {
  let value = amount;
  if (currency.decimalPoint === ',' && value.includes(',')) value = value.replace(/,/g, '.');
  value = value.replace(/,/g, '').replace(/ /g, '');
  const number = value === '' || value === '0' ? 0 : phpFloatval(value);
  return phpNumberFormat(number, currency.decimals, currency.decimalPoint, currency.thousandsSep);
}
