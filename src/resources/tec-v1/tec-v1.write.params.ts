import { isPhpNumeric, phpFloatval, phpIntval } from '../../wp/php/php-values.js';
import { sanitizeTextField } from '../../wp/terms/term-fields.js';

/**
 * The body a tec/v1 create or update hands TEC's ORM (Endpoint::get_schema_defined_params, the
 * OpenAPI schema's filter_before_request): only the properties the request body definition
 * names, in the definition's order (TEC_Post_Entity_Request_Body_Definition's, then the type's
 * own), each sanitized as its parameter type sanitizes it, and the definition's defaults filled in
 * for what was not sent. The defaults apply to PUT and PATCH too, so an update without `status`
 * publishes and one without `sticky` un-sticks (fixtures/reference-tec-v1 docs/writes.md).
 */

/** The value each kind of property holds once sanitized. */
interface KindValue {
  text: string;
  int: number;
  bool: boolean;
  ints: number[];
  date: string;
  number: number;
}

type ParamKind = keyof KindValue;

/** A property of a body definition; its default, where it has one, is of its kind's type. */
type BodyProperty = { [Kind in ParamKind]: { name: string; kind: Kind; default?: KindValue[Kind] } }[ParamKind];

/** TEC_Post_Entity_Request_Body_Definition, in its order. */
const POST_ENTITY_PROPERTIES = [
  { name: 'date', kind: 'date' },
  { name: 'date_gmt', kind: 'date' },
  { name: 'slug', kind: 'text' },
  { name: 'status', kind: 'text', default: 'publish' },
  { name: 'title', kind: 'text' },
  { name: 'content', kind: 'text' },
  { name: 'excerpt', kind: 'text' },
  { name: 'author', kind: 'int' },
  { name: 'featured_media', kind: 'int' },
  { name: 'comment_status', kind: 'text', default: 'open' },
  { name: 'ping_status', kind: 'text', default: 'open' },
  { name: 'format', kind: 'text', default: 'standard' },
  { name: 'sticky', kind: 'bool', default: false },
  { name: 'template', kind: 'text' },
  { name: 'tags', kind: 'ints' },
] as const satisfies readonly BodyProperty[];

/** Event_Request_Body_Definition's own properties, after the post entity's. */
const EVENT_PROPERTIES: readonly BodyProperty[] = [
  { name: 'tribe_events_cat', kind: 'ints' },
  { name: 'start_date', kind: 'date' },
  { name: 'start_date_utc', kind: 'date' },
  { name: 'end_date', kind: 'date' },
  { name: 'end_date_utc', kind: 'date' },
  { name: 'timezone', kind: 'text' },
  { name: 'duration', kind: 'int' },
  { name: 'all_day', kind: 'bool' },
  { name: 'featured', kind: 'bool' },
  { name: 'sticky', kind: 'bool' },
  { name: 'cost', kind: 'text' },
  { name: 'organizers', kind: 'ints' },
  { name: 'venues', kind: 'ints' },
];

/** Venue_Request_Body_Definition's own properties. */
const VENUE_PROPERTIES: readonly BodyProperty[] = [
  { name: 'address', kind: 'text' },
  { name: 'country', kind: 'text' },
  { name: 'city', kind: 'text' },
  { name: 'state_province', kind: 'text' },
  { name: 'state', kind: 'text' },
  { name: 'province', kind: 'text' },
  { name: 'zip', kind: 'text' },
  { name: 'phone', kind: 'text' },
  { name: 'website', kind: 'text' },
];

/** Organizer_Request_Body_Definition's own properties. */
const ORGANIZER_PROPERTIES: readonly BodyProperty[] = [
  { name: 'phone', kind: 'text' },
  { name: 'website', kind: 'text' },
  { name: 'email', kind: 'text' },
];

/** Event Tickets' Ticket_Request_Body_Definition's own properties. */
const TICKET_PROPERTIES = [
  { name: 'event', kind: 'int' },
  { name: 'price', kind: 'number' },
  { name: 'sale_price', kind: 'number' },
  { name: 'sale_price_start_date', kind: 'date' },
  { name: 'sale_price_end_date', kind: 'date' },
  { name: 'capacity', kind: 'int' },
  { name: 'event_capacity', kind: 'int' },
  { name: 'stock', kind: 'int' },
  { name: 'show_description', kind: 'bool' },
  { name: 'stock_mode', kind: 'text', default: 'own' },
  { name: 'type', kind: 'text' },
  { name: 'start_date', kind: 'date' },
  { name: 'end_date', kind: 'date' },
  { name: 'sku', kind: 'text' },
] as const satisfies readonly BodyProperty[];

export type TecV1Entity = 'event' | 'venue' | 'organizer';

const OWN_PROPERTIES: Readonly<Record<TecV1Entity, readonly BodyProperty[]>> = {
  event: EVENT_PROPERTIES,
  venue: VENUE_PROPERTIES,
  organizer: ORGANIZER_PROPERTIES,
};

/** A value of the body: one of its properties' kinds. */
export type TecV1BodyValue = KindValue[ParamKind];

/** The body's values, in the order TEC's ORM receives them (a Map keeps it). */
export type TecV1Body = Map<string, TecV1BodyValue>;

/** PHP's `(bool)` cast, which TEC's Boolean parameter applies: `"false"` is true, `"0"` and `""` false. */
export function phpBoolCast(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') return value !== '' && value !== '0';
  if (Array.isArray(value)) return value.length > 0;
  return value !== null && value !== undefined;
}

/** Array_Of_Type of Positive_Integer: a list, or a comma-separated string, of IDs. */
export function positiveIntegerList(value: unknown): number[] {
  const items = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value.split(',').map((item) => item.trim()).filter((item) => item !== '')
      : typeof value === 'object' && value !== null
        ? Object.values(value)
        : [value];
  return items.filter((item) => isPhpNumeric(item)).map((item) => phpIntval(item));
}

/** Each kind's sanitizer, as its parameter type sanitizes it. */
const SANITIZERS: { readonly [Kind in ParamKind]: (value: unknown) => KindValue[Kind] } = {
  text: (value) => sanitizeTextField(typeof value === 'string' || typeof value === 'number' ? String(value) : value === true ? '1' : ''),
  int: phpIntval,
  bool: phpBoolCast,
  ints: positiveIntegerList,
  date: (value) => String(value),
  number: (value) => (typeof value === 'number' ? value : phpFloatval(value)),
};

/**
 * The schema-defined body of a create or update: the definition's properties found among the
 * request's parameters (sanitized), or their defaults, in the definition's order. A property the
 * definition lists twice (`sticky`) keeps its first place.
 */
export function schemaDefinedBody(entity: TecV1Entity, params: Readonly<Record<string, unknown>>): TecV1Body {
  return definedBody([...POST_ENTITY_PROPERTIES, ...OWN_PROPERTIES[entity]], params);
}

/** schemaDefinedBody of Event Tickets' ticket routes (Ticket_Request_Body_Definition). */
export function ticketSchemaDefinedBody(params: Readonly<Record<string, unknown>>): TecV1Body {
  return definedBody([...POST_ENTITY_PROPERTIES, ...TICKET_PROPERTIES], params);
}

type TicketProperty = (typeof POST_ENTITY_PROPERTIES | typeof TICKET_PROPERTIES)[number];

/** A property of a ticket's body. */
export type TicketBodyName = TicketProperty['name'];

/** The type of a ticket body's property: its kind's. */
export type TicketBodyValue<Name extends TicketBodyName> = KindValue[Extract<TicketProperty, { name: Name }>['kind']];

/** A ticket body's value of a property, as its kind's sanitizer (or its default) gives it. */
export function ticketBodyValue<Name extends TicketBodyName>(body: TecV1Body, name: Name): TicketBodyValue<Name> | undefined {
  // The body maps names to any kind's value; definedBody stored this one through its kind's
  // sanitizer or default, and filter_upsert_params's changes keep each property's kind.
  return body.get(name) as TicketBodyValue<Name> | undefined;
}

function definedBody(properties: readonly BodyProperty[], params: Readonly<Record<string, unknown>>): TecV1Body {
  const body: TecV1Body = new Map();
  for (const property of properties) {
    if (body.has(property.name)) continue;
    const value = params[property.name];
    if (value !== undefined && value !== null) body.set(property.name, SANITIZERS[property.kind](value));
    else if (property.default !== undefined) body.set(property.name, property.default);
  }
  return body;
}
