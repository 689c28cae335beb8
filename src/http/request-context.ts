import type { Db } from '../db/create-db.js';
import type { Viewer } from '../wp/capabilities.js';
import type { SiteSettings } from '../wp/site.js';
import type { SiteUrls } from '../wp/urls.js';
import type { PhpValue } from './php-query.js';

/**
 * What validators, permission checks and handlers see of one request: WordPress's
 * WP_REST_Request plus the site it runs against. Built by the dispatcher; never holds `ctx`.
 */
export interface RequestContext {
  readonly db: Db;
  /** The request's "now", read once from the injected clock. */
  readonly now: Date;
  readonly site: SiteSettings;
  readonly urls: SiteUrls;
  readonly viewer: Viewer;
  readonly method: string;
  /** Parameters after WordPress's merge (body, query, URL, defaults) and sanitizing. */
  readonly params: Record<string, unknown>;
  /** The query string as PHP parsed it, for the few rules that ask what the client sent there. */
  readonly query: Readonly<Record<string, PhpValue>>;
  /** Whether the client sent the parameter (as opposed to it coming from a default). */
  supplied(name: string): boolean;
}
