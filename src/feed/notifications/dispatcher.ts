import type { RecordChange } from '../record-change.js';

/** Where the notifier hands changes: memory (no NATS_URL) or a JetStream stream. */
export interface Dispatcher {
  /**
   * Takes the changes for delivery and resolves at once; never rejects (a write must not fail for
   * it). `onStored` is called, in publish order, once they are safe (JetStream: the stream
   * acknowledged the last of them; memory: every subscription wanting them had them delivered or
   * gave up), and not for changes that could not be kept (JetStream: logged as lost; a later
   * publish that is kept moves the position past them).
   */
  publish(changes: readonly RecordChange[], onStored?: () => void): Promise<void>;
  /** Stops delivering; resolves when nothing of it is still running. */
  close(): Promise<void>;
}
