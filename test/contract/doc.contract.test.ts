import { expect } from 'vitest';
import { isDocContractCase } from './read-selections.js';
import { defineContractSuite } from './suite.js';

/**
 * The /doc cases: the OpenAPI document, compared whole, keys in order, against the recording.
 * The document does not depend on the time. The namespace index cases run with the events
 * contract.
 */

defineContractSuite({
  title: 'doc contract',
  replays: 'anonymous GET',
  // Any recorded error on the /doc route belongs here too.
  select: isDocContractCase,
  // doc.get; the recordings hold no error case on /doc.
  expectedCount: 1,
  // Empty: the document matches the plugin's.
  intendedDeviations: {},
  selectionChecks: {
    'selects doc.get': (selected) => {
      expect(selected.map((testCase) => testCase.id)).toEqual(['doc.get']);
    },
  },
});
