import type { ChildProcess } from 'node:child_process';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect, createServer } from 'node:net';

/** Loopback helpers for the tests that start processes of their own (nginx, services, servers). */

// Ports handed to servers a test starts: below Linux's ephemeral range (32768-60999), so an
// outgoing connection cannot take the port between the pick and the server's bind. Port 0 picks
// from the ephemeral range itself, which lost that race once in CI (a mariadbd: "Address already
// in use").
const PICK_FROM = 20_000;
const PICK_TO = 32_000;

/** A port nothing listens on right now, below the ephemeral range (closed again before the caller binds it). */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = PICK_FROM + Math.floor(Math.random() * (PICK_TO - PICK_FROM));
    if (await canBind(port)) return port;
  }
  throw new Error(`No free port between ${PICK_FROM} and ${PICK_TO} after 50 tries`);
}

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
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
