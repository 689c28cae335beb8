import { isPhpEmpty } from '../php/php-empty.js';
import { isPhpNumeric, phpFloatval, phpIntval } from '../php/php-values.js';
import { formatUtc, strtotime } from '../tec/dates.js';
import { isTribeTruthy } from '../tec/truthy.js';
import { escHtml } from '../text/escaping.js';
import { ksesPostContent } from '../write/kses-save.js';
import { addPostMeta, deletePostMeta, getPostMetaValues, updatePostMeta } from '../write/post-meta.js';
import { insertPost, updatePost } from '../write/posts.js';
import type { WriteScope } from '../write/transaction.js';
import { postRowOf, siteOf } from '../write/write-env.js';
import { EventMeta, PostStatus, PostType } from '../constants.js';
import { commerceCurrency, commerceCurrencyCode } from './currency.js';
import { serializeCommerceValue } from './commerce-value.js';
import { RSVP, TICKETS_COMMERCE } from './providers.js';
import { DEFAULT_TICKET_TYPE, EVENT_TICKETS_VERSION, PostStockMeta, StockMode, TicketWriteMeta as Meta } from './ticket-write-meta.js';

/*
 * Tribe__Tickets__Tickets::ticket_add for Tickets Commerce (TEC\Tickets\Commerce\Ticket::save,
 * Tribe__Tickets__Tickets::update_capacity, the Tickets_Handler's hooks it trips), as rows: the
 * order of the meta calls is Event Tickets' own, so meta_ids land where its rows did, a row it
 * adds and deletes within the save (`_sale_price_checked` of a ticket with no sale) included.
 */

/** The post's shared pool and capacity as ticket_add's caller hands them (`tribe-ticket`); strings as stored, numbers as sent. */
export interface TicketStockInput {
  event_capacity?: number | string;
  capacity?: number | string;
  stock?: number | string;
  /** Global_Stock's mode; `''` for unlimited stock. */
  mode?: string;
  /** RSVP's "show not going" option (`not_going`). */
  notGoing?: unknown;
}

/** ticket_add's `$data`: what is undefined was not given. */
export interface TicketSaveInput {
  /** The ticket to update; undefined creates one. */
  ticketId?: number;
  name?: string;
  description?: string;
  price?: number | string;
  showDescription?: unknown;
  type?: string;
  sku?: string;
  startDate?: string;
  startTime?: string;
  endDate?: string;
  endTime?: string;
  menuOrder?: number;
  stock?: TicketStockInput;
  addSalePrice?: unknown;
  salePrice?: number | string;
  saleStartDate?: string;
  saleEndDate?: string;
}

/** PHP's trim() of a value the ticket data holds (numbers print as PHP prints them). */
function phpTrim(value: number | string): string {
  return String(value).trim();
}

/** date( $format, strtotime( $text ) ) in PHP's zone (UTC): false reads as the epoch. */
function phpDate(text: string, now: Date, part: 'date' | 'time'): string {
  const stamp = formatUtc(strtotime(text, now) ?? 0);
  return part === 'date' ? stamp.slice(0, 10) : stamp.slice(11);
}

/** Ticket::save's price: a numeric price as PHP's int or float prints it, anything else as given. */
function storedPrice(price: string | number): string {
  if (typeof price === 'number') return String(price);
  if (!isPhpNumeric(price)) return price;
  return String(phpIntval(price)) === price ? price : String(phpFloatval(price));
}

/** ticket_add's price: FILTER_SANITIZE_NUMBER_FLOAT (digits, signs, `.` and `,`), then every character but digits, `.` and `,` dropped. */
function sanitizedPrice(price: number | string | undefined): string | number {
  if (price === undefined || isPhpEmpty(price)) return 0;
  return String(price).trim().replace(/[^0-9+\-.,eE]/g, '').replace(/[^0-9.,]/g, '');
}

/** PHP's `$a >= $b` for the sale check: numbers and numeric strings compare as numbers, other strings as strings. */
function phpAtLeast(a: number | string, b: number | string): boolean {
  if (isPhpNumeric(a) && isPhpNumeric(b)) return phpFloatval(a) >= phpFloatval(b);
  return String(a) >= String(b);
}

/** Tickets_Handler::get_ticket_totals: sold (`total_sales`) and pending (none for Tickets Commerce). */
async function soldAndPending(scope: WriteScope, ticketId: number): Promise<number> {
  return phpIntval((await getPostMetaValues(scope, ticketId, Meta.sales))[0] ?? '');
}

/**
 * update_post_meta of a sale window's date under the manual update flag ticket_add raises: a date
 * that changes is listed once in `_tribe_ticket_manual_updated`, so the event's dates stop moving it.
 */
async function updateTicketDate(scope: WriteScope, ticketId: number, key: string, value: string): Promise<void> {
  const before = await getPostMetaValues(scope, ticketId, key);
  await updatePostMeta(scope, ticketId, key, value);
  const flagged = key === Meta.startDate || key === Meta.endDate;
  if (!flagged || before.length === 0 || before.every((stored) => stored === value)) return;
  const listed = await getPostMetaValues(scope, ticketId, Meta.manualUpdated);
  if (!listed.includes(key)) await addPostMeta(scope, ticketId, Meta.manualUpdated, key);
}

/**
 * The capacity migration Event Tickets' `get_post_metadata` filter runs when a ticket's capacity is
 * first written (Tickets_Handler::filter_capacity_support): the post it sells for, when it was
 * never stamped with a version (a legacy post), gets a capacity of its shared pool's level and the
 * version. The pool's level stands for the whole capacity: the shared tickets' sales it adds are
 * those of tickets older than Event Tickets 4.6, which a post never stamped could only hold then.
 */
async function migrateLegacyPost(scope: WriteScope, ticketId: number, postId: number): Promise<void> {
  if ((await getPostMetaValues(scope, ticketId, Meta.capacity)).length > 0) return;
  if ((await getPostMetaValues(scope, ticketId, Meta.version)).length > 0) return;
  if ((await getPostMetaValues(scope, postId, PostStockMeta.version)).length > 0) return;
  const level = phpIntval((await getPostMetaValues(scope, postId, PostStockMeta.level))[0] ?? '');
  await updatePostMeta(scope, postId, PostStockMeta.capacity, String(level));
  await updatePostMeta(scope, postId, PostStockMeta.version, EVENT_TICKETS_VERSION);
}

/** Tribe__Tickets__Tickets::update_capacity: the first stock rows, and the capacity (through the migration above). */
async function updateCapacity(scope: WriteScope, ticketId: number, postId: number, data: TicketStockInput, isUpdate: boolean): Promise<void> {
  if (Object.keys(data).length === 0) return;
  const fallback = data.event_capacity === undefined ? -1 : phpIntval(data.event_capacity);
  let capacity: number | string = data.capacity === undefined ? fallback : phpTrim(data.capacity);
  if (capacity === '') capacity = fallback;
  if (phpFloatval(capacity) < 0) capacity = -1;
  let stock: number | string = data.stock === undefined ? capacity : phpTrim(data.stock);
  if (stock === '') stock = capacity;
  if (phpFloatval(stock) < 0) stock = -1;
  if (capacity !== -1) {
    if (isUpdate) stock = phpIntval(stock) - (await soldAndPending(scope, ticketId));
    await updatePostMeta(scope, ticketId, Meta.manageStock, 'yes');
    await updatePostMeta(scope, ticketId, Meta.stock, String(stock));
  } else {
    await deletePostMeta(scope, ticketId, Meta.stockStatus);
    await updatePostMeta(scope, ticketId, Meta.manageStock, 'no');
    await deletePostMeta(scope, ticketId, Meta.stock);
    await deletePostMeta(scope, ticketId, Meta.globalStockMode);
    await deletePostMeta(scope, ticketId, Meta.stockCap);
  }
  if (!isPhpNumeric(capacity)) return;
  await migrateLegacyPost(scope, ticketId, postId);
  await updatePostMeta(scope, ticketId, Meta.capacity, String(phpTrim(capacity)));
}

/**
 * Ticket::save's shared pool of the post: enabled here when the post had none and the data names
 * an event capacity; otherwise the post's capacity unless the data names another level. Returns
 * the event capacity the ticket's own capacity defaults to and is capped by.
 */
async function settlePostStock(scope: WriteScope, postId: number, data: TicketStockInput): Promise<{ enabled: boolean; eventCapacity: number }> {
  const stored = async (key: string) => (await getPostMetaValues(scope, postId, key))[0];
  const enabled = isTribeTruthy(await stored(PostStockMeta.enabled));
  if (!enabled) {
    if (data.event_capacity === undefined) return { enabled: false, eventCapacity: 0 };
    const text = phpTrim(data.event_capacity);
    const eventCapacity = text === '' ? -1 : phpIntval(text);
    await updatePostMeta(scope, postId, PostStockMeta.enabled, '1');
    await updatePostMeta(scope, postId, PostStockMeta.level, String(eventCapacity));
    await updatePostMeta(scope, postId, PostStockMeta.capacity, String(eventCapacity));
    return { enabled: true, eventCapacity };
  }
  const postCapacity = phpIntval((await stored(PostStockMeta.capacity)) ?? '');
  const asked = data.event_capacity === undefined ? 0 : phpIntval(data.event_capacity);
  if (asked !== 0 && asked !== postCapacity) {
    await updatePostMeta(scope, postId, PostStockMeta.level, String(asked));
    return { enabled: true, eventCapacity: asked };
  }
  return { enabled: true, eventCapacity: postCapacity };
}

/** Ticket::save's stock and capacity rows after the pool: the mode, stock, status, and the capacity (-1 for unlimited). */
async function saveStock(scope: WriteScope, ticketId: number, postId: number, data: TicketStockInput, isUpdate: boolean): Promise<void> {
  const pool = await settlePostStock(scope, postId, data);
  let fallback = pool.enabled ? pool.eventCapacity : 0;
  let capacity: number | string = phpTrim(data.capacity ?? fallback);
  if (capacity !== '') {
    capacity = phpIntval(capacity) < 0 ? -1 : phpIntval(capacity);
    fallback = capacity;
  }
  let stockText = phpTrim(data.stock ?? fallback);
  if (stockText === '') stockText = String(fallback);
  let stock = phpIntval(stockText);
  if (stock < 0) stock = -1;
  const mode = data.mode ?? StockMode.own;
  if (mode !== '') {
    if (isUpdate) stock -= await soldAndPending(scope, ticketId);
    await updatePostMeta(scope, ticketId, Meta.globalStockMode, mode);
    await updatePostMeta(scope, ticketId, Meta.stock, String(stock));
    await updatePostMeta(scope, ticketId, Meta.stockStatus, stock > 0 ? 'instock' : 'outofstock');
    await updatePostMeta(scope, ticketId, Meta.backorders, 'no');
    await updatePostMeta(scope, ticketId, Meta.manageStock, 'yes');
    if (pool.enabled && mode !== StockMode.own && (capacity === '' || pool.eventCapacity < capacity)) capacity = pool.eventCapacity;
  } else {
    await updatePostMeta(scope, ticketId, Meta.manageStock, 'no');
    await deletePostMeta(scope, ticketId, Meta.stockStatus);
    await deletePostMeta(scope, ticketId, Meta.stock);
    await deletePostMeta(scope, ticketId, Meta.stockCap);
    await deletePostMeta(scope, ticketId, Meta.globalStockMode);
    capacity = -1;
  }
  if (capacity !== '') await updatePostMeta(scope, ticketId, Meta.capacity, String(capacity));
}

/** Ticket::process_sale_price_data: the flag always written first, so a ticket with no sale adds and deletes it. */
async function saveSalePrice(scope: WriteScope, ticketId: number, input: TicketSaveInput, regularPrice: number | string): Promise<void> {
  const enabled = isTribeTruthy(input.addSalePrice ?? false);
  await updatePostMeta(scope, ticketId, Meta.salePriceChecked, enabled ? '1' : '');
  const sale = input.salePrice;
  if (!enabled || sale === undefined || phpAtLeast(sale, regularPrice)) {
    for (const key of [Meta.salePriceChecked, Meta.salePrice, Meta.salePriceStartDate, Meta.salePriceEndDate]) await deletePostMeta(scope, ticketId, key);
    return;
  }
  const site = await siteOf(scope);
  const tickets = site.plugins.eventTickets;
  const currency = tickets ? commerceCurrency(tickets) : { symbol: '', position: 'prefix' as const, decimals: 2, decimalPoint: '.', thousandsSep: ',' };
  await updatePostMeta(scope, ticketId, Meta.salePrice, serializeCommerceValue(sale, currency, tickets ? commerceCurrencyCode(tickets) : 'USD'));
  const saleDate = (text: string) => (text === '' ? '' : phpDate(text, scope.now, 'date'));
  if (input.saleStartDate !== undefined) await updatePostMeta(scope, ticketId, Meta.salePriceStartDate, saleDate(input.saleStartDate));
  if (input.saleEndDate !== undefined) await updatePostMeta(scope, ticketId, Meta.salePriceEndDate, saleDate(input.saleEndDate));
}

/** ticket_add's sale window: the date, and the time only where one was given, as PHP's date() prints them. */
function saleWindow(date: string | undefined, time: string | undefined, now: Date): { date?: string; time?: string } {
  if (date === undefined || isPhpEmpty(date)) return {};
  const text = time !== undefined && !isPhpEmpty(time) ? `${date} ${time}` : date;
  return { date: phpDate(text, now, 'date'), ...(text !== date ? { time: phpDate(text, now, 'time') } : {}) };
}

/**
 * ticket_add for a Tickets Commerce ticket of `postId`: the ticket post (created, or its title,
 * excerpt and menu order updated), then its meta in Event Tickets' order, the post's shared pool
 * and legacy capacity where they apply, and the version stamp. Returns the ticket's ID. `authorId`
 * writes a new ticket.
 */
export async function saveCommerceTicket(scope: WriteScope, postId: number, input: TicketSaveInput, authorId: number): Promise<number> {
  const isUpdate = input.ticketId !== undefined && input.ticketId !== 0;
  const name = input.name === undefined ? undefined : escHtml(input.name);
  const description = input.description === undefined ? '' : ksesPostContent(input.description);
  const price = sanitizedPrice(input.price);
  const showDescription = isTribeTruthy(input.showDescription ?? false) ? 'yes' : 'no';
  const start = saleWindow(input.startDate, input.startTime, scope.now);
  const end = saleWindow(input.endDate, input.endTime, scope.now);
  const type = input.type ?? DEFAULT_TICKET_TYPE;

  let ticketId: number;
  if (isUpdate) {
    ticketId = input.ticketId!;
    await updatePostMeta(scope, ticketId, Meta.type, type);
    await updatePost(scope, ticketId, { post_excerpt: description, post_title: name ?? '', menu_order: input.menuOrder ?? 0 }, {
      metaInput: [[Meta.type, type]],
    });
  } else {
    ticketId = await insertPost(
      scope,
      {
        post_status: PostStatus.publish,
        post_type: TICKETS_COMMERCE.ticketPostType,
        post_author: authorId,
        post_excerpt: description,
        post_title: name ?? '',
        menu_order: input.menuOrder ?? -1,
      },
      { metaInput: [[Meta.type, type]] },
    );
    await addPostMeta(scope, ticketId, Meta.event, String(postId));
  }

  await updatePostMeta(scope, ticketId, Meta.showDescription, showDescription);
  await updatePostMeta(scope, ticketId, Meta.price, storedPrice(price));
  await updatePostMeta(scope, ticketId, Meta.type, DEFAULT_TICKET_TYPE);
  const stockInput = input.stock ?? {};
  await updateCapacity(scope, ticketId, postId, stockInput, isUpdate);

  const window: [string, string | undefined][] = [
    [Meta.startDate, start.date],
    [Meta.startTime, start.time],
    [Meta.endDate, end.date],
    [Meta.endTime, end.time],
  ];
  for (const [key, value] of window) {
    if (value !== undefined) await updateTicketDate(scope, ticketId, key, value);
    else await deletePostMeta(scope, ticketId, key);
  }

  let sku = input.sku;
  if (sku === undefined || isPhpEmpty(sku)) {
    const author = (await postRowOf(scope, ticketId))?.post_author ?? authorId;
    sku = `${ticketId}-${author}-${(input.name ?? name ?? '').toUpperCase().replace(/ /g, '-')}`;
  }
  await updatePostMeta(scope, ticketId, Meta.sku, sku);

  await saveStock(scope, ticketId, postId, stockInput, isUpdate);
  await saveSalePrice(scope, ticketId, input, input.price ?? '');

  await finishTicketAdd(scope, ticketId, postId, input, isUpdate);
  return ticketId;
}

/**
 * ticket_add after the provider's save: the ticket type, then (the manual update flag lowered)
 * a sale window left empty follows the post (its day, an event's start), and the version stamp.
 */
async function finishTicketAdd(scope: WriteScope, ticketId: number, postId: number, input: TicketSaveInput, isUpdate: boolean): Promise<void> {
  const storedType = isUpdate ? (await getPostMetaValues(scope, ticketId, Meta.type))[0] || DEFAULT_TICKET_TYPE : DEFAULT_TICKET_TYPE;
  await updatePostMeta(scope, ticketId, Meta.type, input.type !== undefined && input.type !== '' ? input.type : storedType);

  const post = await postRowOf(scope, postId);
  if (input.startDate === undefined || isPhpEmpty(input.startDate)) {
    const postDate = post?.post_date ?? '';
    await updatePostMeta(scope, ticketId, Meta.startDate, `${postDate.slice(0, 10)} 00:00:00`);
  }
  if ((input.endDate === undefined || isPhpEmpty(input.endDate)) && post?.post_type === PostType.event) {
    const eventStart = (await getPostMetaValues(scope, postId, EventMeta.startDate))[0] ?? '';
    await updatePostMeta(scope, ticketId, Meta.endDate, eventStart);
  }
  await updatePostMeta(scope, ticketId, Meta.version, EVENT_TICKETS_VERSION);
}

/** The RSVP's "show not going" option, through the meta's registered sanitizer (filter_var( FILTER_VALIDATE_BOOLEAN ): `1` or ``). */
const SHOW_NOT_GOING_META = '_tribe_ticket_show_not_going';

/** A sale window's bound as RSVP stores it: `Y-m-d H:i:s` of the date and (when given) time. */
function rsvpWindowBound(date: string, time: string | undefined, now: Date): string {
  const text = time !== undefined && !isPhpEmpty(time) ? `${date} ${time}` : date;
  return formatUtc(strtotime(text, now) ?? 0);
}

/**
 * ticket_add for an RSVP (Tribe__Tickets__RSVP::save_ticket): the ticket post (created with its
 * relation to the post, or its title and excerpt updated), the description flag, the price, the
 * capacity and stock (update_capacity), the "not going" option, the sale window as full date
 * times (a changed one flagged as set by hand, an empty one deleted), the version; then
 * ticket_add's type and defaults. Returns the ticket's ID.
 */
export async function saveRsvpTicket(scope: WriteScope, postId: number, input: TicketSaveInput, authorId: number): Promise<number> {
  const isUpdate = input.ticketId !== undefined && input.ticketId !== 0;
  const name = input.name === undefined ? '' : escHtml(input.name);
  const description = input.description === undefined ? '' : ksesPostContent(input.description);
  const price = sanitizedPrice(input.price);
  const showDescription = isTribeTruthy(input.showDescription ?? false) ? 'yes' : 'no';

  let ticketId: number;
  if (isUpdate) {
    ticketId = input.ticketId!;
    await updatePostMeta(scope, ticketId, Meta.type, input.type ?? DEFAULT_TICKET_TYPE);
    await updatePost(scope, ticketId, { post_excerpt: description, post_title: name });
  } else {
    ticketId = await insertPost(scope, {
      post_status: PostStatus.publish,
      post_type: RSVP.ticketPostType,
      post_author: authorId,
      post_excerpt: description,
      post_title: name,
      menu_order: input.menuOrder ?? -1,
    });
    await addPostMeta(scope, ticketId, RSVP.ticketEventKey, String(postId));
  }
  await updatePostMeta(scope, ticketId, Meta.showDescription, showDescription);
  await updatePostMeta(scope, ticketId, Meta.price, String(price));
  const stockInput = input.stock ?? {};
  await updateCapacity(scope, ticketId, postId, stockInput, isUpdate);
  await updatePostMeta(scope, ticketId, SHOW_NOT_GOING_META, isTribeTruthy(stockInput.notGoing ?? false) ? '1' : '');

  const window: [string, string | undefined, string | undefined][] = [
    [Meta.startDate, input.startDate, input.startTime],
    [Meta.endDate, input.endDate, input.endTime],
  ];
  for (const [key, date, time] of window) {
    if (date === undefined || isPhpEmpty(date)) await deletePostMeta(scope, ticketId, key);
    else await updateTicketDate(scope, ticketId, key, rsvpWindowBound(date, time, scope.now));
  }
  await updatePostMeta(scope, ticketId, Meta.version, EVENT_TICKETS_VERSION);
  await finishTicketAdd(scope, ticketId, postId, input, isUpdate);
  return ticketId;
}
