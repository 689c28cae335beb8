import type { Config } from '../config.js';
import type { Db } from '../db/create-db.js';
import { siteUrlsCheck } from '../commands/doctor.checks.js';
import { loadSiteSettings } from '../wp/site/site.js';

/**
 * The warning for a site whose `home` is not where the service listens while PUBLIC_URL is unset:
 * every link, the `Link` header and what `WPAPI.discover` follows would name the PHP site, and a
 * discovery client would silently talk to the other server. The words and the advice are doctor's
 * (`urls` check). Undefined when there is nothing to say.
 */
export async function siteAddressWarning(db: Db, config: Pick<Config, 'publicUrl' | 'host'>, port: number): Promise<string | undefined> {
  if (config.publicUrl !== undefined) return undefined;
  const settings = await loadSiteSettings(db);
  const check = siteUrlsCheck(settings.home, settings.siteUrl, undefined, { host: config.host, port });
  if (check.verdict === 'ok') return undefined;
  return check.action === undefined ? check.summary : `${check.summary}: ${check.action}`;
}
