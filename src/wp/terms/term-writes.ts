import { AppError } from '../wp-error.js';
import { CoreTaxonomy, OptionName, POST_TYPE_TAXONOMIES, PostStatus, PostType, TecCacheKey, Taxonomy } from '../constants.js';
import { isPhpEmpty } from '../php/php-empty.js';
import { phpTrim } from '../php/php-values.js';
import { deleteOption, lockOptionRows, selectOptions, upsertOption } from '../site/options.repository.js';
import type { ChangeSet } from '../write/change-set.js';
import type { WriteScope } from '../write/transaction.js';
import { WriteLockKey } from '../write/write-locks.js';
import { fitsColumns, TERMS_COLUMN_LENGTHS } from '../write/wpdb-fields.js';
import {
  phpLooseStringEquals,
  phpStrtolower,
  sanitizeTermDescription,
  sanitizeTermInt,
  sanitizeTermName,
  sanitizeTermSlug,
} from './term-fields.js';
import {
  countPublishedObjectsOfEach,
  deleteRelationships,
  lockTermOfTaxonomy,
  lockTermTaxonomyRows,
  deleteRelationshipsOfTermTaxonomy,
  deleteTermmetaOfTerm,
  deleteTermRowIfUnused,
  deleteTermTaxonomyRow,
  insertRelationships,
  insertTermRow,
  insertTermTaxonomyRow,
  reparentChildTerms,
  selectChildTerms,
  selectObjectIdsOfTermTaxonomy,
  selectObjectTermTaxonomies,
  selectTermBySlug,
  selectTermParents,
  selectTermsAtParent,
  selectTermsNamedAtParent,
  selectTermTaxonomiesIn,
  slugIsTaken,
  termIdExists,
  termSlugOrNameExists,
  updateTermRow,
  updateTermTaxonomyRow,
  updateTermCounts,
  type TermTaxonomyRef,
} from './term-writes.repository.js';
import { selectPostById } from '../posts/posts.repository.js';
import { selectTermOfTaxonomy } from './terms-controller.repository.js';

/*
 * WordPress's term writes (wp-includes/taxonomy.php) as they run on a TEC site: wp_insert_term,
 * wp_update_term, wp_delete_term, wp_set_object_terms and the term counts
 * (_update_post_term_count), inside the caller's transaction. Every row written is noted in the
 * scope's ChangeSet; after a term of a hierarchical taxonomy is created, changed or deleted, the
 * `{taxonomy}_children` option is rebuilt as clean_taxonomy_cache does, and a category write drops
 * TEC's category-colours cache entry.
 */

/** How a taxonomy is registered on the site: whether it nests, and the post types it counts. */
interface TaxonomyRegistration {
  hierarchical: boolean;
  /** `object_type`: its terms' counts are the published objects of these types. */
  objectTypes: readonly string[];
}

const REGISTRATIONS: Readonly<Record<string, TaxonomyRegistration>> = {
  [CoreTaxonomy.category]: { hierarchical: true, objectTypes: [PostType.post] },
  [Taxonomy.tag]: { hierarchical: false, objectTypes: [PostType.post, PostType.event, PostType.calendarEmbed] },
  [CoreTaxonomy.postFormat]: { hierarchical: false, objectTypes: [PostType.post] },
  // Main::register_taxonomy, then Calendar_Embeds registers it for the embeds too.
  [Taxonomy.eventCategory]: { hierarchical: true, objectTypes: [PostType.event, PostType.calendarEmbed] },
};

function registration(taxonomy: string): TaxonomyRegistration {
  const found = REGISTRATIONS[taxonomy];
  if (!found) throw new AppError(500, 'invalid_taxonomy', 'Invalid taxonomy.');
  return found;
}

/** The option _get_term_hierarchy keeps a hierarchical taxonomy's `parent => [children]` in. */
export function termChildrenOptionName(taxonomy: string): string {
  return `${taxonomy}_children`;
}

/**
 * WP_Error with data added twice, as the REST terms controller builds `term_exists`: WordPress
 * prints the data replaced along the way under `additional_data`.
 */
class TermExistsError extends AppError {
  constructor(message: string, termId: number) {
    super(400, 'term_exists', message, { term_id: termId });
  }

  override toBody() {
    const termId = this.data.term_id;
    return { ...super.toBody(), additional_data: [termId, termId] };
  }
}

/**
 * The errors of wp_insert_term / wp_update_term. WordPress gives those other than `term_exists`
 * no status (so REST answers 500); they all come from the request, so this service answers 400.
 */
export const TermWriteErrors = {
  /** wp_insert_term's name clash: `data.term_id` names the term that already exists. */
  termExists: (message: string, termId: number): AppError => new TermExistsError(message, termId),
  emptyName: () => new AppError(400, 'empty_term_name', 'A name is required for this term.'),
  missingParent: () => new AppError(400, 'missing_parent', 'Parent term does not exist.'),
  duplicateSlug: (slug: string) =>
    new AppError(400, 'duplicate_term_slug', `The slug &#8220;${slug}&#8221; is already in use by another term.`),
  invalidTerm: () => new AppError(400, 'invalid_term', 'Empty Term.'),
  /** $wpdb refused the terms row: a name or slug longer than its 200 characters. */
  notInserted: () => new AppError(400, 'db_insert_error', 'Could not insert term into the database.'),
} as const;

const EXISTS_IN_TAXONOMY = 'A term with the name provided already exists in this taxonomy.';
const EXISTS_WITH_PARENT = 'A term with the name provided already exists with this parent.';

/** The site's locale (WPLANG) for sanitize_title, read once per write. */
const locales = new WeakMap<ChangeSet, Promise<string>>();
function siteLocale(scope: WriteScope): Promise<string> {
  if (scope.site) return Promise.resolve(scope.site.language);
  let locale = locales.get(scope.changes);
  if (!locale) {
    locale = selectOptions(scope.trx, [OptionName.language]).then((options) => options.get(OptionName.language) ?? '');
    locales.set(scope.changes, locale);
  }
  return locale;
}

/** The term a new row of the taxonomy is checked against, for wp_unique_term_slug. */
interface SlugOwner {
  taxonomy: string;
  parent: number;
  /** Set on updates: the term's own row does not make its slug taken. */
  termId?: number;
}

/**
 * wp_unique_term_slug: a slug no other term of the taxonomy has is kept; otherwise, for a child
 * in a hierarchical taxonomy, ancestor slugs are appended (`jazz-music`) until one is free or
 * the root is reached, and then `-2`, `-3`... until no term of any taxonomy holds it.
 */
async function uniqueTermSlug(scope: WriteScope, slug: string, owner: SlugOwner, locale: string): Promise<string> {
  const { trx } = scope;
  // Each slug is checked under its write lock, held until the commit: two writes at once cannot
  // both find one free and take it (this instance or another).
  if (slug !== '') await scope.locks.take(WriteLockKey.termSlug(sanitizeTermSlug(slug, locale)));
  const needsSuffix = slug !== '' && (await selectTermBySlug(trx, owner.taxonomy, sanitizeTermSlug(slug, locale))) !== undefined;
  if (!needsSuffix) return slug;

  let parentSuffix = '';
  if (registration(owner.taxonomy).hierarchical && owner.parent > 0) {
    let ancestorId = owner.parent;
    while (ancestorId > 0) {
      const ancestor = await selectTermOfTaxonomy(trx, ancestorId, owner.taxonomy);
      if (!ancestor) break;
      parentSuffix += `-${ancestor.slug}`;
      // term_exists() without a taxonomy: by slug, else by name, in any taxonomy.
      const candidate = phpTrim(slug + parentSuffix);
      if (!(await termSlugOrNameExists(trx, sanitizeTermSlug(candidate, locale), sanitizeTermName(candidate)))) break;
      ancestorId = ancestor.parent;
    }
  }

  let unique = slug + parentSuffix;
  const taken = async (candidate: string, exceptTermId?: number) => {
    await scope.locks.take(WriteLockKey.termSlug(candidate));
    return slugIsTaken(trx, candidate, exceptTermId);
  };
  if (await taken(unique, owner.termId)) {
    let number = 2;
    let alternative: string;
    do {
      alternative = `${unique}-${number}`;
      number += 1;
    } while (await taken(alternative));
    unique = alternative;
  }
  return unique;
}

/**
 * What clean_term_cache does after a term of the taxonomy was created, changed or deleted:
 * delete and rebuild `{taxonomy}_children` (hierarchical taxonomies only); and TEC drops its
 * category-colours dropdown cache for event categories.
 */
async function afterTermWrite(scope: WriteScope, taxonomy: string): Promise<void> {
  // Rebuilt as the write's last work (BeforeCommit's last lane, after the term recounts): its
  // lock is held for the write's last statements only. Once per term write, as WordPress rebuilds
  // it (each rebuild a new row), the final state alike.
  if (registration(taxonomy).hierarchical) {
    const option = termChildrenOptionName(taxonomy);
    scope.beforeCommit.last(WriteLockKey.optionRewrite(option), () => rebuildTermHierarchy(scope, taxonomy));
  }
  if (taxonomy === Taxonomy.eventCategory) scope.changes.noteTecCacheKey(TecCacheKey.categoryColorsDropdown);
}

/**
 * _get_term_hierarchy after delete_option: `parent => [child IDs]` of every term of the taxonomy
 * by term ID, parents in the order their first child comes, stored PHP-serialized as a new row.
 */
export async function rebuildTermHierarchy(scope: WriteScope, taxonomy: string): Promise<void> {
  const name = termChildrenOptionName(taxonomy);
  // Locked before the terms are read: a write rebuilding it at the same time writes after this
  // one commits, from the terms as they are then. The named lock first: the row lock alone does
  // not keep two writes' delete-and-add of the row apart (rest_write_busy under 8 category writers).
  await scope.locks.take(WriteLockKey.optionRewrite(name));
  await lockOptionRows(scope.trx, [name]);
  const children = new Map<number, number[]>();
  for (const { term_id, parent } of await selectTermParents(scope.trx, taxonomy)) {
    if (parent > 0) children.set(parent, [...(children.get(parent) ?? []), term_id]);
  }
  await deleteOption(scope.trx, name);
  const { created, autoload } = await upsertOption(scope.trx, name, serializeHierarchy(children));
  scope.changes.noteOption(name, created, autoload);
}

/** PHP's serialize() of `array(parent => array(child, ...))`, keys in insertion order. */
export function serializeHierarchy(children: ReadonlyMap<number, readonly number[]>): string {
  const entries = [...children].map(
    ([parent, ids]) => `i:${parent};a:${ids.length}:{${ids.map((id, index) => `i:${index};i:${id};`).join('')}}`,
  );
  return `a:${entries.length}:{${entries.join('')}}`;
}

/**
 * wp_insert_term: adds a term to a taxonomy. The name is stored as WordPress sanitizes it
 * (tags stripped, `&` escaped); the slug is the given one or one made from the name, then made
 * unique. Throws `term_exists` (400, with the existing term's ID) when a term of that name
 * already sits at the same level and no distinct slug was asked for, `empty_term_name` for a
 * blank name, `missing_parent` for a parent that is no term, and `db_insert_error` for a name or
 * slug longer than its column.
 */
export async function insertTerm(
  scope: WriteScope,
  taxonomy: string,
  name: string,
  options: { slug?: string; parent?: number; description?: string } = {},
): Promise<{ term_id: number; term_taxonomy_id: number }> {
  const { trx, changes } = scope;
  const rules = registration(taxonomy);
  if (phpTrim(name) === '') throw TermWriteErrors.emptyName();
  const parent = sanitizeTermInt(options.parent ?? 0);
  if (parent > 0 && !(await termIdExists(trx, parent))) throw TermWriteErrors.missingParent();

  const locale = await siteLocale(scope);
  const cleanName = sanitizeTermName(name);
  const description = sanitizeTermDescription(options.description ?? '');
  const givenSlug = sanitizeTermSlug(options.slug ?? '', locale);
  const slugProvided = !isPhpEmpty(givenSlug);
  let slug = slugProvided ? givenSlug : sanitizeTermSlug(cleanName, locale);

  // Two creates of one name at once: the second checks after the first committed (term_exists).
  // Names the database's collation deems equal make the same slug, so that is the lock's key.
  await scope.locks.take(WriteLockKey.termName(taxonomy, sanitizeTermSlug(cleanName, locale)));
  await refuseNameClash(scope, { taxonomy, hierarchical: rules.hierarchical, name: cleanName, slug, slugProvided, parent, locale });

  slug = await uniqueTermSlug(scope, slug, { taxonomy, parent }, locale);
  if (!fitsColumns({ name: cleanName, slug }, TERMS_COLUMN_LENGTHS)) throw TermWriteErrors.notInserted();
  const termId = await insertTermRow(trx, { name: cleanName, slug, term_group: 0 });
  // A name that sanitizes to no slug at all gets its term ID (sanitize_title's fallback).
  if (slug === '') await updateTermRow(trx, termId, { slug: String(termId) });
  const termTaxonomyId = await insertTermTaxonomyRow(trx, { term_id: termId, taxonomy, description, parent });

  changes.noteTermAddedOrRemoved(termId, taxonomy, true);
  await afterTermWrite(scope, taxonomy);
  return { term_id: termId, term_taxonomy_id: termTaxonomyId };
}

/**
 * wp_insert_term's duplicate check: a term whose name matches (the database's collation, then
 * PHP's ASCII-only strtolower) at the same parent blocks the insert, unless a slug was given that
 * differs from it and no term of the taxonomy has. In a hierarchical taxonomy the clash must be
 * with a sibling: by exact name (when no other slug was asked for) or by the given slug.
 */
async function refuseNameClash(
  scope: WriteScope,
  term: { taxonomy: string; hierarchical: boolean; name: string; slug: string; slugProvided: boolean; parent: number; locale: string },
): Promise<void> {
  const { trx } = scope;
  const candidates = await selectTermsNamedAtParent(trx, term.taxonomy, sanitizeTermName(term.name), term.parent);
  const nameMatch = candidates.find((candidate) => phpStrtolower(term.name) === phpStrtolower(candidate.name));
  if (!nameMatch) return;

  const slugMatch = await selectTermBySlug(trx, term.taxonomy, sanitizeTermSlug(term.slug, term.locale));
  const sameSlug = !term.slugProvided || nameMatch.slug === term.slug;
  if (!sameSlug && !slugMatch) return;
  if (!term.hierarchical) throw TermWriteErrors.termExists(EXISTS_IN_TAXONOMY, nameMatch.term_id);

  const siblings = await selectTermsAtParent(trx, term.taxonomy, term.parent);
  if (sameSlug && siblings.some((sibling) => phpLooseStringEquals(term.name, sibling.name))) {
    throw TermWriteErrors.termExists(EXISTS_WITH_PARENT, nameMatch.term_id);
  }
  if (slugMatch && siblings.some((sibling) => phpLooseStringEquals(term.slug, sibling.slug))) {
    throw TermWriteErrors.termExists(EXISTS_WITH_PARENT, slugMatch.term_id);
  }
}

/** The fields wp_update_term may change; those left out keep their stored value. */
export interface TermChanges {
  name?: string;
  slug?: string;
  description?: string;
  parent?: number;
}

/**
 * wp_update_term: merges `fields` over the stored term and stores the result as WordPress
 * sanitizes it. An emptied slug is made again from the name; a parent that would make the term
 * its own ancestor becomes 0. Throws `duplicate_term_slug` when the slug asked for belongs to
 * another term of the taxonomy (unless the parent changes too, which makes it unique instead),
 * `empty_term_name`, `missing_parent`, or `invalid_term` when the term is not in the taxonomy.
 */
export async function updateTerm(
  scope: WriteScope,
  termId: number,
  taxonomy: string,
  fields: TermChanges,
): Promise<{ term_id: number; term_taxonomy_id: number }> {
  const { trx, changes } = scope;
  registration(taxonomy);
  // Locked until the commit: two writes of one term run one after the other.
  await lockTermOfTaxonomy(trx, termId, taxonomy);
  const stored = await selectTermOfTaxonomy(trx, termId, taxonomy);
  if (!stored) throw TermWriteErrors.invalidTerm();
  const locale = await siteLocale(scope);

  // sanitize_term runs over the merged array, so stored values are sanitized again too.
  const name = sanitizeTermName(fields.name ?? stored.name);
  const description = sanitizeTermDescription(fields.description ?? stored.description);
  const requestedParent = sanitizeTermInt(fields.parent ?? stored.parent);
  let slug = sanitizeTermSlug(fields.slug ?? stored.slug, locale);

  if (phpTrim(name) === '') throw TermWriteErrors.emptyName();
  if (requestedParent > 0 && !(await termIdExists(trx, requestedParent))) throw TermWriteErrors.missingParent();
  const emptySlug = isPhpEmpty(slug);
  if (emptySlug) slug = sanitizeTermSlug(name, locale);

  const parent = await parentWithoutLoops(scope, taxonomy, termId, requestedParent);

  const duplicate = await selectTermBySlug(trx, taxonomy, sanitizeTermSlug(slug, locale));
  if (duplicate && duplicate.term_id !== termId) {
    if (!emptySlug && parent === stored.parent) throw TermWriteErrors.duplicateSlug(slug);
    slug = await uniqueTermSlug(scope, slug, { taxonomy, parent: requestedParent, termId }, locale);
  }

  // wp_update_term does not read $wpdb->update's result: a name or slug longer than its column
  // leaves the terms row as it was (an empty slug is still replaced by the ID), and the
  // description and parent are stored all the same.
  if (fitsColumns({ name, slug }, TERMS_COLUMN_LENGTHS)) {
    await updateTermRow(trx, termId, { name, slug: slug === '' ? String(termId) : slug, term_group: stored.term_group });
  } else if (slug === '') {
    await updateTermRow(trx, termId, { slug: String(termId) });
  }
  await updateTermTaxonomyRow(trx, stored.term_taxonomy_id, { description, parent });

  changes.noteTerm(termId, taxonomy);
  await afterTermWrite(scope, taxonomy);
  return { term_id: termId, term_taxonomy_id: stored.term_taxonomy_id };
}

/**
 * wp_check_term_hierarchy_for_loops (the `wp_update_term_parent` filter): a term cannot be its
 * own parent or ancestor (the parent becomes 0). A loop higher up that does not include the term
 * is broken by giving each of its members parent 0, as WordPress does.
 */
async function parentWithoutLoops(scope: WriteScope, taxonomy: string, termId: number, parent: number): Promise<number> {
  if (parent === 0 || parent === termId) return 0;
  const parents = new Map((await selectTermParents(scope.trx, taxonomy)).map((row) => [row.term_id, row.parent]));
  const parentOf = (id: number) => (id === termId ? parent : parents.get(id) ?? 0);
  const walked: number[] = [];
  for (let id = termId; id > 0; id = parentOf(id)) {
    const seen = walked.indexOf(id);
    if (seen !== -1) {
      const loop = walked.slice(seen);
      if (loop.includes(termId)) return 0;
      for (const member of loop) {
        const row = await selectTermOfTaxonomy(scope.trx, member, taxonomy);
        if (!row) continue;
        await updateTermTaxonomyRow(scope.trx, row.term_taxonomy_id, { parent: 0 });
        scope.changes.noteTerm(member, taxonomy);
      }
      return parent;
    }
    walked.push(id);
  }
  return parent;
}

/**
 * wp_delete_term: removes a term, its relationships and its term meta. In a hierarchical
 * taxonomy its children move up to its parent. The counts of the objects' other terms are left
 * as they are, as WordPress leaves them. Returns false when the term is not in the taxonomy.
 */
export async function deleteTerm(scope: WriteScope, termId: number, taxonomy: string): Promise<boolean> {
  const { trx, changes } = scope;
  const rules = registration(taxonomy);
  // Locked until the commit: of two deletes at once, the second finds the term gone.
  await lockTermOfTaxonomy(trx, termId, taxonomy);
  const term = await selectTermOfTaxonomy(trx, termId, taxonomy);
  if (!term) return false;

  if (rules.hierarchical) {
    const children = await selectChildTerms(trx, taxonomy, termId);
    await reparentChildTerms(trx, taxonomy, termId, term.parent);
    for (const child of children) changes.noteTerm(child.term_id, taxonomy);
  }

  const objectIds = await selectObjectIdsOfTermTaxonomy(trx, term.term_taxonomy_id);
  await deleteRelationshipsOfTermTaxonomy(trx, term.term_taxonomy_id);
  writesThatDeletedTerms.add(changes);
  // clean_object_term_cache for each object type of the taxonomy, whatever each object's own type.
  const cleaned = new Set(rules.objectTypes.flatMap((objectType) => POST_TYPE_TAXONOMIES[objectType] ?? []));
  for (const objectId of objectIds) changes.noteRelationships(objectId, cleaned);

  await deleteTermmetaOfTerm(trx, termId);
  await deleteTermTaxonomyRow(trx, term.term_taxonomy_id);
  await deleteTermRowIfUnused(trx, termId);

  changes.noteTermAddedOrRemoved(termId, taxonomy);
  await afterTermWrite(scope, taxonomy);
  return true;
}

/**
 * _update_post_term_count: each term's count becomes the number of its published objects of the
 * taxonomy's post types (attachments counted by their parent's status when the taxonomy has
 * them). Notes every recounted term.
 */
async function recountTerms(scope: WriteScope, taxonomy: string, terms: readonly TermTaxonomyRef[]): Promise<void> {
  // Counted just before the commit (BeforeCommit), from the rows as they stand then: each count is
  // what WordPress's last recount of the term in this write stores, and the row is locked only
  // for the write's last statements.
  let pending = pendingRecounts.get(scope.changes);
  if (!pending) {
    const recounts = new Map<number, { taxonomy: string; term: TermTaxonomyRef }>();
    pending = recounts;
    pendingRecounts.set(scope.changes, recounts);
    scope.beforeCommit.add('term-counts', () => recountNow(scope, recounts));
  }
  for (const term of terms) pending.set(term.term_taxonomy_id, { taxonomy, term });
}

/** The recounts a write has left for its commit, by term taxonomy ID (keyed by the write's ChangeSet). */
const pendingRecounts = new WeakMap<ChangeSet, Map<number, { taxonomy: string; term: TermTaxonomyRef }>>();

async function recountNow(scope: WriteScope, recounts: ReadonlyMap<number, { taxonomy: string; term: TermTaxonomyRef }>): Promise<void> {
  // Locked before counting (in ID order), so a write counting the same term after this one sees its relationships.
  await lockTermTaxonomyRows(scope.trx, [...recounts.keys()]);
  // Counted and stored together: the rows end as one count and one UPDATE per term leave them.
  const counts = await countPublishedObjectsOfEach(
    scope.trx,
    [...recounts.values()].map(({ taxonomy, term }) => ({ termTaxonomyId: term.term_taxonomy_id, ...countingRule(taxonomy) })),
  );
  await updateTermCounts(scope.trx, counts);
  for (const { taxonomy, term } of recounts.values()) scope.changes.noteTerm(term.term_id, taxonomy);
}

/** What _update_post_term_count counts for a taxonomy's terms: its post types, and attachments apart. */
function countingRule(taxonomy: string): { postTypes: string[]; countAttachments: boolean } {
  const rules = registration(taxonomy);
  return { postTypes: rules.objectTypes.filter((type) => type !== PostType.attachment), countAttachments: rules.objectTypes.includes(PostType.attachment) };
}

/**
 * wp_set_object_terms with term taxonomy IDs: relates the object to these terms of the taxonomy
 * (IDs of other taxonomies, or of no term, are skipped), and unless `append` removes its other
 * terms of the taxonomy. The counts of every term added or removed are recounted. Returns the
 * term taxonomy IDs the object now has from the list, and whether its terms of the taxonomy
 * changed (what TEC's tracker stamps), known from the rows read and written, not read again.
 */
export async function setObjectTerms(
  scope: WriteScope,
  objectId: number,
  objectType: string,
  taxonomy: string,
  termTaxonomyIds: readonly number[],
  append = false,
  readByCaller: readonly TermTaxonomyRef[] = [],
): Promise<{ termTaxonomyIds: number[]; changed: boolean }> {
  const { trx, changes } = scope;
  registration(taxonomy);
  // Which IDs name a term of the taxonomy: the rows the caller read or made in this write answer
  // for theirs; the others are read.
  const known = new Map(readByCaller.filter((ref) => ref.taxonomy === taxonomy).map((ref) => [ref.term_taxonomy_id, ref]));
  for (const ref of await selectTermTaxonomiesIn(trx, taxonomy, termTaxonomyIds.filter((id) => !known.has(id)))) known.set(ref.term_taxonomy_id, ref);
  const wanted = [...new Set(termTaxonomyIds)].filter((id) => known.has(id));
  const current = await currentRelationships(scope, objectId, objectType, taxonomy);
  const currentIds = new Set(current.map((ref) => ref.term_taxonomy_id));

  const added = wanted.filter((id) => !currentIds.has(id));
  await insertRelationships(trx, objectId, added);
  await recountTerms(scope, taxonomy, added.map((id) => known.get(id)!));

  const removed = append ? [] : current.filter((ref) => !wanted.includes(ref.term_taxonomy_id));
  await deleteRelationships(trx, objectId, removed.map((ref) => ref.term_taxonomy_id));
  await recountTerms(scope, taxonomy, removed);

  if (added.length > 0 || removed.length > 0) {
    changes.noteRelationships(objectId, new Set([taxonomy, ...(POST_TYPE_TAXONOMIES[objectType] ?? [])]));
  }
  const removedIds = new Set(removed.map((ref) => ref.term_taxonomy_id));
  rememberRelationships(scope, objectId, taxonomy, [...current.filter((ref) => !removedIds.has(ref.term_taxonomy_id)), ...added.map((id) => known.get(id)!)]);
  return { termTaxonomyIds: wanted, changed: added.length > 0 || removed.length > 0 };
}

/*
 * The term relationships of the posts a write sets terms on, per taxonomy, kept for the write:
 * those of a post it created are all written by it (it had none before), so they are never read;
 * those of another post are read once, for every taxonomy of its type together (an event's
 * categories and tags in one statement), and follow what setObjectTerms writes. A write that
 * deleted a term (which removes relationships of every post) reads them each time.
 */
const relationshipsKept = new WeakMap<ChangeSet, Map<number, Map<string, TermTaxonomyRef[]>>>();
const writesThatDeletedTerms = new WeakSet<ChangeSet>();

/** The object's relationships in the taxonomy, in term_taxonomy_id order: kept, or read (with its type's other taxonomies). */
async function currentRelationships(scope: WriteScope, objectId: number, objectType: string, taxonomy: string): Promise<TermTaxonomyRef[]> {
  if (writesThatDeletedTerms.has(scope.changes)) return selectObjectTermTaxonomies(scope.trx, objectId, [taxonomy]);
  let byPost = relationshipsKept.get(scope.changes);
  if (!byPost) relationshipsKept.set(scope.changes, (byPost = new Map()));
  let byTaxonomy = byPost.get(objectId);
  if (!byTaxonomy) byPost.set(objectId, (byTaxonomy = new Map()));
  const kept = byTaxonomy.get(taxonomy);
  if (kept) return kept;
  if (scope.changes.postLifecycle.get(objectId) === 'created') return [];
  const taxonomies = [...new Set([taxonomy, ...(POST_TYPE_TAXONOMIES[objectType] ?? [])])];
  const read = await selectObjectTermTaxonomies(scope.trx, objectId, taxonomies);
  for (const each of taxonomies) byTaxonomy.set(each, sortedRefs(read.filter((ref) => ref.taxonomy === each)));
  return byTaxonomy.get(taxonomy)!;
}

/** What setObjectTerms left the object with in the taxonomy. */
function rememberRelationships(scope: WriteScope, objectId: number, taxonomy: string, refs: TermTaxonomyRef[]): void {
  relationshipsKept.get(scope.changes)?.get(objectId)?.set(taxonomy, sortedRefs(refs));
}

function sortedRefs(refs: readonly TermTaxonomyRef[]): TermTaxonomyRef[] {
  return [...refs].sort((a, b) => a.term_taxonomy_id - b.term_taxonomy_id);
}

/**
 * _update_term_count_on_transition_post_status (on `transition_post_status`): when a post moves
 * into or out of the counted statuses (`publish`; an `inherit` post counts as its parent's
 * status), every term it has in the taxonomies of its type is recounted. Call it after the row
 * holds its final status, the one wp_insert_post settled on (a `publish` dated ahead is stored as
 * `future` and no longer counts). Returns at once, without reading, when nothing can change.
 */
export async function updateTermCountOnTransition(
  scope: WriteScope,
  post: { ID: number; post_type: string; post_parent: number },
  newStatus: string,
  oldStatus: string,
): Promise<void> {
  const taxonomies = (POST_TYPE_TAXONOMIES[post.post_type] ?? []).filter((taxonomy) => taxonomy in REGISTRATIONS);
  if (taxonomies.length === 0) return;
  // The same status before and after counts the same: nothing to recount, nothing to read.
  if (newStatus === oldStatus) return;
  // An `inherit` post counts as its parent does: the parent is read once, only when needed.
  let parentStatus: Promise<string | undefined> | undefined;
  const counted = async (status: string) => {
    if (status !== PostStatus.inherit) return status === PostStatus.publish;
    parentStatus ??= selectPostById(scope.trx, post.post_parent).then((parent) => parent?.post_status);
    return (await parentStatus) === PostStatus.publish;
  };
  if ((await counted(newStatus)) === (await counted(oldStatus))) return;
  const terms = await selectObjectTermTaxonomies(scope.trx, post.ID, taxonomies);
  for (const taxonomy of taxonomies) {
    await recountTerms(scope, taxonomy, terms.filter((term) => term.taxonomy === taxonomy));
  }
}
