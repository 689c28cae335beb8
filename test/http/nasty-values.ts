/**
 * Values a careless or hostile client sends, shared by the bad-input sweeps of the read and the
 * write routes.
 */

/** Sent percent-encoded (query or form body), so each arrives as the very string written here. */
export const NASTY_VALUES = [
  '', '0', '-1', 'abc', '1.5', '1e400', '99999999999999999999', '9007199254740991', '%00', '%E0%A4%A',
  "' OR 1=1 --", '%_\\', 'x'.repeat(5000), '2026-13-45', 'yesterday', '💥', 'null', 'true',
];

/** Sent as written: once decoded, a NUL byte and a truncated UTF-8 sequence. */
export const RAW_VALUES = ['%00', '%E0%A4%A'];

/** PHP-style arrays and maps, which WordPress accepts for every parameter (query or form body). */
export const NASTY_SHAPES = (name: string): string[] => [
  `${name}[]=1&${name}[]=x`,
  `${name}[a][b]=1`,
  `${name}[]=`,
  `${name}[][]=1`,
];

/**
 * JSON texts for a JSON body, written out so that numbers JavaScript cannot hold survive as sent
 * (`1e400` parses to Infinity, 2^64 loses its last digits): every JSON type where a string or an
 * integer is expected, and strings no form carries (lone surrogates, very long, NUL inside).
 */
export const NASTY_JSON = [
  'null', 'true', 'false', '0', '-1', '1.5', '-0', '1e400', '-1e400', '18446744073709551616', '1e308',
  '{}', '[]', '{"a":{"b":[1]}}', '["x",1]', '[[1]]', '[null]', '{"0":"a","1":"b"}',
  JSON.stringify('x'.repeat(70_000)), '"a\\u0000b"', '"\\ud800"', JSON.stringify('🎉'.repeat(300)),
  '"<script>alert(1)</script>"', '" "',
];

/** Dates and times no calendar holds, or only just: years 0 and 9999, 1e10 seconds, overflowing fields. */
export const NASTY_DATES_JSON = [
  '"0000-00-00 00:00:00"', '"0000-01-01"', '"9999-12-31 23:59:59"', '"10000-01-01 00:00:00"', '10000000000',
  '"10000000000"', '"@10000000000"', '"@-99999999999"', '"-0001-11-30"', '"2026-02-30 25:61:61"', '"1e10"',
  '"+1000 years"', '"last day of february 9999"', '"2026-01-01T10:00:00+99:00"', '999999999999', '-99999999999',
];

/** IDs no record has, or out of any column's range. */
export const NASTY_IDS_JSON = ['-1', '0', '2147483648', '4294967296', '18446744073709551616', '"1 OR 1"', '"0x10"', '" 5"'];
