import { organizerDisplayFields } from '../tec/linked-post-display.js';
import type { MetaMap } from '../posts/meta.js';
import type { PostRow } from '../posts/posts.repository.js';
import { thingJsonLd, type JsonLdObject } from './thing.js';

/** A source of numbers in [0, 1), as Math.random. */
export type RandomSource = () => number;

/**
 * antispambot() (WordPress 6.9+): each character left as it is or written as a decimal
 * reference `&#NNN;`, at random, and every `@` written `&#64;`. Decoding the references gives
 * the address back.
 *
 * WordPress draws anew on every call; by default the draws here are seeded by the address itself,
 * so one address is always written the same way. That is one of the outputs WordPress could give,
 * and it keeps an unchanged record's answer byte for byte the same, which its ETag (a hash of the
 * body) and the response cache rely on.
 */
export function antispambot(email: string, random: RandomSource = seededRandom(email)): string {
  let obfuscated = '';
  for (const character of email) {
    obfuscated += random() < 0.5 ? `&#${character.codePointAt(0)};` : character;
  }
  return obfuscated.split('@').join('&#64;');
}

/** A small deterministic generator (mulberry32) seeded by a string's FNV-1a hash: numbers in [0, 1). */
function seededRandom(seed: string): RandomSource {
  let state = 0x811c9dc5;
  for (let index = 0; index < seed.length; index += 1) state = Math.imul(state ^ seed.charCodeAt(index), 0x01000193);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The organizer's schema.org `Person` (Tribe__Events__JSON_LD__Organizer): name, description,
 * image, url (the organizer website, esc_url'd), telephone, the e-mail obfuscated by
 * antispambot() (the same for one address unless `random` is given) and sameAs (the website again).
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
  const { website, phone, email } = organizerDisplayFields(meta);
  data.telephone = phone;
  data.email = antispambot(email, options.random);
  data.url = website;
  data.sameAs = website;
  return data;
}
