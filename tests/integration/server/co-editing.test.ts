/*
 * Co-editing (issue 43 item 1, docs/decisions/061): two Hocuspocus providers in Node on
 * /api/collab of a listening app see each other's edits; whoever may not edit the article is
 * refused before any of it is sent; the document is stored and loaded again. On both engines
 * (TEST_DATABASE_URL for PostgreSQL).
 */
import { HocuspocusProvider } from '@hocuspocus/provider';
import { eq, sql } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import {
  BODY_FIELD,
  SHARED_BODY_HEADER,
  TITLE_FIELD,
} from '../../../common/editor/editor-extensions';
import { AUTH_COOKIE } from '../../../common/session-cookies';
import { collabDocuments, collabWriters } from '../../../db/schema/collab';
import { bodyJsonOf } from '../../../server/modules/collab/collab-html';
import { storedState } from '../../../server/modules/collab/collab-repository';
import {
  articleBody,
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  type TestUser,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { upgradeStatus } from '../../setup/upgrade-status';
import { waitUntil } from '../../setup/wait-until';

let t: TestApp;
let url: string;
let author: TestUser;
let editor: TestUser;
let stranger: TestUser;
let categoryId: string;
const open: HocuspocusProvider[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { pollJobs: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  url = `ws://127.0.0.1:${port}/api/collab`;
  const admin = await createAdmin(t.app);
  author = await createUser(t.app, 'author', { name: 'Asha Author' });
  editor = await createUser(t.app, 'editor', { name: 'Esha Editor' });
  stranger = await createUser(t.app, 'author', { name: 'Sunil Stranger' });
  categoryId = (await createCategory(t.app, admin))._id;
});
afterEach(() => {
  for (const p of open.splice(0)) p.destroy();
});
afterAll(async () => t.close());

type Joined = { provider: HocuspocusProvider; doc: Y.Doc; outcome: 'synced' | string };

/** A provider on article `id`'s document as `token`'s holder: synced, or the refusal's reason. */
function join(id: string, token: string): Promise<Joined> {
  const doc = new Y.Doc();
  return new Promise((resolve) => {
    const provider = new HocuspocusProvider({
      url,
      name: id,
      token,
      document: doc,
      onSynced: () => resolve({ provider, doc, outcome: 'synced' }),
      onAuthenticationFailed: ({ reason }) => resolve({ provider, doc, outcome: reason }),
    });
    open.push(provider);
  });
}

/** The text of the body's paragraphs, in order. */
const paragraphs = (doc: Y.Doc) =>
  doc
    .getXmlFragment(BODY_FIELD)
    .toArray()
    .filter((n): n is Y.XmlElement => n instanceof Y.XmlElement && n.nodeName === 'paragraph')
    .map((p) => p.toArray().map(plainText).join(''));

const plainText = (node: unknown) =>
  node instanceof Y.XmlText
    ? (node.toDelta() as { insert: unknown }[]).map((d) => String(d.insert)).join('')
    : '';

/** Types `text` at the start of the body's first paragraph. */
function typeInto(doc: Y.Doc, text: string) {
  const first = doc
    .getXmlFragment(BODY_FIELD)
    .toArray()
    .find((n): n is Y.XmlElement => n instanceof Y.XmlElement && n.nodeName === 'paragraph');
  const inner = first?.get(0);
  if (!(inner instanceof Y.XmlText)) throw new Error('no text in the first paragraph');
  inner.insert(0, text);
}

const BODY =
  '<h2>Heading</h2><p>First paragraph of the story.</p><p>Second <strong>bold</strong>.</p>';

describe('co-editing on /api/collab', () => {
  it('two people who may edit the article see each other’s edits, made from its saved HTML', async () => {
    const article = await createArticle(t.app, author, categoryId, { description: BODY });
    const [a, e] = await Promise.all([
      join(article._id, author.token),
      join(article._id, editor.token),
    ]);
    expect([a.outcome, e.outcome]).toEqual(['synced', 'synced']);
    expect(paragraphs(a.doc)).toEqual(['First paragraph of the story.', 'Second bold.']);
    // The title is shared too, made from the saved one.
    expect(e.doc.getText(TITLE_FIELD).toString()).toBe(article.name);
    expect(bodyJsonOf(e.doc)).toMatchObject({
      content: [
        { type: 'heading', attrs: { level: 2 } },
        { type: 'paragraph' },
        {
          type: 'paragraph',
          content: [
            { text: 'Second ' },
            { text: 'bold', marks: [{ type: 'bold' }] },
            { text: '.' },
          ],
        },
      ],
    });

    typeInto(a.doc, 'आशा: ');
    typeInto(e.doc, 'Esha: ');
    const both = (doc: Y.Doc) => {
      const first = paragraphs(doc)[0] ?? '';
      return first.includes('आशा: ') && first.includes('Esha: ');
    };
    await waitUntil(() => both(a.doc) && both(e.doc), {
      timeoutMs: 10_000,
      message: 'the two editors never saw each other’s text',
      detail: () => JSON.stringify([paragraphs(a.doc), paragraphs(e.doc)]),
    });
    expect(paragraphs(a.doc)).toEqual(paragraphs(e.doc));
  });

  it('refuses another author’s piece, a reader, a bad session and nobody before any of it is sent', async () => {
    const article = await createArticle(t.app, author, categoryId, { description: BODY });
    const reader = await createUser(t.app, 'reader');
    for (const token of [stranger.token, reader.token, 'not-a-token', '']) {
      const refused = await join(article._id, token);
      expect(refused.outcome, token).not.toBe('synced');
      expect(refused.doc.getXmlFragment(BODY_FIELD).length).toBe(0);
    }
    // A session cookie is read at the upgrade: an unknown one, or one sent from another site.
    expect(await upgradeStatus(url, { cookie: `${AUTH_COOKIE}=forged` })).toBe(401);
    expect(
      await upgradeStatus(url, {
        cookie: `${AUTH_COOKIE}=${author.token}`,
        origin: 'https://evil.example',
      }),
    ).toBe(403);
    expect(await upgradeStatus(url, { cookie: `${AUTH_COOKIE}=${author.token}` })).toBe(101);
    // The refusals stored nothing: the article's document was never made.
    const rows = await t.database.db
      .select()
      .from(collabDocuments)
      .where(eq(collabDocuments.articleId, article._id));
    expect(rows).toHaveLength(0);
  });

  it('stores the document and loads it again once everyone has left', async () => {
    const article = await createArticle(t.app, author, categoryId, { description: BODY });
    const first = await join(article._id, author.token);
    expect(first.outcome).toBe('synced');
    typeInto(first.doc, 'Kept: ');
    await waitUntil(() => first.provider.unsyncedChanges === 0, {
      timeoutMs: 10_000,
      message: 'the edit was never acknowledged',
    });
    first.provider.destroy();
    await waitUntil(() => !t.app.collab.hocuspocus.documents.has(article._id), {
      timeoutMs: 10_000,
      message: 'the document was never stored and unloaded',
    });

    const again = await join(article._id, editor.token);
    expect(again.outcome).toBe('synced');
    expect(paragraphs(again.doc)[0]).toBe('Kept: First paragraph of the story.');
    // From the stored document: the article's own text was not changed by the edit.
    const stored = await t.app.inject({
      url: `/api/articles/article/${article._id}`,
      headers: { authorization: `Bearer ${author.token}` },
    });
    expect(stored.json().description).not.toContain('Kept: ');
  });

  it('a store that fails (the table away a moment) is tried again, and nothing escapes the store', async () => {
    const article = await createArticle(t.app, author, categoryId, { description: BODY });
    const first = await join(article._id, author.token);
    expect(first.outcome).toBe('synced');
    const { db } = t.database;
    await db.execute(sql`ALTER TABLE collab_documents RENAME TO collab_documents_away`);
    try {
      typeInto(first.doc, 'Retried: ');
      // The debounced store (1 s) meets no table, and its first retry (1 s later) too.
      await new Promise((resolve) => setTimeout(resolve, 2500));
    } finally {
      await db.execute(sql`ALTER TABLE collab_documents_away RENAME TO collab_documents`);
    }
    // A later try stores it (an unhandled rejection would fail this file).
    await waitUntil(
      async () => {
        const state = await storedState(db, article._id);
        if (!state) return false;
        const doc = new Y.Doc();
        Y.applyUpdate(doc, state);
        return paragraphs(doc)[0] === 'Retried: First paragraph of the story.';
      },
      { timeoutMs: 15_000, message: 'the failed store was never tried again' },
    );
  });

  it('a save through the API by another client refreshes the document; an editor’s own save does not', async () => {
    const article = await createArticle(t.app, author, categoryId, { description: BODY });
    const a = await join(article._id, author.token);
    expect(a.outcome).toBe('synced');
    typeInto(a.doc, 'Typed: ');
    await acknowledged(a.provider);

    // Another client (a script) saves: the editor shows its text, and only its text.
    const script = await save(article._id, article.updatedAt, '<p>Saved by a script.</p>');
    expect(script.statusCode, script.body).toBe(200);
    await waitUntil(() => paragraphs(a.doc).join('|') === 'Saved by a script.', {
      timeoutMs: 10_000,
      message: 'the connected editor never showed the saved text',
      detail: () => JSON.stringify(paragraphs(a.doc)),
    });
    expect(script.json().name).not.toBe(article.name);
    expect(a.doc.getText(TITLE_FIELD).toString()).toBe(script.json().name);

    // An editor's save, its text its (older) view of the document, leaves the document be.
    typeInto(a.doc, 'Later: ');
    await acknowledged(a.provider);
    const own = await save(article._id, script.json().updatedAt, '<p>Saved by a script.</p>', {
      [SHARED_BODY_HEADER]: '1',
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(paragraphs(a.doc)).toEqual(['Later: Saved by a script.']);

    // Stored: whoever opens it next gets the document, not the text before the script's save.
    a.provider.destroy();
    await waitUntil(() => !t.app.collab.hocuspocus.documents.has(article._id), {
      timeoutMs: 10_000,
      message: 'the document was never stored and unloaded',
    });
    const next = await join(article._id, editor.token);
    expect(paragraphs(next.doc)).toEqual(['Later: Saved by a script.']);
  });

  it('one save makes one revision naming everyone who typed since the last', async () => {
    const article = await createArticle(t.app, author, categoryId, { description: BODY });
    const [a, e] = await Promise.all([
      join(article._id, author.token),
      join(article._id, editor.token),
    ]);
    expect([a.outcome, e.outcome]).toEqual(['synced', 'synced']);
    typeInto(e.doc, 'Esha: ');
    typeInto(a.doc, 'Asha: ');
    await Promise.all([acknowledged(a.provider), acknowledged(e.provider)]);
    const noted = () =>
      t.database.db
        .select({ userId: collabWriters.userId })
        .from(collabWriters)
        .where(eq(collabWriters.articleId, article._id));
    await waitUntil(async () => (await noted()).length === 2, {
      timeoutMs: 10_000,
      message: 'the two writers were never noted',
    });
    const saved = await save(article._id, article.updatedAt, '<p>Both wrote.</p>', {
      [SHARED_BODY_HEADER]: '1',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await noted()).toEqual([]);
    // Nobody typed since: the next save names only its saver.
    const again = await save(article._id, saved.json().updatedAt, '<p>Both wrote.</p>', {
      [SHARED_BODY_HEADER]: '1',
    });
    expect(again.statusCode, again.body).toBe(200);

    const history = await t.app.inject({
      url: `/api/articles/${article._id}/revisions`,
      headers: auth(editor),
    });
    expect(history.statusCode, history.body).toBe(200);
    const saves = (history.json() as { revisions: { kind: string; writers: unknown }[] }).revisions
      .filter((r) => r.kind === 'save')
      .map((r) => r.writers);
    // Newest first: the second save, the first, the article's creation.
    expect(saves).toEqual([
      [{ _id: author._id, name: 'Asha Author' }],
      [
        { _id: author._id, name: 'Asha Author' },
        { _id: editor._id, name: 'Esha Editor' },
      ],
      [{ _id: author._id, name: 'Asha Author' }],
    ]);
  });
});

/** Waits until the server has acknowledged every change the provider sent. */
const acknowledged = (provider: HocuspocusProvider) =>
  waitUntil(() => provider.unsyncedChanges === 0, {
    timeoutMs: 10_000,
    message: 'the edit was never acknowledged',
  });

/** PUT /api/articles/{id} by the author with `description`, as another client would. */
const save = (id: string, updatedAt: string, description: string, headers = {}) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/articles/${id}`,
    headers: { ...auth(author), ...headers },
    payload: { ...articleBody(categoryId, { description }), updatedAt },
  });
