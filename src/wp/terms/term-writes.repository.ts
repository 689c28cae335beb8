import { sql } from 'kysely';
import type { Db } from '../../db/create-db.js';
import { collationKey, locksRows, textEquals } from '../../db/dialect.js';
import { PostStatus, PostType } from '../constants.js';
import { termRowsQuery, type TermRow } from './terms.repository.js';

/*
 * The SQL of wp_insert_term, wp_update_term, wp_delete_term, wp_set_object_terms and
 * _update_post_term_count. Every function takes the transaction (or db) first.
 */

/** Terms of a taxonomy under one parent whose name matches (the database's collation decides, as `t.name IN (...)` does). */
export function selectTermsNamedAtParent(db: Db, taxonomy: string, name: string, parent: number): Promise<TermRow[]> {
  return termRowsQuery(db)
    .where('term_taxonomy.taxonomy', '=', taxonomy)
    .where((eb) => textEquals(db, eb.ref('terms.name'), name))
    .where('term_taxonomy.parent', '=', parent)
    .orderBy(collationKey(db, sql.ref('terms.name')), 'asc')
    .orderBy('terms.term_id', 'asc')
    .execute();
}

/** Every term of a taxonomy with this parent (the siblings wp_insert_term compares against). */
export function selectTermsAtParent(db: Db, taxonomy: string, parent: number): Promise<TermRow[]> {
  return termRowsQuery(db)
    .where('term_taxonomy.taxonomy', '=', taxonomy)
    .where('term_taxonomy.parent', '=', parent)
    .orderBy('terms.term_id', 'asc')
    .execute();
}

/** get_term_by('slug', ...): the term of the taxonomy with that (already sanitized) slug. */
export function selectTermBySlug(db: Db, taxonomy: string, slug: string): Promise<TermRow | undefined> {
  return termRowsQuery(db)
    .where('term_taxonomy.taxonomy', '=', taxonomy)
    .where((eb) => textEquals(db, eb.ref('terms.slug'), slug))
    .orderBy('terms.term_id', 'asc')
    .limit(1)
    .executeTakeFirst();
}

/** term_exists(int): whether a term with this ID exists in any taxonomy. */
export async function termIdExists(db: Db, termId: number): Promise<boolean> {
  const row = await termRowsQuery(db).where('terms.term_id', '=', termId).limit(1).executeTakeFirst();
  return row !== undefined;
}

/** term_exists(string) without a taxonomy: a term of any taxonomy with this slug, or else with this name. */
export async function termSlugOrNameExists(db: Db, slug: string, name: string): Promise<boolean> {
  const row = await termRowsQuery(db)
    .where((eb) => eb.or([eb('terms.slug', '=', slug), eb('terms.name', '=', name)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether any `terms` row (of any taxonomy) holds this slug, ignoring one term when given. */
export async function slugIsTaken(db: Db, slug: string, exceptTermId?: number): Promise<boolean> {
  let query = db.selectFrom('terms').select('slug').where((eb) => textEquals(db, eb.ref('slug'), slug));
  if (exceptTermId !== undefined) query = query.where('term_id', '!=', exceptTermId);
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}

export async function insertTermRow(db: Db, row: { name: string; slug: string; term_group: number }): Promise<number> {
  const result = await db.insertInto('terms').values(row).executeTakeFirstOrThrow();
  return Number(result.insertId);
}

export async function insertTermTaxonomyRow(
  db: Db,
  row: { term_id: number; taxonomy: string; description: string; parent: number },
): Promise<number> {
  const result = await db
    .insertInto('term_taxonomy')
    .values({ ...row, count: 0 })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

export async function updateTermRow(
  db: Db,
  termId: number,
  fields: Partial<{ name: string; slug: string; term_group: number }>,
): Promise<void> {
  await db.updateTable('terms').set(fields).where('term_id', '=', termId).execute();
}

export async function updateTermTaxonomyRow(
  db: Db,
  termTaxonomyId: number,
  fields: Partial<{ description: string; parent: number }>,
): Promise<void> {
  await db.updateTable('term_taxonomy').set(fields).where('term_taxonomy_id', '=', termTaxonomyId).execute();
}

/** `term_id => parent` of every term of a taxonomy, by term ID (what _get_term_hierarchy reads). */
export function selectTermParents(db: Db, taxonomy: string): Promise<{ term_id: number; parent: number }[]> {
  return db
    .selectFrom('term_taxonomy')
    .innerJoin('terms', 'terms.term_id', 'term_taxonomy.term_id')
    .select(['terms.term_id', 'term_taxonomy.parent'])
    .where('term_taxonomy.taxonomy', '=', taxonomy)
    .orderBy('terms.term_id', 'asc')
    .execute();
}

/** The terms whose parent is this term, in the given taxonomy. */
export function selectChildTerms(db: Db, taxonomy: string, parentTermId: number): Promise<{ term_id: number; term_taxonomy_id: number }[]> {
  return db
    .selectFrom('term_taxonomy')
    .select(['term_id', 'term_taxonomy_id'])
    .where('parent', '=', parentTermId)
    .where('taxonomy', '=', taxonomy)
    .orderBy('term_taxonomy_id', 'asc')
    .execute();
}

/** Moves every child of `fromParent` in the taxonomy under `toParent`. */
export async function reparentChildTerms(db: Db, taxonomy: string, fromParent: number, toParent: number): Promise<void> {
  await db
    .updateTable('term_taxonomy')
    .set({ parent: toParent })
    .where('parent', '=', fromParent)
    .where('taxonomy', '=', taxonomy)
    .execute();
}

/** The objects related to a term taxonomy, by object ID. */
export async function selectObjectIdsOfTermTaxonomy(db: Db, termTaxonomyId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('term_relationships')
    .select('object_id')
    .where('term_taxonomy_id', '=', termTaxonomyId)
    .orderBy('object_id', 'asc')
    .execute();
  return rows.map((row) => row.object_id);
}

export async function deleteRelationshipsOfTermTaxonomy(db: Db, termTaxonomyId: number): Promise<void> {
  await db.deleteFrom('term_relationships').where('term_taxonomy_id', '=', termTaxonomyId).execute();
}

export async function deleteTermmetaOfTerm(db: Db, termId: number): Promise<void> {
  await db.deleteFrom('termmeta').where('term_id', '=', termId).execute();
}

export async function deleteTermTaxonomyRow(db: Db, termTaxonomyId: number): Promise<void> {
  await db.deleteFrom('term_taxonomy').where('term_taxonomy_id', '=', termTaxonomyId).execute();
}

/** Deletes the `terms` row unless another taxonomy still uses the term (shared terms of old sites). */
export async function deleteTermRowIfUnused(db: Db, termId: number): Promise<boolean> {
  const used = await db
    .selectFrom('term_taxonomy')
    .select('term_taxonomy_id')
    .where('term_id', '=', termId)
    .limit(1)
    .executeTakeFirst();
  if (used) return false;
  await db.deleteFrom('terms').where('term_id', '=', termId).execute();
  return true;
}

export interface TermTaxonomyRef {
  term_taxonomy_id: number;
  term_id: number;
  taxonomy: string;
  count: number;
}

/** The term taxonomies of an object in the given taxonomies. */
export function selectObjectTermTaxonomies(db: Db, objectId: number, taxonomies: readonly string[]): Promise<TermTaxonomyRef[]> {
  if (taxonomies.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('term_relationships')
    .innerJoin('term_taxonomy', 'term_taxonomy.term_taxonomy_id', 'term_relationships.term_taxonomy_id')
    .select(['term_taxonomy.term_taxonomy_id', 'term_taxonomy.term_id', 'term_taxonomy.taxonomy', 'term_taxonomy.count'])
    .where('term_relationships.object_id', '=', objectId)
    .where('term_taxonomy.taxonomy', 'in', [...taxonomies])
    .orderBy('term_taxonomy.term_taxonomy_id', 'asc')
    .execute();
}

/** The term taxonomy rows with these IDs in one taxonomy (IDs of other taxonomies are left out). */
export function selectTermTaxonomiesIn(db: Db, taxonomy: string, termTaxonomyIds: readonly number[]): Promise<TermTaxonomyRef[]> {
  if (termTaxonomyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('term_taxonomy')
    .select(['term_taxonomy_id', 'term_id', 'taxonomy', 'count'])
    .where('taxonomy', '=', taxonomy)
    .where('term_taxonomy_id', 'in', [...new Set(termTaxonomyIds)])
    .execute();
}

export async function insertRelationships(db: Db, objectId: number, termTaxonomyIds: readonly number[]): Promise<void> {
  if (termTaxonomyIds.length === 0) return;
  await db
    .insertInto('term_relationships')
    .values(termTaxonomyIds.map((id) => ({ object_id: objectId, term_taxonomy_id: id, term_order: 0 })))
    .execute();
}

export async function deleteRelationships(db: Db, objectId: number, termTaxonomyIds: readonly number[]): Promise<void> {
  if (termTaxonomyIds.length === 0) return;
  await db
    .deleteFrom('term_relationships')
    .where('object_id', '=', objectId)
    .where('term_taxonomy_id', 'in', [...termTaxonomyIds])
    .execute();
}

/**
 * _update_post_term_count for one term taxonomy: its objects of the given post types that are
 * published, plus (when the taxonomy is registered for attachments) attachments that are
 * published or inherit the status of a published parent.
 */
export async function countPublishedObjects(
  db: Db,
  termTaxonomyId: number,
  postTypes: readonly string[],
  countAttachments: boolean,
): Promise<number> {
  let count = 0;
  if (countAttachments) {
    const row = await db
      .selectFrom('term_relationships')
      .innerJoin('posts as p1', 'p1.ID', 'term_relationships.object_id')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('term_relationships.term_taxonomy_id', '=', termTaxonomyId)
      .where('p1.post_type', '=', PostType.attachment)
      .where((eb) =>
        eb.or([
          eb('p1.post_status', '=', PostStatus.publish),
          eb.and([
            eb('p1.post_status', '=', PostStatus.inherit),
            eb('p1.post_parent', '>', 0),
            eb(
              eb.selectFrom('posts as parent').select('parent.post_status').whereRef('parent.ID', '=', 'p1.post_parent'),
              '=',
              PostStatus.publish,
            ),
          ]),
        ]),
      )
      .executeTakeFirst();
    count += Number(row?.total ?? 0);
  }
  if (postTypes.length > 0) {
    const row = await db
      .selectFrom('term_relationships')
      .innerJoin('posts', 'posts.ID', 'term_relationships.object_id')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('term_relationships.term_taxonomy_id', '=', termTaxonomyId)
      .where('posts.post_status', '=', PostStatus.publish)
      .where('posts.post_type', 'in', [...postTypes])
      .executeTakeFirst();
    count += Number(row?.total ?? 0);
  }
  return count;
}

/** What countPublishedObjects counts for one term taxonomy: the taxonomy's post types, and whether it counts attachments. */
export interface TermCountRule {
  termTaxonomyId: number;
  postTypes: readonly string[];
  countAttachments: boolean;
}

/**
 * countPublishedObjects for several term taxonomies: those counted by post type alone (every
 * taxonomy of a calendar site) in one statement grouped by term taxonomy, each with its own post
 * types; one whose taxonomy counts attachments on its own. A term with no such object is 0.
 */
export async function countPublishedObjectsOfEach(db: Db, rules: readonly TermCountRule[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(rules.map((rule) => [rule.termTaxonomyId, 0]));
  const byPostType = rules.filter((rule) => !rule.countAttachments && rule.postTypes.length > 0);
  for (const rule of rules) {
    if (byPostType.includes(rule)) continue;
    counts.set(rule.termTaxonomyId, await countPublishedObjects(db, rule.termTaxonomyId, rule.postTypes, rule.countAttachments));
  }
  if (byPostType.length === 0) return counts;
  const rows = await db
    .selectFrom('term_relationships')
    .innerJoin('posts', 'posts.ID', 'term_relationships.object_id')
    .select((eb) => ['term_relationships.term_taxonomy_id', eb.fn.countAll<number>().as('total')])
    .where('posts.post_status', '=', PostStatus.publish)
    .where((eb) =>
      eb.or(byPostType.map((rule) => eb.and([eb('term_relationships.term_taxonomy_id', '=', rule.termTaxonomyId), eb('posts.post_type', 'in', [...rule.postTypes])]))),
    )
    .groupBy('term_relationships.term_taxonomy_id')
    .execute();
  for (const row of rows) counts.set(Number(row.term_taxonomy_id), Number(row.total));
  return counts;
}

/**
 * Locks term taxonomy rows until the write commits (SELECT … FOR UPDATE, in ID order so two
 * writes never wait on each other crosswise): a count read after it sees every relationship
 * committed by the writes that held the lock before (READ COMMITTED), and none is lost.
 */
export async function lockTermTaxonomyRows(db: Db, termTaxonomyIds: readonly number[]): Promise<void> {
  if (termTaxonomyIds.length === 0 || !locksRows(db)) return;
  await db
    .selectFrom('term_taxonomy')
    .select('term_taxonomy_id')
    .where('term_taxonomy_id', 'in', [...termTaxonomyIds])
    .orderBy('term_taxonomy_id', 'asc')
    .forUpdate()
    .execute();
}

/** Locks a term's row in a taxonomy until the write commits: two writes of one term run one after the other. */
export async function lockTermOfTaxonomy(db: Db, termId: number, taxonomy: string): Promise<void> {
  if (!locksRows(db)) return;
  await db.selectFrom('term_taxonomy').select('term_taxonomy_id').where('term_id', '=', termId).where('taxonomy', '=', taxonomy).forUpdate().execute();
}

/** Stores a term taxonomy's count. */
export async function updateTermCount(db: Db, termTaxonomyId: number, count: number): Promise<void> {
  await db.updateTable('term_taxonomy').set({ count }).where('term_taxonomy_id', '=', termTaxonomyId).execute();
}

/** Stores several term taxonomies' counts in one statement: the rows come out as one UPDATE each would leave them. */
export async function updateTermCounts(db: Db, counts: ReadonlyMap<number, number>): Promise<void> {
  if (counts.size === 0) return;
  const [only] = counts;
  if (counts.size === 1 && only !== undefined) return updateTermCount(db, only[0], only[1]);
  const cases = sql.join([...counts].map(([id, count]) => sql`when ${id} then ${count}`), sql` `);
  await db
    .updateTable('term_taxonomy')
    .set({ count: sql<number>`case ${sql.ref('term_taxonomy_id')} ${cases} end` })
    .where('term_taxonomy_id', 'in', [...counts.keys()])
    .execute();
}
