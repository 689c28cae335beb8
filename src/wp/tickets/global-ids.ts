import { isPhpEmpty } from '../php/php-empty.js';
import { phpSerialize } from '../php/php-values.js';
import { globalId, type SiteUrls } from '../site/urls.js';
import { getPostMetaValues, updatePostMeta } from '../write/post-meta.js';
import type { WriteScope } from '../write/transaction.js';

/*
 * The global IDs Event Tickets' REST repository (Post_Repository) stores on a ticket or an
 * attendee the first time it reads one: `_tribe_global_id` and its lineage.
 */

export const GLOBAL_ID_KEY = '_tribe_global_id';
export const GLOBAL_ID_LINEAGE_KEY = '_tribe_global_id_lineage';

/** Tribe__Tickets__Global_ID: `{host}?type={type}&id={ID}` (`attendee`, or the ticket's provider slug). */
export function typedGlobalId(urls: SiteUrls, type: string, postId: number): string {
  return globalId(urls, postId).replace(/\?id=\d+$/, `?type=${type}&id=${postId}`);
}

/**
 * get_{ticket,attendee}_global_id and _lineage as the answer's read runs them: the ID stored when
 * none is, the lineage stored as `[ID]` when none is.
 */
export async function storeGlobalIds(scope: WriteScope, postId: number, fresh: string): Promise<void> {
  const stored = (await getPostMetaValues(scope, postId, GLOBAL_ID_KEY))[0] ?? '';
  const id = isPhpEmpty(stored) ? fresh : stored;
  if (isPhpEmpty(stored)) await updatePostMeta(scope, postId, GLOBAL_ID_KEY, id);
  const lineage = (await getPostMetaValues(scope, postId, GLOBAL_ID_LINEAGE_KEY))[0] ?? '';
  if (isPhpEmpty(lineage)) await updatePostMeta(scope, postId, GLOBAL_ID_LINEAGE_KEY, phpSerialize([id]));
}
