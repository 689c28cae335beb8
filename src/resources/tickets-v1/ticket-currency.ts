import type { RequestContext } from '../../http/request-context.js';
import { OptionName } from '../../wp/constants.js';
import { asRecord, maybeUnserialize, phpScalarString } from '../../wp/php/php-values.js';
import { selectOptions } from '../../wp/site/options.repository.js';

/**
 * The currency a ticket's `cost` and `cost_details` are written in, as far as the service ports
 * it: US dollars as Event Tickets writes them on an English site. Tribe__Tickets__Commerce__Currency
 * reads Tickets Commerce's settings (tickets-commerce-currency-*), a currency map of some forty
 * codes, TEC's `defaultCurrencySymbol` for RSVP and the locale's number format; another part of
 * issue 30 ports those (src/wp/tickets/currency.ts): until it lands here, a site set otherwise
 * gets no ticket answer (the route is in progress there) rather than a wrong price.
 */
export interface TicketCurrency {
  symbol: string;
  position: 'prefix';
  decimalPoint: string;
  thousandsSep: string;
  decimals: number;
}

const DOLLARS: TicketCurrency = Object.freeze({ symbol: '$', position: 'prefix', decimalPoint: '.', thousandsSep: ',', decimals: 2 });

/** Each Tickets Commerce setting that changes a price's writing, with the value that leaves US dollars as they are. */
const DOLLAR_SETTINGS: Readonly<Record<string, readonly string[]>> = {
  'tickets-commerce-currency-code': ['USD'],
  // Currency::get_currency_code_fallback reads the legacy PayPal commerce's code when the new one is unset.
  'ticket-commerce-currency-code': ['USD'],
  'tickets-commerce-currency-decimal-separator': ['.'],
  'tickets-commerce-currency-thousands-separator': [','],
  'tickets-commerce-currency-number-of-decimals': ['2'],
  'tickets-commerce-currency-position': ['prefix'],
};

/** `tribe_events_calendar_options`, decoded once per request (tribe_get_option's source). */
export function tribeOptions(ctx: RequestContext): Promise<Record<string, unknown>> {
  return ctx.memo('tickets-v1:tribe-options', async () => {
    const rows = await selectOptions(ctx.db, [OptionName.tecOptions]);
    return asRecord(maybeUnserialize(rows.get(OptionName.tecOptions) ?? ''));
  });
}

/**
 * The site's ticket currency when it is plain US dollars (every setting unset or the dollar's own,
 * TEC's default symbol `$`, an English site so number_format_i18n writes `1,000.50`); undefined
 * otherwise, where the route stays in progress.
 */
export async function ticketCurrency(ctx: RequestContext): Promise<TicketCurrency | undefined> {
  const options = await tribeOptions(ctx);
  for (const [name, allowed] of Object.entries(DOLLAR_SETTINGS)) {
    if (Object.hasOwn(options, name) && !allowed.includes(phpScalarString(options[name]))) return undefined;
  }
  if (ctx.site.tec.defaultCurrencySymbol !== DOLLARS.symbol) return undefined;
  if (!['', 'en_US'].includes(ctx.site.language)) return undefined;
  return DOLLARS;
}
