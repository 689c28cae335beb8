import { performance } from 'node:perf_hooks';
import type { Db } from '../../../src/db/create-db.js';
import { setOption } from '../../../test/builders/options.js';
import { insertDefaultRoles, insertUser } from '../../../test/builders/users.js';
import { siteOptions, type KnownRange } from './options.js';
import { planSite, type EventSpec, type PlanOptions, type SitePlan } from './plan.js';
import {
  META_COLUMNS,
  MetaIds,
  OCCURRENCE_COLUMNS,
  POST_COLUMNS,
  RELATIONSHIP_COLUMNS,
  SlugRegistry,
  TEC_EVENT_COLUMNS,
  TERM_COLUMNS,
  TERM_TAXONOMY_COLUMNS,
  eventRows,
  organizerRows,
  termRows,
  venueRows,
} from './rows.js';
import { BulkTable, StatementQueue, createSchema, deferSecondaryIndexes, hasWordPressTables, nonEmptyTables } from './writer.js';
import { Zones, formatWallTime } from './zones.js';

/*
 * The large-site generator (issue 9): a TEC site of N events with ~N/50 venues, ~N/40 organizers,
 * 20 event categories (some nested), 50 tags, an admin user and the options the sidecar reads,
 * written as test/builders would write each row but in bulk. bench/generate.ts is its command line.
 */

export { planSite, DEFAULT_NOW, DEFAULT_SEED } from './plan.js';
export type { EventSpec, OrganizerSpec, PlanOptions, SitePlan, TermSpec, VenueSpec } from './plan.js';

export interface GenerateProgress {
  phase: 'schema' | 'venues' | 'organizers' | 'events' | 'terms' | 'options' | 'indexes' | 'done';
  /** Events written so far (events phase), else 0. */
  done: number;
  total: number;
  elapsedMs: number;
}

export interface GenerateSiteOptions extends PlanOptions {
  /** The table prefix the Db's plugin applies; raw bulk SQL spells it. Default `wp_`. */
  prefix?: string;
  onProgress?: (progress: GenerateProgress) => void;
  /** Characters per INSERT statement (default 1,000,000). */
  statementChars?: number;
  /** INSERT statements in flight at once (default 3: while one waits on the network, the server's two cores work on the others). */
  concurrency?: number;
}

export interface CountedId {
  id: number;
  /** Published events that name it. */
  events: number;
}

export interface GeneratedSite {
  seed: number;
  /** The instant the calendar is centred on, ISO; run the app with `fixedClock(now)` to see what a reader would. */
  now: string;
  events: number;
  venues: number;
  organizers: number;
  eventIds: { first: number; last: number };
  /** A published, listed event without password: the first to start after `now`. */
  eventId: number;
  /** The venue and organizer that the most published events name. */
  venue: CountedId;
  organizer: CountedId;
  /** The event category and tag with the most published events (their term counts). */
  category: { slug: string; termId: number; events: number };
  tag: { slug: string; termId: number; events: number };
  /**
   * The window of `GET /events` without date parameters at `now` (TEC's defaults: from yesterday
   * 23:59 in the site's zone, UTC here, to 24 months ahead), as `YYYY-MM-DD HH:MM:SS`.
   */
  defaultList: { start_date: string; end_date: string };
  /** Start days of the events, `YYYY-MM-DD` (first and last day). */
  dateRange: { from: string; to: string };
  /** The administrator (user 1) and an application password for HTTP Basic; null when user 1 existed. */
  admin: { id: number; login: string; appPassword: string } | null;
  /** Rows written per table (unprefixed names). */
  rows: Record<string, number>;
  elapsedMs: number;
}

const BULK_TABLES = ['posts', 'postmeta', 'term_relationships', 'tec_events', 'tec_occurrences'] as const;
const FILLED_TABLES = [...BULK_TABLES, 'terms', 'term_taxonomy'] as const;
const PROGRESS_EVERY = 10_000;

/**
 * Fills `db` (schema loaded, or no tables at all: then fixtures/schema.sql is loaded) with a
 * generated site. The posts, meta, term and TEC tables must be empty. Deterministic for a seed.
 */
export async function generateSite(db: Db, options: GenerateSiteOptions): Promise<GeneratedSite> {
  const started = performance.now();
  const prefix = options.prefix ?? 'wp_';
  if (!/^[A-Za-z0-9_]+$/.test(prefix)) throw new Error(`Table prefix may hold only letters, digits and underscores (got "${prefix}")`);
  const report = (phase: GenerateProgress['phase'], done = 0) =>
    options.onProgress?.({ phase, done, total: plan.eventCount, elapsedMs: performance.now() - started });
  const plan = planSite(options);

  report('schema');
  if (!(await hasWordPressTables(db, prefix))) await createSchema(db, prefix);
  const occupied = await nonEmptyTables(db, FILLED_TABLES.map((table) => prefix + table));
  if (occupied.length > 0) throw new Error(`The generator fills empty tables only; these hold rows: ${occupied.join(', ')}`);

  const queue = new StatementQueue(db, options.concurrency ?? 3);
  const chars = options.statementChars ?? 1_000_000;
  const table = (name: string, columns: readonly string[]) => new BulkTable(queue, prefix + name, columns, chars);
  const posts = table('posts', POST_COLUMNS);
  const postmeta = table('postmeta', META_COLUMNS);
  const relationships = table('term_relationships', RELATIONSHIP_COLUMNS);
  const tecEvents = table('tec_events', TEC_EVENT_COLUMNS);
  const occurrences = table('tec_occurrences', OCCURRENCE_COLUMNS);
  const bulk = [posts, postmeta, relationships, tecEvents, occurrences];
  const flushFull = async () => {
    for (const target of bulk) if (target.full) await target.flush();
  };

  const restoreIndexes = await deferSecondaryIndexes(db, BULK_TABLES.map((name) => prefix + name));
  let indexesRestored = false;
  try {
    const slugs = new SlugRegistry();
    const metaIds = new MetaIds(1);

    const addPost = async (rows: { post: Parameters<typeof posts.add>[0]; meta: readonly Parameters<typeof postmeta.add>[0][] }) => {
      posts.add(rows.post);
      for (const row of rows.meta) postmeta.add(row);
      await flushFull();
    };
    report('venues');
    for (const venue of plan.venues) await addPost(venueRows(venue, slugs, metaIds));
    report('organizers');
    for (const organizer of plan.organizers) await addPost(organizerRows(organizer, slugs, metaIds));

    report('events', 0);
    const summary = new Summary(plan);
    const zones = new Zones(plan.window.from, plan.window.to);
    let sequence = 0;
    for (const event of plan.events()) {
      sequence += 1;
      const rows = eventRows(event, sequence, zones, slugs, metaIds);
      posts.add(rows.post);
      for (const row of rows.meta) postmeta.add(row);
      for (const row of rows.relationships) relationships.add(row);
      tecEvents.add(rows.tecEvent);
      occurrences.add(rows.occurrence);
      summary.add(event, rows.startUtc, rows.endUtc);
      await flushFull();
      if (sequence % PROGRESS_EVERY === 0) report('events', sequence);
    }
    for (const target of bulk) await target.flush();
    await queue.drain();
    report('events', sequence);

    report('terms');
    const terms = table('terms', TERM_COLUMNS);
    const taxonomies = table('term_taxonomy', TERM_TAXONOMY_COLUMNS);
    for (const term of plan.terms) {
      const rows = termRows(term, summary.termCounts.get(term.term_taxonomy_id) ?? 0);
      terms.add(rows.term);
      taxonomies.add(rows.taxonomy);
    }
    await terms.flush();
    await taxonomies.flush();
    await queue.drain();

    report('options');
    for (const [name, value, autoload] of siteOptions({ categories: plan.categories, range: summary.range, now: plan.now })) {
      await setOption(db, name, value, autoload);
    }
    const admin = await ensureAdmin(db, prefix);

    report('indexes');
    indexesRestored = true;
    await restoreIndexes();
    report('done', sequence);

    return {
      ...summary.result(plan),
      admin,
      rows: {
        posts: posts.rows,
        postmeta: postmeta.rows,
        term_relationships: relationships.rows,
        tec_events: tecEvents.rows,
        tec_occurrences: occurrences.rows,
        terms: terms.rows,
        term_taxonomy: taxonomies.rows,
      },
      elapsedMs: Math.round(performance.now() - started),
    };
  } finally {
    if (!indexesRestored) {
      // Leave the tables as the schema has them even when generation failed half way.
      await queue.drain().catch(() => undefined);
      await restoreIndexes().catch(() => undefined);
    }
  }
}

/** User 1, `admin`, as the reference site has it (plus WordPress's roles), unless user 1 exists. */
async function ensureAdmin(db: Db, prefix: string): Promise<GeneratedSite['admin']> {
  await insertDefaultRoles(db, prefix);
  const existing = await db.selectFrom('users').select('ID').where('ID', '=', 1).executeTakeFirst();
  if (existing) return null;
  const user = await insertUser(db, prefix, {
    ID: 1,
    user_login: 'admin',
    user_email: 'admin@example.test',
    display_name: 'admin',
    role: 'administrator',
  });
  return { id: user.id, login: user.login, appPassword: user.appPassword ?? '' };
}

/** What the generator learns while it writes: term counts, the known range, busy venues. */
class Summary {
  readonly termCounts = new Map<number, number>();
  readonly range: KnownRange = {};
  readonly #venueEvents = new Map<number, number>();
  readonly #organizerEvents = new Map<number, number>();
  #upcoming: { id: number; start: string } | undefined;
  readonly #nowUtc: string;

  constructor(plan: SitePlan) {
    this.#nowUtc = formatWallTime(plan.now);
  }

  add(event: EventSpec, startUtc: string, endUtc: string): void {
    const o = event.overrides;
    const status = o.post_status ?? 'publish';
    // TEC's known range counts publish and private events (KNOWN_RANGE_STATUSES).
    if (status === 'publish' || status === 'private') {
      if (!this.range.earliest || startUtc < this.range.earliest.date) this.range.earliest = { date: startUtc, postId: event.id };
      if (!this.range.latest || endUtc > this.range.latest.date) this.range.latest = { date: endUtc, postId: event.id };
    }
    if (status !== 'publish') return;
    // _update_post_term_count: published objects only.
    for (const id of new Set([...(o.categories ?? []), ...(o.tags ?? [])])) {
      this.termCounts.set(id, (this.termCounts.get(id) ?? 0) + 1);
    }
    if (o.venue !== undefined) this.#venueEvents.set(o.venue, (this.#venueEvents.get(o.venue) ?? 0) + 1);
    for (const organizer of new Set(o.organizers ?? [])) {
      this.#organizerEvents.set(organizer, (this.#organizerEvents.get(organizer) ?? 0) + 1);
    }
    const listed = !o.hide_from_listings && !o.post_password;
    if (listed && startUtc > this.#nowUtc && (!this.#upcoming || startUtc < this.#upcoming.start)) {
      this.#upcoming = { id: event.id, start: startUtc };
    }
  }

  result(plan: SitePlan): Omit<GeneratedSite, 'admin' | 'rows' | 'elapsedMs'> {
    const busiest = (counts: Map<number, number>, fallback: number): CountedId => {
      let best: CountedId = { id: fallback, events: 0 };
      for (const [id, events] of counts) if (events > best.events || (events === best.events && id < best.id)) best = { id, events };
      return best;
    };
    const busiestTerm = (terms: SitePlan['categories']) => {
      let best = terms[0]!;
      for (const term of terms) {
        if ((this.termCounts.get(term.term_taxonomy_id) ?? 0) > (this.termCounts.get(best.term_taxonomy_id) ?? 0)) best = term;
      }
      return { slug: best.input.slug, termId: best.term_id, events: this.termCounts.get(best.term_taxonomy_id) ?? 0 };
    };
    const now = new Date(plan.now);
    const yesterday = new Date(plan.now - 24 * 60 * 60 * 1000);
    const end = new Date(plan.now);
    end.setUTCMonth(end.getUTCMonth() + 24);
    return {
      seed: plan.seed,
      now: now.toISOString(),
      events: plan.eventCount,
      venues: plan.venues.length,
      organizers: plan.organizers.length,
      eventIds: { first: plan.firstEventId, last: plan.firstEventId + plan.eventCount - 1 },
      eventId: this.#upcoming?.id ?? plan.firstEventId,
      venue: busiest(this.#venueEvents, plan.venues[0]!.id),
      organizer: busiest(this.#organizerEvents, plan.organizers[0]!.id),
      category: busiestTerm(plan.categories),
      tag: busiestTerm(plan.tags),
      defaultList: { start_date: `${formatWallTime(yesterday.getTime()).slice(0, 10)} 23:59:00`, end_date: formatWallTime(end.getTime()) },
      dateRange: {
        from: formatWallTime(plan.window.from).slice(0, 10),
        to: formatWallTime(plan.window.to - 24 * 60 * 60 * 1000).slice(0, 10),
      },
    };
  }
}
