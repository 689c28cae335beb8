import type { Db } from '../db/create-db.js';
import { companionNotices, selectCompanionFacts, type CompanionNotice } from '../wp/site/companions.js';

/**
 * The start log's word on the companions of TEC the service does not serve (wp/site/companions.ts):
 * one warning each, so an operator reading the log learns which answers differ from the plugin's.
 * A failed read is one warning too, never the end of the start. Returns what was logged.
 */
export async function logCompanions(db: Db, network: boolean, warn: (message: string) => void): Promise<CompanionNotice[]> {
  try {
    const notices = companionNotices(await selectCompanionFacts(db, network));
    for (const notice of notices) warn(notice.line);
    return notices;
  } catch (error) {
    warn(`could not read which companion plugins are active (${(error as Error).message}): run npm run doctor`);
    return [];
  }
}
