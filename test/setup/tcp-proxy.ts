import net from 'node:net';

/**
 * A loopback TCP proxy in front of the MySQL server that can cut every connection at a chosen
 * client command, for fault-injection tests: what the server has received up to that command is
 * all it ever gets, exactly as when a connection dies half way through a write.
 *
 * It reads the client's side of the MySQL protocol only to count commands: a packet is a 3-byte
 * little-endian length, a sequence number, then the payload; a command packet has sequence
 * number 0 and its first payload byte names it (0x03 COM_QUERY with the SQL text after it).
 */
export interface CuttingProxy {
  /** `mysql://root@127.0.0.1:<port>/<database>` through the proxy. */
  urlFor(databaseUrl: string): string;
  /**
   * Cut all connections when the n-th command (1-based) arrives, counting from the first command
   * whose text matches `from` (that one is 1), before it is passed on.
   */
  cutAtCommand(n: number, from?: RegExp): void;
  /** Count commands from now on without cutting; `commands` lists them. */
  record(): void;
  /** The commands seen since the last cutAtCommand/record: the SQL of queries, `#<code>` for others. */
  readonly commands: readonly string[];
  /** Whether the armed cut happened. */
  readonly cut: boolean;
  /** The commands passed on before the cut, and the one the cut stopped (empty before a cut). */
  readonly beforeCut: readonly string[];
  readonly cutCommand: string | undefined;
  close(): Promise<void>;
}

const COMMAND_NAMES: Readonly<Record<number, string>> = { 0x03: '', 0x16: 'PREPARE ', 0x17: '#execute' };

export async function startCuttingProxy(target: { host: string; port: number }): Promise<CuttingProxy> {
  const sockets = new Set<net.Socket>();
  let cutAt = Number.POSITIVE_INFINITY;
  let countFrom: RegExp | undefined;
  let counting = true;
  let seen = 0;
  let commands: string[] = [];
  let didCut = false;
  let cutIndex = -1;

  const cutEverything = () => {
    didCut = true;
    cutIndex = commands.length - 1;
    cutAt = Number.POSITIVE_INFINITY;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };

  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    let pending = Buffer.alloc(0);

    client.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      // Pass on whole packets one at a time, so a cut falls exactly before a command.
      while (pending.length >= 4) {
        const length = pending.readUIntLE(0, 3);
        if (pending.length < 4 + length) break;
        const packet = pending.subarray(0, 4 + length);
        pending = pending.subarray(4 + length);
        const sequence = packet[3];
        const code = packet[4];
        if (sequence === 0 && code !== undefined && code in COMMAND_NAMES) {
          const text = code === 0x17 ? '#execute' : `${COMMAND_NAMES[code]}${packet.subarray(5).toString('utf8')}`;
          commands.push(text);
          if (!counting && countFrom?.test(text)) counting = true;
          if (counting) seen += 1;
          if (seen >= cutAt) {
            cutEverything();
            return;
          }
        }
        upstream.write(packet);
      }
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;

  return {
    urlFor(databaseUrl) {
      const url = new URL(databaseUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    cutAtCommand(n, from) {
      countFrom = from;
      counting = from === undefined;
      seen = 0;
      commands = [];
      didCut = false;
      cutAt = n;
    },
    record() {
      countFrom = undefined;
      counting = true;
      seen = 0;
      commands = [];
      didCut = false;
      cutAt = Number.POSITIVE_INFINITY;
    },
    get commands() {
      return commands;
    },
    get cut() {
      return didCut;
    },
    get beforeCut() {
      return didCut ? commands.slice(0, cutIndex) : [];
    },
    get cutCommand() {
      return didCut ? commands[cutIndex] : undefined;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
