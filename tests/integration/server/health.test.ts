import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_AWAY_REASON } from '../../../server/modules/health/health-routes';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { testEngine } from '../../setup/test-db';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('GET /api/health', () => {
  it('answers 200 with the engine while the database is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: testEngine() });
  });

  it('echoes a request id, or makes one', async () => {
    const given = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'abc-123' },
    });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const made = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(made.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('says degraded (200: the process still serves kept pages) when the database is not reachable', async () => {
    const original = t.database.ping;
    const database = t.app.services.database;
    database.ping = async () => {
      throw new Error('connection refused');
    };
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        status: 'degraded',
        reasons: expect.arrayContaining([DATABASE_AWAY_REASON]),
      });
      // The load balancer's readiness check is the one that takes the process out.
      expect((await t.app.inject({ url: '/api/health/ready' })).statusCode).toBe(503);
    } finally {
      database.ping = original;
    }
  });
});

describe('what a load balancer asks (issue 28 item 4)', () => {
  const ready = () => t.app.inject({ url: '/api/health/ready' });

  it('live is 200 while the process runs; ready is 200 while it should get traffic', async () => {
    const live = await t.app.inject({ url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'live' });
    expect((await ready()).statusCode).toBe(200);
    expect((await ready()).json()).toEqual({ status: 'ready' });
  });

  it('ready is 503 with its reason while the database is away, live stays 200', async () => {
    const database = t.app.services.database;
    const original = database.ping;
    database.ping = async () => {
      throw new Error('connection refused');
    };
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'not ready',
        reasons: ['the database does not answer'],
      });
      expect((await t.app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      database.ping = original;
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it('while change notifications are unheard: ready 503, /api/health 200 degraded', async () => {
    const store = t.app.services.pageCache.store;
    store.distrust();
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.json().reasons).toEqual([expect.stringMatching(/change notifications/)]);
      const health = await t.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toMatchObject({
        status: 'degraded',
        reasons: [expect.stringMatching(/change notifications are not heard/)],
      });
    } finally {
      store.trust();
    }
    expect((await t.app.inject({ url: '/api/health' })).json().status).toBe('ok');
  });

  it('ready turns 503 first when the process starts to stop', async () => {
    t.app.services.lifecycle.stopping = true;
    try {
      const res = await ready();
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'not ready', reasons: ['shutting down'] });
    } finally {
      t.app.services.lifecycle.stopping = false;
    }
  });
});
