import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The limits a client gets (docs/operations.md): all of a request's headers within 10 s, the
 * whole request within 30 s, an idle keep-alive socket closed after 5 s. Node checks the first
 * two only every `connectionsCheckingInterval` (30 s by default, so a slow client was cut after
 * 29 s or let through after 41 s); checked every second they hold to within a second.
 */
export const CLIENT_LIMITS = Object.freeze({
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  checkEveryMs: 1_000,
});

/** What a request that arrives once shutdown began is answered (it is not run): WordPress's error shape. */
const STOPPING_BODY = JSON.stringify({
  code: 'service_stopping',
  message: 'The service is shutting down; send the request again.',
  data: { status: 503 },
});

export interface ServiceServer {
  readonly server: Server;
  /**
   * Stops taking requests on every connection and resolves once the ones under way have been
   * answered and every connection is closed; requests still running after `graceMs` are cut.
   */
  stop(graceMs: number): Promise<void>;
}

/**
 * The node:http server main.ts listens with, and its shutdown. Node's own server.close() stops
 * accepting connections but keeps serving new requests on keep-alive sockets already open, so a
 * busy client could hold the process up until it was killed mid-write. Here, once stop() is called:
 * sockets with no request under way are closed at once (idle keep-alive ones, and ones still
 * sending headers), a request under way is answered with `Connection: close` (its socket closed
 * after it), and a request that arrives anyway (pipelined) gets 503 without being run.
 */
export function createServiceServer(handle: RequestListener): ServiceServer {
  let stopping = false;
  const sockets = new Set<Socket>();
  // The responses under way, by socket: a socket with none may be closed without cutting anything.
  const underWay = new Map<Socket, Set<ServerResponse>>();

  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
    // Its headers went out saying keep-alive (a streamed answer): close once it is all sent.
    else res.once('finish', () => res.socket?.end());
  };

  const server = createServer(
    {
      headersTimeout: CLIENT_LIMITS.headersTimeoutMs,
      requestTimeout: CLIENT_LIMITS.requestTimeoutMs,
      connectionsCheckingInterval: CLIENT_LIMITS.checkEveryMs,
    },
    (req: IncomingMessage, res: ServerResponse) => {
      if (stopping) {
        res.writeHead(503, { 'Content-Type': 'application/json; charset=UTF-8', Connection: 'close', 'Retry-After': '1' });
        res.end(STOPPING_BODY);
        return;
      }
      const socket = req.socket;
      let responses = underWay.get(socket);
      if (!responses) underWay.set(socket, (responses = new Set()));
      responses.add(res);
      res.once('close', () => {
        responses.delete(res);
        if (responses.size === 0) underWay.delete(socket);
      });
      handle(req, res);
    },
  );
  server.keepAliveTimeout = CLIENT_LIMITS.keepAliveTimeoutMs;
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  const stop = (graceMs: number) =>
    new Promise<void>((resolve) => {
      stopping = true;
      const cut = setTimeout(() => server.closeAllConnections(), graceMs);
      cut.unref();
      server.close(() => {
        clearTimeout(cut);
        resolve();
      });
      for (const socket of sockets) {
        const responses = underWay.get(socket);
        if (responses) for (const res of responses) closeAfter(res);
        else socket.destroy();
      }
    });

  return { server, stop };
}
