/**
 * The `components.schemas` of Event Tickets' /doc, in the order its documentation endpoint
 * registers their definition providers (REST/V1/Service_Provider::register_documentation_endpoint):
 * common's Image, ImageSize, DateDetails and CostDetails, then Event Tickets' own
 * (REST/V1/Documentation/*_Definition_Provider). Static texts: the providers read nothing of the
 * site. (`'currency_position '`, with its trailing space, is common's key as it spells it.)
 */
/**
 * The properties the Ticket and Attendee definitions share, each worded for its own post
 * (`The ticket post status`, `The attendee post status`), and the provider both describe alike.
 */
function postProperties(noun: 'ticket' | 'attendee'): Record<string, unknown> {
  return {
    global_id: { type: 'string', description: `The ${noun} global ID` },
    global_id_lineage: { type: 'array', items: { type: 'string' }, description: `The ${noun} global ID lineage` },
    author: { type: 'integer', description: `The ${noun} post author ID` },
    status: { type: 'string', description: `The ${noun} post status` },
    date: { type: 'string', format: 'date', description: `The ${noun} creation date` },
    date_utc: { type: 'string', format: 'date', description: `The ${noun} creation UTC date` },
    modified: { type: 'string', format: 'date', description: `The ${noun} modification date` },
    modified_utc: { type: 'string', format: 'date', description: `The ${noun} modification UTC date` },
    rest_url: { type: 'string', format: 'uri', description: `The ${noun} ET REST API URL` },
    provider: { type: 'string', description: 'The ticket commerce provider', enum: ['rsvp', 'tribe-commerce', 'woo', 'edd'] },
  };
}

export const TICKETS_DOC_SCHEMAS: Readonly<Record<string, unknown>> = {
  Image: {
    type: 'object',
    properties: {
      url: { type: 'string', format: 'uri', description: 'The URL to the full size version of the image' },
      id: { type: 'integer', description: 'The image WordPress post ID' },
      extension: { type: 'string', description: 'The image file extension' },
      width: { type: 'integer', description: 'The image natural width in pixels' },
      height: { type: 'integer', description: 'The image natural height in pixels' },
      sizes: {
        type: 'array',
        description: 'The details about each size available for the image',
        items: { $ref: '#/components/schemas/ImageSize' },
      },
    },
  },
  ImageSize: {
    type: 'object',
    properties: {
      width: { type: 'integer', description: 'The image width in pixels in the specified size' },
      height: { type: 'integer', description: 'The image height in pixels in the specified size' },
      'mime-type': { type: 'string', description: 'The image mime-type' },
      url: {
        type: 'string',
        format: 'uri',
        description: 'The link to the image in the specified size on the site',
      },
    },
  },
  DateDetails: {
    type: 'object',
    properties: {
      year: { type: 'integer', description: 'The date year' },
      month: { type: 'integer', description: 'The date month' },
      day: { type: 'integer', description: 'The date day' },
      hour: { type: 'integer', description: 'The date hour' },
      minutes: { type: 'integer', description: 'The date minutes' },
      seconds: { type: 'integer', description: 'The date seconds' },
    },
  },
  CostDetails: {
    type: 'object',
    properties: {
      currency_symbol: { type: 'string', description: 'The cost currency symbol' },
      'currency_position ': {
        type: 'string',
        description: 'The position of the currency symbol in the cost string',
        enum: ['prefix', 'postfix'],
      },
      values: {
        type: 'array',
        items: { type: 'integer' },
        description: 'A sorted array of all the numeric values for the cost',
      },
    },
  },
  CapacityDetails: {
    type: 'object',
    properties: {
      available_percentage: { type: 'integer', description: 'The ticket available capacity percentage' },
      max: { type: 'integer', description: 'The ticket max capacity' },
      available: { type: 'integer', description: 'The ticket current available capacity' },
      sold: { type: 'integer', description: 'The ticket sale count' },
      pending: { type: 'integer', description: 'The ticket pending count' },
      global_stock_mode: { type: 'string', description: 'The ticket global stock mode' },
    },
  },
  CheckinDetails: {
    type: 'object',
    properties: {
      date: { type: 'string', description: 'The time the attendee checked in' },
      date_details: { $ref: '#/components/schemas/DateDetails' },
      source: { type: 'string', description: 'The check-in source for the attendee; e.g. "kiosk" or "site"' },
      author: {
        type: 'string',
        description: 'The ID or identifying string of the site user or operator that checked in the attendee',
      },
    },
  },
  PaymentDetails: {
    type: 'object',
    properties: {
      provider: { type: 'string', description: 'The payment provider/gateway' },
      price: { type: 'integer', description: 'The price paid by the attendee when he/she purchased the ticket' },
      currency: { type: 'string', description: 'The currency used by the attendee to pay' },
      date: { type: 'string', format: 'date', description: 'The payment date' },
      date_details: { $ref: '#/components/schemas/DateDetails' },
    },
  },
  RSVPReport: {
    type: 'object',
    properties: {
      rsvp_going: { type: 'integer', description: 'How many attendees are "Going"' },
      rsvp_not_going: { type: 'integer', description: 'How many attendees are "Not going"' },
    },
  },
  CheckinReport: {
    type: 'object',
    properties: {
      checked_in: { type: 'integer', description: 'The number of checked-in attendees' },
      unchecked_in: { type: 'integer', description: 'The number of unchecked-in attendees' },
      checked_in_percentage: { type: 'integer', description: 'The percentage of checked-in attendees' },
      unchecked_in_percentage: { type: 'integer', description: 'The number of unchecked-in attendee' },
    },
  },
  Ticket: {
    type: 'object',
    properties: {
      id: { type: 'integer', description: 'The ticket WordPress post ID' },
      post_id: { type: 'integer', description: 'The ID of the post the ticket is associated to' },
      ...postProperties('ticket'),
      title: { type: 'string', description: 'The ticket title' },
      description: { type: 'string', description: 'The ticket description' },
      image: { $ref: '#/components/schemas/Image' },
      available_from: { type: 'string', format: 'date', description: 'The date the ticket will be available' },
      available_from_details: { $ref: '#/components/schemas/DateDetails' },
      available_until: { type: 'string', format: 'date', description: 'The date the ticket will be available' },
      available_until_details: { $ref: '#/components/schemas/DateDetails' },
      capacity: { type: 'integer', description: 'The formatted ticket current capacity' },
      capacity_details: { $ref: '#/components/schemas/CapacityDetails' },
      is_available: {
        type: 'boolean',
        description: 'Whether the ticket is currently available or not due to capacity or date constraints',
      },
      cost: { type: 'integer', description: 'The formatted cost string' },
      cost_details: { $ref: '#/components/schemas/CostDetails' },
      attendees: {
        type: 'array',
        items: { $ref: '#/components/schemas/Attendee' },
        description: 'A list of attendees for the ticket, ',
      },
      supports_attendee_information: {
        type: 'boolean',
        description: 'Whether the ticket supports at least one attendee information field, ET+ required',
      },
      requires_attendee_information: {
        type: 'boolean',
        description: 'Whether the ticket requires at least one attendee information field, ET+ required',
      },
      attendee_information_fields: {
        type: 'object',
        description: 'A list of attendee information fields supported/required by the ticket in the format [ <field-slug>: label, required, type, extra ]',
      },
      rsvp: { $ref: '#/components/schemas/RSVPReport' },
      checkin: { $ref: '#/components/schemas/CheckinReport' },
    },
  },
  Attendee: {
    type: 'object',
    properties: {
      id: { type: 'integer', description: 'The attendee WordPress post ID' },
      post_id: { type: 'integer', description: 'The ID of the post the attendee is associated to' },
      ticket_id: { type: 'integer', description: 'The ID of the ticket the attendee is associated with' },
      ...postProperties('attendee'),
      order: {
        type: 'string',
        description: 'The order number, or identifier, of the ticket purchase that generated the attendee',
      },
      sku: { type: 'string', description: 'The attendee ticket SKU' },
      title: { type: 'string', description: 'The attendee title or name' },
      email: { type: 'string', format: 'email', description: 'The attendee email address' },
      checked_in: { type: 'boolean', description: 'Whether the attendee is checked-in or not' },
      checkin_details: { $ref: '#/components/schemas/CheckinDetails' },
      rsvp_going: {
        type: 'boolean',
        description: 'If the attendee is for an RSVP ticket, this will be set to true if he/she is "Going", false otherwise',
      },
      payment: { $ref: '#/components/schemas/PaymentDetails' },
      information: { type: 'object', description: 'The attendee information; requires ET+' },
    },
  },
  QR: {
    type: 'object',
    properties: {
      id: { type: 'integer', description: 'The ticket WordPress post ID' },
      api_key: { type: 'string', description: 'The API key to authorize check in' },
      security_code: { type: 'string', description: 'The security code of the ticket to verify for check in' },
      event_id: { type: 'integer', description: 'The event WordPress post ID' },
    },
  },
};
