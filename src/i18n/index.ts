import { de_DE } from './de_DE.js';
import { en_US } from './en_US.js';
import { es_ES } from './es_ES.js';
import { fr_FR } from './fr_FR.js';

/**
 * A message catalogue as gettext keeps one: the English text is the key, the translation the
 * value. English needs no entries; a text missing from a catalogue is shown in English.
 */
export type Catalogue = Readonly<Record<string, string>>;

/** Turns an English text (a msgid) into the site's language. */
export type Translate = (english: string) => string;

/** The locales we ship, by WordPress locale code (the `WPLANG` option's spelling). */
export const CATALOGUES: Readonly<Record<string, Catalogue>> = { en_US, de_DE, fr_FR, es_ES };

/**
 * The translator for a WordPress locale (`de_DE`). WordPress stores an empty `WPLANG` for
 * English; that, and any locale we ship no catalogue for, gets English, as a site without the
 * language pack installed would. Never throws.
 */
export function translate(locale: string): Translate {
  const catalogue = Object.hasOwn(CATALOGUES, locale) ? CATALOGUES[locale] : undefined;
  if (!catalogue || catalogue === en_US) return (english) => english;
  return (english) => (Object.hasOwn(catalogue, english) ? (catalogue[english] as string) : english);
}
