import type { RequestContext } from '../../http/request-context.js';
import { selectOptions } from '../../wp/site/options.repository.js';
import { settingsValues, type RestSetting } from '../../wp/site/rest-settings.js';

/**
 * WP_REST_Settings_Controller::get_item: each registered setting by its REST name, from its option
 * (one query for all), in registration order.
 */
export async function getSettings(ctx: RequestContext, registered: readonly RestSetting[]): Promise<Record<string, unknown>> {
  const options = await selectOptions(ctx.db, registered.map((setting) => setting.option));
  return settingsValues(registered, options);
}
