import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * The child side of the measured servers (bench/support/measure.ts forks them): what a child says
 * to its parent over IPC and how it stops. Kept free of heavy imports, since everything a child
 * loads counts in its RSS.
 */

/** Parent to child. */
export type ToChild =
  /** Start sampling own RSS (for systems without /proc/<pid>/clear_refs). */
  | { type: 'sample-rss' }
  /** Answer with the highest RSS sampled since the last reset, then reset it. */
  | { type: 'peak-rss' }
  /** Answer once no request is being handled (the load generator stops with requests in flight). */
  | { type: 'idle' }
  /** Close the server and the pool, then exit. */
  | { type: 'stop' }
  /** Baseline only: the statements to run per route (see baseline/plan.ts). */
  | { type: 'plans'; plans: Record<string, unknown> };

/** Child to parent. */
export type FromChild =
  | { type: 'listening'; port: number }
  | { type: 'peak-rss'; bytes: number }
  | { type: 'idle' }
  | { type: 'plans-loaded'; count: number };

/** Sends to the parent; a child started without IPC is a mistake worth failing on. */
export function tellParent(message: FromChild): void {
  if (!process.send) throw new Error('bench child started without an IPC channel (use bench/support/measure.ts)');
  process.send(message);
}

/** A request handler that settles when it has finished with the request (Koa's callback does). */
export type ChildHandler = (request: IncomingMessage, response: ServerResponse) => Promise<unknown>;

/**
 * Serves `handler` on 127.0.0.1 (system-chosen port), tells the parent the port, and answers the
 * parent's RSS, idle and stop messages. `onMessage` gets every other message; `close` releases
 * the child's own resources (its pool) once the server is closed and no handler runs any more.
 */
export function serveChild(handler: ChildHandler, close: () => Promise<void>, onMessage: (message: ToChild) => void = () => undefined): void {
  let inFlight = 0;
  const server = createServer((request, response) => {
    inFlight += 1;
    handler(request, response).finally(() => {
      inFlight -= 1;
    });
  });
  const whenIdle = async () => {
    while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 10));
  };
  let peak = 0;
  let sampler: NodeJS.Timeout | undefined;
  const sample = () => {
    peak = Math.max(peak, process.memoryUsage.rss());
  };
  process.on('message', (message: ToChild) => {
    switch (message.type) {
      case 'sample-rss':
        sample();
        sampler ??= setInterval(sample, 20);
        sampler.unref();
        return;
      case 'peak-rss':
        sample();
        tellParent({ type: 'peak-rss', bytes: peak });
        peak = process.memoryUsage.rss();
        return;
      case 'idle':
        void whenIdle().then(() => tellParent({ type: 'idle' }));
        return;
      case 'stop':
        if (sampler) clearInterval(sampler);
        server.close();
        // Keep-alive connections of the load generator would hold close() open.
        server.closeAllConnections();
        // Handlers still running need their pool until they finish.
        void whenIdle()
          .then(close)
          .finally(() => process.exit(0));
        return;
      default:
        onMessage(message);
    }
  });
  // The parent died without saying stop: do not linger.
  process.on('disconnect', () => process.exit(0));
  server.listen(0, '127.0.0.1', () => {
    tellParent({ type: 'listening', port: (server.address() as AddressInfo).port });
  });
}
