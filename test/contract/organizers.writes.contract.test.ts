import { defineWriteContractSuite } from './write-suite.js';

/** Every recorded write on the organizers routes (group `organizers.write`), replayed on a fresh reference database. */
defineWriteContractSuite({
  title: 'organizers writes contract',
  select: (testCase) => testCase.mutates && testCase.group === 'organizers.write',
  expectedCount: 23,
});
