import { connect, type KV, type NatsConnection } from 'nats';
import type { NatsConfig } from '../../config.js';
import type { PositionStore } from '../notified-position.js';

/** The JetStream key-value bucket the service keeps its notified positions in (one key per stream). */
export const POSITION_BUCKET = 'calendar_sidecar';

/** The key of a stream's position: every instance publishing to that stream shares it. */
export function positionKey(stream: string): string {
  return `notified_position.${stream}`;
}

/**
 * With NATS_URL: the position is kept in the JetStream key-value bucket POSITION_BUCKET (made on
 * first use, one value per key), under `notified_position.<NATS_STREAM>`, beside the stream the
 * notifications go to. Its own connection, made when first needed.
 */
export function jetStreamPositionStore(nats: NatsConfig): PositionStore {
  let opened: Promise<{ nc: NatsConnection; kv: KV }> | undefined;
  const open = () => {
    opened ??= (async () => {
      const nc = await connect({ servers: [...nats.servers], name: 'calendar-sidecar-positions', maxReconnectAttempts: -1 });
      try {
        return { nc, kv: await nc.jetstream().views.kv(POSITION_BUCKET, { history: 1 }) };
      } catch (error) {
        await nc.close().catch(() => undefined);
        throw error;
      }
    })().catch((error: unknown) => {
      // The next use tries again.
      opened = undefined;
      throw error;
    });
    return opened;
  };
  const key = positionKey(nats.stream);
  return {
    description: `NATS key-value ${POSITION_BUCKET} ${key}`,
    async read() {
      const entry = await (await open()).kv.get(key);
      return entry === null || entry.operation !== 'PUT' ? undefined : entry.string();
    },
    async write(position) {
      await (await open()).kv.put(key, position);
    },
    async close() {
      const connection = await opened?.catch(() => undefined);
      await connection?.nc.drain().catch(() => undefined);
    },
  };
}
