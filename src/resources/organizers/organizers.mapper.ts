import { firstMeta } from '../../wp/posts/meta.js';
import { globalIdFields, postAuthorAndDates } from '../../wp/posts/post-rest-fields.js';
import { postPasswordRequired } from '../../wp/auth/password-access.js';
import { OrganizerMeta } from '../../wp/constants.js';
import { phpArrayFilter } from '../../wp/php/php-empty.js';
import { theTitle } from '../../wp/text/the-title.js';
import { postPermalink } from '../../wp/site/urls.js';
import { removePasswordProtectedContent } from '../../wp/posts/password-protection.js';
import type { LinkedPostMapperInput } from '../linked-posts/linked-posts.types.js';

export type OrganizerResource = Record<string, unknown>;

/**
 * Post_Repository::get_organizer_data for one organizer: fields in the plugin's order, JSON-LD
 * in the single context, global IDs (with the aggregator's lineage rows), and then the whole
 * object array_filter'ed (empty phone, website, e-mail, description disappear);
 * password-protected organizers are blanked unless `passwordUnlocked`.
 */
export function toOrganizerResource(input: LinkedPostMapperInput): OrganizerResource {
  const { post, meta, urls, viewer, image, jsonLd, passwordUnlocked = false } = input;
  const field = (key: string) => firstMeta(meta, key) ?? '';
  const organizer: Record<string, unknown> = {
    id: post.ID,
    ...postAuthorAndDates(post),
    url: postPermalink(urls, post, viewer),
    organizer: theTitle(post.post_title),
    description: input.content.description(post),
    excerpt: input.content.excerpt(post),
    slug: post.post_name,
    image,
    phone: field(OrganizerMeta.phone),
    website: field(OrganizerMeta.website),
    email: field(OrganizerMeta.email),
  };
  if (jsonLd) organizer.json_ld = jsonLd;
  Object.assign(organizer, globalIdFields(urls, post.ID, meta));
  const filtered = phpArrayFilter(organizer);
  return postPasswordRequired(post) && !passwordUnlocked ? removePasswordProtectedContent(filtered) : filtered;
}
