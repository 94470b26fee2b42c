/*
 * Fedify's key–value store and message queue in our database (docs/decisions/054), on both
 * engines: what one process keeps another reads; `null` is kept as a value (Fedify caches "no
 * such key"); a prefix lists only its own keys; expired values are gone; a queued message runs
 * as a job, sealed at rest when a secrets box is given.
 */
import { randomBytes } from 'node:crypto';
import { Temporal } from '@js-temporal/polyfill';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fediverseMessages } from '../../../db/schema/fediverse';
import { createSecretBox } from '../../../server/lib/secret-box';
import { createJobsService } from '../../../server/modules/jobs/jobs-service';
import {
  createKvStore,
  createMessageQueue,
} from '../../../server/modules/fediverse/fediverse-store';
import { createTestDatabase } from '../../setup/test-db';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let now = new Date('2026-11-25T10:00:00Z');
const clock = { now: () => now };

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.close());

describe('the key–value store', () => {
  it('keeps values (null too) for every process, lists by whole key parts, and lets them expire', async () => {
    const one = createKvStore({ db: database.db, clock });
    const other = createKvStore({ db: database.db, clock });
    await one.set(['doc', 'https://a.example/x'], { name: 'x' });
    await one.set(['doc', 'https://a.example/none'], null);
    await one.set(['docs', 'y'], 1);
    await one.set(['doc', 'soon'], 'gone', { ttl: Temporal.Duration.from({ seconds: 30 }) });
    expect(await other.get(['doc', 'https://a.example/x'])).toEqual({ name: 'x' });
    expect(await other.get(['doc', 'https://a.example/none'])).toBeNull();
    expect(await other.get(['doc', 'missing'])).toBeUndefined();
    now = new Date(now.getTime() + 31_000);
    expect(await other.get(['doc', 'soon'])).toBeUndefined();
    await other.delete(['doc', 'https://a.example/x']);
    expect(await one.get(['doc', 'https://a.example/x'])).toBeUndefined();
  });
});

describe('the message queue', () => {
  it('runs a message as a job, in whichever process leases it, sealed while it waits', async () => {
    const box = createSecretBox(randomBytes(32));
    const jobs = createJobsService({ db: database.db, clock });
    const queue = createMessageQueue({ db: database.db, clock, jobs, box });
    const got: unknown[] = [];
    const stop = new AbortController();
    void queue.listen((message) => void got.push(message), { signal: stop.signal });
    await queue.enqueue({ type: 'outbox', privateKey: { d: 'secret' } });
    const [row] = await database.db.select().from(fediverseMessages);
    expect(row?.message).not.toContain('secret');
    await jobs.runDue();
    expect(got).toEqual([{ type: 'outbox', privateKey: { d: 'secret' } }]);
    expect(await database.db.select().from(fediverseMessages)).toEqual([]);
    // A delayed message waits for its time.
    await queue.enqueue({ type: 'later' }, { delay: Temporal.Duration.from({ minutes: 5 }) });
    await jobs.runDue();
    expect(got).toHaveLength(1);
    now = new Date(now.getTime() + 5 * 60_000 + 1);
    await jobs.runDue();
    expect(got).toEqual([{ type: 'outbox', privateKey: { d: 'secret' } }, { type: 'later' }]);
    stop.abort();
  });
});
