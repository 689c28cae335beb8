import { isPhpEmpty } from '../php/php-empty.js';

/** The sentence TEC's experimental tec/v1 endpoints want in X-TEC-EEA (Endpoint::get_experimental_acknowledgement). */
export const EXPERIMENTAL_ACKNOWLEDGEMENT =
  'I understand that this endpoint is experimental and may change in a future release without maintaining backward compatibility. I also understand that I am using this endpoint at my own risk, while support is not provided for it.';

export const EXPERIMENTAL_HEADER = 'X-TEC-EEA';

/**
 * How Endpoint::assure_experimental_acknowledgement reads the header: `missing` when PHP finds it
 * empty (none, `""`, `"0"`), `ok` when it is the sentence once trimmed, in any case, else `wrong`.
 * Answers differ by it, so the response cache keys on it too.
 */
export function experimentalAcknowledgement(header: string | undefined): 'missing' | 'wrong' | 'ok' {
  if (header === undefined || isPhpEmpty(header)) return 'missing';
  // PHP's trim() strips " \t\n\r\0\x0B"; strtolower() folds ASCII only.
  const given = header.replace(/^[ \t\n\r\0\x0B]+|[ \t\n\r\0\x0B]+$/g, '').replace(/[A-Z]/g, (letter) => letter.toLowerCase());
  return given === EXPERIMENTAL_ACKNOWLEDGEMENT.toLowerCase() ? 'ok' : 'wrong';
}
