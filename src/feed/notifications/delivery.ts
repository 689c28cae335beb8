import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { WebhookSubscription } from '../../config.js';
import type { RecordChange, RecordKind } from '../record-change.js';
import { retryDelayMs, type RetryOptions } from './backoff.js';
import { deliveryId, notificationBody, notificationType } from './payload.js';
import { signBody } from './signature.js';

/** The record as an anonymous reader of this API sees it, or null (not visible, or gone). */
export type FetchRecord = (kind: RecordKind, id: number) => Promise<unknown | null>;

/** What the notifications write to the service's log (pino's Logger has these). */
export type NotifierLog = Pick<Logger, 'info' | 'warn' | 'error'>;

export const USER_AGENT = 'calendar-sidecar-webhooks/1';

export interface DeliveryContext {
  readonly fetchRecord: FetchRecord;
  readonly log: NotifierLog;
  readonly retry: RetryOptions;
  readonly random?: () => number;
}

export type DeliveryOutcome = 'delivered' | 'gave-up' | 'aborted';

/**
 * Delivers one change to one subscription: reads the record, POSTs the signed payload, and retries
 * any failure (no answer, a non-2xx answer, a record that could not be read) with backoff until
 * `retry.maxAttempts`, then gives up with an error in the log. The record is read at the first
 * attempt and the body kept for the retries, so every attempt of a delivery sends the same bytes.
 * Read on delivery, not on publish: publishing then costs no request on the write path; the
 * stream holds only the change; and a receiver that was down gets the record as it is now, so a
 * record made private or deleted meanwhile is not sent out later from an old copy.
 * Resolves `aborted` as soon as `signal` fires (the service is stopping); never rejects.
 */
export async function deliverWithRetries(
  context: DeliveryContext,
  subscription: WebhookSubscription,
  subscriptionKey: string,
  change: RecordChange,
  signal: AbortSignal,
): Promise<DeliveryOutcome> {
  const delivery = deliveryId(change, subscriptionKey);
  const type = notificationType(change);
  const about = { url: withoutQuery(subscription.url), delivery, type, position: change.position };
  let body: string | undefined;
  for (let attempt = 1; ; attempt += 1) {
    if (signal.aborted) return 'aborted';
    let failure: string;
    try {
      body ??= notificationBody(
        change,
        await withinDeadline(context.fetchRecord(change.kind, change.id), context.retry.timeoutMs, signal, 'record not read in time'),
      );
      const status = await postOnce(subscription, body, delivery, type, context.retry.timeoutMs, signal);
      if (status >= 200 && status < 300) {
        if (attempt > 1) context.log.info({ ...about, attempt }, 'webhook delivered after retrying');
        return 'delivered';
      }
      failure = `answered ${status}`;
    } catch (error) {
      if (signal.aborted) return 'aborted';
      failure = describeError(error);
    }
    if (attempt >= context.retry.maxAttempts) {
      context.log.error({ ...about, attempt, failure }, 'webhook delivery given up');
      return 'gave-up';
    }
    const delay = retryDelayMs(attempt, context.retry, context.random);
    context.log.warn({ ...about, attempt, failure, retryInMs: delay }, 'webhook delivery failed, retrying');
    try {
      await sleep(delay, undefined, { signal });
    } catch {
      return 'aborted';
    }
  }
}

/** One POST; resolves the answer's status, rejects on no answer (refused, reset, timed out). */
async function postOnce(
  subscription: WebhookSubscription,
  body: string,
  delivery: string,
  type: string,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<number> {
  const response = await fetch(subscription.url, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': USER_AGENT,
      'X-Calendar-Delivery': delivery,
      'X-Calendar-Event': type,
      'X-Calendar-Signature': signBody(body, subscription.secret),
    },
    body,
    // A redirect is not a delivery: the receiver's URL is configured, not discovered.
    redirect: 'manual',
    signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
  });
  // The answer's body means nothing here; dropping it frees the connection for the next delivery.
  await response.body?.cancel();
  return response.status;
}

/** `work`, unless it outlasts `timeoutMs` or `signal` fires: a stuck read must not hold a delivery (or close()) forever. */
async function withinDeadline<T>(work: Promise<T>, timeoutMs: number, signal: AbortSignal, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let onAbort: (() => void) | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(what)), timeoutMs);
        onAbort = () => reject(new Error('stopping'));
        signal.addEventListener('abort', onAbort, { once: true });
      }),
    ]);
  } finally {
    clearTimeout(timer);
    if (onAbort !== undefined) signal.removeEventListener('abort', onAbort);
  }
}

/** A receiver URL as logged: some receivers carry a token in the query string. */
export function withoutQuery(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === 'TimeoutError') return 'no answer in time';
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    return cause?.code ?? cause?.message ?? error.message;
  }
  return String(error);
}
