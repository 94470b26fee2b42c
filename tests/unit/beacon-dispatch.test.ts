/*
 * Which app answers a request over HTTP (issue 70 item 1, server/beacon-app.ts): a beacon's
 * POST to its exact address goes to the lean path once one is in use; everything else, and every
 * beacon before it or after the app begins to close, to the app.
 */
import type { Server } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beaconDispatch } from '../../server/beacon-app';

const dispatch = beaconDispatch();
const answer = (who: string) => (_req: IncomingMessage, res: ServerResponse) => {
  res.setHeader('x-answered-by', who);
  res.end();
};
let server: Server;
let base: string;

beforeAll(async () => {
  server = dispatch.serverFactory(answer('app'), { keepAliveTimeout: 5_000 }) as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const answeredBy = async (method: string, path: string) =>
  (
    await fetch(`${base}${path}`, { method, body: method === 'POST' ? '{}' : undefined })
  ).headers.get('x-answered-by');

describe('the beacons’ dispatch', () => {
  it('sends beacons to the lean path while one is in use, everything else to the app', async () => {
    expect(await answeredBy('POST', '/api/analytics/event')).toBe('app');
    dispatch.use(answer('lean'));
    expect(await answeredBy('POST', '/api/analytics/event')).toBe('lean');
    expect(await answeredBy('POST', '/api/ads/impressions')).toBe('lean');
    expect(await answeredBy('GET', '/api/analytics/event')).toBe('app');
    expect(await answeredBy('POST', '/api/analytics/event?x=1')).toBe('app');
    expect(await answeredBy('POST', '/api/articles/x/view')).toBe('app');
    expect(await answeredBy('GET', '/')).toBe('app');
    expect(server.keepAliveTimeout).toBe(5_000);
    dispatch.use(undefined);
    expect(await answeredBy('POST', '/api/analytics/event')).toBe('app');
  });
});
