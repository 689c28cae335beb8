import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One POST the receiver got, with the raw body (what the signature covers) and what it answered. */
export interface ReceivedDelivery {
  /** The request's path and query (`/hook?deletes`), which tells subscriptions apart. */
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly rawBody: Buffer;
  readonly json: Record<string, unknown>;
  readonly answered: number;
}

/**
 * A webhook receiver on 127.0.0.1: records every request and answers with the status `answer`
 * gives (200 unless set). `stop()` and `start()` again keep the port, for a receiver that is down
 * and then back.
 */
export class WebhookReceiver {
  readonly received: ReceivedDelivery[] = [];
  answer: (delivery: Omit<ReceivedDelivery, 'answered'>) => number = () => 200;
  private server: Server | undefined;
  private port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  /** The deliveries answered 2xx. */
  get accepted(): ReceivedDelivery[] {
    return this.received.filter((delivery) => delivery.answered >= 200 && delivery.answered < 300);
  }

  async start(): Promise<void> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const rawBody = Buffer.concat(chunks);
        const delivery = { path: request.url ?? '', headers: request.headers, rawBody, json: JSON.parse(rawBody.toString('utf8')) as Record<string, unknown> };
        const answered = this.answer(delivery);
        this.received.push({ ...delivery, answered });
        response.writeHead(answered, { 'Content-Type': 'text/plain' }).end('ok');
      });
    });
    if (this.port !== 0) await listenOn(server, this.port);
    else {
      // A port below the system's ephemeral range, so that while this receiver is stopped no
      // outgoing connection of another test file can take it (one did: EADDRINUSE at restart).
      for (let attempt = 1; ; attempt += 1) {
        const port = 20_000 + Math.floor(Math.random() * 12_000);
        try {
          await listenOn(server, port);
          break;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt >= 50) throw error;
        }
      }
    }
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server === undefined) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Resolves once `count` deliveries were accepted; fails after `timeoutMs`. */
  async waitForAccepted(count: number, timeoutMs = 10_000): Promise<ReceivedDelivery[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.accepted.length < count) {
      if (Date.now() > deadline) {
        throw new Error(`expected ${count} accepted deliveries within ${timeoutMs} ms, got ${this.accepted.length} (${this.received.length} requests)`);
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.accepted;
  }
}

/** Waits until `condition` holds; fails after `timeoutMs`. */
export async function waitUntil(condition: () => boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function listenOn(server: Server, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}
