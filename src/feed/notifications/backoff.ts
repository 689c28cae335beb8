/** How a delivery is retried; the defaults suit a real receiver, tests shorten them. */
export interface RetryOptions {
  /** Attempts in all, the first included, before the delivery is given up. */
  readonly maxAttempts: number;
  /** The wait after the first failed attempt, doubled after each further one. */
  readonly baseDelayMs: number;
  /** No wait is longer than this. */
  readonly maxDelayMs: number;
  /** One attempt (connect, send, the answer's status line) is abandoned after this. */
  readonly timeoutMs: number;
}

/** Ten attempts over about eight and a half minutes (1 s, 2 s, ... 256 s apart), 10 s each. */
export const DEFAULT_RETRY_OPTIONS: RetryOptions = Object.freeze({
  maxAttempts: 10,
  baseDelayMs: 1_000,
  maxDelayMs: 300_000,
  timeoutMs: 10_000,
});

/**
 * The wait after failed attempt `attempt` (1-based): exponential, capped, with "equal jitter"
 * (half fixed, half random) so that the subscriptions a dead receiver shares, or the instances
 * that deliver for it, do not all knock again at the same instant, and no wait drops to zero.
 */
export function retryDelayMs(attempt: number, options: RetryOptions, random: () => number = Math.random): number {
  const ceiling = Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
