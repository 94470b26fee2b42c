import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/env';

describe('loadConfig', () => {
  it('has working defaults for a newcomer', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: 'localhost',
      publicUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      seedDemo: true,
      mediaStorage: 'fs',
      logLevel: 'info',
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('reads every key', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      PUBLIC_URL: 'https://patrika.example/',
      DATA_DIR: '/srv/patrika',
      DATABASE_URL: 'postgres://u:p@db:5432/patrika',
      JWT_SECRET: 'x'.repeat(32),
      SEED_DEMO: '0',
      MEDIA_STORAGE: 'db',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'https://patrika.example',
      dataDir: '/srv/patrika',
      databaseUrl: 'postgres://u:p@db:5432/patrika',
      jwtSecret: 'x'.repeat(32),
      seedDemo: false,
      mediaStorage: 'db',
      logLevel: 'warn',
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it('names every bad key at once', () => {
    const attempt = () =>
      loadConfig({
        PORT: 'abc',
        PUBLIC_URL: 'not a url',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'short',
        SEED_DEMO: 'maybe',
        MEDIA_STORAGE: 'ftp',
        LOG_LEVEL: 'loud',
      });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const problems = (error as ConfigError).problems.map((p) => p.key).sort();
      expect(problems).toEqual([
        'DATABASE_URL',
        'JWT_SECRET',
        'LOG_LEVEL',
        'MEDIA_STORAGE',
        'PORT',
        'PUBLIC_URL',
        'SEED_DEMO',
      ]);
      expect((error as Error).message).toMatch(/PORT: /);
    }
  });

  it('keeps media in a bucket only when it is named', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    try {
      loadConfig({ MEDIA_STORAGE: 's3' });
      expect.unreachable('MEDIA_STORAGE=s3 without S3_BUCKET was taken');
    } catch (error) {
      expect((error as ConfigError).problems.map((p) => p.key)).toEqual(['S3_BUCKET']);
    }
    const config = loadConfig({
      MEDIA_STORAGE: 's3',
      S3_BUCKET: 'patrika-media',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: '1',
    });
    expect(config.s3).toEqual({
      bucket: 'patrika-media',
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      forcePathStyle: true,
    });
  });

  it('reads replicas: comma-separated postgres addresses, only with DATABASE_URL, and their lag', () => {
    const primary = 'postgres://u:p@db:5432/patrika';
    expect(loadConfig({ DATABASE_URL: primary })).toMatchObject({
      databaseReplicaUrls: [],
      replicaMaxLagMs: 10_000,
    });
    expect(
      loadConfig({
        DATABASE_URL: primary,
        DATABASE_REPLICA_URL: 'postgres://u:p@r1:5432/patrika, postgres://u:p@r2:5432/patrika',
        REPLICA_MAX_LAG: '2.5',
      }),
    ).toMatchObject({
      databaseReplicaUrls: ['postgres://u:p@r1:5432/patrika', 'postgres://u:p@r2:5432/patrika'],
      replicaMaxLagMs: 2500,
    });
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems.map((p) => p.key);
      }
    };
    expect(problems({ DATABASE_REPLICA_URL: 'postgres://u:p@r1:5432/patrika' })).toEqual([
      'DATABASE_REPLICA_URL',
    ]);
    expect(problems({ DATABASE_URL: primary, DATABASE_REPLICA_URL: 'mysql://r1/x' })).toEqual([
      'DATABASE_REPLICA_URL',
    ]);
    expect(problems({ DATABASE_URL: primary, REPLICA_MAX_LAG: '0' })).toEqual(['REPLICA_MAX_LAG']);
  });

  it('reads MEDIA_PUBLIC_URL as an http(s) address without its trailing slash', () => {
    expect(loadConfig({ MEDIA_PUBLIC_URL: 'https://media.example.com/patrika/' })).toMatchObject({
      mediaPublicUrl: 'https://media.example.com/patrika',
    });
    expect(loadConfig({}).mediaPublicUrl).toBeUndefined();
    expect(() => loadConfig({ MEDIA_PUBLIC_URL: 'ftp://media.example.com' })).toThrow(
      /MEDIA_PUBLIC_URL/,
    );
  });

  it('trusts a reverse proxy only when told to', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toBe(
      '127.0.0.1, 10.0.0.0/8',
    );
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toBe('loopback');
    expect(() => loadConfig({ TRUST_PROXY: 'yes please!' })).toThrow(/TRUST_PROXY/);
  });

  it('refuses a port out of range', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
  });

  it('reads the web push settings: both VAPID keys or neither, a mailto: or https: subject', () => {
    const publicKey = `B${'A'.repeat(86)}`;
    const privateKey = 'A'.repeat(43);
    expect(loadConfig({}).push).toEqual({
      vapidKeys: undefined,
      vapidSubject: undefined,
      allowPrivate: false,
      alertsPerMinute: 1,
      extraCaFile: undefined,
    });
    expect(
      loadConfig({
        VAPID_PUBLIC_KEY: publicKey,
        VAPID_PRIVATE_KEY: privateKey,
        VAPID_SUBJECT: 'mailto:desk@patrika.example',
        PUSH_ALLOW_PRIVATE: '1',
        PUSH_ALERTS_PER_MINUTE: '3',
        NODE_EXTRA_CA_CERTS: '/etc/patrika/ca.pem',
      }).push,
    ).toEqual({
      vapidKeys: { publicKey, privateKey },
      vapidSubject: 'mailto:desk@patrika.example',
      allowPrivate: true,
      alertsPerMinute: 3,
      extraCaFile: '/etc/patrika/ca.pem',
    });
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems.map((p) => p.key);
      }
    };
    expect(problems({ VAPID_PUBLIC_KEY: publicKey })).toEqual(['VAPID_PRIVATE_KEY']);
    expect(problems({ VAPID_PUBLIC_KEY: 'short', VAPID_PRIVATE_KEY: privateKey })).toEqual([
      'VAPID_PUBLIC_KEY',
    ]);
    expect(problems({ VAPID_SUBJECT: 'http://patrika.example' })).toEqual(['VAPID_SUBJECT']);
    expect(problems({ PUSH_ALERTS_PER_MINUTE: '0' })).toEqual(['PUSH_ALERTS_PER_MINUTE']);
  });

  it('reads the mail settings: SMTP_URL as smtp:// or smtps://, MAIL_FROM an address, else no-reply at PUBLIC_URL', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://patrika.example' }).mail).toEqual({
      smtpUrl: undefined,
      from: { address: 'no-reply@patrika.example' },
    });
    expect(
      loadConfig({
        SMTP_URL: 'smtps://desk:secret@mail.example:465',
        MAIL_FROM: 'desk@patrika.example',
      }).mail,
    ).toEqual({
      smtpUrl: 'smtps://desk:secret@mail.example:465',
      from: { address: 'desk@patrika.example' },
    });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ MAIL_FROM: 'not an address' })).toThrow(/MAIL_FROM/);
  });

  it('reads MAIL_FROM as Name <address> too: the display name kept, the address checked', () => {
    const from = (value: string) => loadConfig({ MAIL_FROM: value }).mail.from;
    expect(from('Patrika Desk <desk@patrika.example>')).toEqual({
      name: 'Patrika Desk',
      address: 'desk@patrika.example',
    });
    expect(from('  पत्रिका डेस्क   <desk@patrika.example> ')).toEqual({
      name: 'पत्रिका डेस्क',
      address: 'desk@patrika.example',
    });
    // A quoted name may hold a comma; its quotes and escapes are not part of it.
    expect(from('"Desk, \\"Patrika\\"" <desk@patrika.example>')).toEqual({
      name: 'Desk, "Patrika"',
      address: 'desk@patrika.example',
    });
    // No name before the brackets: the address alone (the site's name goes beside it).
    expect(from('<desk@patrika.example>')).toEqual({ address: 'desk@patrika.example' });
    for (const bad of [
      'Patrika Desk <not an address>',
      'Patrika Desk <desk@patrika.example',
      'Patrika Desk desk@patrika.example',
      'Pat"rika <desk@patrika.example>',
      'Patrika\nBcc: x@evil.example <desk@patrika.example>',
    ])
      expect(() => loadConfig({ MAIL_FROM: bad }), bad).toThrow(/MAIL_FROM.*Patrika Desk </s);
  });
});
