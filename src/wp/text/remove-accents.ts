/**
 * remove_accents() of WordPress (wp-includes/formatting.php, 7.0): Latin letters with marks
 * folded to plain ASCII by a fixed table, with a few locale rules on top. Characters outside
 * the table (Cyrillic, CJK, …) stay as they are; sanitize_title_with_dashes percent-encodes them.
 */

/** Groups of the table: every character of `chars` becomes `replacement`. */
type Fold = readonly [chars: string, replacement: string];

/** The table's groups as one `[character, replacement]` pair per character. */
function expand(folds: readonly Fold[]): Array<readonly [string, string]> {
  return folds.flatMap(([chars, replacement]) => [...chars].map((char) => [char, replacement] as const));
}

const LATIN_1_SUPPLEMENT: readonly Fold[] = [
  ['ª', 'a'], ['º', 'o'],
  ['ÀÁÂÃÄÅ', 'A'], ['Æ', 'AE'], ['Ç', 'C'], ['ÈÉÊË', 'E'], ['ÌÍÎÏ', 'I'], ['Ð', 'D'], ['Ñ', 'N'],
  ['ÒÓÔÕÖØ', 'O'], ['ÙÚÛÜ', 'U'], ['Ý', 'Y'], ['Þ', 'TH'], ['ß', 's'],
  ['àáâãäå', 'a'], ['æ', 'ae'], ['ç', 'c'], ['èéêë', 'e'], ['ìíîï', 'i'], ['ð', 'd'], ['ñ', 'n'],
  ['òóôõöø', 'o'], ['ùúûü', 'u'], ['ýÿ', 'y'], ['þ', 'th'],
];

const LATIN_EXTENDED_A: readonly Fold[] = [
  ['ĀĂĄ', 'A'], ['āăą', 'a'], ['ĆĈĊČ', 'C'], ['ćĉċč', 'c'], ['ĎĐ', 'D'], ['ďđ', 'd'],
  ['ĒĔĖĘĚ', 'E'], ['ēĕėęě', 'e'], ['ĜĞĠĢ', 'G'], ['ĝğġģ', 'g'], ['ĤĦ', 'H'], ['ĥħ', 'h'],
  ['ĨĪĬĮİ', 'I'], ['ĩīĭįı', 'i'], ['Ĳ', 'IJ'], ['ĳ', 'ij'], ['Ĵ', 'J'], ['ĵ', 'j'], ['Ķ', 'K'], ['ķĸ', 'k'],
  ['ĹĻĽĿŁ', 'L'], ['ĺļľŀł', 'l'], ['ŃŅŇŊ', 'N'], ['ńņňŉŋ', 'n'], ['ŌŎŐ', 'O'], ['ōŏő', 'o'],
  ['Œ', 'OE'], ['œ', 'oe'], ['ŔŖŘ', 'R'], ['ŕŗř', 'r'], ['ŚŜŞŠ', 'S'], ['śŝşšſ', 's'],
  ['ŢŤŦ', 'T'], ['ţťŧ', 't'], ['ŨŪŬŮŰŲ', 'U'], ['ũūŭůűų', 'u'], ['Ŵ', 'W'], ['ŵ', 'w'],
  ['ŶŸ', 'Y'], ['ŷ', 'y'], ['ŹŻŽ', 'Z'], ['źżž', 'z'],
];

const LATIN_EXTENDED_B: readonly Fold[] = [['Ə', 'E'], ['ǝ', 'e'], ['Ș', 'S'], ['ș', 's'], ['Ț', 'T'], ['ț', 't']];

/** The euro becomes `E`; the pound sign is dropped. */
const CURRENCY: readonly Fold[] = [['€', 'E'], ['£', '']];

/** Vietnamese vowels: horn letters, and vowels with grave, hook, tilde, acute or dot below. */
const VIETNAMESE: readonly Fold[] = [
  ['Ơ', 'O'], ['ơ', 'o'], ['Ư', 'U'], ['ư', 'u'],
  ['ẦẰẢẨẲẪẴẤẮẠẬẶ', 'A'], ['ầằảẩẳẫẵấắạậặ', 'a'],
  ['ỀẺỂẼỄẾẸỆ', 'E'], ['ềẻểẽễếẹệ', 'e'],
  ['ỈỊ', 'I'], ['ỉị', 'i'],
  ['ỒỜỎỔỞỖỠỐỚỌỘỢ', 'O'], ['ồờỏổởỗỡốớọộợ', 'o'],
  ['ỪỦỬỮỨỤỰ', 'U'], ['ừủửữứụự', 'u'],
  ['ỲỶỸỴ', 'Y'], ['ỳỷỹỵ', 'y'],
];

/** Hanyu Pinyin: the Latin alpha and the vowels with macron, acute, caron or grave on diaeresis. */
const PINYIN: readonly Fold[] = [
  ['ɑ', 'a'],
  ['ǕǗǓǙǛ', 'U'], ['ǖǘǔǚǜ', 'u'],
  ['Ǎ', 'A'], ['ǎ', 'a'], ['Ǐ', 'I'], ['ǐ', 'i'], ['Ǒ', 'O'], ['ǒ', 'o'],
];

const BASE_FOLDS: readonly Fold[] = [
  ...LATIN_1_SUPPLEMENT,
  ...LATIN_EXTENDED_A,
  ...LATIN_EXTENDED_B,
  ...CURRENCY,
  ...VIETNAMESE,
  ...PINYIN,
];

/** German locales spell umlauts out (`Über` → `Ueber`) and `ß` as `ss`. */
const GERMAN: readonly Fold[] = [
  ['Ä', 'Ae'], ['ä', 'ae'], ['Ö', 'Oe'], ['ö', 'oe'], ['Ü', 'Ue'], ['ü', 'ue'], ['ẞ', 'SS'], ['ß', 'ss'],
];
const DANISH: readonly Fold[] = [['Æ', 'Ae'], ['æ', 'ae'], ['Ø', 'Oe'], ['ø', 'oe'], ['Å', 'Aa'], ['å', 'aa']];
/** Serbian and Bosnian write the stroked D as `DJ`. */
const SERBIAN: readonly Fold[] = [['Đ', 'DJ'], ['đ', 'dj']];
/** Catalan's flown dot: `l·l` is one key, matched before its letters as strtr() matches longest first. */
const CATALAN_FLOWN_DOT = ['l·l', 'll'] as const;

type LocaleRules = 'german' | 'danish' | 'catalan' | 'serbian' | 'none';

/**
 * Which locale rules of remove_accents() apply. WordPress tests `str_starts_with($locale, 'de')`,
 * so every German variant (de_DE, de_DE_formal, de_CH, de_CH_informal, de_AT, …) is German.
 */
function localeRules(locale: string): LocaleRules {
  if (locale.startsWith('de')) return 'german';
  if (locale === 'da_DK') return 'danish';
  if (locale === 'ca') return 'catalan';
  if (locale === 'sr_RS' || locale === 'bs_BA') return 'serbian';
  return 'none';
}

const LOCALE_REPLACEMENTS: Readonly<Record<LocaleRules, ReadonlyArray<readonly [string, string]>>> = {
  german: expand(GERMAN),
  danish: expand(DANISH),
  catalan: [CATALAN_FLOWN_DOT],
  serbian: expand(SERBIAN),
  none: [],
};

interface Replacer {
  readonly pattern: RegExp;
  readonly table: ReadonlyMap<string, string>;
}

const replacers = new Map<LocaleRules, Replacer>();

/** One pattern and table per set of locale rules: the base table with the locale's entries over it. */
function replacerFor(rules: LocaleRules): Replacer {
  const cached = replacers.get(rules);
  if (cached) return cached;
  const table = new Map<string, string>([...expand(BASE_FOLDS), ...LOCALE_REPLACEMENTS[rules]]);
  // Longest keys first, so an alternation behaves as strtr() does.
  const keys = [...table.keys()].sort((a, b) => b.length - a.length);
  const pattern = new RegExp(keys.map((key) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gu');
  const replacer = { pattern, table };
  replacers.set(rules, replacer);
  return replacer;
}

/**
 * remove_accents($text, $locale): the text unchanged when it is all ASCII; otherwise normalised
 * to NFC (WordPress does so when PHP's intl extension is loaded, as on the official images, so
 * a decomposed `a` + U+0301 folds like `á`) and then every table character replaced in one pass.
 *
 * `locale` is the site's locale (the WPLANG option). WordPress falls back to get_locale() for an
 * empty one, which is `en_US` on a site with an empty WPLANG; en_US has no locale rules, so ''
 * here means exactly that. A JavaScript string always encodes to valid UTF-8, so the ISO-8859-1
 * branch WordPress keeps for invalid byte strings can never be taken. Never throws.
 */
export function removeAccents(text: string, locale = ''): string {
  if (!/[^\x00-\x7f]/.test(text)) return text;
  const { pattern, table } = replacerFor(localeRules(locale));
  return text.normalize('NFC').replace(pattern, (key) => table.get(key) ?? key);
}
