import { testContentSite } from '../../../setup/content-env.js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PostRow } from '../../../../src/wp/posts/posts.repository.js';
import {
  newContentRenderState,
  type ContentEnv,
  type ImageSize,
  type LoadedRecord,
} from '../../../../src/wp/text/content-env.js';

/**
 * The reference site as the media functions see it: the two attachments of
 * fixtures/reference/db.sql (252 harbour-night.jpg 1600x1067, 253 stage-lights.jpg 800x600) with
 * their meta rows copied verbatim, and the site's image-size options (thumbnail 150x150 cropped,
 * medium 300x300, medium_large 768x0, large 1024x1024, then WordPress's 1536 and 2048 sizes).
 */

const HOME = 'http://127.0.0.1:8080';

function attachmentRow(id: number, name: string, excerpt: string): PostRow {
  return {
    ID: id,
    post_author: 1,
    post_date: '2026-11-24 16:55:57',
    post_date_gmt: '2026-11-24 16:55:57',
    post_content: '',
    post_title: name,
    post_excerpt: excerpt,
    post_status: 'inherit',
    comment_status: 'open',
    ping_status: 'closed',
    post_password: '',
    post_name: name,
    to_ping: '',
    pinged: '',
    post_modified: '2026-11-24 16:55:58',
    post_modified_gmt: '2026-11-24 16:55:58',
    post_content_filtered: '',
    post_parent: 0,
    guid: `${HOME}/wp-content/uploads/2026/11/${name}.jpg`,
    menu_order: 0,
    post_type: 'attachment',
    post_mime_type: 'image/jpeg',
    comment_count: 0,
  };
}

const IMAGE_META =
  's:10:"image_meta";a:13:{s:8:"aperture";s:1:"0";s:6:"credit";s:0:"";s:6:"camera";s:0:"";s:7:"caption";s:0:"";s:17:"created_timestamp";s:1:"0";s:9:"copyright";s:0:"";s:12:"focal_length";s:1:"0";s:3:"iso";s:1:"0";s:13:"shutter_speed";s:1:"0";s:5:"title";s:0:"";s:11:"orientation";s:1:"0";s:8:"keywords";a:0:{}s:3:"alt";s:0:"";}';

export const HARBOUR_METADATA =
  'a:6:{s:5:"width";i:1600;s:6:"height";i:1067;s:4:"file";s:25:"2026/11/harbour-night.jpg";s:8:"filesize";i:27490;s:5:"sizes";a:5:{s:6:"medium";a:5:{s:4:"file";s:25:"harbour-night-300x200.jpg";s:5:"width";i:300;s:6:"height";i:200;s:9:"mime-type";s:10:"image/jpeg";s:8:"filesize";i:1678;}s:5:"large";a:5:{s:4:"file";s:26:"harbour-night-1024x683.jpg";s:5:"width";i:1024;s:6:"height";i:683;s:9:"mime-type";s:10:"image/jpeg";s:8:"filesize";i:11698;}s:9:"thumbnail";a:5:{s:4:"file";s:25:"harbour-night-150x150.jpg";s:5:"width";i:150;s:6:"height";i:150;s:9:"mime-type";s:10:"image/jpeg";s:8:"filesize";i:1090;}s:12:"medium_large";a:5:{s:4:"file";s:25:"harbour-night-768x512.jpg";s:5:"width";i:768;s:6:"height";i:512;s:9:"mime-type";s:10:"image/jpeg";s:8:"filesize";i:6834;}s:9:"1536x1536";a:5:{s:4:"file";s:27:"harbour-night-1536x1024.jpg";s:5:"width";i:1536;s:6:"height";i:1024;s:9:"mime-type";s:10:"image/jpeg";s:8:"filesize";i:25266;}}' +
  IMAGE_META +
  '}';

export const STAGE_METADATA =
  'a:6:{s:5:"width";i:800;s:6:"height";i:600;s:4:"file";s:24:"2026/11/stage-lights.jpg";s:8:"filesize";i:8290;s:5:"sizes";a:3:{s:6:"medium";a:5:{s:4:"file";s:24:"stage-lights-300x225.jpg";s:5:"width";i:300;s:6:"height";i:225;s:9:"mime-type";s:10:"image/jpeg";s:8:"filesize";i:1830;}s:9:"thumbnail";a:5:{s:4:"file";s:24:"stage-lights-150x150.jpg";s:5:"width";i:150;s:6:"height";i:150;s:9:"mime-type";s:10:"image/jpeg";s:8:"filesize";i:1090;}s:12:"medium_large";a:5:{s:4:"file";s:24:"stage-lights-768x576.jpg";s:5:"width";i:768;s:6:"height";i:576;s:9:"mime-type";s:10:"image/jpeg";s:8:"filesize";i:7602;}}' +
  IMAGE_META +
  '}';

export function referenceRecords(): Map<number, LoadedRecord> {
  return new Map([
    [
      252,
      {
        post: attachmentRow(252, 'harbour-night', 'Harbour at night'),
        meta: new Map([
          ['_wp_attached_file', ['2026/11/harbour-night.jpg']],
          ['_wp_attachment_metadata', [HARBOUR_METADATA]],
          ['_wp_attachment_image_alt', ['Boats in the harbour']],
        ]),
      },
    ],
    [
      253,
      {
        post: attachmentRow(253, 'stage-lights', ''),
        meta: new Map([
          ['_wp_attached_file', ['2026/11/stage-lights.jpg']],
          ['_wp_attachment_metadata', [STAGE_METADATA]],
        ]),
      },
    ],
  ]);
}

export const REFERENCE_IMAGE_SIZES: ReadonlyMap<string, ImageSize> = testContentSite().imageSizes;

/** A fresh request's env on the reference site (new render state each call). */
export function referenceEnv(records: Map<number, LoadedRecord> = referenceRecords()): ContentEnv {
  return {
    site: testContentSite(),
    records: { posts: records, oembedCache: new Map(), queries: new Map() },
    state: newContentRenderState(),
    now: new Date('2027-01-01T00:00:00Z'),
  };
}

interface ReferenceCase {
  id: string;
  expect: { body: unknown };
}

const CASES = fileURLToPath(new URL('../../../../fixtures/reference/cases.jsonl', import.meta.url));

/** The recorded `description` of a post in a recorded case's body (single object or list). */
export function recordedDescription(caseId: string, postId: number): string {
  for (const line of readFileSync(CASES, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const recorded = JSON.parse(line) as ReferenceCase;
    if (recorded.id !== caseId) continue;
    const body = recorded.expect.body as Record<string, unknown>;
    const items = (Array.isArray(body.events) ? body.events : [body]) as Record<string, unknown>[];
    const item = items.find((entry) => entry.id === postId);
    if (item && typeof item.description === 'string') return item.description;
  }
  throw new Error(`no recorded description of ${postId} in ${caseId}`);
}
