import net, { type AddressInfo } from 'node:net';

/**
 * A TCP proxy in front of a server (PostgreSQL in the tests), so that a test can make the database
 * stall or go away without touching the shared server: `pause()` holds every byte in both
 * directions and every new connection until `resume()`, as a frozen server would; `refuse()` cuts
 * every connection and refuses new ones until `resume()`, as a stopped one would.
 */
export interface TcpProxy {
  port: number;
  /** `postgresql://…` with the proxy's port in place of the target's. */
  url(targetUrl: string): string;
  pause(): void;
  refuse(): void;
  resume(): void;
  close(): Promise<void>;
}

type Mode = 'open' | 'paused' | 'refusing';

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  let mode: Mode = 'open';
  const pairs = new Set<[net.Socket, net.Socket]>();
  const waiting: net.Socket[] = [];

  // Unpiped and paused, a socket keeps what arrives in its buffer (and TCP pushes back on the sender).
  const hold = ([client, upstream]: [net.Socket, net.Socket]): void => {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  };
  const flow = ([client, upstream]: [net.Socket, net.Socket]): void => {
    client.pipe(upstream);
    upstream.pipe(client);
  };

  const connect = (client: net.Socket): void => {
    const upstream = net.connect(targetPort, targetHost);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    if (mode === 'paused') hold(pair);
    else flow(pair);
    const drop = (): void => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  };

  const server = net.createServer((client) => {
    if (mode === 'refusing') {
      client.destroy();
      return;
    }
    client.on('error', () => client.destroy());
    if (mode === 'paused') {
      client.pause();
      waiting.push(client);
      return;
    }
    connect(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    port,
    url(targetUrl) {
      const url = new URL(targetUrl);
      url.hostname = '127.0.0.1';
      url.port = String(port);
      return url.toString();
    },
    pause() {
      mode = 'paused';
      for (const pair of pairs) hold(pair);
    },
    refuse() {
      mode = 'refusing';
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      for (const client of waiting.splice(0)) client.destroy();
    },
    resume() {
      mode = 'open';
      for (const pair of pairs) flow(pair);
      for (const client of waiting.splice(0)) if (!client.destroyed) connect(client);
    },
    async close() {
      for (const [client, upstream] of pairs) {
        client.destroy();
        upstream.destroy();
      }
      for (const client of waiting.splice(0)) client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
