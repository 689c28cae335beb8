import type { SiteSettings } from '../site/site.js';
import { monthLink, wpPermalink, type SiteUrls } from '../site/urls.js';
import { uploadsBaseUrl } from '../posts/images.js';
import type { ContentSite } from './content-env.js';

/** The site facts the_content reads, from the request's settings and URLs. */
export function toContentSite(site: SiteSettings, urls: SiteUrls): ContentSite {
  return {
    home: urls.base,
    siteUrl: site.siteUrl,
    uploadsUrl: uploadsBaseUrl(site.siteUrl),
    imageSizes: site.imageSizes,
    useSmilies: site.useSmilies,
    permalink: (post) => wpPermalink(urls, post),
    monthLink: (year, month) => monthLink(urls, year, month),
  };
}
