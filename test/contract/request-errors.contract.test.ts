import { expect } from 'vitest';
import { isRequestErrorsContractCase } from './read-selections.js';
import { defineContractSuite } from './suite.js';

/**
 * The recorded `errors` cases that are not GETs: a method no route has, a malformed JSON body,
 * missing required fields, validation before permission, a type error in a body. They are
 * answered by WordPress's request handling before any handler runs, so they hold even while the
 * write handlers are not built; none of them writes.
 */
defineContractSuite({
  title: 'request errors contract',
  replays: 'non-GET errors',
  select: isRequestErrorsContractCase,
  expectedCount: 5,
  // Empty: every selected case matches.
  intendedDeviations: {},
  selectionChecks: {
    'selects no case that writes': (selected) => {
      expect(selected.filter((testCase) => testCase.mutates)).toEqual([]);
    },
  },
});
