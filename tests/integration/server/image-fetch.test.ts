/*
 * The WordPress import's image fetcher (issue 24 item 7): an address on this machine or inside
 * the network is refused before anything is asked of it (unless the operator allows private
 * addresses), and a body is read only up to the limit, the rest never downloaded.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNotPublic } from '../../../server/lib/public-address';
import { ImageFetchError, imageFetcher } from '../../../server/modules/imports/image-fetch';

const MB = 1024 * 1024;
let server: Server;
let base: string;
const asked: string[] = [];
let sentOfHuge = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    asked.push(req.url ?? '');
    if (req.url === '/small.jpg') return void res.writeHead(200).end(Buffer.alloc(1000, 1));
    if (req.url === '/moved.jpg') return void res.writeHead(302, { location: '/small.jpg' }).end();
    if (req.url === '/huge.jpg') {
      // 40 MB without a Content-Length, a megabyte at a time, as long as the reader takes it.
      res.writeHead(200);
      const chunk = Buffer.alloc(MB, 2);
      const push = () => {
        while (sentOfHuge < 40 * MB && !res.destroyed) {
          sentOfHuge += MB;
          if (!res.write(chunk)) return void res.once('drain', push);
        }
        res.end();
      };
      return push();
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const strict = imageFetcher({
  allowPrivate: false,
  maxBytes: 10 * MB,
  tooLarge: 'larger than 10 MB',
});
const intranet = imageFetcher({
  allowPrivate: true,
  maxBytes: 10 * MB,
  tooLarge: 'larger than 10 MB',
});

describe('addresses', () => {
  it('tells the public internet from loopback, link-local, private and special ranges', () => {
    for (const inside of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ])
      expect(isNotPublic(inside), inside).toBe(true);
    for (const outside of ['8.8.8.8', '203.0.114.1', '2001:4860:4860::8888'])
      expect(isNotPublic(outside), outside).toBe(false);
  });

  it('refuses this machine, by address and by name, before asking it anything', async () => {
    asked.length = 0;
    for (const url of [`${base}/small.jpg`, base.replace('127.0.0.1', 'localhost') + '/small.jpg'])
      await expect(strict(url), url).rejects.toThrow(
        /^refused: (127\.0\.0\.1|localhost) is a private or local address/,
      );
    await expect(strict('ftp://example.com/a.jpg')).rejects.toBeInstanceOf(ImageFetchError);
    expect(asked).toEqual([]);
  });

  it('fetches from it when private addresses are allowed, following a redirect', async () => {
    expect((await intranet(`${base}/small.jpg`)).length).toBe(1000);
    expect((await intranet(`${base}/moved.jpg`)).length).toBe(1000);
  });
});

describe('bodies', () => {
  it('stops reading at the limit: a 40 MB stream is refused and never downloaded whole', async () => {
    await expect(intranet(`${base}/huge.jpg`)).rejects.toThrow('larger than 10 MB');
    // The server stops once the reader has gone (what is in flight aside).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sentOfHuge).toBeLessThan(40 * MB);
  });
});
