import type { Db } from '../../db/create-db.js';
import type { TermRow } from '../terms/terms.repository.js';
import { selectLookups, type LookupResult, type TermsNamedLookup } from './lookups.repository.js';

/**
 * A request's small reads (post types, terms) batched and remembered: what is asked in the same
 * turn of the event loop goes to the database as one statement, and what was asked once is
 * answered from memory for the rest of the request. The dispatcher starts a request's argument
 * validators together, so a list filtered by categories, tags, venue and organizer checks them all
 * in one statement, and the list then reuses the terms its validators read.
 */
export interface Lookups {
  /** The post_type of each of these posts that exists (any status). */
  postTypes(ids: readonly number[]): Promise<Map<number, string>>;
  /** Every term of the taxonomy: for small hierarchical ones, whose tree a query needs anyway. */
  termsOfTaxonomy(taxonomy: string): Promise<TermRow[]>;
  /** The terms of the taxonomy that one of these IDs, slugs or names names (not the whole taxonomy). */
  termsNamedBy(taxonomy: string, lookup: Omit<TermsNamedLookup, 'taxonomy'>): Promise<TermRow[]>;
}

/** The request memo (RequestContext.memo) the answers are kept in, so forgetting it after a write forgets them too. */
export type Memo = <T>(key: string, load: () => Promise<T>) => Promise<T>;

interface QueuedBatch {
  request: { postIds: number[]; taxonomies: string[]; termsNamed: TermsNamedLookup[] };
  result: Promise<LookupResult>;
}

/** Lookups for one request, reading through `db` and remembering in `memo`. */
export function createLookups(db: Db, memo: Memo): Lookups {
  let queued: QueuedBatch | undefined;

  /** The batch still taking lookups; it is read once every caller of this turn has asked. */
  function queue(): QueuedBatch {
    if (queued) return queued;
    const request: QueuedBatch['request'] = { postIds: [], taxonomies: [], termsNamed: [] };
    const batch: QueuedBatch = {
      request,
      result: new Promise<LookupResult>((resolve, reject) => {
        // setImmediate, not a microtask: a caller that awaits something already settled before it
        // asks still joins this batch.
        setImmediate(() => {
          queued = undefined;
          selectLookups(db, request).then(resolve, reject);
        });
      }),
    };
    queued = batch;
    return batch;
  }

  // Keys carry a `lookup:` prefix of their own in the shared request memo.
  return {
    async postTypes(ids) {
      const unique = [...new Set(ids)];
      const types = await Promise.all(
        unique.map((id) =>
          memo(`lookup:post-type:${id}`, () => {
            const batch = queue();
            batch.request.postIds.push(id);
            return batch.result.then((result) => result.postTypes.get(id));
          }),
        ),
      );
      return new Map(unique.flatMap((id, index) => (types[index] === undefined ? [] : [[id, types[index]] as const])));
    },
    termsOfTaxonomy(taxonomy) {
      return memo(`lookup:taxonomy:${taxonomy}`, () => {
        const batch = queue();
        batch.request.taxonomies.push(taxonomy);
        return batch.result.then((result) => result.termsOfTaxonomy.get(taxonomy) ?? []);
      });
    },
    termsNamedBy(taxonomy, { ids, slugs, names }) {
      if (ids.length + slugs.length + names.length === 0) return Promise.resolve([]);
      return memo(`lookup:terms-named:${JSON.stringify([taxonomy, ids, slugs, names])}`, () => {
        const batch = queue();
        const index = batch.request.termsNamed.push({ taxonomy, ids, slugs, names }) - 1;
        return batch.result.then((result) => result.termsNamed[index] ?? []);
      });
    },
  };
}
