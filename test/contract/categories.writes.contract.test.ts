import { defineWriteContractSuite } from './write-suite.js';

/** Every recorded write on the categories routes (group `categories.write`), replayed on a fresh reference database. */
defineWriteContractSuite({
  title: 'categories writes contract',
  select: (testCase) => testCase.mutates && testCase.group === 'categories.write',
  expectedCount: 23,
  intendedDeviations: {
    'cw.cat.up-slug-taken':
      "WordPress's duplicate_term_slug WP_Error carries no status, so the plugin answers 500; bad input is never a 500 here: same code and message with 400",
  },
});
