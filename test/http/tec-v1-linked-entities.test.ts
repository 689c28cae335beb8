import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { insertEvent, insertOrganizer, insertVenue } from '../builders/index.js';
import { agentFor } from './support.js';

/**
 * Venues and organizers as tec/v1 shows them, alone and nested in events, on values the recorded
 * dev site lacks (apostrophes, ampersands, angle brackets, quotes). Expected values are derived by
 * hand from TEC 6.17.2 and WordPress core:
 *
 * - Venue::build_properties and Organizer::build_properties (src/Tribe/Models/Post_Types/) read
 *   each field through its template tag: tribe_get_address, _city, _stateprovince, _state,
 *   _province, _zip, _phone and tribe_get_country wrap the meta in esc_html (template-tags/venue.php);
 *   tribe_get_venue_website_url returns it as stored; tribe_get_organizer_phone and
 *   tribe_get_organizer_email( $id, false ) esc_html, tribe_get_organizer_website_url
 *   esc_url( esc_html() ) (organizer.php). esc_html keeps valid entities and writes ' as &#039;.
 * - tribe_get_map_link (google-map.php) joins what those tags return (so escaped) with the raw
 *   _VenueStateProvince of tribe_get_region, urlencodes it and passes it through esc_url.
 * - The title is core's get_the_title (texturized, no esc_html); the event's organizer_names is
 *   tribe_get_organizer: esc_html( get_the_title() ), so its markup is escaped.
 * - Nested entities: With_Transform_Organizers_And_Venues calls each endpoint's
 *   get_formatted_entity, whose WP_REST_Posts_Controller::prepare_item_for_response reads the
 *   event's request (Controller::bind_request_object): get_fields_for_response keeps the `_fields`
 *   names of the venue's own schema and `id`, so `_fields=venues` shows a venue's `id`, the model's
 *   fields and `link` (add_properties_to_model), and none of core's other fields. Then
 *   rest_filter_response_fields filters the answer: `venues.title` meets a list, whose keys are
 *   indexes, and keeps nothing.
 */

const EEA =
  'I understand that this endpoint is experimental and may change in a future release without maintaining backward compatibility. I also understand that I am using this endpoint at my own risk, while support is not provided for it.';
const SITE = 'http://127.0.0.1:8080';

let database: TestDatabase;
const ids: Record<string, number> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  ids.venue = (
    await insertVenue(db, {
      post_title: `Joe's <b>Bar</b> & "Grill"`,
      address: `1 O'Neil St & <Co> "x"`,
      city: `St. John's`,
      state: 'A&B',
      province: "P'",
      stateprovince: '',
      country: 'United States',
      zip: '<1>',
      phone: `"555" & 'x'`,
      website: `http://x.test/?a=1&b='2'`,
    })
  ).id;
  ids.organizer = (
    await insertOrganizer(db, { post_title: `Ann's & <i>Co</i>`, phone: `"555" & 'x'`, website: `http://x.test/?a=1&b='2'<x>`, email: `o'neil&co@x.test` })
  ).id;
  ids.event = (await insertEvent(db, { post_title: 'Gig', venue: ids.venue, organizers: [ids.organizer] })).id;
});

afterAll(() => database?.drop());

async function get(path: string): Promise<{ status: number; text: string; body: Record<string, unknown> }> {
  const response = await agentFor(database, { env: { NAMESPACES: 'tec/v1' } })
    .get(`/wp-json/tec/v1${path}`)
    .set('X-TEC-EEA', EEA);
  return { status: response.status, text: response.text, body: response.body as Record<string, unknown> };
}

const VENUE_MODEL = {
  address: '1 O&#039;Neil St &amp; &lt;Co&gt; &quot;x&quot;',
  country: 'United States',
  city: 'St. John&#039;s',
  state_province: '',
  state: 'A&amp;B',
  province: 'P&#039;',
  zip: '&lt;1&gt;',
  phone: '&quot;555&quot; &amp; &#039;x&#039;',
  // The region is the (escaped) state: _VenueStateProvince is empty and the country "United States".
  directions_link:
    'https://maps.google.com/maps?f=q&#038;source=s_q&#038;hl=en&#038;geocode=&#038;q=1+O%26%23039%3BNeil+St+%26amp%3B+%26lt%3BCo%26gt%3B+%26quot%3Bx%26quot%3B+St.+John%26%23039%3Bs+A%26amp%3BB+%26lt%3B1%26gt%3B+United+States',
  website: "http://x.test/?a=1&b='2'",
};

const ORGANIZER_MODEL = {
  phone: '&quot;555&quot; &amp; &#039;x&#039;',
  website: 'http://x.test/?a=1&#038;b=&#039;2&#039;&lt;x&gt;',
  email: 'o&#039;neil&amp;co@x.test',
};

describe('tec/v1: the text of venues and organizers', () => {
  it('escapes a venue’s fields as its template tags do, alone', async () => {
    const { status, body } = await get(`/venues/${ids.venue}`);
    expect(status).toBe(200);
    expect(body.title).toEqual({ rendered: 'Joe&#8217;s <b>Bar</b> &#038; &#8220;Grill&#8221;' });
    const { id: _id, ...core } = body;
    expect(Object.fromEntries(Object.entries(core).filter(([key]) => key in VENUE_MODEL))).toEqual(VENUE_MODEL);
    expect(Object.keys(body).slice(-11)).toEqual(['template', ...Object.keys(VENUE_MODEL)]);
  });

  it('escapes an organizer’s phone, website and e-mail as its template tags do, alone', async () => {
    const { status, body } = await get(`/organizers/${ids.organizer}`);
    expect(status).toBe(200);
    expect(body.title).toEqual({ rendered: 'Ann&#8217;s &#038; <i>Co</i>' });
    expect(Object.keys(body).slice(-3)).toEqual(['phone', 'website', 'email']);
    expect({ phone: body.phone, website: body.website, email: body.email }).toEqual(ORGANIZER_MODEL);
  });

  it('shows the same text nested in an event, and escapes the organizer names', async () => {
    const { body } = await get(`/events/${ids.event}`);
    const [venue] = body.venues as Record<string, unknown>[];
    const [organizer] = body.organizers as Record<string, unknown>[];
    expect(venue).toEqual((await get(`/venues/${ids.venue}`)).body);
    expect(organizer).toEqual((await get(`/organizers/${ids.organizer}`)).body);
    expect(body.organizer_names).toEqual(['Ann&#8217;s &#038; &lt;i&gt;Co&lt;/i&gt;']);
  });
});

describe('tec/v1: venues and organizers nested in events under _fields', () => {
  it('`_fields=venues,organizers`: each shows its id, the model’s fields and link, no other core field', async () => {
    const { status, text } = await get(`/events/${ids.event}?_fields=venues,organizers`);
    expect(status).toBe(200);
    expect(JSON.parse(text)).toEqual({
      organizers: [{ id: ids.organizer, ...ORGANIZER_MODEL, link: `${SITE}/organizer/anns-co/` }],
      venues: [{ id: ids.venue, ...VENUE_MODEL, link: `${SITE}/venue/joes-bar-grill/` }],
    });
    // In PHP's order: core's id, then the model's properties, then link (permalink moved last).
    expect(Object.keys((JSON.parse(text) as { venues: object[] }).venues[0]!)).toEqual(['id', ...Object.keys(VENUE_MODEL), 'link']);
  });

  it('core fields named for the event are built for the nested ones too, part by part', async () => {
    const { body } = await get(`/events/${ids.event}?_fields=title.rendered,content.protected,venues`);
    const [venue] = body.venues as Record<string, unknown>[];
    expect(body.title).toEqual({ rendered: 'Gig' });
    expect(body.content).toEqual({ protected: false });
    expect(Object.keys(venue!)).toEqual(['id', 'title', 'content', ...Object.keys(VENUE_MODEL), 'link']);
    expect(venue!.title).toEqual({ rendered: 'Joe&#8217;s <b>Bar</b> &#038; &#8220;Grill&#8221;' });
    expect(venue!.content).toEqual({ protected: false });
  });

  it('a sub-field of the list keeps nothing; an index keeps that item, filtered', async () => {
    expect((await get(`/events/${ids.event}?_fields=venues.title,organizers.id`)).text).toBe('{"organizers":[],"venues":[]}');
    // The venue's core builds `title` as an empty array (`title.foo` names no part of it).
    expect((await get(`/events/${ids.event}?_fields=title.foo,venues.0.title,venues.0.city`)).text).toBe(
      '{"title":[],"venues":[{"title":[],"city":"St. John&#039;s"}]}',
    );
  });
});

describe('tec/v1: GET /organizers?event=', () => {
  /*
   * Linked_Posts::filter_by_event (src/Tribe/Repositories/Linked_Posts.php) JOINs the event's
   * `_EventOrganizerID` rows and adds a WHERE on their post_id; nothing sets an order, so WP_Query
   * sends its default ORDER BY post_date DESC: newest first, whatever order the event names them in.
   * Posts saved in the same second come as the join reads the event's rows (the recorded organizers
   * 31, 35 of event 194), which the service keeps.
   */
  it('lists the event’s organizers newest first, ties in the event’s order', async () => {
    const db = database.db;
    const organizer = async (title: string, date: string) => (await insertOrganizer(db, { post_title: title, post_date: date, post_date_gmt: date })).id;
    const january = await organizer('January', '2026-01-01 10:00:00');
    const march = await organizer('March', '2026-03-01 10:00:00');
    const februaryA = await organizer('February A', '2026-02-01 10:00:00');
    const februaryB = await organizer('February B', '2026-02-01 10:00:00');
    const event = (await insertEvent(db, { post_title: 'Linked four times', organizers: [january, februaryB, march, februaryA] })).id;
    const { status, body } = await get(`/organizers?event=${event}&_fields=id`);
    expect(status).toBe(200);
    expect((body as unknown as { id: number }[]).map((row) => row.id)).toEqual([march, februaryB, februaryA, january]);
    const second = await get(`/organizers?event=${event}&_fields=id&per_page=2&page=2`);
    expect((second.body as unknown as { id: number }[]).map((row) => row.id)).toEqual([februaryA, january]);
  });
});
