import net from 'node:net';

/**
 * A TCP load balancer on loopback, as a deployment puts in front of several servers: each new
 * connection goes to the next backend in turn, and to the one after if that refuses. So the
 * simulated agents spread over the processes, and reconnect to a survivor when one dies.
 */
export interface Balancer {
  port: number;
  /** Connections each backend took, by port. */
  taken: Map<number, number>;
  close(): Promise<void>;
}

export async function startBalancer(port: number, backends: readonly number[]): Promise<Balancer> {
  let next = 0;
  const taken = new Map(backends.map((backend) => [backend, 0]));
  const open = new Set<net.Socket>();

  function connect(client: net.Socket, attempt: number) {
    if (attempt >= backends.length) {
      client.destroy();
      return;
    }
    const backendPort = backends[next++ % backends.length]!;
    const backend = net.connect({ port: backendPort, host: '127.0.0.1' });
    let isConnected = false;
    open.add(backend);
    backend.once('close', () => open.delete(backend));
    backend.on('error', () => {
      // Refused before it connected: try the next backend; after, the client goes too.
      if (isConnected) client.destroy();
      else connect(client, attempt + 1);
    });
    backend.once('connect', () => {
      isConnected = true;
      taken.set(backendPort, (taken.get(backendPort) ?? 0) + 1);
      client.pipe(backend);
      backend.pipe(client);
      client.once('close', () => backend.destroy());
      backend.once('close', () => client.destroy());
      client.resume();
    });
  }

  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    open.add(client);
    client.once('close', () => open.delete(client));
    client.on('error', () => client.destroy());
    connect(client, 0);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host: '127.0.0.1' }, resolve);
  });
  return {
    port,
    taken,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
