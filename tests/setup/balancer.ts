/*
 * A load balancer in front of a site's processes, for the journeys that need to say which
 * process a browser reaches (co-editing across workers, issue 43): each connection goes to the
 * first process in its order that accepts it, as a load balancer with health checks sends a
 * client to its preferred machine and to another when that one is down. Its network can also
 * be cut: open connections dropped and new ones refused until it is restored, as a writer's
 * network going away does to their browser's WebSocket.
 */
import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export interface Balancer {
  /** Where the browser goes: http://127.0.0.1:<its own port>. */
  url: string;
  /** How many connections went to each process, in the order given. */
  routed: number[];
  /** Drops every open connection and refuses new ones, until `restore`. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/** Starts a balancer that tries `ports` in this order for each connection. */
export async function startBalancer(ports: readonly number[]): Promise<Balancer> {
  const routed = ports.map(() => 0);
  const open = new Set<Socket>();
  let down = false;

  /** Connects to the first process from `index` on that accepts; undefined when none does. */
  const reach = (index: number): Promise<Socket | undefined> =>
    index >= ports.length
      ? Promise.resolve(undefined)
      : new Promise((resolve) => {
          const upstream = connect(ports[index]!, '127.0.0.1');
          upstream.once('connect', () => {
            routed[index]! += 1;
            resolve(upstream);
          });
          upstream.once('error', () => {
            upstream.destroy();
            resolve(reach(index + 1));
          });
        });

  const server = createServer((client) => {
    if (down) {
      client.destroy();
      return;
    }
    open.add(client);
    client.pause();
    client.on('error', () => client.destroy());
    client.on('close', () => open.delete(client));
    void reach(0).then((upstream) => {
      if (!upstream || client.destroyed) {
        upstream?.destroy();
        client.destroy();
        return;
      }
      upstream.on('error', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.on('close', () => upstream.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    routed,
    cut() {
      down = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
