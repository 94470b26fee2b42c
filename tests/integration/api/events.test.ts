/*
 * Changes as events (issue 36 item 1, server/events/README.md): the events a change writes with
 * itself, read through `GET /api/events`; consumers that act once across processes, by lease,
 * at least once and in order; events kept 30 days. Both engines (the real app, and two event
 * buses on one database standing for two processes).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { eventConsumers, events, type EventCache } from '../../../db/schema/events';
import { createEventBus, LEASE_MS, RetryLater } from '../../../server/events/event-bus';
import { consumerState } from '../../../server/events/events-repository';
import { EVENTS_KEPT_DAYS, trimOldEvents } from '../../../server/events/events-trim';
import { createOutbox } from '../../../server/events/outbox';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  testImage,
  upload,
} from '../../factories';
import { shiftedClock } from '../../setup/clock';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { waitUntil } from '../../setup/wait-until';

let t: TestApp;
const time = shiftedClock();

beforeAll(async () => {
  t = await createTestApp({}, { clock: time.clock, pollJobs: false });
}, 300_000);
afterAll(async () => {
  await t?.close();
});

interface Listed {
  id: number;
  type: string;
  subject: { kind: string; id: string };
  at: string;
  data: Record<string, unknown>;
}

const listEvents = async (token: string, query = '') => {
  const res = await t.app.inject({ url: `/api/events${query}`, headers: auth(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { events: Listed[]; next: number };
};

describe('GET /api/events', () => {
  it('lists what an article’s life did, oldest first, to administrators only', async () => {
    const admin = await createAdmin(t.app);
    const { next: start } = await listEvents(admin.token, '?limit=1000');
    const category = await createCategory(t.app, admin, { name: 'Events News' });
    const article = await createArticle(t.app, admin, category._id, { name: 'Eventful' });
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/articles/${article._id}/status`,
      headers: auth(admin),
      payload: { status: 'draft' },
    });
    expect(back.statusCode, back.body).toBe(200);
    await t.app.inject({
      method: 'DELETE',
      url: `/api/articles/delete/${article._id}`,
      headers: auth(admin),
    });
    const { events, next } = await listEvents(admin.token, `?after=${start}`);
    expect(events.map((e) => `${e.type} ${e.subject.kind}`)).toEqual([
      'category.created category',
      'article.created article',
      'article.published article',
      'article.unpublished article',
      'article.deleted article',
    ]);
    expect(events.map((e) => e.id)).toEqual([...events.map((e) => e.id)].sort((a, b) => a - b));
    expect(next).toBe(events.at(-1)!.id);
    const published = events.find((e) => e.type === 'article.published')!;
    expect(published.subject.id).toBe(article._id);
    expect(published.data).toMatchObject({
      title: 'Eventful',
      status: 'published',
      path: `/${category.slug}/${article.slug}`,
      by: admin._id,
    });
    // What an event did to kept answers is for the caches, never in the answer.
    expect(JSON.stringify(events)).not.toContain('"cache"');
    // Asked again from `next`: nothing new.
    expect(await listEvents(admin.token, `?after=${next}`)).toEqual({ events: [], next });

    const editor = await createUser(t.app, 'editor');
    const refused = await t.app.inject({ url: '/api/events', headers: auth(editor) });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/events' })).statusCode).toBe(401);
    for (const query of ['?after=-1', '?limit=0', '?limit=1001', '?after=x'])
      expect(
        (await t.app.inject({ url: `/api/events${query}`, headers: auth(admin) })).statusCode,
        query,
      ).toBe(400);
  });

  it('an upload and its deletion are events of the media library', async () => {
    const admin = await createAdmin(t.app);
    const { next } = await listEvents(admin.token, '?limit=1000');
    const res = await upload(t.app, admin, await testImage());
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ _id: string }>()._id;
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/media/${id}`,
      headers: auth(admin),
    });
    expect(gone.statusCode, gone.body).toBe(200);
    const { events } = await listEvents(admin.token, `?after=${next}`);
    expect(events.map((e) => [e.type, e.subject])).toEqual([
      ['media.created', { kind: 'media', id }],
      ['media.deleted', { kind: 'media', id }],
    ]);
    expect(events[0]!.data).toMatchObject({ url: expect.stringMatching(/^\/media\//) });
  });

  it('a change that fails writes no event', async () => {
    const admin = await createAdmin(t.app);
    const category = await createCategory(t.app, admin, { name: 'Taken Name' });
    const { next } = await listEvents(admin.token, '?limit=1000');
    const twice = await t.app.inject({
      method: 'POST',
      url: '/api/categories/addCategory',
      headers: auth(admin),
      payload: { name: category.name, description: 'Again.', isHome: false },
    });
    expect(twice.statusCode).toBe(409);
    expect((await listEvents(admin.token, `?after=${next}`)).events).toEqual([]);
  });
});

describe('consumers that act once across processes', () => {
  /** Two event buses on the app's database: two processes, as far as the outbox can tell. */
  const processes = () => {
    const db = t.app.services.database.db;
    const made = [0, 1].map(() =>
      createEventBus({ db, clock: time.clock, processId: randomUUID() }),
    );
    const outbox = createOutbox({ db, clock: time.clock, applied: made[0]!.catchUp });
    return { buses: made, outbox };
  };
  const change = (cache?: EventCache) => ({
    type: 'settings.updated' as const,
    subject: { kind: 'test', id: randomUUID() },
    data: {},
    cache,
  });

  /** The ids of the events written for `drafts`, oldest first. */
  const idsOf = async (drafts: { subject: { id: string } }[]) => {
    const rows = await t.app.services.database.db
      .select({ id: events.id })
      .from(events)
      .where(
        inArray(
          events.subjectId,
          drafts.map((d) => d.subject.id),
        ),
      )
      .orderBy(asc(events.id));
    return rows.map((r) => r.id);
  };

  it('each event goes to one of them, once, in order', async () => {
    const { buses, outbox } = processes();
    const name = `once-${randomUUID()}`;
    const heard: { by: number; id: number }[] = [];
    buses.forEach((bus, by) =>
      bus.once(name, async (events) => {
        for (const e of events) heard.push({ by, id: e.id });
      }),
    );
    for (const bus of buses) await bus.start();
    for (let i = 0; i < 5; i++) await outbox.record(change());
    await Promise.all(buses.map((bus) => bus.settled()));
    const ids = heard.map((h) => h.id);
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect((await consumerState(t.app.services.database.db, name))?.position).toBe(ids.at(-1));
  });

  /** One process with a consumer that notes the ids it is handed, started. */
  const listening = async (prefix: string) => {
    const { buses, outbox } = processes();
    const bus = buses[0]!;
    const name = `${prefix}-${randomUUID()}`;
    const heard: number[] = [];
    bus.once(name, async (events) => {
      heard.push(...events.map((e) => e.id));
    });
    await bus.start();
    return { bus, outbox, name, heard };
  };
  /** Runs `work` with the clock `ms` ahead. */
  const later = async (ms: number, work: () => Promise<void>) => {
    time.shift(ms);
    try {
      await work();
    } finally {
      time.shift(0);
    }
  };

  it('a consumer further behind than its process holds reads the rest from the table, once and in order', async () => {
    // A process keeps the last BATCH (500) events it read for its consumers (event-bus.ts); one
    // that was kept from its lease while 600 came reads the first batch from the table.
    const { bus, outbox, name, heard } = await listening('behind');
    const db = t.app.services.database.db;
    await bus.settled();
    await db
      .update(eventConsumers)
      .set({ leasedBy: 'elsewhere', leasedUntil: new Date(time.clock.now().getTime() + LEASE_MS) })
      .where(eq(eventConsumers.name, name));
    const drafts = Array.from({ length: 600 }, () => change());
    await outbox.record(...drafts);
    const recorded = await idsOf(drafts);
    expect(recorded).toHaveLength(600);
    await bus.settled();
    expect(heard).toEqual([]);
    await later(LEASE_MS + 1_000, () => bus.settled());
    expect(heard).toEqual(recorded);
    expect(await consumerState(db, name)).toMatchObject({
      position: recorded.at(-1),
      leasedBy: null,
    });
    // What comes next is handed from what the process read itself, after the position.
    const next = change();
    await outbox.record(next);
    await bus.settled();
    expect(heard.slice(600)).toEqual(await idsOf([next]));
  });

  it('an idle process sends its consumers’ table nothing, however long it waits', async () => {
    const { bus, outbox, name, heard } = await listening('idle');
    await outbox.record(change());
    await bus.settled();
    expect(heard).toHaveLength(1);
    // xmin: the transaction that last wrote the row (each lease and release is an UPDATE).
    const version = async () =>
      (
        await t.app.services.database.db
          .select({ v: sql<string>`xmin::text` })
          .from(eventConsumers)
          .where(eq(eventConsumers.name, name))
      )[0]?.v;
    const before = await version();
    await later(3 * LEASE_MS, () => bus.settled());
    expect(await version()).toBe(before);
  });

  it('a failure keeps the position and is tried again; the holder’s death hands over the lease', async () => {
    const { buses, outbox } = processes();
    const name = `retry-${randomUUID()}`;
    const db = t.app.services.database.db;
    let fail = true;
    const delivered: number[] = [];
    buses[0]!.once(name, async (events) => {
      if (fail) throw new RetryLater('the receiver is away');
      delivered.push(...events.map((e) => e.id));
    });
    await buses[0]!.start();
    await outbox.record(change());
    await buses[0]!.settled();
    const failed = await consumerState(db, name);
    expect(failed).toMatchObject({ failures: 1, lastError: 'the receiver is away' });
    expect(delivered).toEqual([]);
    fail = false;
    // Its backoff passes; the next read tries again and moves on.
    time.shift(60_000);
    try {
      await waitUntil(
        async () => {
          await buses[0]!.catchUp();
          await buses[0]!.settled();
          return delivered.length === 1;
        },
        { timeoutMs: 20_000, message: 'the failed batch was never tried again' },
      );
    } finally {
      time.shift(0);
    }
    expect((await consumerState(db, name))?.failures).toBe(0);

    // A process that took the lease and died leaves it held until it runs out; the other
    // process then reads on from the position.
    const second: number[] = [];
    buses[1]!.once(name, async (events) => {
      second.push(...events.map((e) => e.id));
    });
    await buses[1]!.start();
    await db
      .update(eventConsumers)
      .set({ leasedBy: 'dead', leasedUntil: new Date(time.clock.now().getTime() + LEASE_MS) })
      .where(eq(eventConsumers.name, name));
    const quiet = createOutbox({ db, clock: time.clock, applied: async () => {} });
    await quiet.record(change());
    await buses[1]!.settled();
    expect(second).toEqual([]);
    time.shift(LEASE_MS + 1_000);
    try {
      await buses[1]!.settled();
      expect(second).toHaveLength(1);
      expect((await consumerState(db, name))?.leasedBy).toBeNull();
    } finally {
      time.shift(0);
    }
  });
});

describe('kept 30 days', () => {
  it('the trim job deletes older events and sets itself again', async () => {
    const admin = await createAdmin(t.app);
    await createCategory(t.app, admin, { name: 'Old News' });
    const before = await listEvents(admin.token, '?limit=1000');
    expect(before.events.length).toBeGreaterThan(0);
    const jobs = t.app.services.jobs;
    const db = t.app.services.database.db;
    time.shift((EVENTS_KEPT_DAYS + 1) * 24 * 60 * 60_000);
    try {
      // A month on: a new session (tokens last a week).
      const later = await createUser(t.app, 'administrator');
      await createCategory(t.app, later, { name: 'New News' });
      await trimOldEvents({ db, clock: time.clock, jobs });
      const after = await listEvents(later.token, '?limit=1000');
      expect(after.events.map((e) => e.data.name)).toEqual(['New News']);
    } finally {
      time.shift(0);
    }
  });
});
