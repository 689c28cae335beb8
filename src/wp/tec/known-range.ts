import { OptionName } from '../constants.js';
import { asRecord, maybeUnserialize, phpSerialize } from '../php/php-values.js';
import { selectOptionRowsForUpdate, upsertOption } from '../site/options.repository.js';
import { LAST_SAVE_POST_OPTION, rememberLockedLastSavePost, touchedTecPosts } from './last-save-post.js';
import { flushPostMeta } from '../write/meta-store.js';
import type { WriteScope } from '../write/transaction.js';
import { selectMetaRange, selectOccurrenceRange, type RangeEnd } from './known-range.repository.js';

/*
 * TEC keeps the span of dates that hold events in its options (`earliest_date`, `latest_date` and
 * the events at each end, `*_date_markers`); its month view and navigation read them. After an
 * event save that moved the custom tables' dates, and after an event changes visibility (a
 * trash, a publish), TEC rebuilds them: from the occurrences table on TEC 6 sites
 * (Custom_Tables\V1\Updates\Events::rebuild_known_range, UTC dates, one marker), from the date
 * meta elsewhere (Tribe__Events__Dates__Known_Range::rebuild_known_range).
 */

/**
 * Rebuilds the known range in `tribe_events_calendar_options` as the write's last work (once,
 * however often asked), writing the row only when it changes. Computed from the rows as the write
 * leaves them, which is the value of TEC's last rebuild in the request. Every event write that
 * moves dates or visibility rewrites this one row: deferred to the end, its lock is held for the
 * last few statements only, so such writes queue for that tail, not for half their transaction.
 */
export async function rebuildKnownRange(scope: WriteScope): Promise<void> {
  scope.beforeCommit.add(KNOWN_RANGE_TASK, () => rebuildKnownRangeNow(scope));
}

const KNOWN_RANGE_TASK = 'tec-known-range';

async function rebuildKnownRangeNow(scope: WriteScope): Promise<void> {
  // Locked as it is read: a write rebuilding it at the same time reads the dates after this one
  // committed, so the range written last includes both writes' events. TEC's save marker, which
  // this write moves at its very end (touchLastSavePost), is locked and read in the same statement.
  const lockLastSavePost = touchedTecPosts(scope.changes);
  const rows = await selectOptionRowsForUpdate(scope.trx, lockLastSavePost ? [OptionName.tecOptions, LAST_SAVE_POST_OPTION] : [OptionName.tecOptions]);
  if (lockLastSavePost) rememberLockedLastSavePost(scope.changes, rows.get(LAST_SAVE_POST_OPTION));
  // The meta range reads postmeta itself: the write's held meta changes go first.
  if (!scope.site.occurrencesTableActive) await flushPostMeta(scope);
  const range = scope.site.occurrencesTableActive ? await selectOccurrenceRange(scope.trx) : await selectMetaRange(scope.trx);
  const row = rows.get(OptionName.tecOptions);
  const stored = row?.option_value;
  const options = { ...asRecord(stored === undefined ? {} : maybeUnserialize(stored)) };
  setRangeEnd(options, 'earliest', range.earliest);
  setRangeEnd(options, 'latest', range.latest);
  const value = phpSerialize(options);
  if (value === stored) return;
  const { created, autoload } = await upsertOption(scope.trx, OptionName.tecOptions, value, row ?? null);
  scope.changes.noteOption(OptionName.tecOptions, created, autoload);
}

// tribe_update_option keeps an existing key where it stands and appends a new one; tribe_remove_option unsets.
function setRangeEnd(options: Record<string, unknown>, end: 'earliest' | 'latest', value: RangeEnd | undefined): void {
  if (value) {
    options[`${end}_date`] = value.date;
    options[`${end}_date_markers`] = value.markers;
  } else {
    delete options[`${end}_date`];
    delete options[`${end}_date_markers`];
  }
}
