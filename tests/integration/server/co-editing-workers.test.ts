/*
 * Co-editing across workers (issue 43 item 1, docs/decisions/061): two apps on one database, as
 * two workers of a cluster are, each with its own Hocuspocus relaying through Redis (REDIS_URL,
 * else the machine's own at 127.0.0.1:6379, which these machines run). People on different
 * workers edit one document and see each other's words; what they wrote is stored once. A
 * session ended through one worker writes nothing more through a socket on the other (issue 66
 * item 6).
 */
import { HocuspocusProvider } from '@hocuspocus/provider';
import type { FastifyInstance } from 'fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { BODY_FIELD } from '../../../common/editor/editor-extensions';
import { buildApp } from '../../../server/app';
import { storedState } from '../../../server/modules/collab/collab-repository';
import { loadConfig } from '../../../server/env';
import { createAdmin, createArticle, createCategory, createUser } from '../../factories';
import { expectConsoleError } from '../../setup/fail-on-console-error';
import { createTestDatabase } from '../../setup/test-db';
import { upgradeStatus } from '../../setup/upgrade-status';
import { waitUntil } from '../../setup/wait-until';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const dataDir = mkdtempSync(join(tmpdir(), 'patrika-collab-'));
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const workers: FastifyInstance[] = [];
const providers: HocuspocusProvider[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    API_RATE_LIMIT: '1000000',
    REDIS_URL,
  });
  for (const worker of [1, 2]) {
    const app = await buildApp(config, { database, web: false, pollJobs: false, worker });
    await app.listen({ port: 0, host: '127.0.0.1' });
    workers.push(app);
  }
});
afterAll(async () => {
  for (const p of providers) p.destroy();
  for (const app of workers) await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const urlOf = (app: FastifyInstance) =>
  `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/collab`;

function joinOn(app: FastifyInstance, id: string, token: string) {
  const doc = new Y.Doc();
  return new Promise<{ provider: HocuspocusProvider; doc: Y.Doc }>((resolve, reject) => {
    const provider = new HocuspocusProvider({
      url: urlOf(app),
      name: id,
      token,
      document: doc,
      onSynced: () => resolve({ provider, doc }),
      onAuthenticationFailed: ({ reason }) => reject(new Error(`refused: ${reason}`)),
    });
    providers.push(provider);
  });
}

const firstParagraph = (doc: Y.Doc) => {
  const p = doc.getXmlFragment(BODY_FIELD).get(0);
  const text = p instanceof Y.XmlElement ? p.get(0) : undefined;
  return text instanceof Y.XmlText ? text.toString() : '';
};

describe('co-editing across two workers through Redis', () => {
  it('people on different workers edit one document together', async () => {
    const [one, two] = workers as [FastifyInstance, FastifyInstance];
    const admin = await createAdmin(one);
    const author = await createUser(one, 'author');
    const editor = await createUser(one, 'editor');
    const category = await createCategory(one, admin);
    const article = await createArticle(one, author, category._id, {
      description: '<p>Shared text.</p>',
    });
    const a = await joinOn(one, article._id, author.token);
    const e = await joinOn(two, article._id, editor.token);
    expect([firstParagraph(a.doc), firstParagraph(e.doc)]).toEqual([
      'Shared text.',
      'Shared text.',
    ]);

    const textOf = (doc: Y.Doc) =>
      (doc.getXmlFragment(BODY_FIELD).get(0) as Y.XmlElement).get(0) as Y.XmlText;
    textOf(a.doc).insert(0, 'One: ');
    textOf(e.doc).insert(textOf(e.doc).length, ' Two.');
    const both = (doc: Y.Doc) => firstParagraph(doc) === 'One: Shared text. Two.';
    await waitUntil(() => both(a.doc) && both(e.doc), {
      timeoutMs: 10_000,
      message: 'the workers never relayed each other’s edits',
      detail: () => JSON.stringify([firstParagraph(a.doc), firstParagraph(e.doc)]),
    });
    // Everyone leaves: both workers store what they hold and let the document go.
    a.provider.destroy();
    e.provider.destroy();
    await waitUntil(() => workers.every((w) => !w.collab.hocuspocus.documents.has(article._id)), {
      timeoutMs: 15_000,
      message: 'the workers never stored and let go of the document',
    });
    const stored = new Y.Doc();
    Y.applyUpdate(stored, (await storedState(database.db, article._id)) ?? new Uint8Array());
    expect(firstParagraph(stored)).toBe('One: Shared text. Two.');
    // Both workers store after a quiet second; the one that does not get Redis's lock says so
    // through Hocuspocus's console.error, which is the extension working, not a fault.
    const faults = expectConsoleError().filter(
      (call) => !String((call[1] as { cause?: unknown } | undefined)?.cause).includes('lock'),
    );
    expect(faults).toEqual([]);
  });

  it('a session ended through one worker writes nothing more through a socket on the other', async () => {
    const [one, two] = workers as [FastifyInstance, FastifyInstance];
    const admin = await createAdmin(one);
    const author = await createUser(one, 'author');
    const editor = await createUser(one, 'editor');
    const category = await createCategory(one, admin);
    const article = await createArticle(one, author, category._id, {
      description: '<p>Shared text.</p>',
    });
    const a = await joinOn(one, article._id, author.token);
    const e = await joinOn(two, article._id, editor.token);
    const out = await two.inject({
      method: 'POST',
      url: '/api/users/signout',
      headers: { authorization: `Bearer ${author.token}` },
    });
    expect(out.statusCode, out.body).toBeLessThan(300);

    const textOf = (doc: Y.Doc) =>
      (doc.getXmlFragment(BODY_FIELD).get(0) as Y.XmlElement).get(0) as Y.XmlText;
    textOf(a.doc).insert(0, 'After: ');
    await new Promise((resolve) => setTimeout(resolve, 500));
    textOf(e.doc).insert(0, 'Editor: ');
    const onTwo = () => two.collab.hocuspocus.documents.get(article._id);
    await waitUntil(() => firstParagraph(onTwo()!).includes('Editor: '), {
      timeoutMs: 10_000,
      message: 'the editor’s words never reached their worker',
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(firstParagraph(onTwo()!)).toBe('Editor: Shared text.');
    expect(firstParagraph(e.doc)).toBe('Editor: Shared text.');
    // Nor is it stored, by either worker, once everyone left.
    a.provider.destroy();
    e.provider.destroy();
    await waitUntil(() => workers.every((w) => !w.collab.hocuspocus.documents.has(article._id)), {
      timeoutMs: 15_000,
      message: 'the workers never stored and let go of the document',
    });
    const stored = new Y.Doc();
    Y.applyUpdate(stored, (await storedState(database.db, article._id)) ?? new Uint8Array());
    expect(firstParagraph(stored)).toBe('Editor: Shared text.');
    // Redis's store lock, said through console.error, as above.
    const faults = expectConsoleError().filter(
      (call) => !String((call[1] as { cause?: unknown } | undefined)?.cause).includes('lock'),
    );
    expect(faults).toEqual([]);
  });

  it('a worker of a cluster without Redis refuses /api/collab with 503: its editors stay plain', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent' });
    const alone = await buildApp(config, { database, web: false, pollJobs: false, worker: 3 });
    try {
      await alone.listen({ port: 0, host: '127.0.0.1' });
      expect(await upgradeStatus(urlOf(alone))).toBe(503);
    } finally {
      await alone.close();
    }
  });
});
