import { describe, expect, it } from 'vitest';
import {
  wpCalculateImageSizes,
  wpCalculateImageSrcset,
  wpConstrainDimensions,
  wpImageAddSrcsetAndSizes,
  wpImageMatchesRatio,
  wpImageSrcGetDimensions,
  wpSizesAttributeIncludesValidAuto,
  phpPregReplacement,
} from '../../../../src/wp/media/srcset.js';
import { maybeUnserialize } from '../../../../src/wp/php/php-values.js';
import { HARBOUR_METADATA, referenceEnv } from './reference-env.js';

// Cases ported from wordpress-develop tests/phpunit/tests/media.php (WP_TESTS_DOMAIN example.org).
const env = { site: { ...referenceEnv().site, uploadsUrl: 'http://example.org/wp-content/uploads' } };
const UPLOADS = 'http://example.org/wp-content/uploads/2015/12/';

function pngSize(file: string, width: number, height: number) {
  return { file, width, height, 'mime-type': 'image/png' };
}

describe('wp_calculate_image_srcset (media.php)', () => {
  it('test_wp_calculate_image_srcset_ratio_variance: sizes within a pixel of the ratio are kept', () => {
    const meta = {
      width: 768,
      height: 1055,
      file: '2015/12/test-768x1055.png',
      sizes: {
        thumbnail: pngSize('test-768x1055-150x150.png', 150, 150),
        medium: pngSize('test-768x1055-218x300.png', 218, 300),
        'custom-600': pngSize('test-768x1055-600x824.png', 600, 824),
        'post-thumbnail': pngSize('test-768x1055-768x510.png', 768, 510),
      },
    };
    expect(wpCalculateImageSrcset([218, 300], `${UPLOADS}test-768x1055-218x300.png`, meta, env)).toBe(
      `${UPLOADS}test-768x1055-218x300.png 218w, ${UPLOADS}test-768x1055-600x824.png 600w, ${UPLOADS}test-768x1055.png 768w`,
    );
  });

  const wide = {
    width: 2000,
    height: 1000,
    file: '2015/12/test.png',
    sizes: {
      thumbnail: pngSize('test-150x150.png', 150, 150),
      medium: pngSize('test-300x150.png', 300, 150),
      medium_large: pngSize('test-768x384.png', 768, 384),
      large: pngSize('test-1024x512.png', 1024, 512),
    },
  };

  it('test_wp_calculate_image_srcset_include_src: a src wider than 2048 stays, first', () => {
    expect(wpCalculateImageSrcset([2000, 1000], `${UPLOADS}test.png`, wide, env)).toBe(
      `${UPLOADS}test.png 2000w, ${UPLOADS}test-300x150.png 300w, ${UPLOADS}test-768x384.png 768w, ${UPLOADS}test-1024x512.png 1024w`,
    );
  });

  it('test_wp_calculate_image_srcset_corrupted_image_meta', () => {
    const meta = { ...wide, width: 1600, height: 800 };
    const src = `${UPLOADS}test-300x150.png`;
    const { sizes: _sizes, ...noSizes } = meta;
    expect(wpCalculateImageSrcset([300, 150], src, noSizes, env)).toBe(false);
    expect(wpCalculateImageSrcset([300, 150], src, { ...meta, sizes: '' }, env)).toBe(false);
    expect(wpCalculateImageSrcset([300, 150], src, { ...meta, file: '/' }, env)).toBe(false);
    const { file: _file, ...noFile } = meta;
    expect(wpCalculateImageSrcset([300, 150], src, noFile, env)).toBe(false);
    expect(wpCalculateImageSrcset([300, 150], src, { ...meta, sizes: { ...meta.sizes, medium_large: '' } }, env)).toBe(
      `${UPLOADS}test-300x150.png 300w, ${UPLOADS}test-1024x512.png 1024w, ${UPLOADS}test.png 1600w`,
    );
  });

  it('test_wp_calculate_image_srcset_with_spaces_in_filenames', () => {
    const meta = {
      width: 3000,
      height: 1500,
      file: '2015/12/test image.png',
      sizes: {
        thumbnail: pngSize('test image-150x150.png', 150, 150),
        medium: pngSize('test image-300x150.png', 300, 150),
        medium_large: pngSize('test image-768x384.png', 768, 384),
        large: pngSize('test image-1024x512.png', 1024, 512),
      },
    };
    expect(wpCalculateImageSrcset([300, 150], `${UPLOADS}test image-300x150.png`, meta, env)).toBe(
      `${UPLOADS}test%20image-300x150.png 300w, ${UPLOADS}test%20image-768x384.png 768w, ${UPLOADS}test%20image-1024x512.png 1024w`,
    );
  });

  it('test_wp_calculate_image_srcset_animated_gifs', () => {
    const gif = (file: string, width: number, height: number) => ({ file, width, height, 'mime-type': 'image/gif' });
    const meta = {
      width: 1200,
      height: 600,
      file: 'animated.gif',
      sizes: {
        thumbnail: gif('animated-150x150.gif', 150, 150),
        medium: gif('animated-300x150.gif', 300, 150),
        large: gif('animated-1024x512.gif', 1024, 512),
      },
    };
    const base = 'http://example.org/wp-content/uploads/';
    expect(wpCalculateImageSrcset([900, 450], `${base}animated.gif`, meta, env)).toBe(false);
    const srcset = wpCalculateImageSrcset([900, 450], `${base}animated-1024x512.gif`, meta, env);
    expect(srcset).toBe(`${base}animated-1024x512.gif 1024w, ${base}animated-300x150.gif 300w`);
  });

  it('test_wp_calculate_image_srcset_false and _no_width', () => {
    expect(wpCalculateImageSrcset([400, 300], 'file.png', [], env)).toBe(false);
    expect(wpCalculateImageSrcset([0, 0], `${UPLOADS}test-300x150.png`, wide, env)).toBe(false);
  });

  it('with edits: only files of the same edit hash', () => {
    const hash = 'e1700000000123';
    const meta = {
      ...wide,
      sizes: {
        ...wide.sizes,
        medium: pngSize(`test-${hash}-300x150.png`, 300, 150),
        large: pngSize(`test-${hash}-1024x512.png`, 1024, 512),
      },
    };
    const srcset = wpCalculateImageSrcset([300, 150], `${UPLOADS}test-${hash}-300x150.png`, meta, env);
    expect(srcset).toBe(`${UPLOADS}test-${hash}-300x150.png 300w, ${UPLOADS}test-${hash}-1024x512.png 1024w`);
  });

  it('the reference attachment 252 at its large size (event 254)', () => {
    const uploads = 'http://127.0.0.1:8080/wp-content/uploads/2026/11/';
    expect(
      wpCalculateImageSrcset([1024, 683], `${uploads}harbour-night-1024x683.jpg`, maybeUnserialize(HARBOUR_METADATA), referenceEnv()),
    ).toBe(
      `${uploads}harbour-night-1024x683.jpg 1024w, ${uploads}harbour-night-300x200.jpg 300w, ${uploads}harbour-night-768x512.jpg 768w, ` +
        `${uploads}harbour-night-1536x1024.jpg 1536w, ${uploads}harbour-night.jpg 1600w`,
    );
  });
});

describe('wp_calculate_image_sizes', () => {
  const meta = maybeUnserialize(HARBOUR_METADATA);
  it.each([
    [[300, 200] as [number, number], '(max-width: 300px) 100vw, 300px'],
    ['thumbnail', '(max-width: 150px) 100vw, 150px'],
    ['full', '(max-width: 1600px) 100vw, 1600px'],
  ])('%j', (size, expected) => {
    expect(wpCalculateImageSizes(size, meta)).toBe(expected);
  });
  it('is false without a width', () => {
    expect(wpCalculateImageSizes('2048x2048', meta)).toBe(false);
    expect(wpCalculateImageSizes([0, 10], meta)).toBe(false);
  });
});

describe('wp_sizes_attribute_includes_valid_auto', () => {
  it.each([
    ['auto', true],
    ['AUTO, 100vw', true],
    [' auto\t, 100vw', true],
    ['100vw, auto', false],
    ['autox', false],
    ['', false],
  ])('%j -> %s', (sizes, expected) => {
    expect(wpSizesAttributeIncludesValidAuto(sizes)).toBe(expected);
  });
});

describe('wp_constrain_dimensions and wp_image_matches_ratio', () => {
  it('rounds a pixel-short result up to the box (465x700 in 177x177)', () => {
    expect(wpConstrainDimensions(465, 700, 177, 177)).toEqual([118, 177]);
  });
  it('leaves dimensions inside the box and without a box', () => {
    expect(wpConstrainDimensions(100, 50, 300, 300)).toEqual([100, 50]);
    expect(wpConstrainDimensions(1600, 1067, 0, 0)).toEqual([1600, 1067]);
    expect(wpConstrainDimensions(1600, 1067, 300)).toEqual([300, 200]);
  });
  it('matches ratios within a pixel', () => {
    expect(wpImageMatchesRatio(1600, 1067, 300, 200)).toBe(true);
    expect(wpImageMatchesRatio(1600, 1067, 150, 150)).toBe(false);
    expect(wpImageMatchesRatio(218, 300, 768, 1055)).toBe(true);
    expect(wpImageMatchesRatio(218, 300, 768, 510)).toBe(false);
  });
});

describe('wp_image_src_get_dimensions', () => {
  const meta = maybeUnserialize(HARBOUR_METADATA);
  it('reads the original or the size whose file is the src', () => {
    expect(wpImageSrcGetDimensions('http://x/2026/11/harbour-night.jpg', meta)).toEqual([1600, 1067]);
    expect(wpImageSrcGetDimensions('http://x/harbour-night-768x512.jpg', meta)).toEqual([768, 512]);
    expect(wpImageSrcGetDimensions('http://x/other.jpg', meta)).toBe(false);
  });
});

describe('wp_image_add_srcset_and_sizes', () => {
  const meta = maybeUnserialize(HARBOUR_METADATA);
  const uploads = 'http://127.0.0.1:8080/wp-content/uploads/2026/11/';
  const srcset =
    `${uploads}harbour-night-768x512.jpg 768w, ${uploads}harbour-night-300x200.jpg 300w, ${uploads}harbour-night-1024x683.jpg 1024w, ` +
    `${uploads}harbour-night-1536x1024.jpg 1536w, ${uploads}harbour-night.jpg 1600w`;
  it.each([
    ['XHTML', `<img src="${uploads}harbour-night-768x512.jpg" class="wp-image-252"/>`],
    ['HTML 5', `<img src="${uploads}harbour-night-768x512.jpg" class="wp-image-252">`],
    ['space slash', `<img src="${uploads}harbour-night-768x512.jpg" class="wp-image-252" />`],
  ])('%s style ends in " />" with srcset and sizes from the file dimensions', (_name, tag) => {
    expect(wpImageAddSrcsetAndSizes(tag, meta, referenceEnv())).toBe(
      `<img src="${uploads}harbour-night-768x512.jpg" class="wp-image-252" srcset="${srcset}" sizes="(max-width: 768px) 100vw, 768px" />`,
    );
  });
  it('leaves an image whose metadata has no sizes, no src, or a src of another edit', () => {
    const tag = `<img src="${uploads}harbour-night-768x512.jpg">`;
    expect(wpImageAddSrcsetAndSizes(tag, false, referenceEnv())).toBe(tag);
    expect(wpImageAddSrcsetAndSizes('<img alt="">', meta, referenceEnv())).toBe('<img alt="">');
    const edited = { ...(meta as object), file: '2026/11/harbour-night-e1700000000123.jpg' };
    expect(wpImageAddSrcsetAndSizes(tag, edited, referenceEnv())).toBe(tag);
  });
});

describe('preg_replace replacement strings', () => {
  it('reads $n, ${n} and \\n as groups', () => {
    expect(phpPregReplacement('<$1|${1}|\\1|$2|\\\\>', ['all', 'one'])).toBe('<one|one|one||\\>');
  });
});
