import type { ChildProcess } from 'node:child_process';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect, createServer } from 'node:net';

/** Loopback helpers for the tests that start processes of their own (nginx, services, servers). */

/** A port nothing listens on right now (the system picks it; closed again before the caller binds it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Whether something accepts connections on 127.0.0.1:`port`. */
export function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

export interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Fails the request when no answer came within this many ms (15 s unless set). */
  timeoutMs?: number;
}

/**
 * One HTTP request over plain node:http on its own connection (`Connection: close`): fetch would
 * not let a test set Host, nor send a path verbatim.
 */
export function rawRequest(port: number, path: string, { method = 'GET', headers = {}, body, timeoutMs = 15_000 }: RawRequest = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method, headers: { Connection: 'close', ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`${method} ${path} on port ${port} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** The answer's body as JSON, or `{ $raw: text }` when it is not JSON. */
export function answerJson(answer: Answer): unknown {
  try {
    return JSON.parse(answer.text);
  } catch {
    return { $raw: answer.text };
  }
}

/** Sends `signal` and waits for the exit, SIGKILL after 10 s; nothing when the child is gone already. */
export async function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
