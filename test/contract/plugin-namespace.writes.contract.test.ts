import { expect } from 'vitest';
import { loadCases, type ReferenceCase } from './captures.js';
import { defineWriteContractSuite } from './write-suite.js';

/**
 * Recorded writes whose answers print the namespace (an event's `rest_url`, a term's links),
 * replayed exactly as recorded under the plugin's `tribe/events/v1` on a service that serves it
 * beside ours; the rows written must be the plugin's as well.
 *
 * A sample: every fifth such case of each group and method (so every kind of write that prints the
 * namespace is there: event POST/PUT/PATCH/DELETE, category and tag create/update/delete). All 139
 * replay under our own namespace in the *.writes contract files, and the answers print the namespace
 * through the same mappers as the reads, which plugin-namespace.contract.test.ts replays in full;
 * all 139 here cost about 90 s of the suite's 10-minute budget.
 */
const printsNamespace = (testCase: ReferenceCase) => testCase.mutates && JSON.stringify(testCase.expect).includes('calendar/events/v1');

const sampled = new Set<string>();
const seenOfKind = new Map<string, number>();
for (const testCase of loadCases().filter(printsNamespace)) {
  const kind = `${testCase.group} ${testCase.method}`;
  const seen = seenOfKind.get(kind) ?? 0;
  if (seen % 5 === 0) sampled.add(testCase.id);
  seenOfKind.set(kind, seen + 1);
}

defineWriteContractSuite({
  title: 'plugin namespace writes contract',
  select: (testCase) => sampled.has(testCase.id),
  expectedCount: 31,
  namespace: 'recorded',
  selectionChecks: {
    'samples every group and method whose answers print the namespace': (selected) => {
      const kinds = (cases: readonly ReferenceCase[]) => [...new Set(cases.map((testCase) => `${testCase.group} ${testCase.method}`))].sort();
      expect(kinds(selected)).toEqual(kinds(loadCases().filter(printsNamespace)));
    },
  },
});
