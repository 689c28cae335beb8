import { defineTecV1WriteSuite } from './tec-v1-write-suite.js';

/**
 * The 141 recorded writes of TEC's tec/v1 namespace (fixtures/reference-tec-v1: events, venues,
 * organizers, and the gate, order-of-checks and method cases that may write), each on a fresh
 * database at its recording instant: status, refusal bodies and every row written and removed.
 */
defineTecV1WriteSuite({
  title: 'tec/v1 writes contract',
  select: (testCase) => testCase.mutates,
  expectedCount: 141,
  comparison: { successBodies: true, allowHeader: true },
  knownDifferences: {},
});
