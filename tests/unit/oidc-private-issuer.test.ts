/*
 * An OpenID issuer on an inside address is refused with `settings.oidc_private` before anything
 * is sent (server/modules/sso/oidc-clients.ts), however the address is written: IPv4-mapped
 * (`::ffff:7f00:1`), IPv4-translated (`::ffff:0:7f00:1`, issue 66 item 12: it was taken for a
 * public one and called) or IPv4-compatible. A listener on loopback proves no call came.
 */
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOidcClients } from '../../server/modules/sso/oidc-clients';

let server: Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  server = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('an issuer on an inside address', () => {
  it('is refused with settings.oidc_private, and nothing is called', async () => {
    const clients = createOidcClients({ allowPrivate: false });
    const issuers = [
      `https://127.0.0.1:${port}/`,
      `https://[::ffff:7f00:1]:${port}/`,
      `https://[::ffff:127.0.0.1]:${port}/`,
      `https://[::ffff:0:7f00:1]:${port}/`,
      `https://[::ffff:0:127.0.0.1]:${port}/`,
      `https://[::7f00:1]:${port}/`,
      `https://[::ffff:0:a9fe:a9fe]:${port}/`,
      `http://[::ffff:7f00:1]:${port}/`,
    ];
    for (const issuer of issuers)
      await expect(
        clients.check(
          { enabled: true, issuer, clientId: 'patrika', clientSecretSet: true } as never,
          'secret',
        ),
        issuer,
      ).rejects.toMatchObject({ code: 'settings.oidc_private' });
    expect(connections).toBe(0);
  });
});
