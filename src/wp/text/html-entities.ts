import { isPhpEmpty } from '../php/php-empty.js';

/**
 * HTML entity rules of WordPress's kses.php shared by the text filters and the JSON-LD port:
 * the named entities kses keeps, valid_unicode() and wp_kses_normalize_entities().
 */

/** `$allowedentitynames`: the HTML 4 named entities kses keeps (plus `apos`). */
export const LATIN1_ENTITY_NAMES = (
  'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 ' +
  'acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde ' +
  'Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute ' +
  'Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde ' +
  'auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ' +
  'ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml'
).split(' ');
const OTHER_ENTITY_NAMES = (
  'quot amp lt gt apos OElig oelig Scaron scaron Yuml circ tilde ensp emsp thinsp zwnj zwj lrm rlm ndash ' +
  'mdash lsquo rsquo sbquo ldquo rdquo bdquo dagger Dagger permil lsaquo rsaquo euro fnof Alpha Beta ' +
  'Gamma Delta Epsilon Zeta Eta Theta Iota Kappa Lambda Mu Nu Xi Omicron Pi Rho Sigma Tau Upsilon Phi ' +
  'Chi Psi Omega alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho ' +
  'sigmaf sigma tau upsilon phi chi psi omega thetasym upsih piv bull hellip prime Prime oline frasl ' +
  'weierp image real trade alefsym larr uarr rarr darr harr crarr lArr uArr rArr dArr hArr forall part ' +
  'exist empty nabla isin notin ni prod sum minus lowast radic prop infin ang and or cap cup int sim ' +
  'cong asymp ne equiv le ge sub sup nsub sube supe oplus otimes perp sdot lceil rceil lfloor rfloor ' +
  'lang rang loz spades clubs hearts diams there4'
).split(' ');
export const ALLOWED_ENTITY_NAMES: ReadonlySet<string> = new Set([...LATIN1_ENTITY_NAMES, ...OTHER_ENTITY_NAMES]);

/** valid_unicode(): code points an XML/HTML numeric reference may name. */
export function isValidUnicode(codePoint: number): boolean {
  return (
    codePoint === 0x9 ||
    codePoint === 0xa ||
    codePoint === 0xd ||
    (codePoint >= 0x20 && codePoint <= 0xd7ff) ||
    (codePoint >= 0xe000 && codePoint <= 0xfffd) ||
    (codePoint >= 0x10000 && codePoint <= 0x10ffff)
  );
}

/**
 * wp_kses_normalize_entities(): every & becomes &amp; unless it starts an allowed named entity
 * or a valid numeric one. Numeric ones are rewritten (&#65; becomes &#065;, &#x00A3; &#xA3;) and
 * `&#0;` / `&#x0;` vanish, because PHP's empty('0') is true.
 */
export function ksesNormalizeEntities(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replace(/&amp;([A-Za-z]{2,8}[0-9]{0,2});/g, (_, name: string) =>
      ALLOWED_ENTITY_NAMES.has(name) ? `&${name};` : `&amp;${name};`,
    )
    .replace(/&amp;#(0*[0-9]{1,7});/g, (_, digits: string) => {
      if (isPhpEmpty(digits)) return '';
      if (!isValidUnicode(Number.parseInt(digits, 10))) return `&amp;#${digits};`;
      return `&#${digits.replace(/^0+/, '').padStart(3, '0')};`;
    })
    .replace(/&amp;#[Xx](0*[0-9A-Fa-f]{1,6});/g, (_, hex: string) => {
      if (isPhpEmpty(hex)) return '';
      if (!isValidUnicode(Number.parseInt(hex, 16))) return `&amp;#x${hex};`;
      return `&#x${hex.replace(/^0+/, '')};`;
    });
}

