import { describe, expect, it } from 'vitest';
import {
  imageDownsize,
  wpAttachmentIsImage,
  wpGetAttachmentImage,
  wpGetAttachmentImageSrc,
  wpGetAttachmentLink,
  wpGetAttachmentMetadata,
  wpGetAttachmentUrl,
} from '../../../../src/wp/media/attachment-image.js';
import { runningFilter } from '../../../../src/wp/media/loading.js';
import type { LoadedRecord } from '../../../../src/wp/text/content-env.js';
import { referenceEnv, referenceRecords } from './reference-env.js';

const UPLOADS = 'http://127.0.0.1:8080/wp-content/uploads/2026/11';

/** The reference records with attachment 253 changed by `change`. */
function withStage(change: (record: LoadedRecord) => LoadedRecord) {
  const records = referenceRecords();
  records.set(253, change(records.get(253)!));
  return referenceEnv(records);
}

describe('wp_get_attachment_url and metadata', () => {
  it('builds the uploads URL of _wp_attached_file', () => {
    expect(wpGetAttachmentUrl(252, referenceEnv())).toBe(`${UPLOADS}/harbour-night.jpg`);
  });
  it('cuts an old absolute path after wp-content/uploads', () => {
    const env = withStage((r) => ({
      ...r,
      meta: new Map([...r.meta, ['_wp_attached_file', ['/var/www/wp-content/uploads/2009/01/old.jpg']]]),
    }));
    expect(wpGetAttachmentUrl(253, env)).toBe('http://127.0.0.1:8080/wp-content/uploads/2009/01/old.jpg');
  });
  it('falls back to the GUID without a file, and is false for a missing post or a non-attachment', () => {
    const env = withStage((r) => ({ ...r, meta: new Map() }));
    expect(wpGetAttachmentUrl(253, env)).toBe(`${UPLOADS}/stage-lights.jpg`);
    expect(wpGetAttachmentUrl(999, referenceEnv())).toBe(false);
    const page = withStage((r) => ({ ...r, post: { ...r.post, post_type: 'page' } }));
    expect(wpGetAttachmentUrl(253, page)).toBe(false);
  });
  it('decodes the metadata, false when there is none', () => {
    expect(wpGetAttachmentMetadata(252, referenceEnv())).toMatchObject({ width: 1600, height: 1067 });
    expect(wpGetAttachmentMetadata(253, withStage((r) => ({ ...r, meta: new Map() })))).toBe(false);
  });
  it('tells images by mime type, and needs a file', () => {
    expect(wpAttachmentIsImage(252, referenceEnv())).toBe(true);
    expect(wpAttachmentIsImage(253, withStage((r) => ({ ...r, meta: new Map() })))).toBe(false);
    const pdf = withStage((r) => ({ ...r, post: { ...r.post, post_mime_type: 'application/pdf' } }));
    expect(wpAttachmentIsImage(253, pdf)).toBe(false);
  });
});

describe('image_downsize / wp_get_attachment_image_src', () => {
  it.each([
    ['thumbnail', [`${UPLOADS}/harbour-night-150x150.jpg`, 150, 150, true]],
    ['medium', [`${UPLOADS}/harbour-night-300x200.jpg`, 300, 200, true]],
    ['large', [`${UPLOADS}/harbour-night-1024x683.jpg`, 1024, 683, true]],
    ['full', [`${UPLOADS}/harbour-night.jpg`, 1600, 1067, false]],
    // 2048x2048 was not generated (the original is smaller): the original, within 2048.
    ['2048x2048', [`${UPLOADS}/harbour-night.jpg`, 1600, 1067, false]],
    // An unknown name: the original, unconstrained.
    ['nailthumb', [`${UPLOADS}/harbour-night.jpg`, 1600, 1067, false]],
  ])('252 at %s', (size, expected) => {
    expect(wpGetAttachmentImageSrc(252, size, false, referenceEnv())).toEqual(expected);
  });
  it('for a size array takes the smallest larger size of that ratio, constrained to the box', () => {
    expect(imageDownsize(252, [600, 400], referenceEnv())).toEqual([`${UPLOADS}/harbour-night-768x512.jpg`, 600, 400, true]);
    expect(imageDownsize(252, [300, 200], referenceEnv())).toEqual([`${UPLOADS}/harbour-night-300x200.jpg`, 300, 200, true]);
    // No size of a 4:3 ratio; the thumbnail is narrower than 400: the original in the box.
    expect(imageDownsize(252, [400, 300], referenceEnv())).toEqual([`${UPLOADS}/harbour-night.jpg`, 400, 267, false]);
    // Smaller than the thumbnail: the thumbnail, constrained.
    expect(imageDownsize(252, [100, 100], referenceEnv())).toEqual([`${UPLOADS}/harbour-night-150x150.jpg`, 100, 100, true]);
  });
  it('is false for a non-image without a full rendition, and for a missing attachment', () => {
    const pdf = withStage((r) => ({ ...r, post: { ...r.post, post_mime_type: 'application/pdf' } }));
    expect(imageDownsize(253, 'thumbnail', pdf)).toBe(false);
    expect(imageDownsize(999, 'thumbnail', referenceEnv())).toBe(false);
  });
});

describe('wp_get_attachment_image', () => {
  it('inside the_content: no loading attributes (wp_filter_content_tags adds them), no srcset for a lone crop', () => {
    expect(wpGetAttachmentImage(252, 'thumbnail', false, { 'aria-describedby': 'gallery-1-252' }, referenceEnv())).toBe(
      `<img width="150" height="150" src="${UPLOADS}/harbour-night-150x150.jpg" class="attachment-thumbnail size-thumbnail" alt="Boats in the harbour" aria-describedby="gallery-1-252" />`,
    );
  });

  it('outside every filter: decoding and loading after the attributes, srcset and an auto sizes', () => {
    const env = referenceEnv();
    const html = runningFilter(env, null, () => wpGetAttachmentImage(253, 'medium', false, undefined, env));
    expect(html).toBe(
      `<img width="300" height="225" src="${UPLOADS}/stage-lights-300x225.jpg" class="attachment-medium size-medium" alt="" decoding="async" loading="lazy" ` +
        `srcset="${UPLOADS}/stage-lights-300x225.jpg 300w, ${UPLOADS}/stage-lights-768x576.jpg 768w, ${UPLOADS}/stage-lights.jpg 800w" ` +
        `sizes="auto, (max-width: 300px) 100vw, 300px" />`,
    );
  });

  it('in the_excerpt (not a content-blob filter) the loading attributes are its own', () => {
    const env = referenceEnv();
    const html = runningFilter(env, 'the_excerpt', () => wpGetAttachmentImage(252, 'thumbnail', false, undefined, env));
    expect(html).toContain(' decoding="async" loading="lazy" />');
  });

  it("lets the caller override class, alt, loading and decoding; its width/height give way to the file's", () => {
    const env = referenceEnv();
    const html = runningFilter(env, null, () =>
      wpGetAttachmentImage(253, 'thumbnail', false, { class: 'x', alt: 'A "q"', loading: '', decoding: 'bogus', width: '75', height: '75' }, env),
    );
    // WordPress sets $attr width/height from the file after merging (only a filter could change them).
    expect(html).toBe(`<img width="150" height="150" src="${UPLOADS}/stage-lights-150x150.jpg" class="x" alt="A &quot;q&quot;" />`);
  });

  it('strips tags from the alt meta and names an array size WxH', () => {
    const env = withStage((r) => ({ ...r, meta: new Map([...r.meta, ['_wp_attachment_image_alt', [' <b>Lit</b> stage ']]]) }));
    expect(wpGetAttachmentImage(253, [300, 225], false, undefined, env)).toBe(
      `<img width="300" height="225" src="${UPLOADS}/stage-lights-300x225.jpg" class="attachment-300x225 size-300x225" alt="Lit stage" ` +
        `srcset="${UPLOADS}/stage-lights-300x225.jpg 300w, ${UPLOADS}/stage-lights-768x576.jpg 768w, ${UPLOADS}/stage-lights.jpg 800w" ` +
        `sizes="(max-width: 300px) 100vw, 300px" />`,
    );
  });

  it("is '' when there is no image", () => {
    expect(wpGetAttachmentImage(999, 'thumbnail', false, undefined, referenceEnv())).toBe('');
  });
});

describe('wp_get_attachment_link', () => {
  it('links the attachment page (gallery, event 256)', () => {
    expect(wpGetAttachmentLink(253, 'thumbnail', true, referenceEnv())).toBe(
      `<a href='http://127.0.0.1:8080/stage-lights/'><img width="150" height="150" src="${UPLOADS}/stage-lights-150x150.jpg" class="attachment-thumbnail size-thumbnail" alt="" /></a>`,
    );
  });
  it('links the file, with the title or the file name as text when there is no image', () => {
    expect(wpGetAttachmentLink(252, 'none', false, referenceEnv())).toBe(`<a href='${UPLOADS}/harbour-night.jpg'>harbour-night</a>`);
    const untitled = withStage((r) => ({ ...r, post: { ...r.post, post_title: '' } }));
    expect(wpGetAttachmentLink(253, '', false, untitled)).toBe(`<a href='${UPLOADS}/stage-lights.jpg'>stage-lights</a>`);
  });
  it("is 'Missing Attachment' for a post that is not an attachment", () => {
    expect(wpGetAttachmentLink(999, 'thumbnail', true, referenceEnv())).toBe('Missing Attachment');
  });
});
