import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { CompiledShapes } from '../../cache/compiled-shapes.js';
import type { Db } from '../../db/create-db.js';
import { castUnsigned, collationKey, uniformText } from '../../db/dialect.js';
import type { Database } from '../../db/tables.js';
import { PostStatus, PostType } from '../constants.js';
import { termRowFromTextColumns, type TermRow } from '../terms/terms.repository.js';
import { declaredRead, DependencyTag } from '../../feed/dependencies.js';
import { groupMetaRows } from './meta.js';
import type { PostRow } from './posts.repository.js';
import type { MetaPath } from './meta-paths.js';

/*
 * A request's posts, their meta and their terms in ONE statement. A page of events needs the
 * posts, every meta row, the terms, then the linked posts and images with their meta: as
 * separate SELECTs that is a statement and a round trip each. Here the kinds of row travel
 * together in one UNION ALL over a common set of text columns (`c1`..`c22`), told apart by
 * `kind` and put back into PostRow, meta maps and TermRow on arrival. Ordering is kept where
 * WordPress relies on it: meta in meta_id order (get_post_custom), terms by name then term_id
 * (wp_get_object_terms' default), computed by the database's own collation.
 */

/** What one bundle loads. */
export interface PostBundleRequest {
  /** Posts (any type or status) loaded with all their meta. */
  ids?: readonly number[];
  /**
   * Posts named by meta values of posts (`_thumbnail_id` of `ids`, say; or a venue, then its
   * featured image), every post along each path loaded with its meta, resolved inside the
   * statement so the IDs need not be known first (see MetaPath, idsAlongPath).
   */
  byMetaOf?: readonly MetaPath[];
  /** `oembed_cache` posts named by these keys (WP_Embed::find_oembed_post_id), without meta. */
  oembedKeys?: readonly string[];
  /** Terms of these objects in these taxonomies (with the object ID). */
  termsOf?: { objectIds: readonly number[]; taxonomies: readonly string[] };
}

export interface LoadedBundlePost {
  post: PostRow;
  meta: Map<string, string[]>;
}

export interface PostBundle {
  posts: Map<number, LoadedBundlePost>;
  /** The newest published `oembed_cache` post of each key found. */
  oembedCaches: Map<string, PostRow>;
  terms: (TermRow & { object_id: number })[];
}

const POST_COLUMNS = [
  'post_author',
  'post_date',
  'post_date_gmt',
  'post_content',
  'post_title',
  'post_excerpt',
  'post_status',
  'comment_status',
  'ping_status',
  'post_password',
  'post_name',
  'to_ping',
  'pinged',
  'post_modified',
  'post_modified_gmt',
  'post_content_filtered',
  'post_parent',
  'guid',
  'menu_order',
  'post_type',
  'post_mime_type',
  'comment_count',
] as const;
const TERM_COLUMNS = ['term_id', 'name', 'slug', 'term_group', 'term_taxonomy_id', 'taxonomy', 'description', 'parent', 'count'] as const;
const WIDTH = POST_COLUMNS.length;

type Row = { kind: string; id: number; seq: number } & Record<`c${number}`, string | null>;

/**
 * `c1`..`c22` from the given expressions, NULL where a kind has fewer columns. Each value is
 * converted to one character set and collation: sites upgraded over the years often hold tables
 * of different collations, and a UNION of their text columns would otherwise fail ("Illegal mix
 * of collations"). Nothing compares or sorts these columns in SQL, so the collation chosen only
 * has to be the same everywhere.
 */
function textColumns(db: Db, values: readonly RawBuilder<unknown>[]) {
  return Array.from({ length: WIDTH }, (_, index) => {
    const value = values[index];
    return (value === undefined ? sql<string | null>`null` : uniformText(db, value)).as(`c${index + 1}`);
  });
}

const ref = (column: string) => sql.ref(column);

export async function selectPostBundle(db: Db, request: PostBundleRequest): Promise<PostBundle> {
  const ids = [...new Set(request.ids ?? [])];
  const paths = (request.byMetaOf ?? []).filter((path) => path.postIds.length > 0 && path.steps.length > 0);
  const oembedKeys = [...new Set(request.oembedKeys ?? [])];
  const termsOf = request.termsOf && request.termsOf.objectIds.length > 0 ? request.termsOf : undefined;
  const bundle: PostBundle = { posts: new Map(), oembedCaches: new Map(), terms: [] };
  if (ids.length === 0 && paths.length === 0 && oembedKeys.length === 0 && !termsOf) return bundle;

  // Every list deduplicated here, once: the shape of the query (and its cached SQL) counts them.
  const uniquePaths = paths.map((path) => ({ postIds: [...new Set(path.postIds)], steps: path.steps.map((keys) => [...new Set(keys)]) }));
  const parts: BundleParts = {
    ids,
    paths: uniquePaths,
    named: namedSelects(uniquePaths),
    oembedKeys,
    termsOf: termsOf ? { objectIds: [...new Set(termsOf.objectIds)], taxonomies: [...new Set(termsOf.taxonomies)] } : undefined,
  };
  // Each kind in its own order (posts by ID, meta by meta_id, terms by their row number): the
  // kinds are read apart, so they are sorted apart, by numbers only.
  const byKind: Record<string, Row[]> = { post: [], meta: [], term: [] };
  for (const row of await runBundleQuery(db, parts)) byKind[row.kind]!.push(row);
  const inOrder = (rows: Row[]) => rows.sort((a, b) => Number(a.seq) - Number(b.seq) || Number(a.id) - Number(b.id));

  // A post named both by ID and by meta arrives twice, with its meta: keep each once.
  const metaRows: { post_id: number; meta_key: string | null; meta_value: string | null }[] = [];
  const seenMeta = new Set<number>();
  const posts = new Map<number, PostRow>();
  for (const row of inOrder(byKind.post!)) {
    if (!posts.has(Number(row.id))) posts.set(Number(row.id), toPostRow(row));
  }
  for (const row of inOrder(byKind.meta!)) {
    if (seenMeta.has(Number(row.seq))) continue;
    seenMeta.add(Number(row.seq));
    metaRows.push({ post_id: Number(row.id), meta_key: row.c1 ?? null, meta_value: row.c2 ?? null });
  }
  for (const row of inOrder(byKind.term!)) bundle.terms.push(toTermRow(row));
  const metaByPost = groupMetaRows(metaRows);
  const named = new Set([...ids, ...metaByPost.keys()]);
  // find_oembed_post_id's query takes the newest published cache of a key.
  const newestFirst = [...posts.values()].sort((a, b) => (a.post_date < b.post_date ? 1 : a.post_date > b.post_date ? -1 : b.ID - a.ID));
  for (const post of newestFirst) {
    const isCache = post.post_type === PostType.oembedCache && post.post_status === PostStatus.publish;
    if (isCache && oembedKeys.includes(post.post_name) && !bundle.oembedCaches.has(post.post_name)) {
      bundle.oembedCaches.set(post.post_name, post);
    }
    // Posts asked for by ID or by meta (every one has meta rows, or was named by ID), not caches found by key.
    if (named.has(post.ID) || !isCache) bundle.posts.set(post.ID, { post, meta: metaByPost.get(post.ID) ?? new Map() });
  }
  return bundle;
}

interface BundleParts {
  ids: readonly number[];
  paths: readonly MetaPath[];
  /** The SELECTs of the posts the paths name (see namedSelects). */
  named: readonly NamedSelect[];
  oembedKeys: readonly string[];
  termsOf: { objectIds: readonly number[]; taxonomies: readonly string[] } | undefined;
}

/**
 * The bundle's SQL by the shape of the request (how many IDs, keys and taxonomies of each
 * kind): building and compiling this wide query costs more than running it (see CompiledShapes).
 */
const compiledBundles = new CompiledShapes();

function bundleShape(parts: BundleParts): string {
  const named = parts.named.map((select) => [select.postIds.length, ...select.steps.map((keys) => keys.length)].join('.'));
  return [parts.ids.length, named.join('/'), parts.oembedKeys.length, parts.termsOf?.objectIds.length ?? 0, parts.termsOf?.taxonomies.length ?? 0].join(',');
}

/** The bound values of bundleQuery(), in the order its branches bind them. */
function bundleParameters(parts: BundleParts): unknown[] {
  const { ids, named, oembedKeys, termsOf } = parts;
  // The paths' UNION is read twice: for the posts, then for their meta.
  const namedValues = named.flatMap((select) => [...select.postIds, ...select.steps.flat()]);
  const pathValues = [...namedValues, ...namedValues];
  return [
    ...ids,
    ...ids,
    ...pathValues,
    ...(oembedKeys.length > 0 ? [PostType.oembedCache, PostStatus.publish, ...oembedKeys] : []),
    ...(termsOf ? [...termsOf.objectIds, ...termsOf.taxonomies] : []),
  ];
}

async function runBundleQuery(db: Db, parts: BundleParts): Promise<Row[]> {
  const query = compiledBundles.compile(db, bundleShape(parts), bundleParameters(parts), () => bundleQuery(db, parts));
  return (await declaredRead(() => db.executeQuery<Row>(query), (result) => bundleTags(parts, result.rows))).rows;
}

/**
 * What a bundle depends on (see feed/dependencies.ts): every post asked for or found, with its
 * meta and terms; every post a followed meta value names, found or not (read the way the
 * statement casts it, leading digits); the terms found; which `oembed_cache` posts have a key.
 */
function bundleTags(parts: BundleParts, rows: readonly Row[]): Set<string> {
  const posts = new Set<number>([...parts.ids, ...parts.paths.flatMap((path) => path.postIds), ...(parts.termsOf?.objectIds ?? [])]);
  const followedKeys = new Set(parts.paths.flatMap((path) => path.steps.flat()));
  const tags = new Set<string>();
  for (const row of rows) {
    posts.add(Number(row.id));
    if (row.kind === 'meta' && typeof row.c1 === 'string' && followedKeys.has(row.c1)) {
      const named = /^\s*\+?0*(\d+)/.exec(row.c2 ?? '');
      if (named) posts.add(Number(named[1]));
    }
    if (row.kind === 'term') tags.add(DependencyTag.term(toTermRow(row).term_id));
  }
  for (const id of posts) tags.add(DependencyTag.post(id));
  if (parts.oembedKeys.length > 0) tags.add(DependencyTag.list(PostType.oembedCache));
  return tags;
}

/** The UNION ALL of the request's branches. */
function bundleQuery(db: Db, { ids, named, oembedKeys, termsOf }: BundleParts) {
  // Each source of posts is a branch of its own (an OR of them would keep MySQL off the
  // indexes): by ID, by a meta value of other posts (joined on the primary key), by oEmbed key.
  type Branch = SelectQueryBuilder<Database, keyof Database, Row>;
  const branches: Branch[] = [];
  const postColumns = () => [
    sql<string>`'post'`.as('kind'),
    sql<number>`${ref('posts.ID')}`.as('id'),
    sql<number>`0`.as('seq'),
    ...textColumns(db, POST_COLUMNS.map((c) => sql`${ref(`posts.${c}`)}`)),
  ];
  const metaColumns = () => [
    sql<string>`'meta'`.as('kind'),
    sql<number>`${ref('postmeta.post_id')}`.as('id'),
    sql<number>`${ref('postmeta.meta_id')}`.as('seq'),
    ...textColumns(db, [sql`${ref('postmeta.meta_key')}`, sql`${ref('postmeta.meta_value')}`]),
  ];
  if (ids.length > 0) {
    branches.push(db.selectFrom('posts').select(postColumns()).where('posts.ID', 'in', ids) as unknown as Branch);
    branches.push(db.selectFrom('postmeta').select(metaColumns()).where('postmeta.post_id', 'in', ids) as unknown as Branch);
  }
  if (named.length > 0) {
    // The posts the paths name, as a derived table of integers the posts and their meta are then
    // read from by primary key and post_id. Written as `ID IN (...)` per path instead, MariaDB
    // scanned the whole postmeta table on small sites, three times over.
    branches.push(
      db
        .selectFrom(namedByPaths(db, named).as('named'))
        .innerJoin('posts', (join) => join.on(sql`${ref('posts.ID')}`, '=', sql`${ref('named.named_id')}`))
        .select(postColumns()) as unknown as Branch,
    );
    branches.push(
      db
        .selectFrom(namedByPaths(db, named).as('named'))
        .innerJoin('postmeta', (join) => join.on(sql`${ref('postmeta.post_id')}`, '=', sql`${ref('named.named_id')}`))
        .select(metaColumns()) as unknown as Branch,
    );
  }
  if (oembedKeys.length > 0) {
    branches.push(
      db
        .selectFrom('posts')
        .select(postColumns())
        .where('posts.post_type', '=', PostType.oembedCache)
        .where('posts.post_status', '=', PostStatus.publish)
        .where('posts.post_name', 'in', oembedKeys) as unknown as Branch,
    );
  }
  if (termsOf) {
    // The terms numbered in wp_get_object_terms' order first, from integer columns and the name
    // only, then joined to their text: a window function makes the database write its rows to a
    // temporary table, and with the LONGTEXT description among them that table goes to disk
    // (Aria), where MariaDB 10.11 was seen to crash freeing it (signal 11 in
    // ha_maria::drop_table) under concurrent load. Without text columns it stays in memory.
    const numbered = db
      .selectFrom('term_relationships')
      .innerJoin('term_taxonomy', 'term_taxonomy.term_taxonomy_id', 'term_relationships.term_taxonomy_id')
      .innerJoin('terms', 'terms.term_id', 'term_taxonomy.term_id')
      .select([
        'term_relationships.object_id as object_id',
        'term_taxonomy.term_taxonomy_id as term_taxonomy_id',
        // Object last: a term shared by several objects comes in a fixed order (each object's own
        // terms are in wp_get_object_terms' order either way).
        sql<number>`row_number() over (order by ${collationKey(db, ref('terms.name'))}, ${ref('terms.term_id')}, ${ref('term_relationships.object_id')})`.as('seq'),
      ])
      .where('term_relationships.object_id', 'in', [...termsOf.objectIds])
      .where('term_taxonomy.taxonomy', 'in', [...termsOf.taxonomies]);
    branches.push(
      (db
        .selectFrom(numbered.as('numbered'))
        .innerJoin('term_taxonomy', 'term_taxonomy.term_taxonomy_id', 'numbered.term_taxonomy_id')
        .innerJoin('terms', 'terms.term_id', 'term_taxonomy.term_id')
        .select([
          sql<string>`'term'`.as('kind'),
          'numbered.object_id as id',
          'numbered.seq as seq',
          ...textColumns(
            db,
            TERM_COLUMNS.map((c) => sql`${ref(c === 'term_id' || c === 'name' || c === 'slug' || c === 'term_group' ? `terms.${c}` : `term_taxonomy.${c}`)}`),
          ),
        ]) as unknown as Branch),
    );
  }

  let query = branches[0]!;
  for (const branch of branches.slice(1)) query = query.unionAll(branch);
  return query;
}

/**
 * One SELECT of the IDs that meta values name: the values (of the last step's keys) of the posts
 * reached from `postIds` through the steps before it.
 */
interface NamedSelect {
  postIds: readonly number[];
  steps: readonly (readonly string[])[];
}

/**
 * The SELECTs that name every post along every path, each step of a path being one: steps that
 * start from the same posts through the same earlier steps are one SELECT of all their keys (an
 * event's featured image and its venue and organizer are one look at its meta), and a step met
 * twice (a path that begins another) is one. Exported for the tests.
 */
export function namedSelects(paths: readonly MetaPath[]): NamedSelect[] {
  const byStart = new Map<string, { postIds: readonly number[]; earlier: readonly (readonly string[])[]; keys: Set<string> }>();
  for (const path of paths) {
    path.steps.forEach((keys, step) => {
      const earlier = path.steps.slice(0, step);
      const start = JSON.stringify([path.postIds, earlier]);
      const select = byStart.get(start) ?? { postIds: path.postIds, earlier, keys: new Set<string>() };
      for (const key of keys) select.keys.add(key);
      byStart.set(start, select);
    });
  }
  return [...byStart.values()].map(({ postIds, earlier, keys }) => ({ postIds, steps: [...earlier, [...keys]] }));
}

/**
 * The IDs the SELECTs name, as one UNION ALL: a post named twice comes twice, and
 * selectPostBundle keeps each post and each meta row once (a UNION would sort them out in a
 * temporary table of the database's, for every request).
 */
function namedByPaths(db: Db, named: readonly NamedSelect[]) {
  const selects = named.map(({ postIds, steps }) => {
    let joined = db
      .selectFrom('postmeta as step0')
      .where('step0.post_id', 'in', [...postIds])
      .where('step0.meta_key', 'in', [...steps[0]!]);
    for (let later = 1; later < steps.length; later += 1) {
      // Kysely cannot type a table alias made at run time: `step0` stands for each of them.
      const alias = `step${later}` as 'step0';
      joined = joined
        .innerJoin(`postmeta as ${alias}` as 'postmeta as step0', (join) =>
          join.on(sql`${ref(`${alias}.post_id`)}`, '=', castUnsigned(db, ref(`step${later - 1}.meta_value`))),
        )
        .where(`${alias}.meta_key`, 'in', [...steps[later]!]);
    }
    return joined.select(castUnsigned(db, ref(`step${steps.length - 1}.meta_value`)).as('named_id'));
  });
  let union = selects[0]!;
  for (const select of selects.slice(1)) union = union.unionAll(select);
  return union;
}

/*
 * Rows are put back as object literals in POST_COLUMNS' and TERM_COLUMNS' order rather than by a
 * loop over the column names: every post of every request goes through here, and literals give
 * each row the same shape at once, with no name lookups per column.
 */
const text = (value: string | null | undefined): string => value ?? '';

function toPostRow(row: Row): PostRow {
  return {
    ID: Number(row.id),
    post_author: Number(text(row.c1)),
    post_date: text(row.c2),
    post_date_gmt: text(row.c3),
    post_content: text(row.c4),
    post_title: text(row.c5),
    post_excerpt: text(row.c6),
    post_status: text(row.c7),
    comment_status: text(row.c8),
    ping_status: text(row.c9),
    post_password: text(row.c10),
    post_name: text(row.c11),
    to_ping: text(row.c12),
    pinged: text(row.c13),
    post_modified: text(row.c14),
    post_modified_gmt: text(row.c15),
    post_content_filtered: text(row.c16),
    post_parent: Number(text(row.c17)),
    guid: text(row.c18),
    menu_order: Number(text(row.c19)),
    post_type: text(row.c20),
    post_mime_type: text(row.c21),
    comment_count: Number(text(row.c22)),
  };
}

function toTermRow(row: Row): TermRow & { object_id: number } {
  return { ...termRowFromTextColumns(row), object_id: Number(row.id) };
}
