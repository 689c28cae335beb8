import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { insertEvent, insertOrganizer, insertVenue } from '../builders/index.js';
import { basicAuth, insertDefaultRoles, insertUser, type InsertedUser, type RoleName } from '../builders/users.js';
import { RECORDING_INSTANT } from '../contract/suite.js';
import { ROOT, agentFor } from './support.js';

/**
 * Who may do what, cell by cell: role × route × post status × method, on an empty site built with
 * the builders (WordPress's default roles with TEC's capabilities, one user per role, a user with
 * per-user grants). The expectations are written out by hand from WordPress's map_meta_cap and the
 * roles' capabilities, not computed by the code under test.
 */

// The events the table reads and lists start in December 2026; those a write cell creates start
// later, so that a write route that really writes can never change what the list cells see.
const LIST_WINDOW = 'start_date=2026-11-25&end_date=2026-12-31&per_page=50';
const WRITE_CELL_START = '2029-06-01 10:00:00';

const ROLES = ['anonymous', 'subscriber', 'contributor', 'author', 'editor', 'administrator', 'custom'] as const;
type Role = (typeof ROLES)[number];
const STATUSES = ['publish', 'future', 'draft', 'pending', 'private', 'trash'] as const;
type Status = (typeof STATUSES)[number];
const TYPES = ['events', 'venues', 'organizers'] as const;
type PostTypeRoute = (typeof TYPES)[number];
type Owner = 'own' | 'others';

/**
 * The custom user: a subscriber granted, on top of the role, the capabilities to edit (own and
 * others') and read private events, and to delete venues (own and others'), nothing for organizers.
 */
const CUSTOM_GRANTS = {
  edit_tribe_events: true,
  edit_others_tribe_events: true,
  read_private_tribe_events: true,
  delete_tribe_venues: true,
  delete_others_tribe_venues: true,
} as const;

interface Owned {
  own: readonly Status[];
  others: readonly Status[];
}

interface Expectation {
  /** GET /events/{id} answers 200 (trashed events are 403 for everybody, checked apart). */
  read: Owned;
  /** POST /{type}/{id} passes the permission check (edit_post). */
  edit: Readonly<Record<PostTypeRoute, Owned>>;
  /** DELETE /{type}/{id} passes the permission check (delete_post). */
  delete: Readonly<Record<PostTypeRoute, Owned>>;
  /** POST /{type} passes the permission check (the type's edit_posts). */
  create: readonly PostTypeRoute[];
  /** Holds edit_tribe_events: may filter the list by any status, and lists every status by default. */
  listsAnyStatus: boolean;
}

const NONE: Owned = { own: [], others: [] };
const VISIBLE = ['publish', 'future', 'draft', 'pending', 'private'] as const;
// An own draft, pending or private post needs only edit_* / delete_*; an own published, scheduled
// or trashed-while-published one needs *_published_*.
const OWN_UNPUBLISHED = ['draft', 'pending', 'private'] as const;
// Others' posts need *_others_*, plus *_published_* when published or scheduled, *_private_* when private.
const OTHERS_WITHOUT_EXTRA_CAP = ['draft', 'pending', 'trash'] as const;

const perType = (owned: Owned, overrides: Partial<Record<PostTypeRoute, Owned>> = {}): Record<PostTypeRoute, Owned> => ({
  events: owned,
  venues: owned,
  organizers: owned,
  ...overrides,
});

const EXPECTED: Readonly<Record<Role, Expectation>> = {
  anonymous: {
    read: { own: [], others: ['publish'] },
    edit: perType(NONE),
    delete: perType(NONE),
    create: [],
    listsAnyStatus: false,
  },
  subscriber: {
    // read_post: an author reads their own posts in any status with `read`.
    read: { own: VISIBLE, others: ['publish'] },
    edit: perType(NONE),
    delete: perType(NONE),
    create: [],
    listsAnyStatus: false,
  },
  contributor: {
    read: { own: VISIBLE, others: ['publish'] },
    edit: perType({ own: OWN_UNPUBLISHED, others: [] }),
    delete: perType({ own: OWN_UNPUBLISHED, others: [] }),
    create: ['events', 'venues', 'organizers'],
    listsAnyStatus: true,
  },
  author: {
    read: { own: VISIBLE, others: ['publish'] },
    edit: perType({ own: STATUSES, others: [] }),
    delete: perType({ own: STATUSES, others: [] }),
    create: ['events', 'venues', 'organizers'],
    listsAnyStatus: true,
  },
  editor: {
    read: { own: VISIBLE, others: VISIBLE },
    edit: perType({ own: STATUSES, others: STATUSES }),
    delete: perType({ own: STATUSES, others: STATUSES }),
    create: ['events', 'venues', 'organizers'],
    listsAnyStatus: true,
  },
  administrator: {
    read: { own: VISIBLE, others: VISIBLE },
    edit: perType({ own: STATUSES, others: STATUSES }),
    delete: perType({ own: STATUSES, others: STATUSES }),
    create: ['events', 'venues', 'organizers'],
    listsAnyStatus: true,
  },
  custom: {
    // Others' scheduled events need edit_published_tribe_events, which the grants lack.
    read: { own: VISIBLE, others: ['publish', 'draft', 'pending', 'private'] },
    edit: perType(NONE, { events: { own: OWN_UNPUBLISHED, others: OTHERS_WITHOUT_EXTRA_CAP } }),
    delete: perType(NONE, { venues: { own: OWN_UNPUBLISHED, others: OTHERS_WITHOUT_EXTRA_CAP } }),
    create: ['events'],
    listsAnyStatus: true,
  },
};

const CREATE_BODIES: Readonly<Record<PostTypeRoute, Record<string, string>>> = {
  events: { title: 'Created', start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 12:00:00' },
  venues: { venue: 'Created venue' },
  organizers: { organizer: 'Created organizer' },
};

let database: TestDatabase;
const users = new Map<Role | 'owner', InsertedUser>();
/** The events the read and list cells use: owner key -> status -> post ID. */
const readEvents = new Map<string, Map<Status, number>>();

function ownerKey(role: Role, owner: Owner): Role | 'owner' {
  return owner === 'own' ? role : 'owner';
}

/**
 * One app answers every cell, as one service answers every user: a fresh app per request spent most
 * of each cell setting itself up. It keeps no answers or records (no cache budget), so every cell's
 * permission check and read run anew.
 */
let agent: ReturnType<typeof agentFor>;

function request(role: Role, method: 'get' | 'post' | 'delete', path: string) {
  const pending = agent[method](path);
  const user = role === 'anonymous' ? undefined : users.get(role)!;
  return user ? pending.set('Authorization', basicAuth(user.login, user.appPassword!)) : pending;
}

async function insertOfType(type: PostTypeRoute, author: number, status: Status): Promise<number> {
  const post = { post_author: author, post_status: status, post_title: `${type} ${status}` };
  if (type === 'events') return (await insertEvent(database.db, { ...post, start_date: WRITE_CELL_START })).id;
  if (type === 'venues') return (await insertVenue(database.db, post)).id;
  return (await insertOrganizer(database.db, post)).id;
}

/** The singular each resource's errors use: `event-is-in-trash`, `venue-is-in-trash`. */
const SINGULAR: Readonly<Record<PostTypeRoute, string>> = { events: 'event', venues: 'venue', organizers: 'organizer' };

/**
 * What an allowed write answers: 201 for a create, 200 for an update or a trashing, and for a
 * second DELETE of a post already in the trash the plugin's 410; never a refusal or a 5xx.
 */
function expectAllowedWrite(
  response: { status: number; body: { code?: unknown; status?: unknown } },
  expected: { type: PostTypeRoute; kind: 'create' | 'edit' | 'delete'; status?: Status },
): void {
  const detail = JSON.stringify(response.body);
  if (expected.kind === 'create') {
    expect(response.status, detail).toBe(201);
  } else if (expected.kind === 'delete' && expected.status === 'trash') {
    expect(response.status, detail).toBe(410);
    expect(response.body.code).toBe(`${SINGULAR[expected.type]}-is-in-trash`);
  } else {
    expect(response.status, detail).toBe(200);
    if (expected.kind === 'delete') expect(response.body.status).toBe('trash');
  }
}

function forbidden(role: Role) {
  const status = role === 'anonymous' ? 401 : 403;
  return { code: 'rest_forbidden', message: 'Sorry, you are not allowed to do that.', data: { status } };
}

/** The owners a role's cells cover: anonymous owns nothing. */
function ownersOf(role: Role): Owner[] {
  return role === 'anonymous' ? ['others'] : ['own', 'others'];
}

beforeAll(async () => {
  database = await createTestDatabase();
  await insertDefaultRoles(database.db, database.prefix);
  for (const role of ROLES) {
    if (role === 'anonymous') continue;
    const stored: RoleName = role === 'custom' ? 'subscriber' : role;
    const capabilities = role === 'custom' ? CUSTOM_GRANTS : {};
    users.set(role, await insertUser(database.db, database.prefix, { user_login: role, role: stored, capabilities }));
  }
  users.set('owner', await insertUser(database.db, database.prefix, { user_login: 'owner', role: 'administrator' }));
  agent = agentFor(database, { now: RECORDING_INSTANT });
  for (const [key, user] of users) {
    const byStatus = new Map<Status, number>();
    for (const status of STATUSES) {
      const { id } = await insertEvent(database.db, { post_author: user.id, post_status: status, post_title: `${key} ${status}` });
      byStatus.set(status, id);
    }
    readEvents.set(key, byStatus);
  }
});

afterAll(async () => {
  await database?.drop();
});

describe.each(ROLES)('%s', (role) => {
  const expected = EXPECTED[role];

  describe('GET /events/{id}', () => {
    for (const owner of ownersOf(role)) {
      for (const status of VISIBLE) {
        const allowed = expected.read[owner].includes(status);
        it(`${owner} ${status}: ${allowed ? 'read' : 'refused'}`, async () => {
          const id = readEvents.get(ownerKey(role, owner))!.get(status)!;
          const response = await request(role, 'get', `${ROOT}/events/${id}`);
          if (allowed) {
            expect(response.status).toBe(200);
            expect(response.body).toMatchObject({ id, status });
          } else {
            expect(response.status).toBe(403);
            expect(response.body).toEqual({
              code: 'event-not-accessible',
              message: 'The requested event is not accessible',
              data: { status: 403 },
            });
          }
          // The Allow header lists the methods the same caller may use on this event.
          const edit = expected.edit.events[owner].includes(status);
          const remove = expected.delete.events[owner].includes(status);
          expect(response.headers.allow).toBe(['GET', ...(remove ? ['DELETE'] : []), ...(edit ? ['POST', 'PUT', 'PATCH'] : [])].join(', '));
        });
      }

      it(`${owner} trash: no longer available, whoever asks`, async () => {
        const id = readEvents.get(ownerKey(role, owner))!.get('trash')!;
        const response = await request(role, 'get', `${ROOT}/events/${id}`);
        expect(response.status).toBe(403);
        expect(response.body.code).toBe('event-no-longer-available');
      });
    }
  });

  describe.each(TYPES)('writes to /%s', (type) => {
    it(`POST /${type}: ${expected.create.includes(type) ? 'allowed' : 'refused'}`, async () => {
      const response = await request(role, 'post', `${ROOT}/${type}`).send(CREATE_BODIES[type]);
      if (expected.create.includes(type)) expectAllowedWrite(response, { type, kind: 'create' });
      else expect(response.body).toEqual(forbidden(role));
    });

    for (const [method, verb] of [['post', 'edit'], ['delete', 'delete']] as const) {
      for (const owner of ownersOf(role)) {
        for (const status of STATUSES) {
          const allowed = expected[verb][type][owner].includes(status);
          it(`${method.toUpperCase()} ${owner} ${status}: ${allowed ? 'allowed' : 'refused'}`, async () => {
            // A post of its own per cell, so a write that really happens cannot touch another cell.
            const id = await insertOfType(type, users.get(ownerKey(role, owner))!.id, status);
            const response = await request(role, method, `${ROOT}/${type}/${id}`);
            if (allowed) {
              expectAllowedWrite(response, { type, kind: verb, status });
            } else {
              expect(response.status).toBe(role === 'anonymous' ? 401 : 403);
              expect(response.body).toEqual(forbidden(role));
            }
          });
        }
      }
    }
  });

  describe('GET /events (list)', () => {
    const idsWithStatus = (statuses: readonly Status[]) =>
      [...readEvents.values()].flatMap((byStatus) => statuses.map((status) => byStatus.get(status)!)).sort((a, b) => a - b);

    it(`without a status filter: ${expected.listsAnyStatus ? 'every status but trash' : 'published only'}`, async () => {
      const response = await request(role, 'get', `${ROOT}/events?${LIST_WINDOW}`);
      expect(response.status).toBe(200);
      const ids = (response.body.events as { id: number }[]).map((event) => event.id).sort((a, b) => a - b);
      expect(ids).toEqual(idsWithStatus(expected.listsAnyStatus ? VISIBLE : ['publish']));
      expect(response.headers.allow).toBe(expected.create.includes('events') ? 'GET, POST' : 'GET');
    });

    for (const status of STATUSES) {
      const allowed = status === 'publish' || expected.listsAnyStatus;
      it(`status=${status}: ${allowed ? 'listed' : '400'}`, async () => {
        const response = await request(role, 'get', `${ROOT}/events?${LIST_WINDOW}&status=${status}`);
        if (allowed) {
          expect(response.status).toBe(200);
          const ids = (response.body.events as { id: number }[]).map((event) => event.id).sort((a, b) => a - b);
          expect(ids).toEqual(idsWithStatus([status]));
        } else {
          // The status argument's validator refuses it, before any permission check.
          expect(response.status).toBe(400);
          expect(response.body).toEqual({
            code: 'rest_invalid_param',
            message: 'Invalid parameter(s): status',
            data: { status: 400, params: { status: 'Invalid parameter.' }, details: [] },
          });
        }
      });
    }
  });
});
