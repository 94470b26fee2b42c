/*
 * Co-editing rights end with the session and the role (issue 66 item 6): a socket opened while
 * its person could edit the article writes nothing into the shared document once their session
 * has ended (sign-out, sign-out everywhere) or their role no longer lets them edit it, and is
 * refused when it joins again. On both engines (TEST_DATABASE_URL for PostgreSQL).
 */
import { HocuspocusProvider, type onCloseParameters } from '@hocuspocus/provider';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { BODY_FIELD } from '../../../common/editor/editor-extensions';
import { AUTH_COOKIE } from '../../../common/session-cookies';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  type TestUser,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { waitUntil } from '../../setup/wait-until';

let t: TestApp;
let url: string;
let admin: TestUser;
let categoryId: string;
const open: HocuspocusProvider[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { pollJobs: false });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as AddressInfo;
  url = `ws://127.0.0.1:${port}/api/collab`;
  admin = await createAdmin(t.app);
  categoryId = (await createCategory(t.app, admin))._id;
});
afterEach(() => {
  for (const p of open.splice(0)) p.destroy();
});
afterAll(async () => t.close());

type Joined = { provider: HocuspocusProvider; doc: Y.Doc; refusals: string[] };

/** A synced provider on article `id`'s document as `token`'s holder; later refusals are kept. */
function join(id: string, token: string): Promise<Joined> {
  const doc = new Y.Doc();
  const refusals: string[] = [];
  return new Promise((resolve, reject) => {
    const provider = new HocuspocusProvider({
      url,
      name: id,
      token,
      document: doc,
      onSynced: () => resolve({ provider, doc, refusals }),
      onAuthenticationFailed: ({ reason }) => {
        refusals.push(reason);
        reject(new Error(`refused at once: ${reason}`));
      },
    });
    open.push(provider);
  });
}

/** The body's text as the server's own copy of the shared document holds it. */
const serverText = (id: string) => textOf(t.app.collab.hocuspocus.documents.get(id));

const textOf = (doc: Y.Doc | undefined) =>
  doc ? doc.getXmlFragment(BODY_FIELD).toString() : '(no document)';

/** Types `text` at the start of the body's first paragraph. */
function typeInto(doc: Y.Doc, text: string) {
  const first = doc.getXmlFragment(BODY_FIELD).get(0);
  const inner = first instanceof Y.XmlElement ? first.get(0) : undefined;
  if (!(inner instanceof Y.XmlText)) throw new Error('no text in the first paragraph');
  inner.insert(0, text);
}

/** `ws`'s client (untyped here), sending `token` as the session cookie, as a browser does. */
function cookieSocket(token: string) {
  const WebSocket = createRequire(import.meta.url)('ws') as new (
    address: string,
    options: { headers: Record<string, string> },
  ) => object;
  return class extends WebSocket {
    constructor(address: string) {
      super(address, { headers: { cookie: `${AUTH_COOKIE}=${token}` } });
    }
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `gone` has the socket open and synced, then `end` takes their right away; what they type
 * after reaches neither the server's document nor the watching editor, while the editor's own
 * typing still does, and their provider is refused when it joins again.
 */
async function provesEnded(gone: TestUser, watcher: TestUser, end: () => Promise<void>) {
  // An author's own article; an editor's someone else's (as an author, not theirs to edit).
  const article = await createArticle(t.app, gone.role === 'author' ? gone : admin, categoryId, {
    description: '<p>The story so far.</p>',
  });
  const [g, w] = await Promise.all([
    join(article._id, gone.token),
    join(article._id, watcher.token),
  ]);
  typeInto(g.doc, 'before: ');
  await waitUntil(() => textOf(w.doc).includes('before: '), {
    timeoutMs: 10_000,
    message: 'the first edit never reached the watcher',
  });

  await end();
  typeInto(g.doc, 'after: ');
  await pause(500);
  typeInto(w.doc, 'watcher: ');
  await waitUntil(() => serverText(article._id).includes('watcher: '), {
    timeoutMs: 10_000,
    message: 'the watcher’s edit never reached the server',
  });
  await pause(500);
  expect(serverText(article._id)).not.toContain('after: ');
  expect(textOf(w.doc)).not.toContain('after: ');
  expect(textOf(w.doc)).toContain('before: ');
  await waitUntil(() => g.refusals.length > 0, {
    timeoutMs: 10_000,
    message: 'the ended socket was never refused',
  });
}

describe('co-editing rights end with the session and the role', () => {
  it('a signed-out author’s open socket writes nothing more', async () => {
    const author = await createUser(t.app, 'author');
    const editor = await createUser(t.app, 'editor');
    await provesEnded(author, editor, async () => {
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/users/signout',
        headers: auth(author),
      });
      expect(out.statusCode, out.body).toBeLessThan(300);
    });
  });

  it('a password change ends a socket opened with the earlier token', async () => {
    const author = await createUser(t.app, 'author');
    const editor = await createUser(t.app, 'editor');
    await provesEnded(author, editor, async () => {
      const changed = await t.app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: auth(author),
        payload: { password: 'a brand new passphrase', currentPassword: author.password },
      });
      expect(changed.statusCode, changed.body).toBe(200);
    });
  });

  it('signing out everywhere ends a socket opened with the session cookie', async () => {
    const author = await createUser(t.app, 'author');
    const editor = await createUser(t.app, 'editor');
    const article = await createArticle(t.app, author, categoryId, {
      description: '<p>Cookie story.</p>',
    });
    const w = await join(article._id, editor.token);
    // The browser's way: the cookie on the upgrade, the provider's own token empty.
    const doc = new Y.Doc();
    const closes: number[] = [];
    await new Promise<void>((resolve) => {
      const settings = {
        url,
        name: article._id,
        token: '',
        document: doc,
        // Read by the provider's socket (HocuspocusProviderWebsocket), which its type leaves out.
        WebSocketPolyfill: cookieSocket(author.token),
        onSynced: () => resolve(),
        // Its upgrade is refused (401) when it tries again: the socket's close is what it sees.
        onClose: ({ event }: onCloseParameters) => closes.push(event.code),
      };
      const provider = new HocuspocusProvider(settings);
      open.push(provider);
    });
    const everywhere = await t.app.inject({
      method: 'POST',
      url: '/api/users/signout-everywhere',
      headers: auth(author),
    });
    expect(everywhere.statusCode, everywhere.body).toBeLessThan(300);
    typeInto(doc, 'after: ');
    await pause(500);
    typeInto(w.doc, 'watcher: ');
    await waitUntil(() => serverText(article._id).includes('watcher: '), {
      timeoutMs: 10_000,
      message: 'the watcher’s edit never reached the server',
    });
    await pause(500);
    expect(serverText(article._id)).not.toContain('after: ');
    expect(textOf(w.doc)).not.toContain('after: ');
    await waitUntil(() => closes.includes(4403), {
      timeoutMs: 10_000,
      message: 'the ended socket was never closed',
      detail: () => JSON.stringify(closes),
    });
  });

  it('an editor demoted to author (not on the byline) writes nothing more', async () => {
    const editor = await createUser(t.app, 'editor');
    const watcher = await createUser(t.app, 'editor');
    await provesEnded(editor, watcher, async () => {
      const demoted = await t.app.inject({
        method: 'PUT',
        url: `/api/users/${editor._id}/role`,
        headers: auth(admin),
        payload: { role: 'author' },
      });
      expect(demoted.statusCode, demoted.body).toBe(200);
    });
  });
});
