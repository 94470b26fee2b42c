/*
 * Sessions and audit entries name where they were made as people say it (app/features/session/
 * device-of.ts): the browser, then the system, from the user agent each sent.
 */
import { describe, expect, it } from 'vitest';
import { deviceOf } from '../../app/features/session/device-of';

describe('deviceOf', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome · Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari · iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge · Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0',
      'Firefox · macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-M135F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
      'Samsung Internet · Android',
    ],
  ])('names %s', (agent, named) => {
    expect(deviceOf(agent)).toBe(named);
  });

  it('names nothing it does not know', () => {
    expect(deviceOf('curl/8.5.0')).toBeUndefined();
    expect(deviceOf('')).toBeUndefined();
  });
});
