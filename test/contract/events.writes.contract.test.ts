import { defineWriteContractSuite } from './write-suite.js';

/** Every recorded write on the events routes (group `events.write`), replayed on a fresh reference database. */
defineWriteContractSuite({
  title: 'events writes contract',
  select: (testCase) => testCase.mutates && testCase.group === 'events.write',
  expectedCount: 155,
});
