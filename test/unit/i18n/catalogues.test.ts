import { describe, expect, it } from 'vitest';
import { CATALOGUES, translate } from '../../../src/i18n/index.js';
import type { RequestContext } from '../../../src/http/request-context.js';
import { buildDocumentation } from '../../../src/resources/index/doc.routes.js';
import { createRootIndexRoute } from '../../../src/resources/index/root.routes.js';
import { createNamespaceRoutes } from '../../../src/routes.js';
import type { SiteSettings } from '../../../src/wp/site/site.js';
import { API_NAMESPACE, toSiteUrls } from '../../../src/wp/site/urls.js';

/**
 * Every catalogue translates every English text the index and /doc print: each ArgSpec
 * description of every route, and every text of the document. A description added or reworded
 * in a schema file without its translations fails here. The German, French and Spanish texts are
 * this service's own translations: no capture backs them, so these checks prove only that every
 * text has one, not that it is the plugin's wording.
 */

const ENGLISH_SITE = { home: 'http://example.test', permalinkStructure: '/%postname%/', tec: { singleEventSlug: 'event' }, language: '' };

/** Just enough of a request for the document builder, which reads only the site and its URLs. */
function englishContext(): RequestContext {
  const site = ENGLISH_SITE as unknown as SiteSettings;
  return { site, urls: toSiteUrls(site, '/wp-json', undefined) } as unknown as RequestContext;
}

/** The description of every argument of every endpoint the app serves, root index included. */
function argumentDescriptions(): Set<string> {
  const routes = createNamespaceRoutes();
  const all = [...routes, createRootIndexRoute(() => new Map([[API_NAMESPACE, routes]]))];
  const texts = new Set<string>();
  for (const route of all) {
    for (const endpoint of route.endpoints) {
      for (const spec of Object.values(endpoint.args)) {
        if (spec.description !== undefined) texts.add(spec.description);
      }
    }
  }
  return texts;
}

/** Every `description` text of the English document, and its title. */
function documentTexts(): Set<string> {
  const document = buildDocumentation(createNamespaceRoutes(), englishContext());
  const texts = new Set<string>([(document.info as { title: string }).title]);
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      for (const [key, child] of Object.entries(value)) {
        if (key === 'description' && typeof child === 'string') texts.add(child);
        else walk(child);
      }
    }
  };
  walk(document);
  return texts;
}

const ARGUMENT_TEXTS = argumentDescriptions();
/** swaggerize_args' text for an argument without description; no argument lacks one today. */
const FALLBACK_TEXTS = ['No description provided'];
const ALL_TEXTS = new Set([...ARGUMENT_TEXTS, ...documentTexts(), ...FALLBACK_TEXTS]);
const TRANSLATED_LOCALES = ['de_DE', 'fr_FR', 'es_ES'] as const;

describe('message catalogues', () => {
  it('finds the texts to check', () => {
    // A broken collector must not make the checks below vacuous; a text added or dropped changes the counts.
    expect(ARGUMENT_TEXTS.size).toBe(109);
    expect(ALL_TEXTS.size).toBe(275);
    expect(ALL_TEXTS).toContain('The archive page to return');
    expect(ALL_TEXTS).toContain('Returns the data of the created organizer');
  });

  it('ships English as the identity and German, French and Spanish', () => {
    expect(Object.keys(CATALOGUES).sort()).toEqual(['de_DE', 'en_US', 'es_ES', 'fr_FR']);
    expect(CATALOGUES.en_US).toEqual({});
  });

  for (const locale of TRANSLATED_LOCALES) {
    it(`${locale} translates every argument description of every route`, () => {
      const catalogue = CATALOGUES[locale] ?? {};
      expect([...ARGUMENT_TEXTS].filter((text) => !Object.hasOwn(catalogue, text))).toEqual([]);
    });

    it(`${locale} translates every text of the document and holds nothing else`, () => {
      const catalogue = CATALOGUES[locale] ?? {};
      expect([...ALL_TEXTS].filter((text) => !Object.hasOwn(catalogue, text))).toEqual([]);
      expect(Object.keys(catalogue).filter((text) => !ALL_TEXTS.has(text))).toEqual([]);
    });

    it(`${locale} gives no empty or untranslated entry`, () => {
      const catalogue = CATALOGUES[locale] ?? {};
      expect(Object.entries(catalogue).filter(([english, text]) => text.trim() === '' || text === english)).toEqual([]);
    });
  }
});

describe('translate', () => {
  it('translates with the catalogue of a shipped locale', () => {
    expect(translate('de_DE')('The archive page to return')).toBe('Die zurückzugebende Archivseite');
    expect(translate('fr_FR')('The archive page to return')).toBe('La page d’archive à renvoyer');
    expect(translate('es_ES')('The archive page to return')).toBe('La página de archivo que se devolverá');
  });

  it('falls back to English for English, an empty WPLANG and an unknown locale', () => {
    for (const locale of ['en_US', '', 'xx_XX', 'de', 'DE_de', 'constructor', '__proto__']) {
      expect(translate(locale)('The archive page to return')).toBe('The archive page to return');
    }
  });

  it('falls back to English for a text the catalogue lacks', () => {
    expect(translate('de_DE')('A text no catalogue has')).toBe('A text no catalogue has');
    expect(translate('fr_FR')('toString')).toBe('toString');
  });
});
