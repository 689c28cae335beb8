import { defineWriteContractSuite } from './write-suite.js';

/** Every recorded write on the venues routes (group `venues.write`), replayed on a fresh reference database. */
defineWriteContractSuite({
  title: 'venues writes contract',
  select: (testCase) => testCase.mutates && testCase.group === 'venues.write',
  expectedCount: 28,
});
