/*
 * What Node's HTTP parser refuses before Fastify sees a request (a broken request line, a
 * header with a control character, headers too large) is answered in our JSON shape
 * (DECISIONS.md §1; issue 13 item 7), not in Fastify's own.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => t.close());

/** Sends raw bytes and reads everything until the server closes the connection. */
function raw(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
  });
}

describe('requests the HTTP parser refuses', () => {
  it.each([
    ['a broken request line', 'GET /api/health HTTP/9\r\n\r\n', 400],
    [
      'a control character in a header',
      'GET /api/health HTTP/1.1\r\nHost: x\r\nX-A: a\u0001b\r\n\r\n',
      400,
    ],
    [
      'headers too large',
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-A: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
  ])('%s: our JSON', async (_name, request, status) => {
    const answer = await raw(request);
    expect(answer.startsWith(`HTTP/1.1 ${status} `)).toBe(true);
    const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
    const json = JSON.parse(body) as { code: string };
    expect(Object.keys(json)).toEqual(['message', 'code']);
    expect(json.code).toBe(status === 431 ? 'request.headers_too_large' : 'request.unreadable');
  });
});
