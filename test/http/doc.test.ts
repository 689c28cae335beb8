import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUES, type Catalogue } from '../../src/i18n/index.js';
import type { RequestContext } from '../../src/http/request-context.js';
import type { ArgSpec } from '../../src/http/rest-args.js';
import { toOpenApiPath } from '../../src/resources/index/doc.swagger.js';
import { createNamespaceRoutes } from '../../src/routes.js';
import { OptionName } from '../../src/wp/constants.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { setOption } from '../builders/index.js';
import { ROOT, agentFor } from './support.js';

/**
 * /doc against the route definitions that validate requests (so a parameter added, renamed,
 * retyped or made required in a schema file without the document following fails here), and the
 * site language: descriptions in German, French and Spanish in /doc, the namespace index and the
 * REST root index, with every name, type and default unchanged; English for an unknown locale.
 * The German, French and Spanish texts are this service's own translations: no capture was
 * recorded from a site in those languages, so nothing here proves they match the plugin's.
 */

const REST_ROOT = '/wp-json';

type Parameter = { name: string; in: string; required: boolean; schema: { type: unknown; items?: unknown } };
type BodyProperty = { type: unknown; items?: unknown; description: string };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: { properties: Record<string, BodyProperty> } }> };
};
type OpenApiDocument = { paths: Record<string, Partial<Record<'get' | 'post' | 'delete', Operation>>> };

let database: TestDatabase;

/** The document, namespace index and root index, with WPLANG set to `locale` first. */
async function fetchAll(locale: string): Promise<{ doc: unknown; index: unknown; root: unknown }> {
  await setOption(database.db, OptionName.language, locale);
  // A new app per language: the site settings (WPLANG among them) are cached per app. Its clock
  // is fixed, so every language sees the same date defaults in the index.
  const client = agentFor(database);
  const [doc, index, root] = await Promise.all([
    client.get(`${ROOT}/doc`),
    client.get(ROOT),
    client.get(`${REST_ROOT}/`),
  ]);
  for (const response of [doc, index, root]) expect(response.status).toBe(200);
  return { doc: doc.body as unknown, index: index.body as unknown, root: root.body as unknown };
}

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'schema' });
});

afterAll(async () => {
  await database?.drop();
});

/** The type the document must show for an argument: its swagger type, else its JSON-schema type. */
function expectedType(spec: ArgSpec<RequestContext>): unknown {
  return spec.swaggerType ?? spec.type;
}

/** Whether an operation documents the argument as a parameter (name, type, required) or a body property (name, type). */
function documents(operation: Operation | undefined, name: string, spec: ArgSpec<RequestContext>): boolean {
  if (!operation) return false;
  const asParameter = operation.parameters?.some(
    (parameter) =>
      parameter.name === name &&
      parameter.schema.type === expectedType(spec) &&
      parameter.required === (spec.required === true),
  );
  const properties = operation.requestBody?.content['application/x-www-form-urlencoded']?.schema.properties ?? {};
  const property = Object.hasOwn(properties, name) ? properties[name] : undefined;
  return asParameter === true || property?.type === expectedType(spec);
}

describe('/doc against the route definitions', () => {
  let doc: OpenApiDocument;
  const routes = createNamespaceRoutes();
  // The namespace index itself is not in the plugin's document.
  const documentedRoutes = routes.filter((route) => route.pattern !== '');

  beforeAll(async () => {
    doc = (await fetchAll('')).doc as OpenApiDocument;
  });

  it('documents every route but the index, and nothing else, in registration order', () => {
    expect(Object.keys(doc.paths)).toEqual(documentedRoutes.map((route) => toOpenApiPath(route.pattern)));
  });

  it('gives every argument a type the document can show', () => {
    const untyped = documentedRoutes.flatMap((route) =>
      route.endpoints.flatMap((endpoint) =>
        Object.entries(endpoint.args)
          .filter(([, spec]) => expectedType(spec) === undefined)
          .map(([name]) => `${route.pattern} ${endpoint.methods.join()} ${name}`),
      ),
    );
    expect(untyped).toEqual([]);
  });

  for (const route of documentedRoutes) {
    const path = toOpenApiPath(route.pattern);
    for (const endpoint of route.endpoints) {
      const methods = endpoint.methods.join(', ');
      const readOrDelete = endpoint.methods.find((method): method is 'GET' | 'DELETE' => method === 'GET' || method === 'DELETE');
      if (readOrDelete) {
        it(`${readOrDelete} ${path}: parameters are exactly the endpoint's arguments`, () => {
          const operation = doc.paths[path]?.[readOrDelete === 'GET' ? 'get' : 'delete'];
          const parameters = operation?.parameters ?? [];
          const expected = Object.entries(endpoint.args).map(([name, spec]) => ({
            name,
            required: spec.required === true,
            schema: spec.items === undefined ? { type: expectedType(spec) } : { type: expectedType(spec), items: spec.items },
          }));
          const shown = parameters.map((parameter) => ({
            name: parameter.name,
            required: parameter.required,
            schema: parameter.schema,
          }));
          expect(shown).toEqual(expected);
        });
        continue;
      }
      it(`${methods} ${path}: every argument is documented on a POST of this route or below it`, () => {
        // The plugin documents creation (POST on a collection) through its single routes' POST
        // body, and updates as the path arguments plus that body.
        const posts = Object.entries(doc.paths)
          .filter(([documented]) => documented === path || documented.startsWith(`${path}/`))
          .map(([, operations]) => operations.post);
        expect(posts.some((post) => post !== undefined)).toBe(true);
        const undocumented = Object.entries(endpoint.args)
          .filter(([name, spec]) => !posts.some((post) => documents(post, name, spec)))
          .map(([name]) => name);
        expect(undocumented).toEqual([]);
      });
    }
  }

  it('documents no POST parameter or body field that the route’s edit endpoint does not take', () => {
    const strays: string[] = [];
    for (const route of documentedRoutes) {
      const path = toOpenApiPath(route.pattern);
      const post = doc.paths[path]?.post;
      if (!post) continue;
      const edit = route.endpoints.find((endpoint) => endpoint.methods.includes('PUT'));
      const args = edit?.args ?? {};
      const typeOf = (name: string) => (Object.hasOwn(args, name) ? expectedType(args[name]!) : undefined);
      for (const parameter of post.parameters ?? []) {
        if (parameter.schema.type !== typeOf(parameter.name)) strays.push(`${path} parameter ${parameter.name}`);
      }
      const properties = post.requestBody?.content['application/x-www-form-urlencoded']?.schema.properties ?? {};
      for (const [name, property] of Object.entries(properties)) {
        if (property.type !== typeOf(name)) strays.push(`${path} body ${name}`);
      }
    }
    expect(strays).toEqual([]);
  });
});

/**
 * Walks two renderings of the same answer in step: the same keys in the same order, every
 * `description` text (and the document title) the catalogue's translation of the English one,
 * everything else identical. Returns what differs, and how many texts were translated.
 */
function compareTranslated(
  part: 'doc' | 'index' | 'root',
  english: unknown,
  localized: unknown,
  catalogue: Catalogue,
): { problems: string[]; translated: number } {
  const problems: string[] = [];
  let translated = 0;
  const walk = (en: unknown, local: unknown, path: string, translatable: boolean): void => {
    if (translatable && typeof en === 'string') {
      const want = Object.hasOwn(catalogue, en) ? catalogue[en] : undefined;
      if (want === undefined || local !== want) problems.push(`${path}: ${JSON.stringify(en)} came out as ${JSON.stringify(local)}`);
      else translated += 1;
      return;
    }
    if (Array.isArray(en) && Array.isArray(local) && en.length === local.length) {
      en.forEach((item, i) => walk(item, local[i], `${path}[${i}]`, false));
      return;
    }
    if (en && local && typeof en === 'object' && typeof local === 'object' && !Array.isArray(en) && !Array.isArray(local)) {
      const enKeys = Object.keys(en);
      const localKeys = Object.keys(local);
      if (enKeys.join('\u0000') !== localKeys.join('\u0000')) {
        problems.push(`${path}: keys [${enKeys.join(', ')}] became [${localKeys.join(', ')}]`);
        return;
      }
      for (const key of enKeys) {
        // The root index's own `description` is the site's tagline (blogdescription), not a text of ours.
        const isSiteData = path === 'root' && key === 'description';
        const isText = (key === 'description' && !isSiteData) || (path === 'doc.info' && key === 'title');
        walk((en as Record<string, unknown>)[key], (local as Record<string, unknown>)[key], `${path}.${key}`, isText);
      }
      return;
    }
    if (JSON.stringify(en) !== JSON.stringify(local)) problems.push(`${path}: ${JSON.stringify(en)} became ${JSON.stringify(local)}`);
  };
  walk(english, localized, part, false);
  return { problems, translated };
}

describe('descriptions in the site language (WPLANG)', () => {
  let english: Awaited<ReturnType<typeof fetchAll>>;

  beforeAll(async () => {
    english = await fetchAll('');
  });

  /** How many texts each answer prints, all of them translated (the same in every language). */
  const TRANSLATED_TEXTS = { doc: 431, index: 255, root: 255 } as const;

  const samples = {
    de_DE: { page: 'Die zurückzugebende Archivseite', title: 'Die REST-API von The Events Calendar' },
    fr_FR: { page: 'La page d’archive à renvoyer', title: 'L’API REST de The Events Calendar' },
    es_ES: { page: 'La página de archivo que se devolverá', title: 'La API REST de The Events Calendar' },
  } as const;

  for (const [locale, sample] of Object.entries(samples)) {
    it(`${locale}: /doc, the namespace index and the root index are translated, names and types unchanged`, async () => {
      const catalogue = CATALOGUES[locale] ?? {};
      const localized = await fetchAll(locale);

      const doc = localized.doc as OpenApiDocument & { info: { title: string } };
      expect(doc.info.title).toBe(sample.title);
      const page = doc.paths['/events']?.get?.parameters?.[0] as Parameter & { description: string };
      expect(page).toEqual({ in: 'query', schema: { type: 'integer' }, description: sample.page, required: false, name: 'page' });

      const index = localized.index as { routes: Record<string, { endpoints: { args: Record<string, unknown> }[] }> };
      expect(index.routes['/calendar/events/v1/events']?.endpoints[0]?.args.page).toEqual({
        default: 1,
        description: sample.page,
        type: 'integer',
        required: false,
      });

      for (const part of ['doc', 'index', 'root'] as const) {
        const { problems, translated } = compareTranslated(part, english[part], localized[part], catalogue);
        expect(problems, part).toEqual([]);
        // Every argument of every route is described, in every index: a text left in English, or
        // a description that stops being printed, changes these counts.
        expect(translated, part).toBe(TRANSLATED_TEXTS[part]);
      }
    });
  }

  it('falls back to English for a locale without a catalogue', async () => {
    const unknown = await fetchAll('xx_XX');
    for (const part of ['doc', 'index', 'root'] as const) {
      expect(JSON.stringify(unknown[part]), part).toBe(JSON.stringify(english[part]));
    }
    expect((unknown.doc as { info: { title: string } }).info.title).toBe('The Events Calendar REST API');
  });
});
