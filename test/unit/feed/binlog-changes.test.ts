import { describe, expect, it } from 'vitest';
import { fromBinlogTransaction } from '../../../src/feed/binlog-changes.js';
import type { BinlogTransaction, RowChange } from '../../../src/feed/binlog-source.js';

const transaction = (...changes: RowChange[]): BinlogTransaction => ({
  changes,
  position: { file: 'binlog.000002', position: 4242 },
  committedAt: new Date('2026-11-26T12:00:00Z'),
});

describe('fromBinlogTransaction', () => {
  it('names the posts whose rows, meta, occurrences or terms changed, and where in the log', () => {
    const change = fromBinlogTransaction(
      transaction(
        { table: 'posts', action: 'update', rows: [{ before: { ID: 12, post_type: 'tribe_events', post_status: 'publish' }, after: { ID: 12, post_type: 'tribe_events', post_status: 'publish' } }] },
        { table: 'postmeta', action: 'insert', rows: [{ after: { meta_id: 9, post_id: 30, meta_key: '_EventCost', meta_value: '5' } }] },
        { table: 'tec_occurrences', action: 'update', rows: [{ after: { occurrence_id: 1, post_id: 31 } }] },
        { table: 'term_relationships', action: 'delete', rows: [{ before: { object_id: 32, term_taxonomy_id: 5 } }] },
      ),
    );
    expect(change?.position).toBe('binlog.000002:4242');
    expect(change?.everything).toBe(false);
    expect([...change!.posts]).toEqual([[12, 'tribe_events'], [30, ''], [31, ''], [32, '']]);
    expect(change?.postLifecycle.size).toBe(0);
  });

  it('takes meta rows deleted and added again with the same values as no change to any list, but to the post', () => {
    const rewrite = (key: string, before: string, after: string) =>
      fromBinlogTransaction(
        transaction(
          { table: 'posts', action: 'update', rows: [{ before: { ID: 6, post_type: 'tribe_events', post_title: 'A' }, after: { ID: 6, post_type: 'tribe_events', post_title: 'B' } }] },
          { table: 'postmeta', action: 'delete', rows: [{ before: { meta_id: 70, post_id: 6, meta_key: key, meta_value: before } }] },
          { table: 'postmeta', action: 'insert', rows: [{ after: { meta_id: 90, post_id: 6, meta_key: key, meta_value: after } }] },
        ),
      );
    const same = rewrite('_EventStartDate', '2026-12-01 10:00:00', '2026-12-01 10:00:00');
    expect([...same!.touched!]).toContain('post:6');
    expect([...same!.touched!]).not.toContain('list:tribe_events');
    expect([...rewrite('_EventStartDate', '2026-12-01 10:00:00', '2026-12-02 10:00:00')!.touched!]).toContain('list:tribe_events');
    // What an event only shows (all-day) moves no list even when its value changes.
    const allDay = rewrite('_EventAllDay', '', 'yes');
    expect([...allDay!.touched!]).toContain('post:6');
    expect([...allDay!.touched!]).not.toContain('list:tribe_events');
  });

  it('tells created, trashed, restored and deleted posts apart', () => {
    const change = fromBinlogTransaction(
      transaction(
        { table: 'posts', action: 'insert', rows: [{ after: { ID: 1, post_type: 'tribe_venue', post_status: 'publish' } }] },
        { table: 'posts', action: 'update', rows: [{ before: { ID: 2, post_status: 'publish' }, after: { ID: 2, post_status: 'trash' } }] },
        { table: 'posts', action: 'update', rows: [{ before: { ID: 3, post_status: 'trash' }, after: { ID: 3, post_status: 'draft' } }] },
        { table: 'posts', action: 'delete', rows: [{ before: { ID: 4, post_type: 'tribe_organizer', post_status: 'trash' } }] },
      ),
    );
    expect([...change!.postLifecycle]).toEqual([[1, 'created'], [2, 'deleted'], [3, 'created'], [4, 'deleted']]);
  });

  it('reports terms, users and options, and a created or deleted term', () => {
    const change = fromBinlogTransaction(
      transaction(
        { table: 'term_taxonomy', action: 'insert', rows: [{ after: { term_taxonomy_id: 40, term_id: 41, taxonomy: 'tribe_events_cat' } }] },
        { table: 'usermeta', action: 'update', rows: [{ after: { umeta_id: 1, user_id: 3, meta_key: 'wp_capabilities' } }] },
        { table: 'options', action: 'update', rows: [{ after: { option_name: 'date_format', option_value: 'j F Y' } }] },
      ),
    );
    expect([...change!.terms]).toEqual([[41, 'tribe_events_cat']]);
    expect([...change!.termLifecycle]).toEqual([[41, 'created']]);
    expect([...change!.users]).toEqual([3]);
    expect([...change!.options]).toEqual(['date_format']);
  });

  it('ignores a transaction of transients, the cron schedule and edit locks alone', () => {
    expect(
      fromBinlogTransaction(
        transaction(
          { table: 'options', action: 'update', rows: [{ after: { option_name: '_transient_doing_cron' } }, { after: { option_name: 'cron' } }] },
          { table: 'options', action: 'insert', rows: [{ after: { option_name: '_site_transient_update_plugins' } }] },
          { table: 'postmeta', action: 'update', rows: [{ after: { post_id: 5, meta_key: '_edit_lock' } }] },
        ),
      ),
    ).toBeUndefined();
  });

  it("ignores the service's own kept notification position, so keeping it moves nothing", () => {
    expect(
      fromBinlogTransaction(
        transaction({ table: 'options', action: 'update', rows: [{ after: { option_name: 'calendar_sidecar_notified_position' } }] }),
      ),
    ).toBeUndefined();
  });

  it('takes a change without rows (TRUNCATE, ALTER) as everything changed', () => {
    const change = fromBinlogTransaction(transaction({ table: 'postmeta', action: 'delete', rows: [] }));
    expect(change?.everything).toBe(true);
  });

  it('counts a table of the site it does not know, in case an answer reads it', () => {
    expect(fromBinlogTransaction(transaction({ table: 'comments', action: 'insert', rows: [{ after: { comment_ID: 1 } }] }))).toBeDefined();
  });
});
