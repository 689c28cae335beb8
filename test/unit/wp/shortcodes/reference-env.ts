import { testContentSite } from '../../../setup/content-env.js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PostRow } from '../../../../src/wp/posts/posts.repository.js';
import {
  newContentRenderState,
  type ContentEnv,
  type ContentRenderState,
  type LoadedRecord,
} from '../../../../src/wp/text/content-env.js';

/**
 * The reference site as the shortcode ports see it, built by hand: rows of fixtures/reference/db.sql
 * copied (by a one-off SELECT of the scratch database) into reference-rows.json: attachments 252
 * and 253 with their meta, the oembed_cache posts 258 and 259, and the posts whose content the
 * tests render (256, 257, 263, 265). Site options as in the dump: home and siteurl
 * http://127.0.0.1:8080, thumbnail 150x150 cropped, medium 300x300, medium_large 768x0, large
 * 1024x1024, pretty permalinks.
 */

interface Rows {
  posts: PostRow[];
  meta: Array<{ post_id: number; meta_key: string; meta_value: string }>;
}

const rows = JSON.parse(readFileSync(fileURLToPath(new URL('./reference-rows.json', import.meta.url)), 'utf8')) as Rows;

export const HOME = 'http://127.0.0.1:8080';

export function referencePost(id: number): PostRow {
  const post = rows.posts.find((row) => row.ID === id);
  if (!post) throw new Error(`post ${id} is not in reference-rows.json`);
  return post;
}

function records(): Map<number, LoadedRecord> {
  const out = new Map<number, LoadedRecord>();
  for (const post of rows.posts) {
    if (post.post_type !== 'attachment') continue;
    const meta = new Map<string, string[]>();
    for (const row of rows.meta.filter((m) => m.post_id === post.ID)) {
      meta.set(row.meta_key, [...(meta.get(row.meta_key) ?? []), row.meta_value]);
    }
    out.set(post.ID, { post, meta });
  }
  return out;
}

function oembedCache(): Map<string, PostRow> {
  return new Map(rows.posts.filter((post) => post.post_type === 'oembed_cache').map((post) => [post.post_name, post]));
}

/** A fresh request on the reference site (or one continuing `state`). */
export function referenceEnv(state: ContentRenderState = newContentRenderState()): ContentEnv {
  return {
    site: testContentSite(),
    records: { posts: records(), oembedCache: oembedCache(), queries: new Map() },
    state,
    now: new Date('2026-11-24T17:00:00Z'),
  };
}

interface RecordedCase {
  id: string;
  expect: { body: unknown };
}

const cases: RecordedCase[] = readFileSync(
  fileURLToPath(new URL('../../../../fixtures/reference/cases.jsonl', import.meta.url)),
  'utf8',
)
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line) as RecordedCase);

/** The recorded `description` of post `id` in case `caseId` (a single item or a list of events). */
export function recordedDescription(caseId: string, id: number): string {
  const found = cases.find((c) => c.id === caseId);
  if (!found) throw new Error(`no case ${caseId}`);
  const body = found.expect.body as { id?: number; description?: string; events?: Array<{ id: number; description: string }> };
  if (body.events) {
    const event = body.events.find((e) => e.id === id);
    if (!event) throw new Error(`case ${caseId} has no event ${id}`);
    return event.description;
  }
  if (body.id !== id || body.description === undefined) throw new Error(`case ${caseId} is not post ${id}`);
  return body.description;
}
