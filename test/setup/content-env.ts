import { newContentRenderState, type ContentEnv, type ContentRecords, type ContentSite } from '../../src/wp/text/content-env.js';

const HOME = 'http://127.0.0.1:8080';

/** A site like the reference one (home 127.0.0.1:8080, pretty `/%postname%/` links), for the_content tests. */
export function testContentSite(overrides: Partial<ContentSite> = {}): ContentSite {
  return {
    home: HOME,
    siteUrl: HOME,
    uploadsUrl: `${HOME}/wp-content/uploads`,
    imageSizes: new Map([
      ['thumbnail', { width: 150, height: 150, crop: true }],
      ['medium', { width: 300, height: 300, crop: false }],
      ['medium_large', { width: 768, height: 0, crop: false }],
      ['large', { width: 1024, height: 1024, crop: false }],
      ['1536x1536', { width: 1536, height: 1536, crop: false }],
      ['2048x2048', { width: 2048, height: 2048, crop: false }],
    ]),
    useSmilies: true,
    permalink: (post) => `${HOME}/${post.post_name}/`,
    monthLink: (year, month) => `${HOME}/${year}/${String(month).padStart(2, '0')}/`,
    ...overrides,
  };
}

/** An environment with nothing preloaded and a fresh request state. */
export function testContentEnv(site: Partial<ContentSite> = {}, records: Partial<ContentRecords> = {}): ContentEnv {
  return {
    site: testContentSite(site),
    records: { posts: new Map(), oembedCache: new Map(), queries: new Map(), ...records },
    state: newContentRenderState(),
    now: new Date('2026-11-24T16:56:11Z'),
  };
}
