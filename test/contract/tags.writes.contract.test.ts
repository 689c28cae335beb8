import { defineWriteContractSuite } from './write-suite.js';

/** Every recorded write on the tags routes (group `tags.write`), replayed on a fresh reference database. */
defineWriteContractSuite({
  title: 'tags writes contract',
  select: (testCase) => testCase.mutates && testCase.group === 'tags.write',
  expectedCount: 11,
});
