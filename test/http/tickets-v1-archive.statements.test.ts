import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentFor, recordStatements, type StatementRecorder } from './support.js';
import { TICKETS_NAMESPACES, TICKETS_NOW, TICKETS_ROOT, ticketsSite } from './tickets-site.js';

/**
 * What `GET /tribe/tickets/v1/tickets` costs in statements: the posts a page's tickets are sold for
 * are read in one statement, with their meta, whatever the number of tickets and posts on the page
 * (ticket-readable.ts, preloadTicketEvents), not one read a ticket.
 */

const site = ticketsSite();
let recorder: StatementRecorder;

beforeAll(() => {
  recorder = recordStatements(site.database);
});
afterAll(async () => {
  await recorder?.db.destroy();
});

/** The statements reading post rows (with or without their meta) that name any of `ids`. */
function postReadsOf(ids: ReadonlySet<number>) {
  return recorder.queries.filter(
    (query) => /^select ('post' as `kind`|\* from `wp_posts`)/.test(query.sql) && query.parameters.some((value) => ids.has(Number(value))),
  );
}

describe('tribe/tickets/v1 GET /tickets: statements', () => {
  it("reads the posts of a page's tickets in one statement, for a page of one post as for a page of ten", async () => {
    const agent = agentFor(site.database, { db: recorder.db, now: TICKETS_NOW, env: { NAMESPACES: TICKETS_NAMESPACES } });
    // The site settings are read once per app: warm them so both pages see the same state.
    await agent.get(`${TICKETS_ROOT}/tickets?per_page=1`);
    for (const perPage of [1, 15]) {
      recorder.clear();
      const answer = await agent.get(`${TICKETS_ROOT}/tickets?per_page=${perPage}`);
      expect(answer.status).toBe(200);
      // A ticket of a password-protected post is blanked for a guest (post_id 0): its post is read all the same.
      const postIds = new Set<number>(answer.body.tickets.map((ticket: { post_id: number }) => ticket.post_id).filter((id: number) => id > 0));
      if (perPage === 1) expect(postIds.size).toBe(1);
      else expect(postIds.size).toBeGreaterThan(5);
      const reads = postReadsOf(postIds);
      expect(reads, recorder.statements.join('\n')).toHaveLength(1);
      for (const id of postIds) expect(reads[0]!.parameters.map(Number)).toContain(id);
    }
  });
});
