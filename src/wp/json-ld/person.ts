import { OrganizerMeta } from '../constants.js';
import { escHtml } from '../text/formatting.js';
import { firstMeta, type MetaMap } from '../posts/meta.js';
import type { PostRow } from '../posts/posts.repository.js';
import { escUrl } from '../text/kses.js';
import { thingJsonLd, type JsonLdObject } from './thing.js';

/** A source of numbers in [0, 1), as Math.random. */
export type RandomSource = () => number;

/**
 * antispambot() (WordPress 6.9+): each character left as it is or written as a decimal
 * reference `&#NNN;`, at random, and every `@` written `&#64;`. Decoding the references gives
 * the address back.
 */
export function antispambot(email: string, random: RandomSource = Math.random): string {
  let obfuscated = '';
  for (const character of email) {
    obfuscated += random() < 0.5 ? `&#${character.codePointAt(0)};` : character;
  }
  return obfuscated.split('@').join('&#64;');
}

/**
 * The organizer's schema.org `Person` (Tribe__Events__JSON_LD__Organizer): name, description,
 * image, url (the organizer website, esc_url'd), telephone, the e-mail obfuscated by
 * antispambot() (random on every call: pass `random` to pin it) and sameAs (the website again).
 * No `@context`. Visibility (isJsonLdVisible) is the caller's to check.
 */
export function toOrganizerJsonLd(
  organizer: PostRow,
  meta: MetaMap,
  options: { imageUrl?: string | false | null; random?: RandomSource; excerptLength: number },
): JsonLdObject {
  const data = thingJsonLd(
    'Person',
    { post: organizer, meta, imageUrl: options.imageUrl ?? null, excerptLength: options.excerptLength },
    { context: false, url: false },
  );
  const website = escUrl(escHtml(firstMeta(meta, OrganizerMeta.website) ?? ''));
  data.telephone = escHtml(firstMeta(meta, OrganizerMeta.phone) ?? '');
  data.email = antispambot(escHtml(firstMeta(meta, OrganizerMeta.email) ?? ''), options.random);
  data.url = website;
  data.sameAs = website;
  return data;
}
