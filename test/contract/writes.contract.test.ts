import { defineWriteContractSuite } from './write-suite.js';

/** Every recorded write of every resource, replayed on a fresh reference database. */
defineWriteContractSuite({
  title: 'writes contract',
  select: (testCase) => testCase.mutates,
  expectedCount: 240,
});
