/*
 * The fediverse's guarded fetch (server/modules/fediverse/fediverse-fetch.ts, issue 66 item 2):
 * Patrika's address check before every request, IPv4-mapped and -translated literals included,
 * redirects of a GET followed hop by hop and each hop checked, a POST's redirect never followed;
 * and the global `fetch` is the guarded one only inside a scope.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createGuardedFetch,
  withGuardedFetch,
} from '../../server/modules/fediverse/fediverse-fetch';

let server: Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    if (req.url === '/hop') {
      res.writeHead(307, { location: `http://[::ffff:7f00:1]:${port}/end` });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ at: req.url }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('createGuardedFetch', () => {
  it('refuses loopback however written, and nothing reaches the listener', async () => {
    hits.length = 0;
    const guarded = createGuardedFetch({ allowPrivate: false });
    for (const host of ['127.0.0.1', '[::ffff:7f00:1]', '[::ffff:127.0.0.1]', '[::ffff:0:7f00:1]'])
      await expect(guarded(`http://${host}:${port}/key`), host).rejects.toThrow(/refused/);
    expect(hits).toEqual([]);
  });

  it('with private addresses allowed, follows a GET’s redirect and answers the last hop', async () => {
    hits.length = 0;
    const guarded = createGuardedFetch({ allowPrivate: true });
    const res = await guarded(`http://127.0.0.1:${port}/hop`);
    expect(await res.json()).toEqual({ at: '/end' });
    expect(hits).toEqual(['GET /hop', 'GET /end']);
  });

  it('never follows a POST’s redirect (a failed delivery)', async () => {
    hits.length = 0;
    const guarded = createGuardedFetch({ allowPrivate: true });
    const res = await guarded(`http://127.0.0.1:${port}/hop`, { method: 'POST', body: '{}' });
    expect(res.status).toBe(307);
    expect(hits).toEqual(['POST /hop']);
  });

  it('is the global fetch inside a scope only', async () => {
    hits.length = 0;
    const guarded = createGuardedFetch({ allowPrivate: false });
    await expect(
      withGuardedFetch(guarded, () => fetch(`http://[::ffff:7f00:1]:${port}/key`)),
    ).rejects.toThrow(/refused/);
    expect(hits).toEqual([]);
    expect((await fetch(`http://127.0.0.1:${port}/outside`)).status).toBe(200);
  });
});
