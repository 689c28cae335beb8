import type { RequestContext } from '../../http/request-context.js';
import type { RestResponse } from '../../http/rest-route.js';
import { PostStatus } from '../../wp/constants.js';
import { isPhpEmpty } from '../../wp/php/php-empty.js';
import { isPhpNumeric, phpIntval } from '../../wp/php/php-values.js';
import { formatUtc } from '../../wp/tec/dates.js';
import { PostStockMeta, StockMode, TicketWriteMeta } from '../../wp/tickets/ticket-write-meta.js';
import { saveCommerceTicket, type TicketSaveInput, type TicketStockInput } from '../../wp/tickets/ticket-save.js';
import { AppError } from '../../wp/wp-error.js';
import { getPostCustom } from '../../wp/write/post-meta.js';
import { deletePostForGood } from '../../wp/write/post-delete.js';
import { finishPostUpdate, transitionPostStatus, trashPost, writeUpdatedPostRow } from '../../wp/write/posts.js';
import type { WriteScope } from '../../wp/write/transaction.js';
import { postRowOf } from '../../wp/write/write-env.js';
import { buildPostArr } from './tec-v1.event-postarr.js';
import { phpBoolCast, ticketBodyValue, ticketSchemaDefinedBody, type TecV1Body, type TicketBodyName } from './tec-v1.write.params.js';
import { answering } from './entity-writes.handlers.js';
import { postFieldsOf, TecV1EntityError, TecV1Errors, writeMetaInput } from './tec-v1.writes.js';
import { salePriceText } from './ticket-model.js';
import { readTicket } from './tickets.service.js';
import { TC_TICKET_POST_TYPE } from './tickets.constants.js';

/*
 * Event Tickets' tec/v1 ticket writes (With_Filtered_Ticket_Params, With_Ticket_Upsert,
 * Delete_Entity_Response): the body the schema defines is split into the ticket's data, which
 * Tribe__Tickets__Tickets::ticket_add saves (wp/tickets/ticket-save.ts), and what is left, which
 * the tickets' ORM then saves on the ticket post: post fields, and every other key as a meta row
 * of its own name (`format`, `sticky`, `id`, `ticket_start_date`, ...), as the plugin stores them.
 * One transaction for the whole write.
 */

/** The body keys filter_upsert_params hands ticket_add and takes out of what the ORM saves. */
const TICKET_KEYS: readonly string[] = [
  'sku', 'end_date', 'start_date', 'type', 'stock_mode', 'show_description', 'stock', 'event_capacity',
  'capacity', 'sale_price_end_date', 'sale_price_start_date', 'sale_price', 'price', 'event', 'title',
];

function invalidEvent(message: string): AppError {
  return new AppError(400, 'tec_rest_invalid_event_argument', message, { argument: 'event', details: message });
}

const TicketWriteErrors = {
  missingEvent: () => invalidEvent('The argument `{event}` is missing.'),
  notTicketable: () =>
    invalidEvent(
      'The argument `{event}` does not support ticket creation. Make sure its post type is enabled for tickets under Tickets > Settings > Ticket Settings > Post types that can have tickets.',
    ),
  notUpdated: () => new TecV1EntityError(404, 'The ticket could not be updated.'),
} as const;

type StoredMeta = ReadonlyMap<string, readonly string[]>;

const storedValue = (meta: StoredMeta, key: string): string | undefined => meta.get(key)?.[0];

/** A stored `Y-m-d[ H:i:s]` split as filter_upsert_params explodes it: the time it holds, else the default. */
function splitDateTime(text: string, defaultTime: string): [string, string] {
  const [date, time] = text.split(' ');
  return [date ?? '', time ?? defaultTime];
}

/** A sale date as filter_upsert_params passes it on: a unix time becomes its UTC `Y-m-d`. */
function saleDate(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return isPhpNumeric(value) ? formatUtc(phpIntval(value)).slice(0, 10) : String(value);
}

/** What filter_upsert_params makes of the body: ticket_add's data for `eventId`, and the ORM's part. */
interface TicketUpsert {
  eventId: number;
  input: TicketSaveInput;
  postBody: TecV1Body;
}

/**
 * filter_upsert_params: an update keeps the ticket's post (the body's `event` is ignored); the
 * post must be of a type tickets are enabled for. Every value not sent is the stored one, but the
 * stored sale window's times: the plugin reads them from the date meta, which holds none, so an
 * update resets them to 00:00:00 and 23:59:59. Throws the plugin's 400 for a missing or
 * unticketable post.
 */
async function filterUpsertParams(ctx: RequestContext, scope: WriteScope, ticketId: number | undefined): Promise<TicketUpsert> {
  const body = ticketSchemaDefinedBody(ctx.params);
  const post = ticketId === undefined ? undefined : await postRowOf(scope, ticketId);
  const stored: StoredMeta = ticketId === undefined ? new Map() : ((await getPostCustom(scope, [ticketId])).get(ticketId) ?? new Map());
  if (ticketId !== undefined) body.set('event', phpIntval(storedValue(stored, TicketWriteMeta.event) ?? ''));
  const eventId = phpIntval(body.get('event') ?? 0);
  if (eventId === 0) throw TicketWriteErrors.missingEvent();
  const event = await postRowOf(scope, eventId);
  if (event === undefined || !ctx.site.tec.ticketEnabledPostTypes.includes(event.post_type)) throw TicketWriteErrors.notTicketable();

  const given = <Name extends TicketBodyName>(name: Name) => ticketBodyValue(body, name);
  const windowOf = (name: 'start_date' | 'end_date', defaultTime: string) => {
    const text = given(name);
    return typeof text === 'string' && text !== '' ? splitDateTime(text, defaultTime) : undefined;
  };
  const start = windowOf('start_date', '00:00:00');
  const end = windowOf('end_date', '23:59:59');
  // Capacity and stock each stand for the other when sent alone (the body holds no undefined values).
  const sentCapacity = given('capacity');
  const sentStock = given('stock');
  if (sentCapacity !== undefined && sentStock === undefined) body.set('stock', sentCapacity);
  if (sentStock !== undefined && sentCapacity === undefined) body.set('capacity', sentStock);
  if (body.get('stock_mode') === StockMode.unlimited) body.set('stock_mode', '');

  const level = phpIntval(storedValue(await eventMeta(scope, eventId), PostStockMeta.level) ?? '');
  const stock: TicketStockInput = {};
  const eventCapacity = given('event_capacity') ?? (level > 0 ? level : undefined);
  if (eventCapacity !== undefined) stock.event_capacity = eventCapacity;
  const capacity = given('capacity') ?? storedValue(stored, TicketWriteMeta.capacity);
  if (capacity !== undefined) stock.capacity = capacity;
  const stockLeft = given('stock') ?? storedValue(stored, TicketWriteMeta.stock);
  if (stockLeft !== undefined) stock.stock = stockLeft;
  const mode = given('stock_mode') ?? storedValue(stored, TicketWriteMeta.globalStockMode);
  if (mode !== undefined) stock.mode = mode;

  const storedStart = storedValue(stored, TicketWriteMeta.startDate);
  const storedEnd = storedValue(stored, TicketWriteMeta.endDate);
  const [startDate, startTime] = start ?? (storedStart === undefined ? [undefined, undefined] : splitDateTime(storedStart, '00:00:00'));
  const [endDate, endTime] = end ?? (storedEnd === undefined ? [undefined, undefined] : splitDateTime(storedEnd, '23:59:59'));
  const storedSale = storedValue(stored, TicketWriteMeta.salePrice);
  const input: TicketSaveInput = {
    ticketId,
    name: given('title') ?? post?.post_title,
    description: given('content') ?? given('excerpt') ?? post?.post_excerpt,
    price: given('price') ?? storedValue(stored, TicketWriteMeta.price),
    showDescription: given('show_description') ?? storedValue(stored, TicketWriteMeta.showDescription),
    type: given('type') ?? storedValue(stored, TicketWriteMeta.type),
    sku: given('sku') ?? storedValue(stored, TicketWriteMeta.sku),
    startDate,
    startTime,
    endDate,
    endTime,
    stock,
    addSalePrice: body.has('sale_price') || !isPhpEmpty(storedValue(stored, TicketWriteMeta.salePriceChecked) ?? ''),
    salePrice: given('sale_price') ?? (storedSale === undefined ? undefined : salePriceText(storedSale)),
    saleStartDate: saleDate(given('sale_price_start_date') ?? storedValue(stored, TicketWriteMeta.salePriceStartDate)),
    saleEndDate: saleDate(given('sale_price_end_date') ?? storedValue(stored, TicketWriteMeta.salePriceEndDate)),
  };

  const postBody: TecV1Body = new Map();
  if (ticketId !== undefined) postBody.set('id', ticketId);
  for (const [name, value] of body) if (!TICKET_KEYS.includes(name)) postBody.set(name, value);
  if (start) postBody.set('ticket_start_date', start[0]).set('ticket_start_time', start[1]);
  if (end) postBody.set('ticket_end_date', end[0]).set('ticket_end_time', end[1]);
  return { eventId, input, postBody };
}

async function eventMeta(scope: WriteScope, eventId: number): Promise<StoredMeta> {
  return (await getPostCustom(scope, [eventId])).get(eventId) ?? new Map();
}

/** upsert: ticket_add, then the ORM's save of the rest of the body on the ticket post. Returns the ticket's ID. */
async function upsertTicket(ctx: RequestContext, ticketId: number | undefined): Promise<number> {
  return ctx.write(async (scope) => {
    if (ticketId !== undefined) {
      const post = await postRowOf(scope, ticketId);
      // update() checks the type only after the filter, which refuses a ticket with no Tickets Commerce post first.
      const upsert = await filterUpsertParams(ctx, scope, ticketId);
      if (post?.post_type !== TC_TICKET_POST_TYPE) throw TicketWriteErrors.notUpdated();
      return saveUpsert(ctx, scope, upsert);
    }
    return saveUpsert(ctx, scope, await filterUpsertParams(ctx, scope, undefined));
  });
}

async function saveUpsert(ctx: RequestContext, scope: WriteScope, { eventId, input, postBody }: TicketUpsert): Promise<number> {
  const id = await saveCommerceTicket(scope, eventId, input, ctx.viewer.userId);
  if (postBody.size === 0) return id;
  const postArr = buildPostArr(TC_TICKET_POST_TYPE, postBody, {});
  // wp_update_post with the body's `meta_input`, stored by the ORM's rules (lists, Event Tickets' hook).
  const ticket = await writeUpdatedPostRow(scope, id, postFieldsOf(postArr));
  await writeMetaInput(scope, id, postArr.metaInput);
  await transitionPostStatus(scope, ticket);
  await finishPostUpdate(scope, ticket);
  return id;
}

/** POST /tickets: 201 with the new ticket as GET shows it. */
export function createTicketHandler(ctx: RequestContext): Promise<RestResponse> {
  return answering(async () => ({ status: 201, body: await readTicket(ctx, await upsertTicket(ctx, undefined)) }));
}

/** PUT/PATCH /tickets/{id}: 200 with the ticket updated. */
export function updateTicketHandler(ctx: RequestContext): Promise<RestResponse> {
  return answering(async () => ({ body: await readTicket(ctx, await upsertTicket(ctx, phpIntval(ctx.params.id))) }));
}

/**
 * DELETE /tickets/{id} (Delete_Entity_Response): trashed, or with `force` (PHP's bool cast)
 * deleted for good with its meta. 404 for a post of another type, 410 for one already trashed.
 */
export function deleteTicketHandler(ctx: RequestContext): Promise<RestResponse> {
  return answering(async () => {
    const id = phpIntval(ctx.params.id);
    await ctx.write(async (scope) => {
      const post = await postRowOf(scope, id);
      if (post?.post_type !== TC_TICKET_POST_TYPE) throw TecV1Errors.notDeleted();
      if (phpBoolCast(ctx.params.force ?? false)) {
        await deletePostForGood(scope, id);
        return;
      }
      if (post.post_status === PostStatus.trash) throw TecV1Errors.alreadyTrashed();
      await trashPost(scope, id);
    });
    return { body: [] };
  });
}
