import { createHash } from 'node:crypto';
import { OptionName } from '../constants.js';
import { maybeUnserialize, phpSerialize } from '../php/php-values.js';
import type { WriteScope } from '../write/transaction.js';
import { lockOptionRows, selectOptions, upsertOption } from './options.repository.js';

/*
 * WP-Cron's schedule, the `cron` option: `{ <unix time>: { <hook>: { md5(serialize(args)): {
 * schedule, args[, interval] } } }, version: 2 }`, times in ascending order. A post saved as
 * `future` is published by the `publish_future_post` event WordPress schedules for its date
 * (`_future_post_hook` on `future_{post_type}`); a scheduled post written without it would never
 * go live.
 */

export const PUBLISH_FUTURE_POST_HOOK = 'publish_future_post';

type CronEvents = Record<string, Record<string, Record<string, unknown>>>;

/**
 * _future_post_hook: clears every `publish_future_post` event of the post (wp_clear_scheduled_hook),
 * then schedules one at the post's GMT date (wp_schedule_single_event). Notes the option row.
 */
export async function schedulePostPublication(scope: WriteScope, postId: number, postDateGmt: string): Promise<void> {
  const timestamp = Math.floor(Date.parse(`${postDateGmt.replace(' ', 'T')}Z`) / 1000);
  if (!Number.isFinite(timestamp) || timestamp <= 0) return;
  const args = [postId];
  const key = createHash('md5').update(phpSerialize(args)).digest('hex');

  // Locked before it is read: two writes scheduling at once must not each drop the other's event.
  await lockOptionRows(scope.trx, [OptionName.cron]);
  const stored = (await selectOptions(scope.trx, [OptionName.cron])).get(OptionName.cron);
  const crons = cronEventsOf(stored);
  for (const [time, hooks] of Object.entries(crons)) {
    const events = hooks[PUBLISH_FUTURE_POST_HOOK];
    if (!events || !(key in events)) continue;
    delete events[key];
    if (Object.keys(events).length === 0) delete hooks[PUBLISH_FUTURE_POST_HOOK];
    if (Object.keys(hooks).length === 0) delete crons[time];
  }
  const at = (crons[String(timestamp)] ??= {});
  const events = (at[PUBLISH_FUTURE_POST_HOOK] ??= {});
  events[key] = { schedule: false, args };

  // Integer keys iterate in ascending order, as uksort(strnatcasecmp) leaves them; `version` goes last.
  const value = phpSerialize({ ...crons, version: 2 });
  if (value === stored) return;
  const { created, autoload } = await upsertOption(scope.trx, OptionName.cron, value);
  scope.changes.noteOption(OptionName.cron, created, autoload);
}

/** _get_cron_array: the events by time, without the `version` entry; empty for a missing or broken row. */
function cronEventsOf(stored: string | undefined): CronEvents {
  const value = stored === undefined ? {} : maybeUnserialize(stored);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const events: CronEvents = {};
  for (const [time, hooks] of Object.entries(value as Record<string, unknown>)) {
    if (time === 'version' || typeof hooks !== 'object' || hooks === null) continue;
    events[time] = hooks as Record<string, Record<string, unknown>>;
  }
  return events;
}
