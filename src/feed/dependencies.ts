import { AsyncLocalStorage } from 'node:async_hooks';
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/*
 * What an answer may depend on, and what a change touches, in one vocabulary of tags:
 * a cached answer is dropped when a change touches one of the tags collected while it was
 * computed. Reads declare their tags at the data-access choke points (the post bundle, the event
 * list query, the term and post-type lookups); a statement an answer ran outside any declared
 * read makes it depend on everything, so a read nobody tagged costs cache hits, never freshness.
 */

export const DependencyTag = {
  /** The post's row, its meta, its term relationships (and what TEC's tables hold for it). */
  post: (id: number) => `post:${id}`,
  /**
   * Which posts of a type a query finds and in what order, by anything but their texts: status,
   * dates, parent, order, slug, password, meta, terms, TEC's tables, rows created or deleted.
   */
  list: (postType: string) => `list:${postType}`,
  /**
   * The same, for a list that reads none of its type's list aspects (below) but those it names
   * with `listAspect`: an events list not ordered by post date and not filtered by venue or
   * organizer is not moved by a change of those.
   */
  listWithoutAspects: (postType: string) => `list-narrow:${postType}`,
  /** One aspect of a type's posts only some lists read (a post's date, the venue or organizers an event links). */
  listAspect: (postType: string, aspect: ListAspect) => `list-aspect:${postType}:${aspect}`,
  /** Which posts of a type a query finds, or their order, by their texts (a search, ordered by title). */
  listText: (postType: string) => `list-text:${postType}`,
  /** One term's rows (name, slug, parent, description, count, meta). */
  term: (id: number) => `term:${id}`,
  /** Which terms exist and what they are called, in any taxonomy (term lists, lookups by slug or name). */
  terms: 'terms',
  /** Anything at all: an answer that ran a statement no read declared. */
  any: '*',
} as const;

/**
 * What some lists of a type read and others do not: `post-date` (venue and organizer lists, and
 * events lists given `include`, are ordered by it; a title update through the API sets it, as the
 * plugin does), and the `venue` and `organizer` an event links (only lists filtered by them, or
 * by the events linking a venue or organizer, read them; the plugin rewrites the organizer rows on
 * every event update).
 */
export type ListAspect = 'post-date' | 'venue' | 'organizer';
const LIST_ASPECTS: readonly ListAspect[] = ['post-date', 'venue', 'organizer'];

/** A change's tag touching every list tag of every kind (a post whose type the source did not give). */
export const ANY_LIST = 'list:*';

/** A change's tag saying it touched some aspect of a type's posts: every broad `list:` tag of the type. */
export const anyListAspect = (postType: string) => `list-aspect:${postType}:*`;

/** Whether a change touching `changed` drops an answer that depends on `tag`. */
export function touches(changed: ReadonlySet<string>, tag: string): boolean {
  if (tag === DependencyTag.any) return true;
  if (changed.has(tag)) return true;
  if (tag.startsWith('list')) {
    if (changed.has(ANY_LIST)) return true;
    const [kind, postType] = splitListTag(tag);
    // A narrow list, or one aspect, moves with whatever moves every list of its type.
    if (kind === 'list-narrow' || kind === 'list-aspect') return changed.has(DependencyTag.list(postType));
    // A broad list reads every aspect.
    if (kind === 'list') return changed.has(anyListAspect(postType));
  }
  return false;
}

/**
 * The dependency tags a change touching `changed` drops, for an index by tag: the tags themselves,
 * a type's narrow list and aspects where its every list moved, its broad list where an aspect
 * did. (ANY_LIST is left to the caller: it touches every list tag there is.)
 */
export function touchedDependencyTags(changed: ReadonlySet<string>): Set<string> {
  const tags = new Set(changed);
  for (const tag of changed) {
    const [kind, postType] = splitListTag(tag);
    if (kind === 'list' && tag !== ANY_LIST) {
      tags.add(DependencyTag.listWithoutAspects(postType));
      for (const aspect of LIST_ASPECTS) tags.add(DependencyTag.listAspect(postType, aspect));
    }
    if (tag === anyListAspect(postType)) tags.add(DependencyTag.list(postType));
  }
  return tags;
}

/** `list-aspect:tribe_events:venue` -> ['list-aspect', 'tribe_events']. */
function splitListTag(tag: string): [string, string] {
  const [kind = '', postType = ''] = tag.split(':', 2);
  return [kind, postType];
}

/** What one answer read, as it was computed. */
export class AnswerDependencies {
  readonly tags = new Set<string>();

  add(tags: Iterable<string>): void {
    for (const tag of tags) this.tags.add(tag);
  }

  /** A statement ran that no read declared: the answer depends on everything. */
  get unknown(): boolean {
    return this.tags.has(DependencyTag.any);
  }
}

interface Scope {
  dependencies: AnswerDependencies;
  /** Inside a read that declares its own tags. */
  declared: boolean;
}

const scopes = new AsyncLocalStorage<Scope>();

/** Runs `work` (computing one answer) and returns what it depended on. */
export async function collectDependencies<T>(work: () => Promise<T>): Promise<{ value: T; dependencies: AnswerDependencies }> {
  const dependencies = new AnswerDependencies();
  const value = await scopes.run({ dependencies, declared: false }, work);
  return { value, dependencies };
}

/**
 * Runs a read whose statements are covered by the tags `tagsOf` gives for its result (and any
 * tags added while it ran); outside an answer being collected it just runs.
 */
export async function declaredRead<T>(work: () => Promise<T>, tagsOf: (value: T) => Iterable<string>): Promise<T> {
  const scope = scopes.getStore();
  if (!scope) return work();
  const value = await scopes.run({ dependencies: scope.dependencies, declared: true }, work);
  scope.dependencies.add(tagsOf(value));
  return value;
}

/** declaredRead for a read whose tags are known before it runs. */
export function readOf<T>(tags: Iterable<string>, work: () => Promise<T>): Promise<T> {
  return declaredRead(work, () => tags);
}

/** Adds tags to the answer being collected (for data served from memory, like cached totals). */
export function dependOn(...tags: string[]): void {
  scopes.getStore()?.dependencies.add(tags);
}

/**
 * Sees every statement run through the database handle it is put on (Kysely calls transformResult
 * for prepared statements too): one that belongs to an answer being collected but to no declared
 * read makes that answer depend on everything.
 */
export class UndeclaredReadsPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const scope = scopes.getStore();
    if (scope && !scope.declared) scope.dependencies.tags.add(DependencyTag.any);
    return args.result;
  }
}
