/*
 * Pages send `Referrer-Policy: strict-origin-when-cross-origin` (issue 70 item 3), so a request
 * from our own reset or invitation page names that page whole in its Referer: the log line
 * cuts the token out of it, as it does from the request's own address.
 */
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../../server/lib/logger';

const factsOf = (referer: string) => {
  const { serializers } = loggerOptions({ logLevel: 'info' }) as {
    serializers: { req(request: FastifyRequest): { headers: Record<string, string> } };
  };
  const request = { method: 'GET', url: '/assets/a.js', ip: '10.0.0.1', headers: { referer } };
  return serializers.req(request as unknown as FastifyRequest).headers.referer;
};

describe("the request log's Referer", () => {
  it('holds no reset or invitation token', () => {
    expect(factsOf('https://patrika.example/reset/s3cr3t-token')).toBe(
      'https://patrika.example/reset/[Redacted]',
    );
    expect(factsOf('https://patrika.example/invite/s3cr3t-token?x=1')).toBe(
      'https://patrika.example/invite/[Redacted]',
    );
  });

  it('keeps any other page as it came', () => {
    expect(factsOf('https://patrika.example/politics/story?a=1')).toBe(
      'https://patrika.example/politics/story?a=1',
    );
    expect(factsOf('not a url')).toBe('not a url');
  });
});
