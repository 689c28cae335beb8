import { describe, expect, it } from 'vitest';
import { findTerm, resolveTermIds } from '../../../../src/wp/validators.js';
import type { TermRow } from '../../../../src/wp/terms/terms.repository.js';

const TERMS: TermRow[] = [
  { term_id: 7, name: 'Ueber Uns', slug: 'ueber-uns', term_group: 0, term_taxonomy_id: 7, taxonomy: 'tribe_events_cat', description: '', parent: 0, count: 1 },
];

describe('term lookups follow the site locale, as sanitize_title does', () => {
  it('finds "Über uns" by slug on a German site only', () => {
    expect(findTerm(TERMS, 'Über uns', 'de_DE')?.term_id).toBe(7);
    expect(findTerm(TERMS, 'Über uns', '')).toBeUndefined();
    expect(resolveTermIds(TERMS, ['Über uns'], 'de_DE')).toEqual([7]);
    expect(resolveTermIds(TERMS, ['Über uns'], '')).toEqual([]);
  });
});
