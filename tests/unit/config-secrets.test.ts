/*
 * Secrets inside configured addresses (issue 44 item 7): a user and password or a query
 * parameter in CDN_PURGE_URL, DATABASE_REPLICA_URL, SMTP_URL… never reach a log line or a metric
 * label, and a CDN_PURGE_URL with a user and password works (sent as Basic) or stops start-up
 * naming the key.
 */
import { describe, expect, it } from 'vitest';
import { shownUrl } from '../../common/shown-url';
import { purgeRequests } from '../../server/caching/cdn-purge';
import { ConfigError, loadConfig } from '../../server/env';

describe('a configured address as logs and metrics show it (shownUrl)', () => {
  it('hides the user info and every query value, and keeps where it points', () => {
    expect(
      shownUrl(
        'postgres://reader:s3cret@db-2.internal:5432/patrika?password=other&sslmode=require',
      ),
    ).toBe('postgres://***@db-2.internal:5432/patrika?password=***&sslmode=***');
    expect(shownUrl('postgres://reader@db-2.internal/patrika')).toBe(
      'postgres://***@db-2.internal/patrika',
    );
    // A password typed with an "@" in it: everything up to the host's "@" is user info.
    expect(shownUrl('postgres://reader:p@ss@db-2.internal/patrika')).toBe(
      'postgres://***@db-2.internal/patrika',
    );
    expect(shownUrl('postgres://h1:5432,h2:5432/patrika?user=u&password=p')).toBe(
      'postgres://h1:5432,h2:5432/patrika?user=***&password=***',
    );
    expect(shownUrl('https://hooks.example/purge?bare-secret#and-this')).toBe(
      'https://hooks.example/purge?***#***',
    );
    expect(shownUrl('smtps://mailer:pw@smtp.example:465')).toBe('smtps://***@smtp.example:465');
    // Nothing secret: as it was.
    expect(shownUrl('http://127.0.0.1:6081/')).toBe('http://127.0.0.1:6081/');
    expect(shownUrl('https://api.fastly.com/service/abc/purge')).toBe(
      'https://api.fastly.com/service/abc/purge',
    );
  });
});

describe('CDN_PURGE_URL with a user and password', () => {
  const batch = { stale: ['a:1'], drop: [], urls: [] };
  const basic = (credential: string) => `Basic ${Buffer.from(credential).toString('base64')}`;

  it('sends them as Basic authorization (RFC 7617), and never in the address', () => {
    const json = loadConfig({ CDN_PURGE_URL: 'https://purger:pa%3Ass@hooks.example/purge?x=1' });
    expect(json.cdnPurge).toMatchObject({
      format: 'json',
      url: 'https://hooks.example/purge?x=1',
    });
    const [request] = purgeRequests(json.cdnPurge!, batch);
    expect(request!.url).toBe('https://hooks.example/purge?x=1');
    expect(request!.headers.authorization).toBe(basic('purger:pa:ss'));

    const varnish = loadConfig({
      CDN_PURGE: 'varnish',
      CDN_PURGE_URL: 'http://purge:it@127.0.0.1:6081/',
    });
    const [purge] = purgeRequests(varnish.cdnPurge!, batch);
    expect(purge).toMatchObject({
      method: 'PURGE',
      url: 'http://127.0.0.1:6081/',
      headers: { authorization: basic('purge:it'), 'xkey-softpurge': 'a:1' },
    });
  });

  it('stops start-up, naming CDN_PURGE_URL, where the credential has no place', () => {
    const problem = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return undefined;
      } catch (error) {
        if (!(error instanceof ConfigError)) throw error;
        return error.problems.find((p) => p.key === 'CDN_PURGE_URL')?.message;
      }
    };
    // Both would be the Authorization header.
    expect(
      problem({ CDN_PURGE_URL: 'https://u:p@hooks.example/purge', CDN_PURGE_TOKEN: 'token' }),
    ).toMatch(/CDN_PURGE_TOKEN/);
    // Cloudflare and Fastly take their API token, nothing else.
    expect(
      problem({
        CDN_PURGE: 'cloudflare',
        CDN_PURGE_URL: 'https://u:p@api.cloudflare.com/client/v4/zones/abc/purge_cache',
        CDN_PURGE_TOKEN: 'token',
      }),
    ).toMatch(/user and password/);
    expect(
      problem({
        CDN_PURGE: 'fastly',
        CDN_PURGE_URL: 'https://u:p@api.fastly.com/service/abc',
        CDN_PURGE_TOKEN: 'token',
      }),
    ).toMatch(/user and password/);
    // The message names no part of the secret.
    const said = problem({ CDN_PURGE_URL: 'https://u:hunter2@x.example/', CDN_PURGE_TOKEN: 't' });
    expect(said).not.toMatch(/hunter2/);
  });
});
