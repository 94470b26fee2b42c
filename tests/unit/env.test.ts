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
        MEDIA_STORAGE: 's3',
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
});
