import { Agent, request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildService, removeBuild, startBuiltService, type RunningService } from '../setup/built-service.js';
import { createTestDatabase, type TestDatabase } from '../setup/database.js';
import { basicAuth } from '../builders/index.js';
import { loadUsers } from '../contract/captures.js';

/**
 * SIGTERM under load (issue 24): the compiled service on the reference site, keep-alive clients
 * reading and writing as fast as it answers. On SIGTERM it must take no new request on any
 * connection (those under way are answered whole, with `Connection: close`; one that arrives
 * on an open socket afterwards is refused or its socket closed), close idle sockets at once, and
 * exit promptly: the clients must not hold it up until the 25 s cap, where running writes were cut.
 */

const ROOT = '/wp-json/calendar/events/v1';
const LIST = `${ROOT}/events?per_page=20`;

let buildDir: string | undefined;
let database: TestDatabase | undefined;
let service: RunningService;
let port: number;
let adminAuth: string;

beforeAll(async () => {
  database = await createTestDatabase({ dump: 'reference' });
  buildDir = await buildService('shutdown');
  // No response cache: every read runs its statements, so requests are under way for a while.
  service = await startBuiltService(buildDir, { DATABASE_URL: database.url, CACHE_MAX_MB: '0', LOG_LEVEL: 'warn', NODE_ENV: 'production' });
  port = Number(new URL(service.baseUrl).port);
  const admin = loadUsers().admin!;
  adminAuth = basicAuth(admin.login, admin.app_password);
  // Warm: the first answers of a fresh process (compiling, caches) are slow.
  const agent = new Agent({ keepAlive: true });
  for (const [method, path, body] of [['GET', LIST], ['GET', ROOT], ['POST', `${ROOT}/events`, eventBody(-1)]] as const) {
    const outcome = await send(agent, method, path, body);
    if (outcome.kind !== 'answered') throw new Error(`warm-up ${method} ${path}: ${outcome.error}`);
  }
  agent.destroy();
}, 120_000);

afterAll(async () => {
  if (service?.process.exitCode === null && service.process.signalCode === null) service.process.kill('SIGKILL');
  await removeBuild(buildDir);
  await database?.drop();
});

/** One request as a keep-alive client sends it, and what became of it. */
interface Outcome {
  sentAt: number;
  /** 'answered': a whole response; 'cut': its response began and broke off; 'failed': no response at all. */
  kind: 'answered' | 'cut' | 'failed';
  status?: number;
  connection?: string;
  body?: string;
  error?: string;
}

function send(agent: Agent, method: string, path: string, body?: string): Promise<Outcome> {
  const sentAt = performance.now();
  return new Promise((resolve) => {
    const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json', authorization: adminAuth };
    const req = httpRequest({ host: '127.0.0.1', port, path, method, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          sentAt,
          kind: res.complete ? 'answered' : 'cut',
          status: res.statusCode,
          connection: res.headers.connection,
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
      res.on('error', (error) => resolve({ sentAt, kind: 'cut', status: res.statusCode, error: error.message }));
      res.on('aborted', () => resolve({ sentAt, kind: 'cut', status: res.statusCode, error: 'aborted' }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ sentAt, kind: 'failed', error: error.code ?? error.message }));
    req.setTimeout(20_000, () => req.destroy(new Error('no answer within 20 s')));
    req.end(body);
  });
}

function eventBody(n: number): string {
  return JSON.stringify({ title: `Shutdown ${n}`, start_date: '2030-01-01 10:00:00', end_date: '2030-01-01 11:00:00' });
}

/** A raw socket's bytes as they arrive, and whether the server closed it. */
function rawSocket(): Promise<{ socket: Socket; text: () => string; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
    const closed = new Promise<number>((done) => socket.once('close', () => done(performance.now())));
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, text: () => text, closed }));
    socket.once('error', reject);
  });
}

describe('SIGTERM under load', () => {
  it('answers what is under way with Connection: close, takes nothing new on open sockets, and exits promptly', async () => {
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      service.process.once('exit', (code) => resolve({ code, at: performance.now() })),
    );
    let stopped = false;
    void exited.then(() => (stopped = true));

    // Busy clients: each sends its next request on its open socket as soon as the last is answered.
    const agent = new Agent({ keepAlive: true, maxSockets: 8 });
    const outcomes: Array<Outcome & { write: boolean }> = [];
    let writes = 0;
    const clients = Array.from({ length: 6 }, async (_, index) => {
      const write = index < 2;
      while (!stopped) {
        const outcome = write ? await send(agent, 'POST', `${ROOT}/events`, eventBody((writes += 1))) : await send(agent, 'GET', LIST);
        outcomes.push({ ...outcome, write });
        if (outcome.kind === 'failed') await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });

    // An idle keep-alive socket: one request answered, then nothing.
    const idle = await rawSocket();
    idle.socket.write(`GET ${ROOT} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    // A write under way at SIGTERM: its headers are in, its body still coming; a second request
    // is sent on the same socket (pipelined) once shutdown began.
    const busy = await rawSocket();
    const body = eventBody(0);
    busy.socket.write(
      `POST ${ROOT}/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${adminAuth}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 10)}`,
    );

    await new Promise((resolve) => setTimeout(resolve, 1_500));
    for (let waited = 0; idle.text() === '' && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(idle.text()).toMatch(/^HTTP\/1\.1 200 OK/);
    const answeredBefore = outcomes.filter((outcome) => outcome.kind === 'answered').length;
    expect(answeredBefore).toBeGreaterThan(5);

    const signalledAt = performance.now();
    service.process.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 200));
    busy.socket.write(body.slice(10));
    busy.socket.write(`GET ${LIST} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);

    const { code, at } = await Promise.race([
      exited,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still running 10 s after SIGTERM:\n${service.output()}`)), 10_000)),
    ]);
    stopped = true;
    await Promise.all(clients);
    agent.destroy();

    // Promptly: well inside the 25 s cap, though the clients kept sending.
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(5_000);
    // The idle socket was closed at once: from then on the service is known to be stopping.
    const stoppingSeenAt = await idle.closed;
    expect(stoppingSeenAt - signalledAt).toBeLessThan(1_000);

    // The write under way was answered whole, saying the connection closes; the pipelined request
    // after it was not run (503 service_stopping, or the socket closed before it was read).
    await busy.closed;
    const responses = busy.text().split(/(?=HTTP\/1\.1 )/);
    expect(responses[0]).toMatch(/^HTTP\/1\.1 201 Created\r\n/);
    expect(responses[0]).toMatch(/\r\nConnection: close\r\n/i);
    expect(responses[0]).toContain('"title":"Shutdown 0"');
    if (responses.length > 1) {
      expect(responses).toHaveLength(2);
      expect(responses[1]).toMatch(/^HTTP\/1\.1 503 /);
      expect(responses[1]).toContain('"code":"service_stopping"');
    }

    // No request was cut half way; what was sent once the service was stopping was not served.
    // Stopping is known from the idle socket's close, not from the instant of the kill: on a
    // loaded machine the service may take longer than any fixed margin to run its SIGTERM handler.
    expect(outcomes.filter((outcome) => outcome.kind === 'cut')).toEqual([]);
    const late = outcomes.filter((outcome) => outcome.sentAt > stoppingSeenAt);
    expect(late.length).toBeGreaterThan(0);
    for (const outcome of late) {
      if (outcome.kind === 'answered') {
        expect(outcome.status).toBe(503);
        expect(JSON.parse(outcome.body!)).toMatchObject({ code: 'service_stopping', data: { status: 503 } });
      } else {
        expect(outcome.error).toMatch(/ECONNREFUSED|ECONNRESET|socket hang up/);
      }
    }
    // What was sent well before SIGTERM reached the service: none of it failed.
    expect(outcomes.filter((outcome) => outcome.sentAt < signalledAt - 20 && outcome.kind === 'failed')).toEqual([]);
    // What was under way at SIGTERM finished with its status, and told the client to close. The
    // clients' requests take a few milliseconds, so whether one of them was under way at that
    // instant is luck (CI once had none); the busy socket above is the case that always is.
    const underWay = outcomes.filter((outcome) => outcome.sentAt < signalledAt - 20 && outcome.kind === 'answered' && outcome.connection === 'close');
    for (const outcome of underWay) expect([200, 201]).toContain(outcome.status);
  }, 60_000);
});
