import type { RecordChange } from '../record-change.js';

/** Where the notifier hands changes: memory (no NATS_URL) or a JetStream stream. */
export interface Dispatcher {
  /** Takes the changes for delivery and resolves at once; never rejects (a write must not fail for it). */
  publish(changes: readonly RecordChange[]): Promise<void>;
  /** Stops delivering; resolves when nothing of it is still running. */
  close(): Promise<void>;
}
