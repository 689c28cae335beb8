/**
 * A post's meta as WordPress's get_post_custom() sees it: each key with all its values, in
 * meta_id order. Most readers want the first value (`reset()` in PHP).
 */
export type MetaMap = ReadonlyMap<string, readonly string[]>;

/** First value of a key, or undefined when the post has no such row (PHP's isset()). */
export function firstMeta(meta: MetaMap, key: string): string | undefined {
  return meta.get(key)?.[0];
}

/** All values of a key, in meta_id order. */
export function allMeta(meta: MetaMap, key: string): readonly string[] {
  return meta.get(key) ?? [];
}

/** Builds MetaMaps per post from (post_id, meta_key, meta_value) rows ordered by meta_id. */
export function groupMetaRows(
  rows: readonly { post_id: number; meta_key: string | null; meta_value: string | null }[],
): Map<number, Map<string, string[]>> {
  const byPost = new Map<number, Map<string, string[]>>();
  for (const row of rows) {
    if (row.meta_key === null) continue;
    let meta = byPost.get(row.post_id);
    if (!meta) {
      meta = new Map();
      byPost.set(row.post_id, meta);
    }
    const values = meta.get(row.meta_key);
    if (values) values.push(row.meta_value ?? '');
    else meta.set(row.meta_key, [row.meta_value ?? '']);
  }
  return byPost;
}
