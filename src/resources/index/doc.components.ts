import type { Translate } from '../../i18n/index.js';

/**
 * `components.schemas` of the /doc document: the plugin's definition providers (tribe-common's
 * Image_Size, Cost_Details, Term, Image and Date_Details, TEC's Event, Venue and Organizer), in
 * the order Main::register_documentation_endpoint registers them. These describe response
 * objects, not request arguments, so there is no route definition to derive them from; they are
 * the providers' text, typos included: CostDetails names a property `currency_position ` with a
 * trailing space, Venue's lineage text speaks of an organizer, and the venue and organizer
 * `image` are typed `string` beside their `$ref`.
 */
export function componentSchemas(t: Translate): Record<string, unknown> {
  return {
    ImageSize: {
      type: 'object',
      properties: {
        width: { type: 'integer', description: t('The image width in pixels in the specified size') },
        height: { type: 'integer', description: t('The image height in pixels in the specified size') },
        'mime-type': { type: 'string', description: t('The image mime-type') },
        url: {
          type: 'string',
          format: 'uri',
          description: t('The link to the image in the specified size on the site'),
        },
      },
    },
    CostDetails: {
      type: 'object',
      properties: {
        currency_symbol: { type: 'string', description: t('The cost currency symbol') },
        'currency_position ': {
          type: 'string',
          description: t('The position of the currency symbol in the cost string'),
          enum: ['prefix', 'postfix'],
        },
        values: {
          type: 'array',
          items: { type: 'integer' },
          description: t('A sorted array of all the numeric values for the cost'),
        },
      },
    },
    Term: {
      type: 'object',
      properties: {
        id: { type: 'integer', description: t('The WordPress term ID') },
        name: { type: 'string', description: t('The term name') },
        slug: { type: 'string', description: t('The term slug') },
        taxonomy: { type: 'string', description: t('The taxonomy the term belongs to') },
        description: { type: 'string', description: t('The term description') },
        parent: { type: 'integer', description: t('The term parent term if any') },
        count: { type: 'integer', description: t('The number of posts associated with the term') },
        url: { type: 'string', description: t('The URL to the term archive page') },
        urls: {
          type: 'array',
          items: { type: 'string' },
          description: t('A list of links to the term own, archive and parent REST URL'),
        },
      },
    },
    Image: {
      type: 'object',
      properties: {
        url: {
          type: 'string',
          format: 'uri',
          description: t('The URL to the full size version of the image'),
        },
        id: { type: 'integer', description: t('The image WordPress post ID') },
        extension: { type: 'string', description: t('The image file extension') },
        width: { type: 'integer', description: t('The image natural width in pixels') },
        height: { type: 'integer', description: t('The image natural height in pixels') },
        sizes: {
          type: 'array',
          description: t('The details about each size available for the image'),
          items: { $ref: '#/components/schemas/ImageSize' },
        },
      },
    },
    DateDetails: {
      type: 'object',
      properties: {
        year: { type: 'integer', description: t('The date year') },
        month: { type: 'integer', description: t('The date month') },
        day: { type: 'integer', description: t('The date day') },
        hour: { type: 'integer', description: t('The date hour') },
        minutes: { type: 'integer', description: t('The date minutes') },
        seconds: { type: 'integer', description: t('The date seconds') },
      },
    },
    Event: {
      type: 'object',
      properties: {
        id: { type: 'integer', description: t('The event WordPress post ID') },
        global_id: {
          type: 'string',
          description: t('The event ID used to globally identify in Event Aggregator'),
        },
        global_id_lineage: {
          type: 'array',
          items: { type: 'string' },
          description: t('An Array containing the lineage of where this event comes from, this should not change after the event is created.'),
        },
        author: { type: 'integer', description: t('The event author WordPress post ID') },
        date: { type: 'string', description: t('The event creation date in the site time zone') },
        date_utc: { type: 'string', description: t('The event creation date in UTC time') },
        modified: {
          type: 'string',
          description: t('The event last modification date in the site time zone'),
        },
        modified_utc: { type: 'string', description: t('The event last modification date in UTC time') },
        status: { type: 'string', description: t('The event status') },
        url: { type: 'string', description: t('The URL to the event page') },
        rest_url: { type: 'string', description: t('The TEC REST API link to fetch this event') },
        title: { type: 'string', description: t('The event name') },
        description: { type: 'string', description: t('The event long description') },
        excerpt: { type: 'string', description: t('The event short description') },
        slug: { type: 'string', description: t('The event slug') },
        image: {
          type: 'object',
          description: t('The event featured image details if set'),
          $ref: '#/components/schemas/Image',
        },
        all_day: { type: 'boolean', description: t('Whether or not this event is an all day Event') },
        start_date: { type: 'string', description: t('The event start date in the event or site time zone') },
        start_date_details: {
          type: 'array',
          description: t('An array of each component of the event start date'),
          items: { $ref: '#/components/schemas/DateDetails' },
        },
        end_date: { type: 'string', description: t('The event end date in the event or site time zone') },
        end_date_details: {
          type: 'array',
          description: t('An array of each component of the event end date'),
          items: { $ref: '#/components/schemas/DateDetails' },
        },
        utc_start_date: { type: 'string', description: t('The event start date in UTC time') },
        utc_start_date_details: {
          type: 'array',
          description: t('An array of each component of the event start date in UTC time'),
          items: { $ref: '#/components/schemas/DateDetails' },
        },
        utc_end_date: { type: 'string', description: t('The event end date in UTC time') },
        utc_end_date_details: {
          type: 'array',
          description: t('An array of each component of the event end date in UTC time'),
          items: { $ref: '#/components/schemas/DateDetails' },
        },
        timezone: { type: 'string', description: t('The event time zone string') },
        timezone_abbr: { type: 'string', description: t('The abbreviated event time zone string') },
        cost: { type: 'string', description: t('The event cost including the currency symbol') },
        cost_details: {
          type: 'array',
          description: t('The event cost details'),
          items: { $ref: '#/components/schemas/CostDetails' },
        },
        website: { type: 'string', description: t('The event website URL') },
        show_map: { type: 'boolean', description: t('Whether the map should be shown for the event or not') },
        show_map_link: {
          type: 'boolean',
          description: t('Whether the map link should be shown for the event or not'),
        },
        hide_from_listings: {
          type: 'boolean',
          description: t('Whether an event should be hidden from the calendar view or not'),
        },
        sticky: {
          type: 'boolean',
          description: t('Whether an event is sticky in the calendar view or not'),
        },
        featured: { type: 'boolean', description: t('Whether the event is featured in the calendar or not') },
        categories: {
          type: 'array',
          description: t('The event categories'),
          items: { $ref: '#/components/schemas/Term' },
        },
        tags: {
          type: 'array',
          description: t('The event tags'),
          items: { $ref: '#/components/schemas/Term' },
        },
        venue: { type: 'object', description: t('The event venue'), $ref: '#/components/schemas/Venue' },
        organizer: {
          type: 'array',
          description: t('The event organizers'),
          items: { $ref: '#/components/schemas/Organizer' },
        },
      },
    },
    Venue: {
      type: 'object',
      properties: {
        id: { type: 'integer', description: t('The venue WordPress post ID') },
        global_id: {
          type: 'string',
          description: t('The venue ID used to globally identify in Event Aggregator'),
        },
        global_id_lineage: {
          type: 'array',
          items: { type: 'string' },
          description: t('An Array containing the lineage of where this organizer comes from, this should not change after the organizer is created.'),
        },
        author: { type: 'integer', description: t('The venue author WordPress post ID') },
        date: { type: 'string', description: t('The venue creation date in the site time zone') },
        date_utc: { type: 'string', description: t('The venue creation date in UTC time') },
        modified: {
          type: 'string',
          description: t('The venue last modification date in the site time zone'),
        },
        modified_utc: { type: 'string', description: t('The venue last modification date in UTC time') },
        status: { type: 'string', description: t('The venue status') },
        url: { type: 'string', description: t('The URL to the venue page') },
        venue: { type: 'string', description: t('The venue name') },
        description: { type: 'string', description: t('The venue long description') },
        excerpt: { type: 'string', description: t('The venue short description') },
        slug: { type: 'string', description: t('The venue slug') },
        image: {
          type: 'string',
          description: t('The event featured image details if set'),
          $ref: '#/components/schemas/Image',
        },
        show_map: { type: 'boolean', description: t('Whether the map should be shown for the venue or not') },
        show_map_link: {
          type: 'boolean',
          description: t('Whether the map link should be shown for the venue or not'),
        },
        address: { type: 'string', description: t('The venue address') },
        city: { type: 'string', description: t('The venue city') },
        country: { type: 'string', description: t('The venue country') },
        province: { type: 'string', description: t('The venue province') },
        state: { type: 'string', description: t('The venue state') },
        zip: { type: 'string', description: t('The venue ZIP code') },
        phone: { type: 'string', description: t('The venue phone number') },
        website: { type: 'string', description: t('The venue website URL') },
        stateprovince: { type: 'string', description: t('The venue state or province') },
        geo_lat: { type: 'number', format: 'double', description: t('The venue geo latitude') },
        geo_lng: { type: 'number', format: 'double', description: t('The venue geo longitude') },
      },
    },
    Organizer: {
      type: 'object',
      properties: {
        id: { type: 'integer', description: t('The organizer WordPress post ID') },
        global_id: {
          type: 'string',
          description: t('The organizer ID used to globally identify in Event Aggregator'),
        },
        global_id_lineage: {
          type: 'array',
          items: { type: 'string' },
          description: t('An Array containing the lineage of where this organizer comes from, this should not change after the organizer is created.'),
        },
        author: { type: 'integer', description: t('The organizer author WordPress post ID') },
        date: { type: 'string', description: t('The organizer creation date in the site time zone') },
        date_utc: { type: 'string', description: t('The organizer creation date in UTC time') },
        modified: {
          type: 'string',
          description: t('The organizer last modification date in the site time zone'),
        },
        modified_utc: { type: 'string', description: t('The organizer last modification date in UTC time') },
        status: { type: 'string', description: t('The organizer status') },
        url: { type: 'string', description: t('The URL to the organizer page') },
        organizer: { type: 'string', description: t('The organizer name') },
        description: { type: 'string', description: t('The organizer long description') },
        excerpt: { type: 'string', description: t('The organizer short description') },
        slug: { type: 'string', description: t('The organizer slug') },
        image: {
          type: 'string',
          description: t('The event featured image details if set'),
          $ref: '#/components/schemas/Image',
        },
        phone: { type: 'string', description: t('The organizer phone number') },
        website: { type: 'string', description: t('The organizer website') },
        email: { type: 'string', description: t('The organizer email address') },
      },
    },
  };
}
