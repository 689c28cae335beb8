import { describe, expect, it } from 'vitest';
import { loadCases } from './captures.js';
import { PENDING_ON_OTHER_ISSUES } from './pending.js';
import { READ_CONTRACT_SELECTIONS, isEventsContractCase, isAnonymousGet } from './read-selections.js';

/**
 * The read contract files together: every recorded case that cannot write is replayed by exactly
 * one of them, so a new group or id in a re-recording cannot go unreplayed (or be counted twice).
 */

const cases = loadCases();
const selections = Object.entries(READ_CONTRACT_SELECTIONS);

describe('read contract selections', () => {
  it('replay every case that cannot write in exactly one read contract file', () => {
    const notOnce = cases
      .filter((testCase) => !testCase.mutates)
      .map((testCase) => ({ id: testCase.id, files: selections.filter(([, select]) => select(testCase)).map(([file]) => file) }))
      .filter(({ files }) => files.length !== 1);
    expect(notOnce).toEqual([]);
  });

  it('leave every case that may write to the write contract files', () => {
    const writes = cases.filter((testCase) => testCase.mutates && selections.some(([, select]) => select(testCase)));
    expect(writes.map((testCase) => testCase.id)).toEqual([]);
  });

  it('give the events contract the new search and rich-content event reads', () => {
    const devEventReads = cases.filter(
      (testCase) => /^dev-(search|content)\./.test(testCase.id) && testCase.group === 'events.read' && isAnonymousGet(testCase),
    );
    expect(devEventReads.length).toBe(38);
    expect(devEventReads.filter((testCase) => !isEventsContractCase(testCase)).map((testCase) => testCase.id)).toEqual([]);
  });
});

describe('PENDING_ON_OTHER_ISSUES', () => {
  it('names only recorded cases', () => {
    const ids = new Set(cases.map((testCase) => testCase.id));
    expect(Object.keys(PENDING_ON_OTHER_ISSUES).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('says which issue each case waits on', () => {
    const unexplained = Object.entries(PENDING_ON_OTHER_ISSUES).filter(([, why]) => !/^issue \d+: \S/.test(why));
    expect(unexplained).toEqual([]);
  });
});
