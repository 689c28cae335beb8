import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../../src/db/create-db.js';
import type { Viewer } from '../../../../src/wp/auth/capabilities.js';
import { PostType, Taxonomy, TrashMeta, WpPostMeta } from '../../../../src/wp/constants.js';
import { selectPostById, type PostRow } from '../../../../src/wp/posts/posts.repository.js';
import { loadSiteSettings, type SiteSettings } from '../../../../src/wp/site/site.js';
import { TRACKER_META_KEY, decodeModifiedFields, trackTermsChanged } from '../../../../src/wp/tec/tracker.js';
import { addPostMeta, deletePostMeta, updatePostMeta } from '../../../../src/wp/write/post-meta.js';
import { insertPost, trashPost, updatePost } from '../../../../src/wp/write/posts.js';
import type { WriteScope } from '../../../../src/wp/write/transaction.js';
import { postMetaValues } from '../../../setup/post-meta.js';
import { inRolledBackWrite as rolledBack } from '../../../setup/rolled-back-write.js';
import { createTestDatabase, type TestDatabase } from '../../../setup/database.js';

/*
 * The post core on the recorded site (fixtures/reference/db.sql, UTC, next post ID 266), for the
 * rules the recorded writes do not reach. Each test runs in a transaction that is rolled back.
 */

let database: TestDatabase;
let site: SiteSettings;

const NOW = new Date('2026-11-24T17:00:00Z');
const NOW_UNIX = NOW.getTime() / 1000;
const ADMIN: Viewer = { userId: 1, capabilities: new Set(['read', 'unfiltered_html', 'publish_tribe_events', 'read_private_tribe_events', 'publish_tribe_venues']) };
const CONTRIBUTOR: Viewer = { userId: 4, capabilities: new Set(['edit_tribe_events']) };

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  site = await loadSiteSettings(database.db);
});

afterAll(async () => {
  await database?.drop();
});

/** A rolled-back write as the administrator at NOW on the recorded site, unless the extras say otherwise. */
function inRolledBackWrite(work: (scope: WriteScope, trx: Db) => Promise<void>, scopeExtras: Partial<WriteScope> = {}): Promise<void> {
  return rolledBack(database.db, { now: NOW, site, viewer: ADMIN, ...scopeExtras }, work);
}

async function post(trx: Db, id: number): Promise<PostRow> {
  const row = await selectPostById(trx, id);
  if (!row) throw new Error(`no post ${id}`);
  return row;
}

/** The values of a meta key, read inside the write. */
const meta = postMetaValues;

async function stamps(trx: Db, id: number): Promise<Map<string, unknown>> {
  return decodeModifiedFields((await meta(trx, id, TRACKER_META_KEY))[0]);
}

describe('insertPost', () => {
  it('numbers clashing slugs -2, -3 and keeps feed names and `embed` free', async () => {
    await inRolledBackWrite(async (scope, trx) => {
      const first = await insertPost(scope, { post_type: PostType.venue, post_title: 'Twin Hall', post_status: 'publish' });
      const second = await insertPost(scope, { post_type: PostType.venue, post_title: 'Twin Hall', post_status: 'publish' });
      const third = await insertPost(scope, { post_type: PostType.venue, post_title: 'Twin Hall', post_status: 'publish' });
      const feed = await insertPost(scope, { post_type: PostType.venue, post_title: 'Feed', post_status: 'publish' });
      const embed = await insertPost(scope, { post_type: PostType.venue, post_title: 'Embed', post_status: 'publish' });
      expect((await post(trx, first)).post_name).toBe('twin-hall');
      expect((await post(trx, second)).post_name).toBe('twin-hall-2');
      expect((await post(trx, third)).post_name).toBe('twin-hall-3');
      expect((await post(trx, feed)).post_name).toBe('feed-2');
      expect((await post(trx, embed)).post_name).toBe('embed-2');
    });
  });

  it('names a post whose title gives no slug after its ID, and keeps drafts nameless', async () => {
    await inRolledBackWrite(async (scope, trx) => {
      const id = await insertPost(scope, { post_type: PostType.venue, post_title: '!!!', post_status: 'publish' });
      expect((await post(trx, id)).post_name).toBe(String(id));
      const draft = await insertPost(scope, { post_type: PostType.event, post_title: 'A Draft' });
      const row = await post(trx, draft);
      expect(row.post_status).toBe('draft');
      expect(row.post_name).toBe('');
      expect(row.post_date_gmt).toBe('0000-00-00 00:00:00');
      expect(row.guid).toBe(`http://127.0.0.1:8080/?post_type=tribe_events&p=${draft}`);
    });
  });

  it('clears the slug a contributor gives a pending post', async () => {
    await inRolledBackWrite(
      async (scope, trx) => {
        const id = await insertPost(scope, { post_type: PostType.event, post_title: 'Review me', post_name: 'my-slug', post_status: 'pending' });
        expect((await post(trx, id)).post_name).toBe('');
        expect((await post(trx, id)).post_author).toBe(4);
      },
      { viewer: CONTRIBUTOR },
    );
  });

  it('schedules a published post dated ahead, with a plain guid; trims and unslashes the title', async () => {
    await inRolledBackWrite(async (scope, trx) => {
      const id = await insertPost(scope, {
        post_type: PostType.event,
        post_title: '  Later \\o/  ',
        post_status: 'publish',
        post_date: '2026-12-01 10:00:00',
      });
      const row = await post(trx, id);
      expect(row.post_status).toBe('future');
      expect(row.post_title).toBe('Later o/');
      expect(row.post_name).toBe('later-o');
      expect(row.post_date_gmt).toBe('2026-12-01 10:00:00');
      expect(row.post_modified).toBe('2026-12-01 10:00:00');
      expect(row.guid).toBe(`http://127.0.0.1:8080/?post_type=tribe_events&p=${id}`);
    });
  });

  it("stores local and GMT dates in the site's zone", async () => {
    await inRolledBackWrite(
      async (scope, trx) => {
        const id = await insertPost(scope, { post_type: PostType.venue, post_title: 'Berlin Hall', post_status: 'publish' });
        const row = await post(trx, id);
        expect(row.post_date).toBe('2026-11-24 18:00:00');
        expect(row.post_date_gmt).toBe('2026-11-24 17:00:00');
        // The tracker stamps local time; term stamps are PHP's time().
        expect((await stamps(trx, id)).get('_VenueOrigin')).toBe(NOW_UNIX + 3600);
      },
      { site: { ...site, timezone: 'Europe/Berlin' } },
    );
  });

  it('makes a trashed post holding the wanted slug step aside', async () => {
    await inRolledBackWrite(async (scope, trx) => {
      const old = await insertPost(scope, { post_type: PostType.event, post_title: 'Reused Name', post_status: 'publish' });
      await trashPost(scope, old);
      expect((await post(trx, old)).post_name).toBe('reused-name__trashed');
      const fresh = await insertPost(scope, { post_type: PostType.event, post_title: 'Reused Name', post_status: 'publish' });
      expect((await post(trx, fresh)).post_name).toBe('reused-name');
      // Untrashing gives the old post its desired slug back, made unique.
      await updatePost(scope, old, { post_status: 'publish' });
      expect((await post(trx, old)).post_name).toBe('reused-name-2');
      expect(await meta(trx, old, WpPostMeta.desiredSlug)).toEqual([]);
    });
  });
});

describe('updatePost', () => {
  it('makes a revision on the first update, and later only when title, content or excerpt changed', async () => {
    await inRolledBackWrite(async (scope, trx) => {
      const revisions = () =>
        trx.selectFrom('posts').select(['ID', 'post_title', 'post_author']).where('post_parent', '=', 19).where('post_type', '=', 'revision').execute();
      await updatePost(scope, 19, { post_status: 'publish' });
      expect(await revisions()).toHaveLength(1);
      await updatePost(scope, 19, { post_status: 'publish' });
      expect(await revisions()).toHaveLength(1);
      await updatePost(scope, 19, { post_title: 'Renamed' });
      const after = await revisions();
      expect(after.map((row) => row.post_title).sort()).toEqual(['Renamed', 'Seed Venue 1 Springfield']);
      expect(after.every((row) => row.post_author === 1)).toBe(true);
    });
  });

  it('keeps the old slug and day of a published post, not of a draft', async () => {
    await inRolledBackWrite(async (scope, trx) => {
      await updatePost(scope, 19, { post_name: 'new-name', post_date: '2026-11-24 10:00:00', post_date_gmt: '2026-11-24 10:00:00' });
      expect(await meta(trx, 19, WpPostMeta.oldSlug)).toEqual(['seed-venue-1-springfield']);
      expect(await meta(trx, 19, WpPostMeta.oldDate)).toEqual(['2026-11-21']);
      // Back to the first name: the old slug entry equal to it goes, the other one is kept.
      await updatePost(scope, 19, { post_name: 'seed-venue-1-springfield' });
      expect(await meta(trx, 19, WpPostMeta.oldSlug)).toEqual(['new-name']);

      await updatePost(scope, 20, { post_status: 'draft', post_name: 'draft-name' });
      expect(await meta(trx, 20, WpPostMeta.oldSlug)).toEqual([]);
    });
  });

  it('keeps the slug its post holds; a trashed post holding it steps aside, another post holding it moves this one to -2', async () => {
    await inRolledBackWrite(async (scope, trx) => {
      const nameOf = async (id: number) => (await post(trx, id)).post_name;
      const holder = await insertPost(scope, { post_type: PostType.event, post_title: 'Held Name', post_status: 'publish' });
      await updatePost(scope, holder, { post_title: 'Another Title' });
      expect(await nameOf(holder)).toBe('held-name');

      // Names given behind WordPress's back (SQL, an import): the update's one read of the
      // holders of its name serves both the trashed-suffix step and the uniqueness check.
      const trashed = await insertPost(scope, { post_type: PostType.event, post_title: 'Old Event', post_status: 'publish' });
      await trashPost(scope, trashed);
      await trx.updateTable('posts').set({ post_name: 'held-name' }).where('ID', '=', trashed).execute();
      await updatePost(scope, holder, { post_title: 'Third Title' });
      expect([await nameOf(holder), await nameOf(trashed)]).toEqual(['held-name', 'held-name__trashed']);

      const twin = await insertPost(scope, { post_type: PostType.event, post_title: 'Twin', post_status: 'publish' });
      await trx.updateTable('posts').set({ post_name: 'held-name' }).where('ID', '=', twin).execute();
      await updatePost(scope, holder, { post_title: 'Fourth Title' });
      expect([await nameOf(holder), await nameOf(twin)]).toEqual(['held-name-2', 'held-name']);
    });
  });

  it('dates a never-dated draft at now when it is updated', async () => {
    await inRolledBackWrite(async (scope, trx) => {
      const id = await insertPost(scope, { post_type: PostType.event, post_title: 'Draft', post_date: '2026-01-01 00:00:00' });
      expect((await post(trx, id)).post_date).toBe('2026-01-01 00:00:00');
      const row = await updatePost(scope, id, { post_title: 'Draft 2' });
      expect(row.post_date).toBe('2026-11-24 17:00:00');
      expect(row.post_date_gmt).toBe('0000-00-00 00:00:00');
      const kept = await updatePost(scope, id, { post_date: '2026-02-02 00:00:00' }, { editDate: true });
      expect(kept.post_date).toBe('2026-02-02 00:00:00');
    });
  });

  it('stamps changed post fields in the tracker, in its order, and nothing for an unchanged post', async () => {
    await inRolledBackWrite(async (scope, trx) => {
      const before = await stamps(trx, 19);
      await updatePost(scope, 19, {});
      expect(await stamps(trx, 19)).toEqual(before);
      await updatePost(scope, 19, { post_excerpt: 'Ex', post_title: 'T' });
      const after = await stamps(trx, 19);
      expect([...after.keys()].slice(-2)).toEqual(['post_title', 'post_excerpt']);
      expect(after.get('post_title')).toBe(NOW_UNIX);
    });
  });
});

describe('trashPost', () => {
  it('writes the trash meta, renames the slug and unlinks the venue from upcoming events only', async () => {
    await inRolledBackWrite(async (scope, trx) => {
      const row = await trashPost(scope, 28);
      expect(row.post_status).toBe('trash');
      expect(row.post_name).toBe('seed-venue-10-rome__trashed');
      expect(await meta(trx, 28, TrashMeta.status)).toEqual(['publish']);
      expect(await meta(trx, 28, TrashMeta.time)).toEqual([String(NOW_UNIX)]);
      expect(await meta(trx, 28, WpPostMeta.desiredSlug)).toEqual(['seed-venue-10-rome']);
      // Event 231 ended before now and keeps its venue; event 118 is upcoming and loses it.
      expect(await meta(trx, 231, '_EventVenueID')).toEqual(['28']);
      expect(await meta(trx, 118, '_EventVenueID')).toEqual([]);
    });
  });

  it('leaves a post already in the trash as it is', async () => {
    await inRolledBackWrite(async (scope, trx) => {
      const before = await post(trx, 10);
      expect(await trashPost(scope, 10)).toEqual(before);
      expect(scope.changes.isEmpty).toBe(true);
    });
  });
});

describe('post meta', () => {
  it('adds, updates only what differs, deletes by value; the tracker stamps each change of a tracked type', async () => {
    await inRolledBackWrite(async (scope, trx) => {
      await addPostMeta(scope, 19, '_Custom', 'a');
      await addPostMeta(scope, 19, '_Custom', 'b');
      expect((await stamps(trx, 19)).has('_Custom')).toBe(true);
      await updatePostMeta(scope, 19, '_Custom', 'c');
      expect(await meta(trx, 19, '_Custom')).toEqual(['c', 'c']);
      await deletePostMeta(scope, 19, '_Custom', 'x');
      expect(await meta(trx, 19, '_Custom')).toEqual(['c', 'c']);
      await deletePostMeta(scope, 19, '_Custom', 'c');
      expect(await meta(trx, 19, '_Custom')).toEqual([]);

      // Post 1 is an ordinary post: never tracked.
      await addPostMeta(scope, 1, '_Custom', 'a');
      expect(await meta(trx, 1, TRACKER_META_KEY)).toEqual([]);
    });
  });

  it('does not stamp an update to an equal value (PHP loose comparison), and stamps term changes with unix time', async () => {
    await inRolledBackWrite(
      async (scope, trx) => {
        const before = await stamps(trx, 19);
        await updatePostMeta(scope, 19, '_VenueZip', '10000.0');
        expect((await stamps(trx, 19)).get('_VenueZip')).toBe(before.get('_VenueZip'));
        await trackTermsChanged(scope, 6, Taxonomy.eventCategory);
        expect((await stamps(trx, 6)).get(Taxonomy.eventCategory)).toBe(NOW_UNIX);
        await trackTermsChanged(scope, 6, 'category');
        expect((await stamps(trx, 6)).has('category')).toBe(false);
      },
      { site: { ...site, timezone: 'Europe/Berlin' } },
    );
  });
});

describe('publishPost', () => {
  it('sets only the status of a trashed organizer, keeping its slug, dates and trash meta', async () => {
    const { publishPost } = await import('../../../../src/wp/write/posts.js');
    await inRolledBackWrite(async (scope, trx) => {
      const before = await post(trx, 10);
      const after = await publishPost(scope, 10);
      expect(after?.post_status).toBe('publish');
      expect(await post(trx, 10)).toEqual({ ...before, post_status: 'publish' });
      expect(await meta(trx, 10, WpPostMeta.desiredSlug)).toEqual(['inline-org']);
      expect(await publishPost(scope, 10)).toMatchObject({ post_status: 'publish' });
    });
  });
});

describe('writers without unfiltered_html', () => {
  it('get their title, content and excerpt through kses, and an update keeps the guid as esc_url prints it', async () => {
    await inRolledBackWrite(
      async (scope, trx) => {
        const id = await insertPost(scope, {
          post_type: PostType.event,
          post_title: '<b>Bold</b> <script>x</script> & Co',
          post_content: '<p>Hi <script>alert(1)</script><b onclick="x()">b</b></p>',
          post_excerpt: '<em>ex</em><iframe src="x"></iframe>',
          post_status: 'draft',
        });
        const row = await post(trx, id);
        expect(row.post_title).toBe('<b>Bold</b> x &amp; Co');
        expect(row.post_content).toBe('<p>Hi alert(1)<b>b</b></p>');
        expect(row.post_excerpt).toBe('<em>ex</em>');
        expect(row.guid).toBe(`http://127.0.0.1:8080/?post_type=tribe_events&p=${id}`);
        await updatePost(scope, id, { post_excerpt: 'x' });
        expect((await post(trx, id)).guid).toBe(`http://127.0.0.1:8080/?post_type=tribe_events&#038;p=${id}`);
      },
      { viewer: { userId: 3, capabilities: new Set(['read', 'edit_tribe_events', 'publish_tribe_events']) } },
    );
  });
});
