import { CoreErrors } from '../../http/errors.js';
import { phpNumberFormat } from '../../wp/php/number-format.js';
import { phpFloatval } from '../../wp/php/php-values.js';
import type { EventTicketsSite, TicketProvider } from '../../wp/site/plugins.js';

/*
 * Tribe__Tickets__Commerce__Currency::get_currency_by_provider and get_formatted_currency, as
 * Event Tickets' attendee answers show a ticket's price. Tickets Commerce reads its own settings
 * (Commerce\Utils\Currency: code, then the separators, decimals and position options over the
 * code's defaults); RSVP prices use Tribe Commerce's code (`ticket-commerce-currency-code`).
 * Only the U.S. dollar's row of Event Tickets' currency map (134 codes) is known here: a site
 * selling in another currency gets the route's in-progress answer (rest_no_route), never a guess.
 */

export interface CurrencyConfig {
  symbol: string;
  placement: string;
  decimal_point: string;
  thousands_sep: string;
  number_of_decimals: unknown;
}

const FALLBACK_CODE = 'USD';
/** The known rows of the two maps: Tickets Commerce writes the symbol as an entity, Tribe Commerce does not. */
const KNOWN = {
  tc: { USD: { symbol: '&#x24;', decimalPoint: '.', thousandsSep: ',', decimals: 2 } },
  legacy: { USD: { symbol: '$', decimalPoint: '.', thousandsSep: ',', decimals: 2 } },
} as const;

type Options = EventTicketsSite['currencyOptions'];

/** tribe_get_option( name, default ): the stored value, the default when it was never written. */
function option(options: Options, name: string, fallback: unknown): unknown {
  return options[name] ?? fallback;
}

/** Tribe Commerce's currency code (RSVP, and Tickets Commerce's fallback). */
function legacyCode(options: Options): unknown {
  return option(options, 'ticket-commerce-currency-code', FALLBACK_CODE);
}

/** The symbol Event Tickets decodes for a payment (html_entity_decode of Tribe Commerce's symbol). */
export function paymentCurrencySymbol(options: Options): string {
  const code = legacyCode(options);
  if (code !== 'USD') throw CoreErrors.noRoute();
  return KNOWN.legacy.USD.symbol;
}

/** The currency block of a ticket sold by `provider`. Throws rest_no_route for a currency not known here. */
export function currencyConfig(options: Options, provider: TicketProvider): CurrencyConfig {
  if (provider === 'rsvp') {
    if (legacyCode(options) !== 'USD') throw CoreErrors.noRoute();
    const row = KNOWN.legacy.USD;
    // Tribe Commerce's decimal point and separator come from the site locale's; en_US's are these.
    return { symbol: row.symbol, placement: 'prefix', decimal_point: row.decimalPoint, thousands_sep: row.thousandsSep, number_of_decimals: row.decimals };
  }
  const code = option(options, 'tickets-commerce-currency-code', legacyCode(options));
  if (code !== 'USD') throw CoreErrors.noRoute();
  const row = KNOWN.tc.USD;
  return {
    symbol: row.symbol,
    placement: String(option(options, 'tickets-commerce-currency-position', 'prefix')) === 'postfix' ? 'postfix' : 'prefix',
    decimal_point: String(option(options, 'tickets-commerce-currency-decimal-separator', row.decimalPoint)),
    thousands_sep: String(option(options, 'tickets-commerce-currency-thousands-separator', row.thousandsSep)),
    number_of_decimals: option(options, 'tickets-commerce-currency-number-of-decimals', row.decimals),
  };
}

/** get_formatted_currency: the amount without separators it may carry, number_format'ed with the config. */
export function formattedPrice(amount: string, config: CurrencyConfig): string {
  let text = amount;
  if (config.decimal_point === ',' && text.includes(',')) text = text.replace(/,/g, '.');
  text = text.replace(/[, ]/g, '');
  const decimals = Math.trunc(phpFloatval(config.number_of_decimals));
  return phpNumberFormat(phpFloatval(text), decimals, config.decimal_point, config.thousands_sep);
}
