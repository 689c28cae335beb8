import { createHmac, timingSafeEqual } from 'node:crypto';

/** X-Calendar-Signature's value: `sha256=` and the hex HMAC-SHA256 of the raw body under the secret. */
export function signBody(body: string, secret: string): string {
  return `sha256=${createHmac('sha256', secret).update(body, 'utf8').digest('hex')}`;
}

/** What a receiver does: recompute the signature over the bytes received and compare in constant time. */
export function verifySignature(body: string | Buffer, secret: string, header: string | undefined): boolean {
  if (header === undefined) return false;
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(body).digest('hex')}`);
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
