import { POST_TYPE_CAPS, userCan, type Viewer } from '../auth/capabilities.js';
import { PostStatus, REGISTERED_POST_STATUSES } from '../constants.js';
import { listToArray } from '../php/lists.js';

/**
 * Archive_Base::filter_post_status_list: the requested statuses (list_to_array, so `publish,` is
 * `publish` alone) as a list, or false. Users without the type's edit capability may ask for
 * exactly `publish`; others for any list of registered statuses (`any` is not one). Numbers and
 * nested lists never name a status.
 */
export function filterPostStatusList(value: unknown, viewer: Viewer, postType: string): string[] | false {
  const items = listToArray(value);
  if (!items.every((item): item is string => typeof item === 'string')) return false;
  const editCap = POST_TYPE_CAPS[postType]?.edit_posts ?? 'edit_posts';
  if (!userCan(viewer, editCap)) {
    return items.length === 1 && items[0] === PostStatus.publish ? items : false;
  }
  return items.every((status) => REGISTERED_POST_STATUSES.includes(status)) ? items : false;
}
