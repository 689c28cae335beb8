import { CATEGORY_WRITE_DEVIATIONS, defineWriteContractSuite } from './write-suite.js';

/** Every recorded write on the categories routes (group `categories.write`), replayed on a fresh reference database. */
defineWriteContractSuite({
  title: 'categories writes contract',
  select: (testCase) => testCase.mutates && testCase.group === 'categories.write',
  expectedCount: 23,
  intendedDeviations: CATEGORY_WRITE_DEVIATIONS,
});
