import { POST_TYPE_CAPS, userCan, type Viewer } from './capabilities.js';
import { REGISTERED_POST_STATUSES } from './constants.js';
import { listToArray } from '../http/rest-args.js';

/**
 * Archive_Base::filter_post_status_list: the requested statuses as a list, or false. Users
 * without the type's edit capability may ask for exactly `publish`; others for any list of
 * registered statuses (`any` is not one).
 */
export function filterPostStatusList(value: unknown, viewer: Viewer, postType: string): string[] | false {
  const statuses = listToArray(value).map(String);
  const editCap = POST_TYPE_CAPS[postType]?.edit_posts ?? 'edit_posts';
  if (!userCan(viewer, editCap)) {
    return statuses.length === 1 && statuses[0] === 'publish' ? statuses : false;
  }
  return statuses.every((status) => REGISTERED_POST_STATUSES.includes(status)) ? statuses : false;
}
