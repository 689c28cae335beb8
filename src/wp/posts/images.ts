import type { PostRow } from './posts.repository.js';
import { firstMeta, type MetaMap } from './meta.js';
import { asRecord, maybeUnserialize } from '../php/php-values.js';
import { phpArrayFilter } from '../php/php-empty.js';

export type ImageResource = Record<string, unknown>;

export const AttachmentMeta = {
  attachedFile: '_wp_attached_file',
  metadata: '_wp_attachment_metadata',
} as const;

/** WordPress's default uploads URL: `{siteurl}/wp-content/uploads`. */
export function uploadsBaseUrl(siteUrl: string): string {
  return `${siteUrl}/wp-content/uploads`;
}

/**
 * Post_Repository::get_featured_image: `{url, id, extension}`, and when the attachment metadata
 * is complete, its width, height, filesize and sizes (each size with its own URL, without the
 * file name), with empty values dropped.
 */
export function toImageResource(attachment: PostRow, meta: MetaMap, uploadsUrl: string): ImageResource {
  const file = firstMeta(meta, AttachmentMeta.attachedFile) ?? '';
  const fullUrl = /^https?:\/\//i.test(file) ? file : `${uploadsUrl}/${file}`;
  const extension = /\.([^./]+)$/.exec(file)?.[1] ?? '';
  const data: Record<string, unknown> = { url: fullUrl, id: attachment.ID, extension };
  const metadata = asRecord(maybeUnserialize(firstMeta(meta, AttachmentMeta.metadata) ?? ''));
  if (!('image_meta' in metadata && 'file' in metadata && 'sizes' in metadata)) return data;

  const directory = fullUrl.slice(0, fullUrl.lastIndexOf('/') + 1);
  const merged: Record<string, unknown> = { ...data };
  for (const [key, value] of Object.entries(metadata)) {
    if (key === 'image_meta' || key === 'file') continue;
    if (key !== 'sizes') {
      merged[key] = value;
      continue;
    }
    const sizes: Record<string, unknown> = {};
    for (const [name, size] of Object.entries(asRecord(value))) {
      const { file: sizeFile, ...rest } = asRecord(size);
      sizes[name] = { ...rest, url: typeof sizeFile === 'string' ? directory + sizeFile : '' };
    }
    merged.sizes = sizes;
  }
  return phpArrayFilter(merged);
}
