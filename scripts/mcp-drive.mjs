#!/usr/bin/env node
// Drives TEC's MCP server (@the-events-calendar/mcp-server, built elsewhere) against this
// service, and prints every HTTP request each MCP step sends with the status it got back.
//
//   DATABASE_URL=mysql://root@127.0.0.1:3306/site \
//   MCP_SERVER=/path/to/mcp-server/dist/index.js WP_USERNAME=admin WP_APP_PASSWORD=... \
//   node scripts/mcp-drive.mjs [--writes] [--tickets]
//
// It starts the service from src/ (tsx) with NAMESPACES=calendar/events/v1,tec/v1, puts a
// recording proxy in front of it (the MCP server's --url), starts the MCP server over stdio and
// speaks MCP to it (newline-delimited JSON-RPC): initialize, tools/list, then read calls on
// events, venues and organizers, and with --writes a create, update, trash and delete of a venue,
// an organizer and an event naming both (on a database you can spare); with --tickets (a site running
// Event Tickets with Tickets Commerce) reads of tickets too, and with both flags a ticket created on
// that event, read, updated, trashed and deleted before the event goes. Exits 1 when the service or
// the MCP server does not start, the MCP server exits or answers a JSON-RPC error, or any tool call
// (read, write or delete) reports an error; 2 when the environment above is incomplete.
// SIDECAR_URL=http://host:port drives a service already running instead of starting one.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import readline from 'node:readline';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const { MCP_SERVER, WP_USERNAME, WP_APP_PASSWORD, DATABASE_URL, SIDECAR_URL } = process.env;
const WRITES = process.argv.includes('--writes');
const TICKETS = process.argv.includes('--tickets');
if (!MCP_SERVER || !WP_USERNAME || !WP_APP_PASSWORD || (!DATABASE_URL && !SIDECAR_URL)) {
  console.error('Set MCP_SERVER (the built dist/index.js), WP_USERNAME, WP_APP_PASSWORD and DATABASE_URL (or SIDECAR_URL).');
  process.exit(2);
}

const children = [];
function stopAll() {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
}
process.on('exit', stopAll);

async function freePort() {
  const server = http.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  server.close();
  return port;
}

async function waitForHttp(url, seconds) {
  for (let i = 0; i < seconds * 4; i += 1) {
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${seconds}s`);
}

// The service, unless one is given.
let target = SIDECAR_URL;
const proxyPort = await freePort();
const proxyUrl = `http://127.0.0.1:${proxyPort}`;
if (!target) {
  const port = await freePort();
  target = `http://127.0.0.1:${port}`;
  const service = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'src/main.ts')], {
    cwd: ROOT,
    // URLs in answers name the proxy, the address the MCP server knows.
    env: { ...process.env, PORT: String(port), NAMESPACES: 'calendar/events/v1,tec/v1', PUBLIC_URL: proxyUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(service);
  await waitForHttp(`${target}/healthz`, 120);
}

// The recording proxy: every request as sent, then the status the service answered.
let recorded = [];
const proxy = http.createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', async () => {
    const body = Buffer.concat(chunks);
    const entry = { method: request.method, url: request.url, headers: request.headers, body: body.toString('utf8'), status: 0 };
    recorded.push(entry);
    const headers = { ...request.headers };
    delete headers.host;
    delete headers['content-length'];
    try {
      const answer = await fetch(`${target}${request.url}`, { method: request.method, headers, body: body.length > 0 ? body : undefined });
      entry.status = answer.status;
      const text = Buffer.from(await answer.arrayBuffer());
      const outHeaders = {};
      answer.headers.forEach((value, name) => {
        if (name !== 'content-encoding' && name !== 'content-length' && name !== 'transfer-encoding') outHeaders[name] = value;
      });
      response.writeHead(answer.status, outHeaders);
      response.end(text);
    } catch (error) {
      entry.status = 502;
      response.writeHead(502);
      response.end(String(error));
    }
  });
});
proxy.listen(proxyPort, '127.0.0.1');
await once(proxy, 'listening');

function printRequests(title) {
  console.log(`\n## ${title}`);
  for (const entry of recorded) {
    const shown = ['authorization', 'content-type', 'x-tec-eea']
      .filter((name) => entry.headers[name] !== undefined)
      .map((name) => `${name}: ${name === 'authorization' ? entry.headers[name].replace(/ .*/, ' …') : name === 'x-tec-eea' ? '(the acknowledgement sentence)' : entry.headers[name]}`);
    console.log(`${entry.method} ${entry.url} -> ${entry.status}   [${shown.join('; ')}]${entry.body ? `\n    body: ${entry.body}` : ''}`);
  }
  recorded = [];
}

// The MCP server over stdio.
const mcp = spawn(process.execPath, [MCP_SERVER, '--url', proxyUrl, '--username', WP_USERNAME, '--password', WP_APP_PASSWORD], {
  stdio: ['pipe', 'pipe', 'pipe'],
});
children.push(mcp);
let stderr = '';
mcp.stderr.on('data', (chunk) => {
  stderr += chunk;
});
const pending = new Map();
readline.createInterface({ input: mcp.stdout }).on('line', (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  if (message.id !== undefined && pending.has(message.id)) {
    pending.get(message.id)(message);
    pending.delete(message.id);
  }
});
const exited = once(mcp, 'exit').then(([code]) => ({ exited: true, code }));
let nextId = 1;
async function call(method, params) {
  const id = nextId++;
  const answer = new Promise((resolve) => pending.set(id, resolve));
  mcp.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id, method, params })}\n`);
  const result = await Promise.race([answer, exited]);
  if (result.exited) throw new Error(`the MCP server exited (${result.code}): ${stderr.trim()}`);
  if (result.error) throw new Error(`${method}: ${JSON.stringify(result.error)}`);
  return result.result;
}

let failures = 0;
try {
  const init = await call('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'calendar-sidecar mcp-drive', version: '1' } });
  mcp.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
  printRequests(`start: ${init.serverInfo.name} ${init.serverInfo.version}`);
  console.log((init.instructions ?? '').split('\n').filter((line) => /Title|Timezone|Operational|Authentication|Permissions/.test(line)).join('\n'));
  const { tools } = await call('tools/list', {});
  console.log(`\ntools: ${tools.map((tool) => tool.name).join(', ')}`);

  const tool = async (name, args, { expectError = false } = {}) => {
    const result = await call('tools/call', { name, arguments: args });
    printRequests(`${name} ${JSON.stringify(args)}`);
    const text = result.content?.map((part) => part.text).join('\n') ?? '';
    console.log(`=> ${result.isError ? 'ERROR' : 'ok'}: ${text.split('\n')[0].slice(0, 160)}`);
    if (Boolean(result.isError) !== expectError) failures += 1;
    return text;
  };
  const read = 'tec-calendar-read-entities';
  const list = await tool(read, { postType: 'event', per_page: 3 });
  const firstId = /"id": (\d+)/.exec(list)?.[1];
  if (firstId) await tool(read, { postType: 'event', id: Number(firstId) });
  await tool(read, { postType: 'event', query: 'party', eventFilters: { start_date: '2026-01-01', featured: true, categories: [1, 2] } });
  await tool(read, { postType: 'venue', per_page: 2 });
  await tool(read, { postType: 'organizer', per_page: 2, page: 2 });
  if (TICKETS) {
    const tickets = await tool(read, { postType: 'ticket', per_page: 3 });
    const ticketId = /"id": (\d+)/.exec(tickets)?.[1];
    if (ticketId) await tool(read, { postType: 'ticket', id: Number(ticketId) });
  }
  if (WRITES) {
    // Every write tool on every type: a venue and an organizer, an event naming both, each updated
    // (the MCP server itself wants an event's dates on an update too), then trashed and deleted.
    const write = 'tec-calendar-create-update-entities';
    const createdId = (answer) => Number(/ID: (\d+)/.exec(answer)?.[1] ?? Number.NaN);
    const venue = createdId(await tool(write, { postType: 'venue', data: { title: 'MCP drive hall', address: '1 Main St', city: 'Springfield', country: 'US' } }));
    const organizer = createdId(await tool(write, { postType: 'organizer', data: { title: 'MCP drive host', email: 'host@example.test' } }));
    const dates = { start_date: '2028-03-01 10:00:00', end_date: '2028-03-01 12:00:00' };
    const event = createdId(await tool(write, { postType: 'event', data: { title: 'MCP drive', ...dates, venues: [venue], organizers: [organizer] } }));
    await tool(write, { postType: 'event', id: event, data: { title: 'MCP drive, renamed', ...dates } });
    await tool(write, { postType: 'venue', id: venue, data: { title: 'MCP drive hall, renamed', city: 'Shelbyville' } });
    await tool(write, { postType: 'organizer', id: organizer, data: { title: 'MCP drive host, renamed', phone: '555-0100' } });
    await tool(read, { postType: 'event', id: event });
    if (TICKETS) {
      // A Tickets Commerce ticket on the event: the MCP server reads the event for the sale window
      // it defaults, and caps the window's end at the event's start with an update of its own.
      const ticket = createdId(
        await tool(write, { postType: 'ticket', data: { title: 'MCP drive seat', event, price: 12, capacity: 40, start_date: '2027-01-01 09:00:00' } }),
      );
      await tool(read, { postType: 'ticket', id: ticket });
      await tool(write, { postType: 'ticket', id: ticket, data: { title: 'MCP drive seat, renamed', price: 15, sale_price: 10 } });
      // The MCP server writes every date field as `Y-m-d H:i:s`, which the sale dates' pattern
      // (`Y-m-d`) refuses: a 400 from Event Tickets' own argument check, the plugin's too.
      const saleDates = { sale_price: 9, sale_price_start_date: '2027-01-01', sale_price_end_date: '2027-12-31' };
      await tool(write, { postType: 'ticket', id: ticket, data: saleDates }, { expectError: true });
      await tool(read, { postType: 'ticket', id: ticket });
      await tool('tec-calendar-delete-entities', { postType: 'ticket', id: ticket });
      await tool('tec-calendar-delete-entities', { postType: 'ticket', id: ticket, force: true });
    }
    for (const [postType, id] of [['event', event], ['venue', venue], ['organizer', organizer]]) {
      await tool('tec-calendar-delete-entities', { postType, id });
      await tool('tec-calendar-delete-entities', { postType, id, force: true });
    }
  }
} catch (error) {
  printRequests('before the failure');
  console.error(String(error));
  failures += 1;
} finally {
  stopAll();
  proxy.close();
}
console.log(`\n${failures === 0 ? 'every MCP step answered as expected' : `${failures} MCP step(s) failed`}`);
process.exit(failures === 0 ? 0 : 1);
