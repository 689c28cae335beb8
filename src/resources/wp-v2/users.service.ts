import type { RequestContext } from '../../http/request-context.js';
import { AppError } from '../../http/errors.js';
import { isLoggedIn } from '../../wp/auth/capabilities.js';
import { capabilitiesMetaKey, parseRoleDefinitions, userRolesOptionName } from '../../wp/auth/roles.js';
import { selectUserMeta, selectUserProfile } from '../../wp/auth/users.repository.js';
import { OptionName, UserMeta } from '../../wp/constants.js';
import { selectOptions } from '../../wp/site/options.repository.js';
import { toUserResource, type UserContext } from './users.mapper.js';

/** What the users routes need of the configuration: the site's table prefix names its meta keys and roles option. */
export interface UsersSettings {
  tablePrefix: string;
}

/**
 * WP_REST_Users_Controller::get_current_item: the signed-in user in `context`. Throws 401
 * `rest_not_logged_in` for an anonymous request (the route itself is public, as in WordPress),
 * and the same when the signed-in user's row has gone since authentication.
 */
export async function getCurrentUser(ctx: RequestContext, settings: UsersSettings, context: UserContext): Promise<Record<string, unknown>> {
  const notLoggedIn = () => new AppError(401, 'rest_not_logged_in', 'You are not currently logged in.');
  if (!isLoggedIn(ctx.viewer)) throw notLoggedIn();
  const capabilitiesKey = capabilitiesMetaKey(settings.tablePrefix);
  const preferencesKey = settings.tablePrefix + UserMeta.persistedPreferences;
  const rolesOption = userRolesOptionName(settings.tablePrefix);
  const [row, meta, options] = await Promise.all([
    selectUserProfile(ctx.db, ctx.viewer.userId),
    selectUserMeta(ctx.db, ctx.viewer.userId, [
      UserMeta.firstName,
      UserMeta.lastName,
      UserMeta.nickname,
      UserMeta.description,
      UserMeta.locale,
      capabilitiesKey,
      preferencesKey,
    ]),
    selectOptions(ctx.db, [rolesOption, OptionName.language, OptionName.showAvatars, OptionName.avatarDefault, OptionName.avatarRating]),
  ]);
  if (!row) throw notLoggedIn();
  const showAvatars = options.get(OptionName.showAvatars);
  return toUserResource(
    {
      row,
      meta: {
        firstName: meta.get(UserMeta.firstName) ?? '',
        lastName: meta.get(UserMeta.lastName) ?? '',
        nickname: meta.get(UserMeta.nickname) ?? '',
        description: meta.get(UserMeta.description) ?? '',
        locale: meta.get(UserMeta.locale) ?? '',
        capabilities: meta.get(capabilitiesKey),
        persistedPreferences: meta.get(preferencesKey),
      },
      roles: parseRoleDefinitions(options.get(rolesOption)),
      // get_locale(): WPLANG, `en_US` when it is empty or missing.
      siteLocale: options.get(OptionName.language) || 'en_US',
      showAvatars: showAvatars !== undefined && showAvatars !== '' && showAvatars !== '0',
      avatars: { avatarDefault: options.get(OptionName.avatarDefault), avatarRating: options.get(OptionName.avatarRating) },
      urls: ctx.urls,
    },
    context,
  );
}
