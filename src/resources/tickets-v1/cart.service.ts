import type { RequestContext } from '../../http/request-context.js';
import { loadPostMetaOnce } from '../../http/request-context.js';
import { AppError } from '../../http/errors.js';
import { hasPublishedTicket } from './cart.repository.js';
import { DEFAULT_PROVIDER_META } from '../../wp/tickets/providers.js';
import { TicketKinds } from './ticket-kinds.js';

/**
 * The cart as Event Tickets' REST cart (Tribe__Tickets__Commerce__Cart) answers on a site whose
 * only commerce is Tickets Commerce: TC keeps its cart elsewhere (its own cookie and table) and
 * does not hook the REST cart, so every answer is empty. (Event Tickets Plus's WooCommerce and
 * EDD carts would fill it: a companion the service does not serve, named by doctor.)
 */
const EMPTY_CART = { tickets: [], meta: [], cart_url: '', checkout_url: '' };

/**
 * Tribe__Tickets__Tickets::get_all_event_tickets is not empty: the post has a published RSVP
 * (RSVP lists its tickets whatever the post's provider), or, with Tickets Commerce on, a published
 * Tickets Commerce ticket while TC is the post's provider (its `_tribe_default_ticket_provider`,
 * else the default module, which is TC whenever it is active beside RSVP).
 */
async function postHasTickets(ctx: RequestContext, postId: number): Promise<boolean> {
  if (await hasPublishedTicket(ctx.db, postId, TicketKinds.rsvp.postType, TicketKinds.rsvp.eventMetaKey)) return true;
  if (!ctx.site.plugins.eventTickets?.providers.includes('tc')) return false;
  const saved = (await loadPostMetaOnce(ctx, postId)).get(DEFAULT_PROVIDER_META)?.[0];
  const provider = saved === undefined || saved === '' ? TicketKinds.tc.providerClass : saved;
  if (provider !== TicketKinds.tc.providerClass) return false;
  return hasPublishedTicket(ctx.db, postId, TicketKinds.tc.postType, TicketKinds.tc.eventMetaKey);
}

/**
 * Cart::get and Cart::update (which answers with get): 403 `post-has-no-tickets` (its message is
 * empty: Messages has no text for it) when a post is named and has no tickets, else the cart.
 */
export async function getCart(ctx: RequestContext): Promise<Record<string, unknown>> {
  const postId = typeof ctx.params.post_id === 'number' ? ctx.params.post_id : 0;
  if (postId > 0 && !(await postHasTickets(ctx, postId))) {
    throw new AppError(403, 'post-has-no-tickets', '');
  }
  return EMPTY_CART;
}
