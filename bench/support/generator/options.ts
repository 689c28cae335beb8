import { phpSerialize } from '../../../src/wp/php/php-values.js';
import { phpMicrotime } from '../../../src/wp/tec/last-save-post.js';
import { serializeHierarchy } from '../../../src/wp/terms/term-writes.js';
import { SITE_URL } from '../../../test/builders/posts.js';
import type { TermSpec } from './plan.js';

/*
 * The options a generated site holds: those of fixtures/reference/db.sql's wp_options that the
 * sidecar or WordPress itself reads for a site like this one (values and autoload as recorded),
 * plus what depends on the generated data: TEC's known range inside its options array, the
 * custom-tables migration state (complete: the dates are read from tec_occurrences) and
 * `tribe_events_cat_children` for the nested categories. Roles and the admin user are written
 * by test/builders/users.ts (insertDefaultRoles, insertUser), as the tests write them.
 */

type Autoload = 'on' | 'off' | 'auto';

/** Copied from the reference dump's wp_options (WordPress 7.1 + TEC 6.17.2). */
const REFERENCE_OPTIONS: ReadonlyArray<readonly [name: string, value: string, autoload: Autoload]> = [
  ['siteurl', SITE_URL, 'on'],
  ['home', SITE_URL, 'on'],
  ['blogname', 'TEC Oracle', 'on'],
  ['blogdescription', '', 'on'],
  ['users_can_register', '0', 'on'],
  ['admin_email', 'admin@example.test', 'on'],
  ['start_of_week', '1', 'on'],
  ['use_smilies', '1', 'on'],
  ['default_category', '1', 'on'],
  ['default_comment_status', 'open', 'on'],
  ['default_ping_status', 'open', 'on'],
  ['posts_per_page', '10', 'on'],
  ['date_format', 'F j, Y', 'on'],
  ['time_format', 'g:i a', 'on'],
  ['permalink_structure', '/%postname%/', 'on'],
  ['blog_charset', 'UTF-8', 'on'],
  ['active_plugins', 'a:1:{i:0;s:43:"the-events-calendar/the-events-calendar.php";}', 'on'],
  ['category_base', '', 'on'],
  ['gmt_offset', '0', 'on'],
  ['template', 'twentytwentyfive', 'on'],
  ['stylesheet', 'twentytwentyfive', 'on'],
  ['html_type', 'text/html', 'on'],
  ['default_role', 'subscriber', 'on'],
  ['db_version', '61833', 'on'],
  ['uploads_use_yearmonth_folders', '1', 'on'],
  ['blog_public', '1', 'on'],
  ['show_on_front', 'posts', 'on'],
  ['tag_base', '', 'on'],
  ['thumbnail_size_w', '150', 'on'],
  ['thumbnail_size_h', '150', 'on'],
  ['thumbnail_crop', '1', 'on'],
  ['medium_size_w', '300', 'on'],
  ['medium_size_h', '300', 'on'],
  ['large_size_w', '1024', 'on'],
  ['large_size_h', '1024', 'on'],
  ['sticky_posts', 'a:0:{}', 'on'],
  ['timezone_string', 'UTC', 'on'],
  ['page_for_posts', '0', 'on'],
  ['page_on_front', '0', 'on'],
  ['medium_large_size_w', '768', 'on'],
  ['medium_large_size_h', '0', 'on'],
  ['initial_db_version', '61833', 'on'],
  ['tec_ct1_events_table_schema_version', '1.0.1', 'auto'],
  ['tec_ct1_occurrences_table_schema_version', '1.0.3', 'auto'],
];

/**
 * `tribe_events_calendar_options` as recorded, in its key order, without the known range (added
 * by knownRangeOptions). `google_maps_js_api_key` is the key TEC ships as its default.
 */
const TEC_OPTIONS: Readonly<Record<string, unknown>> = {
  did_init: true,
  tribeEventsTemplate: '',
  tribeEnableViews: ['list', 'month', 'day'],
  viewOption: 'list',
  'schema-version': '6.17.2',
  previous_ecp_versions: ['0'],
  latest_ecp_version: '6.17.2',
  dateWithYearFormat: 'F j, Y',
  recurrenceMaxMonthsAfter: 60,
  google_maps_js_api_key: 'AIzaSyDNsicAsP6-VuGtAb1O9riI3oc_NOb7IOU',
};

export interface KnownRange {
  earliest?: { date: string; postId: number };
  latest?: { date: string; postId: number };
}

/**
 * Every option row the generator writes: [name, value, autoload]. The known range is TEC 6's
 * (Custom_Tables\V1\Updates\Events::rebuild_known_range, as src/wp/tec/known-range.ts rebuilds
 * it): the UTC start of the earliest counted occurrence and UTC end of the latest, one marker each.
 */
export function siteOptions(input: {
  categories: readonly TermSpec[];
  range: KnownRange;
  /** Epoch ms of the generation's `now`. */
  now: number;
}): Array<[string, string, Autoload]> {
  const tec: Record<string, unknown> = { ...TEC_OPTIONS };
  if (input.range.latest) tec.latest_date = input.range.latest.date;
  if (input.range.earliest) tec.earliest_date = input.range.earliest.date;
  if (input.range.earliest) tec.earliest_date_markers = [input.range.earliest.postId];
  if (input.range.latest) tec.latest_date_markers = [input.range.latest.postId];

  // _get_term_hierarchy: parent term_id => child term_ids, parents in order of their first child.
  const children = new Map<number, number[]>();
  for (const term of [...input.categories].sort((a, b) => a.term_id - b.term_id)) {
    const parent = term.input.parent;
    if (parent > 0) children.set(parent, [...(children.get(parent) ?? []), term.term_id]);
  }

  const seconds = Math.floor(input.now / 1000);
  return [
    ...REFERENCE_OPTIONS.map(([name, value, autoload]): [string, string, Autoload] => [name, value, autoload]),
    ['tribe_events_calendar_options', phpSerialize(tec), 'auto'],
    // State::PHASE_MIGRATION_COMPLETE, stamped when the migration finished.
    [
      'tec_ct1_migration_state',
      phpSerialize({ complete_timestamp: seconds, phase: 'migration-complete', preview_unsupported: false }),
      'auto',
    ],
    ['tribe_events_cat_children', serializeHierarchy(children), 'auto'],
    // TEC's cache stamps, microtime(true) as PHP prints a whole second.
    ['tribe_last_save_post', phpMicrotime(new Date(seconds * 1000)), 'auto'],
    ['tribe_last_updated_option', phpMicrotime(new Date(seconds * 1000)), 'auto'],
  ];
}
