import { request } from 'node:http';

/**
 * A WebSocket upgrade's answer at `url` (ws: or http:): 101 when the socket opened, else the
 * status the server refused with. `headers` go with the upgrade (a cookie, an origin).
 */
export function upgradeStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const asked = request(url.replace('ws:', 'http:'), {
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...headers,
      },
    });
    asked.on('upgrade', (_answer, socket) => {
      socket.destroy();
      resolve(101);
    });
    asked.on('response', (answer) => {
      answer.resume();
      resolve(answer.statusCode ?? 0);
    });
    asked.on('error', reject);
    asked.end();
  });
}
