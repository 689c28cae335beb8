import type { Db } from '../db/create-db.js';
import { addOptInIndexes, describeColumns, OPT_IN_INDEXES, removeOptInIndexes, selectOptInIndexes } from '../wp/tec/opt-in-indexes.repository.js';

/**
 * `npm run indexes -- add|remove|status`: the opt-in indexes for large sites (see
 * opt-in-indexes.repository.ts). Prints what it did; returns the process exit code.
 */
export async function runIndexesCommand(db: Db, action: string | undefined, print: (line: string) => void): Promise<number> {
  if (action === 'add') {
    const added = await addOptInIndexes(db);
    print(added.length > 0 ? `added: ${added.join(', ')}` : 'all opt-in indexes were already there');
    return 0;
  }
  if (action === 'remove') {
    const removed = await removeOptInIndexes(db);
    print(removed.length > 0 ? `removed: ${removed.join(', ')}` : 'no opt-in index was there');
    return 0;
  }
  if (action === 'status' || action === undefined) {
    const present = await selectOptInIndexes(db);
    for (const index of OPT_IN_INDEXES) {
      print(`${present.has(index.name) ? 'present' : 'missing'}  ${index.name}  ${index.table} (${describeColumns(index)})`);
    }
    return 0;
  }
  print('usage: npm run indexes -- add|remove|status');
  return 2;
}
