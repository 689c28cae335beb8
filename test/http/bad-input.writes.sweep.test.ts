import supertest from 'supertest';
import { describe, expect, it } from 'vitest';
import { createHandler } from '../../src/app.js';
import { createDb } from '../../src/db/create-db.js';
import { fixedClock } from '../../src/clock.js';
import { loadConfig } from '../../src/config.js';
import type { RequestContext } from '../../src/http/request-context.js';
import type { EndpointDefinition, HttpMethod, RouteDefinition } from '../../src/http/rest-route.js';
import { createNamespaceRoutes } from '../../src/routes.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { insertEvent, insertOrganizer, insertTerm, insertVenue } from '../builders/index.js';
import { RECORDING_INSTANT } from '../contract/suite.js';
import { NASTY_DATES_JSON, NASTY_IDS_JSON, NASTY_JSON, NASTY_SHAPES, NASTY_VALUES, RAW_VALUES } from './nasty-values.js';
import { recordedUserAuth, ROOT } from './support.js';
import { writtenTablesChecksum } from '../setup/written-tables.js';

/**
 * Every argument of every write route (POST, PUT, PATCH, DELETE), fed hostile values as an
 * administrator, the one role every handler is reachable by: in a form body, in a JSON body (with
 * every JSON type where a string or an ID is expected), and some in the query. The answer is a 2xx
 * JSON object or a WordPress error, never a 5xx, and a refused write leaves every content table as
 * it was (CHECKSUM TABLE before and after). The routes and their arguments come from the same
 * definitions the dispatcher validates with, so a new argument is swept without touching this file.
 *
 * Each resource gets a fresh copy of the recorded site, and writes that succeed land on records
 * made for the sweep (a deleted one is replaced), so the sample records stay as recorded. Values
 * are not crossed: each probe changes one argument of an otherwise valid request, and the methods
 * of an endpoint (POST, PUT, PATCH) take the probes in turn, as do the query and the form body.
 */


const WRITE_METHODS: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Resource = 'events' | 'venues' | 'organizers' | 'categories' | 'tags';
type Kind = 'create' | 'by-id' | 'by-slug';

interface WriteEndpoint {
  resource: Resource;
  kind: Kind;
  pattern: string;
  methods: HttpMethod[];
  args: string[];
}

const WRITE_ENDPOINTS: WriteEndpoint[] = createNamespaceRoutes().flatMap((route: RouteDefinition<RequestContext>) =>
  route.endpoints
    .map((endpoint: EndpointDefinition<RequestContext>) => ({ endpoint, methods: endpoint.methods.filter((method) => WRITE_METHODS.has(method)) }))
    .filter(({ methods }) => methods.length > 0)
    .map(({ endpoint, methods }) => ({
      resource: route.pattern.split('/')[1] as Resource,
      kind: route.pattern.includes('by-slug') ? 'by-slug' : route.pattern.includes('(?P<id>') ? 'by-id' : 'create',
      pattern: route.pattern,
      methods,
      args: Object.keys(endpoint.args),
    })),
);

/** Sample records of the recorded site (fixtures/reference/README.md), used only as IDs of the wrong kind. */
const SAMPLE = { post: 1, event: 6, venue: 5, organizer: 4, trashedOrganizer: 10, attachment: 252, category: 2, tag: 3, uncategorized: 1 };

/** One hostile request: `text` is a JSON text for JSON bodies, else `name=value` pairs, encoded as sent. */
interface Probe {
  transport: 'json' | 'form' | 'query';
  text: string;
}

/** The name a probe sets, its value, encoded for a form or a query string. */
const pair = (name: string, value: string) => `${name}=${encodeURIComponent(value)}`;

/** Hostile values for the fields of a venue or organizer entry nested in an event. */
const ENTRY_FIELD_VALUES = ['{"a":{"b":1}}', '[1,"x"]', '1e400', JSON.stringify('x'.repeat(70_000)), 'true', '-1', '"0000-00-00"', '"💥"'];

/**
 * Venue or organizer entries for an event's `venue` / `organizer`: each field of the entry with
 * two hostile values in turn (the name valid unless it is the field), then odd shapes and IDs.
 */
function linkedEntries(nameField: 'venue' | 'organizer', fields: readonly string[]): string[] {
  const entries = fields.flatMap((field, index) =>
    [index, index + ENTRY_FIELD_VALUES.length / 2].map((turn) => {
      const value = ENTRY_FIELD_VALUES[turn % ENTRY_FIELD_VALUES.length]!;
      return field === nameField ? `{"${field}":${value}}` : `{"${nameField}":"Sweep linked ${field}","${field}":${value}}`;
    }),
  );
  return [
    ...entries,
    `[{"${nameField}":"a"},{"${nameField}":"b"},{"id":-1}]`,
    `{"id":{"a":1}}`,
    `[{"id":"${SAMPLE.event}"}]`,
    `"${SAMPLE.venue},abc"`,
    `"${SAMPLE.organizer},${SAMPLE.venue}"`,
    `[[]]`,
    `[{}]`,
    `{"${nameField}":""}`,
    `[${SAMPLE.event}]`,
  ];
}

const VENUE_FIELDS = ['venue', 'address', 'city', 'country', 'province', 'state', 'zip', 'phone', 'stateprovince', 'website', 'show_map', 'show_map_link', 'status', 'date', 'author', 'image', 'description'];
const ORGANIZER_FIELDS = ['organizer', 'phone', 'website', 'email', 'status', 'date', 'author', 'image', 'description'];

/** Term lists for an event's `categories` / `tags`: IDs and names TEC's translate_terms_to_ids reads. */
const TERM_LISTS = [
  '["💥"]', JSON.stringify(['t'.repeat(300)]), '[-1]', '[0]', '[1099511627776]', '[{"name":"x"}]', '["<b></b>"]',
  '"a,b,,c"', '[""]', '[null]', '[true]', '[[1]]', `[${SAMPLE.tag}, ${SAMPLE.category}]`, '["a\\u0000b"]', '["1e400"]', '[1e400]',
];

const NAME_VALUES = [JSON.stringify('n'.repeat(201)), JSON.stringify('ñ'.repeat(201)), '"<b></b>"', '"&amp;"', '"\\t\\n"', '"%00"', JSON.stringify('💥'.repeat(200))];
const SLUG_VALUES = [JSON.stringify('s'.repeat(300)), '"---"', '"%e2%80%8b"', '"../../wp-config"', '"ñandú"', '"__trashed"', '"-"', JSON.stringify('💥'.repeat(100))];
const URL_VALUES = ['"javascript:alert(1)"', '"http://"', `"http://${'h'.repeat(300)}.example"`, '"http://[::1"', '"mailto:x@y"'];

/** The hostile JSON values one argument gets on top of NASTY_JSON, by what the argument holds. */
function extraJson(endpoint: WriteEndpoint, name: string, targets: Targets): string[] {
  switch (name) {
    case 'date':
    case 'date_utc':
    case 'start_date':
    case 'end_date':
      return NASTY_DATES_JSON;
    case 'id':
      return [...NASTY_IDS_JSON, ...targets.wrongIds.map(String)];
    case 'author':
      return [...NASTY_IDS_JSON, '999', '5'];
    case 'image':
      return [...NASTY_IDS_JSON, String(SAMPLE.attachment), String(SAMPLE.post), '"http://127.0.0.1:1/x.jpg"'];
    case 'parent':
      return [...NASTY_IDS_JSON, String(SAMPLE.tag), String(targets.selfTerm ?? 0)];
    case 'categories':
    case 'tags':
      return TERM_LISTS;
    case 'venue':
      return endpoint.resource === 'events' ? linkedEntries('venue', VENUE_FIELDS) : NAME_VALUES;
    case 'organizer':
      return endpoint.resource === 'events' ? linkedEntries('organizer', ORGANIZER_FIELDS) : NAME_VALUES;
    case 'title':
    case 'name':
      return NAME_VALUES;
    case 'slug':
      return SLUG_VALUES;
    case 'website':
    case 'email':
      return URL_VALUES;
    case 'timezone':
      return ['"UTC+99"', '"Mars/Olympus"', '"+99:99"', '"UTC\\u0000"'];
    case 'status':
      return ['"trash"', '"inherit"', '"auto-draft"', '"future"'];
    default:
      return [];
  }
}

function probesFor(endpoint: WriteEndpoint, name: string, targets: Targets): Probe[] {
  const strings = [
    ...NASTY_VALUES.map((value) => pair(name, value)),
    ...RAW_VALUES.map((value) => `${name}=${value}`),
    ...NASTY_SHAPES(name),
  ];
  return [
    // Every third string goes in the query, the others in a form body.
    ...strings.map((text, index): Probe => ({ transport: index % 3 === 1 ? 'query' : 'form', text })),
    ...[...NASTY_JSON, ...extraJson(endpoint, name, targets)].map((text): Probe => ({ transport: 'json', text })),
  ];
}

/** The records a resource's writes land on, replaced once deleted. */
interface Targets {
  /** The path of an endpoint: the collection, or a live record made for the sweep. */
  path(endpoint: WriteEndpoint): string;
  /** A DELETE on `endpoint` succeeded: the next probes need a live record again. */
  replace(endpoint: WriteEndpoint): Promise<void>;
  /** Valid fields a create needs, all but `except`; names differ per request so none is a duplicate. */
  required(endpoint: WriteEndpoint, except: string, serial: number): Record<string, string>;
  /** IDs of records a by-ID route of this resource must not write: other types, a trashed one. */
  wrongIds: number[];
  /** For categories: the term the by-ID routes write, as its own parent. */
  selfTerm?: number;
}

let serial = 0;

async function makeTargets(resource: Resource, db: TestDatabase['db']): Promise<Targets> {
  const live = new Map<string, { id: number; slug: string }>();
  const make = async (kind: string): Promise<{ id: number; slug: string }> => {
    const slug = `sweep-${kind}-${++serial}`;
    const title = `Sweep ${kind} ${serial}`;
    switch (resource) {
      case 'events':
        return { id: (await insertEvent(db, { post_title: title, post_name: slug, start_date: '2027-03-01 10:00:00' })).id, slug };
      case 'venues':
        return { id: (await insertVenue(db, { post_title: title, post_name: slug })).id, slug };
      case 'organizers':
        return { id: (await insertOrganizer(db, { post_title: title, post_name: slug })).id, slug };
      case 'categories':
        return { id: (await insertTerm(db, { taxonomy: 'tribe_events_cat', name: title, slug })).term_id, slug };
      case 'tags':
        return { id: (await insertTerm(db, { taxonomy: 'post_tag', name: title, slug })).term_id, slug };
    }
  };
  const key = (endpoint: WriteEndpoint) => `${endpoint.kind}:${endpoint.methods.includes('DELETE') ? 'delete' : 'edit'}`;
  for (const endpoint of WRITE_ENDPOINTS.filter((candidate) => candidate.resource === resource && candidate.kind !== 'create')) {
    live.set(key(endpoint), await make(key(endpoint).replace(':', '-')));
  }
  const trashed =
    resource === 'events' ? (await insertEvent(db, { post_title: 'Sweep trashed', post_status: 'trash' })).id
    : resource === 'venues' ? (await insertVenue(db, { post_title: 'Sweep trashed', post_status: 'trash' })).id
    : SAMPLE.trashedOrganizer;
  const wrongIds: Record<Resource, number[]> = {
    events: [SAMPLE.venue, SAMPLE.organizer, SAMPLE.post, SAMPLE.attachment, trashed],
    venues: [SAMPLE.event, SAMPLE.organizer, SAMPLE.post, trashed],
    organizers: [SAMPLE.venue, SAMPLE.event, SAMPLE.post, trashed],
    categories: [SAMPLE.tag, SAMPLE.uncategorized],
    tags: [SAMPLE.category, SAMPLE.uncategorized],
  };
  return {
    path(endpoint) {
      const target = live.get(key(endpoint));
      return `${ROOT}${endpoint.pattern
        .replace('(?P<id>\\d+)', String(target?.id))
        .replace('(?P<slug>[^/]+)', target?.slug ?? '')}`;
    },
    async replace(endpoint) {
      live.set(key(endpoint), await make(key(endpoint).replace(':', '-')));
    },
    required(endpoint, except, n) {
      if (endpoint.kind !== 'create') return {};
      const fields: Record<Resource, Record<string, string>> = {
        events: { title: `Sweep event ${n}`, start_date: '2027-03-01 10:00:00', end_date: '2027-03-01 11:00:00' },
        venues: { venue: `Sweep venue ${n}` },
        organizers: { organizer: `Sweep organizer ${n}` },
        categories: { name: `Sweep category ${n}` },
        tags: { name: `Sweep tag ${n}` },
      };
      return Object.fromEntries(Object.entries(fields[resource]).filter(([name]) => name !== except));
    },
    wrongIds: wrongIds[resource],
    selfTerm: resource === 'categories' ? live.get('by-id:edit')?.id : undefined,
  };
}


const adminAuth = recordedUserAuth();

/** Why one answer breaks the rule, or undefined when it keeps it. */
function problemWith(status: number, body: unknown): string | undefined {
  if (status >= 500) return `${status} ${JSON.stringify(body).slice(0, 200)}`;
  if (status >= 200 && status < 300) {
    return typeof body === 'object' && body !== null && !Array.isArray(body) ? undefined : `${status} without a JSON object`;
  }
  if (status >= 400) {
    const error = body as { code?: unknown; message?: unknown; data?: { status?: unknown; params?: unknown } } | null;
    const shaped =
      typeof error?.code === 'string' &&
      typeof error.message === 'string' &&
      error.data?.status === status &&
      (error.code !== 'rest_invalid_param' || (typeof error.data.params === 'object' && error.data.params !== null));
    return shaped ? undefined : `${status} not in WordPress's error shape: ${JSON.stringify(body).slice(0, 200)}`;
  }
  return `unexpected status ${status}`;
}

const RESOURCES: Resource[] = ['events', 'venues', 'organizers', 'categories', 'tags'];

/**
 * Which endpoint takes which probe. A DELETE endpoint takes every probe of its arguments. The
 * create and edit endpoints of a resource share their arguments (and, past the lookup, their
 * code), so each probe of an argument goes to one of the endpoints declaring it, in turn, starting
 * one further along for each argument: every value reaches every argument, and every endpoint sees
 * every kind of value.
 */
function planProbes(resource: Resource, targets: Targets): Map<WriteEndpoint, Array<Probe & { name: string }>> {
  const endpoints = WRITE_ENDPOINTS.filter((endpoint) => endpoint.resource === resource);
  const plan = new Map(endpoints.map((endpoint) => [endpoint, [] as Array<Probe & { name: string }>]));
  for (const endpoint of endpoints.filter((candidate) => candidate.methods.includes('DELETE'))) {
    for (const name of endpoint.args) plan.get(endpoint)!.push(...probesFor(endpoint, name, targets).map((probe) => ({ ...probe, name })));
  }
  const editors = endpoints.filter((endpoint) => !endpoint.methods.includes('DELETE'));
  const names = [...new Set(editors.flatMap((endpoint) => endpoint.args))];
  for (const [argIndex, name] of names.entries()) {
    const declaring = editors.filter((endpoint) => endpoint.args.includes(name));
    // Each endpoint's own probes for the argument (they differ where the value list does, e.g. `venue`).
    const probes = declaring.map((endpoint) => probesFor(endpoint, name, targets));
    const count = Math.max(...probes.map((list) => list.length));
    for (let index = 0; index < count; index++) {
      const turn = (index + argIndex) % declaring.length;
      const probe = probes[turn]![index];
      if (probe) plan.get(declaring[turn]!)!.push({ ...probe, name });
    }
  }
  return plan;
}

type Agent = ReturnType<typeof supertest>;

/** Sends one probe: its argument as the probe says, with the fields a create needs in a body of the same kind. */
function sendProbe(agent: Agent, method: HttpMethod, path: string, probe: Probe & { name: string }, base: Record<string, string>) {
  const request = agent[method.toLowerCase() as 'post' | 'put' | 'patch' | 'delete'](
    probe.transport === 'query' ? `${path}?${probe.text}` : path,
  ).set('Authorization', adminAuth);
  if (probe.transport === 'json') {
    const fields = Object.entries(base).map(([field, value]) => `,${JSON.stringify(field)}:${JSON.stringify(value)}`);
    return request.type('json').send(`{${JSON.stringify(probe.name)}:${probe.text}${fields.join('')}}`);
  }
  const fields = Object.entries(base).map(([field, value]) => pair(field, value));
  return request.type('form').send((probe.transport === 'form' ? [probe.text, ...fields] : fields).join('&'));
}

/**
 * Runs every probe of one resource's write endpoints on `database`, one request at a time, and
 * returns what went wrong: a 5xx (with the error the app logged), an answer of the wrong shape,
 * or a refusal after which the content tables differ.
 */
async function sweepResource(resource: Resource, database: TestDatabase, signal: AbortSignal): Promise<string[]> {
  const targets = await makeTargets(resource, database.db);
  const logged: unknown[] = [];
  const config = loadConfig({ DATABASE_URL: database.url, TABLE_PREFIX: database.prefix });
  // The app's own Db, whose log sees every statement the app sends: a refusal that sent none that
  // can change a row cannot have changed the tables, and is not checksummed (most are refused by
  // the arguments' validation before any SQL).
  let changingStatements = 0;
  const db = createDb({
    databaseUrl: database.url,
    tablePrefix: database.prefix,
    log: (event) => {
      if (!READS_ONLY.test(event.query.sql)) changingStatements += 1;
    },
  });
  const app = createHandler({ db, config, clock: fixedClock(RECORDING_INSTANT), logError: (error) => logged.push(error) });
  const agent = supertest(app);
  const failures: string[] = [];
  // The tables as the last refusal left them; unknown after a write that succeeded.
  let before: string | undefined;
  let successes = 0;
  let successesSeenWriting = 0;
  let sent = 0;
  let refusals = 0;
  let checksummed = 0;
  try {
    for (const [endpoint, probes] of planProbes(resource, targets)) {
      for (const [turn, probe] of probes.entries()) {
        // A sweep that timed out stops: the worker goes on to other files in this process.
        signal.throwIfAborted();
        const method = endpoint.methods[turn % endpoint.methods.length]!;
        const path = targets.path(endpoint);
        before ??= await writtenTablesChecksum(database);
        logged.length = 0;
        changingStatements = 0;
        const response = await sendProbe(agent, method, path, probe, targets.required(endpoint, probe.name, ++serial));
        const label = `${method} ${path} ${probe.name} (${probe.transport}) ${probe.text.slice(0, 60)}`;
        const problem = problemWith(response.status, response.body);
        if (problem) failures.push(`${label} -> ${problem}${logged.length > 0 ? ` [${String(logged[0]).slice(0, 160)}]` : ''}`);
        sent += 1;
        if (response.status >= 400 && response.status < 500) {
          refusals += 1;
          if (changingStatements === 0) continue;
          checksummed += 1;
          const after = await writtenTablesChecksum(database);
          if (after !== before) failures.push(`${label} -> ${response.status} ${response.body?.code} but the tables changed`);
          before = after;
          continue;
        }
        before = undefined;
        if (response.status < 300) {
          successes += 1;
          if (changingStatements > 0) successesSeenWriting += 1;
        }
        // A deleted or trashed target is replaced, so the next probes reach a live record.
        if (response.status < 300 && (method === 'DELETE' || response.body?.status === 'trash')) await targets.replace(endpoint);
      }
    }
    // The skip above trusts the log to see the app's writes: it must have seen those of the writes that succeeded.
    if (successes > 0 && successesSeenWriting === 0) failures.push(`${successes} writes succeeded, but the Db's log saw none of their statements`);
    console.info(`${resource}: ${sent} probes, ${refusals} refused, ${checksummed} of them sent a statement that can change a row and were checksummed`);
  } finally {
    await db.destroy();
  }
  return failures;
}

/**
 * Statements that change no row: reads (locking ones included) and transaction control. Anything
 * else the app sends counts as a possible change, so the tables are checksummed after it.
 */
const READS_ONLY = /^\s*(?:\(\s*)*(?:select|show|begin|start transaction|commit|rollback|savepoint|release savepoint)\b/i;

describe('bad input on every write route', () => {
  it('covers every write endpoint of every resource', () => {
    // events, venues, organizers: create, edit and delete by ID, edit and delete by slug; terms: create, edit, delete.
    expect(WRITE_ENDPOINTS.length).toBe(3 * 5 + 2 * 3);
    expect(new Set(WRITE_ENDPOINTS.map((endpoint) => endpoint.resource))).toEqual(new Set(RESOURCES));
  });

  // A database per resource, so the resources run side by side; within one, requests run in turn.
  describe.concurrent('each resource on a copy of the recorded site', () => {
    for (const resource of RESOURCES) {
      it(`every write on ${resource}: never a 5xx, and a refusal writes nothing`, async ({ expect, signal }) => {
        const database = await createTestDatabase({ dump: 'reference' });
        try {
          expect(await sweepResource(resource, database, signal)).toEqual([]);
        } finally {
          await database.drop();
        }
      }, 180_000);
    }
  });
});
