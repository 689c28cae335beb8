import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORDING_INSTANT } from '../contract/suite.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { postMetaValues } from '../setup/post-meta.js';
import { writtenTablesChecksum } from '../setup/written-tables.js';
import { agentFor, recordedUserAuth, ROOT } from './support.js';

/*
 * Event bodies whose linked records, terms or cost come in shapes the captures do not show, each
 * answered and stored as TEC's code handles it (Single_Event::prepare_postarr, Linked_Post_Base
 * and Single_Organizer::insert, Linked_Posts::handle_submission, Tribe__Terms, saveEventMeta's
 * cost loop). Reference site: venues 19-21, organizers 29-31, categories 7-10.
 */

const admin = recordedUserAuth();
const EVENT = { title: 'Edge Event', start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 12:00:00' };

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
});

afterAll(async () => {
  await database?.drop();
});

function send(method: 'post' | 'put', path: string, body: Record<string, unknown>) {
  return agentFor(database, { now: RECORDING_INSTANT })[method](`${ROOT}${path}`).set('Authorization', admin).send(body);
}

function meta(id: number, key: string): Promise<string[]> {
  return postMetaValues(database.db, id, key);
}

/** Sends the body and expects a 400 with exactly `error`, and not one row written. */
async function expectRefused(method: 'post' | 'put', path: string, body: Record<string, unknown>, error: unknown): Promise<void> {
  const before = await writtenTablesChecksum(database);
  const response = await send(method, path, body);
  expect(response.status, JSON.stringify(response.body)).toBe(400);
  expect(response.body).toEqual(error);
  expect(await writtenTablesChecksum(database)).toBe(before);
}

const couldNotCreateOrganizer = {
  code: 'could-not-create-organizer',
  message: 'The organizer could not be created from the provided data',
  data: { status: 400 },
};
const couldNotCreateVenue = {
  code: 'could-not-create-venue',
  message: 'The venue could not be created from the provided data',
  data: { status: 400 },
};

/** WordPress's rest_invalid_param for an argument whose `index`th value is an array or object. */
function notAnIdOrName(param: 'categories' | 'tags' | 'cost', index: string, types: string) {
  const message = `${param}[${index}] is not of type ${types}.`;
  return {
    code: 'rest_invalid_param',
    message: `Invalid parameter(s): ${param}`,
    data: {
      status: 400,
      params: { [param]: message },
      details: { [param]: { code: 'rest_invalid_type', message, data: { param: `${param}[${index}]` } } },
    },
  };
}

describe('linked records in an event body', () => {
  it('links an organizer named twice once (handle_submission array_unique), on create and on update', async () => {
    const created = await send('post', '/events', { ...EVENT, organizer: [29, 29] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    expect(await meta(id, '_EventOrganizerID')).toEqual(['29']);
    expect(created.body.organizer.map((organizer: { id: number }) => organizer.id)).toEqual([29]);

    const updated = await send('put', `/events/${id}`, { organizer: [31, '30', { id: 31 }, 30] });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(await meta(id, '_EventOrganizerID')).toEqual(['31', '30']);
    expect(updated.body.organizer.map((organizer: { id: number }) => organizer.id)).toEqual([31, 30]);
  });

  it('refuses organizers given as a comma-separated string (could-not-create-organizer), nothing written', async () => {
    // The validator reads the string as IDs; Single_Organizer::insert takes it as one entry and fails to create it.
    await expectRefused('post', '/events', { ...EVENT, organizer: '29,30' }, couldNotCreateOrganizer);
  });

  it('refuses a venue given as a comma-separated string (could-not-create-venue), nothing written', async () => {
    await expectRefused('post', '/events', { ...EVENT, venue: '19,20' }, couldNotCreateVenue);
  });

  it('refuses one organizer object given without a list: its values are read as entries (could-not-create-organizer)', async () => {
    await expectRefused('post', '/events', { ...EVENT, organizer: { organizer: 'Solo Org', email: 'solo@example.org' } }, couldNotCreateOrganizer);
  });

  it('links `{id}` given without a list, as its one value is an organizer ID', async () => {
    const created = await send('post', '/events', { ...EVENT, organizer: { id: 30 } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await meta(created.body.id as number, '_EventOrganizerID')).toEqual(['30']);
  });

  it('refuses a venue given as a list, of IDs or of fields (could-not-create-venue), nothing written', async () => {
    await expectRefused('post', '/events', { ...EVENT, venue: [19] }, couldNotCreateVenue);
    await expectRefused('post', '/events', { ...EVENT, venue: [{ venue: 'Listed Hall' }] }, couldNotCreateVenue);
  });

  it('writes neither the nested venue nor the event when the organizers fail after it', async () => {
    const body = { ...EVENT, venue: { venue: 'Never Hall', city: 'Nowhere' }, organizer: '29,30' };
    await expectRefused('post', '/events', body, couldNotCreateOrganizer);
    const update = { venue: { venue: 'Never Hall Either' }, organizer: { organizer: 'Fine Org' } };
    await expectRefused('put', '/events/6', update, couldNotCreateOrganizer);
  });
});

describe('categories and tags holding arrays or objects', () => {
  it('refuses a category given as an object in the list with rest_invalid_param (the plugin: a fatal error), nothing written', async () => {
    await expectRefused('post', '/events', { ...EVENT, categories: [{ id: 7 }] }, notAnIdOrName('categories', '0', 'integer,string'));
  });

  it('creates no tag named before the refused value', async () => {
    const body = { ...EVENT, tags: ['fresh-edge-tag', ['nested']] };
    await expectRefused('post', '/events', body, notAnIdOrName('tags', '1', 'integer,string'));
  });

  it('refuses the same on update, naming the key of an object value, and leaves the event alone', async () => {
    await expectRefused('put', '/events/6', { categories: { music: { id: 7 } } }, notAnIdOrName('categories', 'music', 'integer,string'));
  });

  it('reads an object of IDs by its values, as PHP`s (array) cast does', async () => {
    const created = await send('post', '/events', { ...EVENT, categories: { a: 7 } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.categories.map((category: { id: number }) => category.id)).toEqual([7]);
  });
});

describe('cost given as a list', () => {
  it('stores one _EventCost row per value, in the order given, and shows the range', async () => {
    const created = await send('post', '/events', { ...EVENT, cost: [25, 10] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    expect(await meta(id, '_EventCost')).toEqual(['25', '10']);
    // parse_currency_symbol of bare numbers is '' and create's array_filter drops it.
    expect(await meta(id, '_EventCurrencySymbol')).toEqual([]);
    expect(await meta(id, '_EventCurrencyPosition')).toEqual([]);
    expect(created.body.cost).toBe('$10 – $25');
    expect(created.body.cost_details).toEqual({ currency_symbol: '', currency_code: '', currency_position: '', values: ['10', '25'] });

    const read = await agentFor(database, { now: RECORDING_INSTANT }).get(`${ROOT}/events/${id}`);
    expect(read.body.cost).toBe('$10 – $25');
  });

  it('shows a zero in the list as Free', async () => {
    const created = await send('post', '/events', { ...EVENT, cost: ['0', '15'] });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await meta(created.body.id as number, '_EventCost')).toEqual(['0', '15']);
    expect(created.body.cost).toBe('Free – $15');
  });

  it('keeps a list of one zero, which create`s array_filter does not drop (the string "0" it does)', async () => {
    const created = await send('post', '/events', { ...EVENT, cost: ['0'] });
    expect(await meta(created.body.id as number, '_EventCost')).toEqual(['0']);
    expect(created.body.cost).toBe('Free');
  });

  it('reads the currency symbol and its position from the values', async () => {
    const created = await send('post', '/events', { ...EVENT, cost: ['€5', '€20'] });
    const id = created.body.id as number;
    expect(await meta(id, '_EventCost')).toEqual(['€5', '€20']);
    expect(await meta(id, '_EventCurrencySymbol')).toEqual(['€']);
    expect(await meta(id, '_EventCurrencyPosition')).toEqual(['prefix']);
    expect(created.body.cost).toBe('€5 – €20');
  });

  it('replaces the rows with a list on update, and an update with one value sets every row to it', async () => {
    const created = await send('post', '/events', { ...EVENT, cost: '8' });
    const id = created.body.id as number;
    const listed = await send('put', `/events/${id}`, { cost: [12, 30] });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(await meta(id, '_EventCost')).toEqual(['12', '30']);
    expect(listed.body.cost).toBe('$12 – $30');
    // update_metadata without a previous value rewrites every row of the key.
    const single = await send('put', `/events/${id}`, { cost: '40' });
    expect(await meta(id, '_EventCost')).toEqual(['40', '40']);
    expect(single.body.cost).toBe('$40');
  });

  it('refuses a list holding a list (the plugin: a fatal error in its cost parser), nothing written', async () => {
    await expectRefused('post', '/events', { ...EVENT, cost: [10, [25]] }, notAnIdOrName('cost', '1', 'string,number'));
  });
});
