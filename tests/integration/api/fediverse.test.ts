/*
 * The fediverse (issue 41 item 4): a fediverse account run by the test (a small Fedify server on
 * loopback, tests/setup/fediverse-actor.ts) finds the site by WebFinger, follows it, gets an
 * `Accept`, then a signed `Create` of a new story and a `Delete` when it is unpublished; `Undo`
 * removes the follower; the setting off answers 404; without WEBHOOKS_ALLOW_PRIVATE an account
 * on a private address is refused.
 */
import { and, eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventConsumers, events } from '../../../db/schema/events';
import { fediverseFollowers, fediverseMessages } from '../../../db/schema/fediverse';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  updateArticle,
  type TestUser,
} from '../../factories';
import { startFediverseActor, type FediverseActor } from '../../setup/fediverse-actor';
import { freePort } from '../../setup/spawn-server';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { waitUntil } from '../../setup/wait-until';

const WAIT = { timeoutMs: 30_000, intervalMs: 100 };

/** Patrika listening on loopback at its PUBLIC_URL, as a fediverse server must. */
async function listeningApp(env: Record<string, string>) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ PUBLIC_URL: base, ...env });
  await t.app.listen({ port, host: '127.0.0.1' });
  const admin = await createAdmin(t.app);
  return { t, base, host: `127.0.0.1:${port}`, admin };
}

async function setFediverse(t: TestApp, admin: TestUser, fediverse: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: auth(admin),
    payload: { fediverse },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function followers(t: TestApp, admin: TestUser) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/fediverse/followers',
    headers: auth(admin),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { site: number; authors: { slug: string; followers: number }[] };
}

describe('with WEBHOOKS_ALLOW_PRIVATE=1', () => {
  let site: Awaited<ReturnType<typeof listeningApp>>;
  let reader: FediverseActor;
  let category: { _id: string };

  beforeAll(async () => {
    site = await listeningApp({ WEBHOOKS_ALLOW_PRIVATE: '1' });
    category = await createCategory(site.t.app, site.admin);
    reader = await startFediverseActor();
  });
  afterAll(async () => {
    await reader?.stop();
    await site?.t.close();
  });

  it('is off by default: WebFinger and the actor answer 404', async () => {
    const { status } = await reader.lookUp(site.base, `acct:site@${site.host}`);
    expect(status).toBe(404);
    expect(
      (
        await fetch(`${site.base}/ap/actors/site`, {
          headers: { accept: 'application/activity+json' },
        })
      ).status,
    ).toBe(404);
  });

  it('follows the site, gets Accept, then a signed Create of a new story and Delete when it is unpublished', async () => {
    await setFediverse(site.t, site.admin, { enabled: true, handle: 'site', fullText: true });
    const { status, actor } = await reader.lookUp(site.base, `acct:site@${site.host}`);
    expect(status).toBe(200);
    expect(actor?.id?.href).toBe(`${site.base}/ap/actors/site`);
    // The actor's document offers its public key, inbox, outbox and followers; never a private key.
    const doc = await (
      await fetch(actor!.id!, { headers: { accept: 'application/activity+json' } })
    ).json();
    expect(doc).toMatchObject({
      preferredUsername: 'site',
      inbox: expect.any(String),
      outbox: expect.any(String),
      followers: expect.any(String),
    });
    expect(JSON.stringify(doc)).toContain('BEGIN PUBLIC KEY');
    expect(JSON.stringify(doc)).not.toMatch(/PRIVATE KEY|"d":/);

    const follow = await reader.follow(actor as never);
    await waitUntil(() => reader.received.some((r) => r.type === 'Accept'), {
      ...WAIT,
      message: 'no Accept',
    });
    expect((await followers(site.t, site.admin)).site).toBe(1);

    const story = await createArticle(site.t.app, site.admin, category._id, {
      status: 'published',
      language: 'hi',
      description: '<p>पूरी ख़बर यहाँ है।</p>',
    });
    const objectId = `${site.base}/ap/articles/${story._id}`;
    await waitUntil(
      () =>
        reader.received.some(
          (r) => r.type === 'Create' && (r.json.object as { id?: string })?.id === objectId,
        ),
      { ...WAIT, message: 'no Create of the story' },
    );
    const create = reader.received.find((r) => r.type === 'Create')!;
    // Signed with the site actor's key, by RFC 9421 or by the older draft Mastodon began with.
    const signedBy = create.signatureInput ?? create.signature;
    expect(signedBy).toMatch(new RegExp(`keyid="${site.base}/ap/actors/site#`, 'i'));
    expect(create.signature).toBeTruthy();
    const object = create.json.object as Record<string, unknown>;
    expect(object).toMatchObject({ type: 'Article', url: expect.stringContaining(story.slug) });
    expect(object.nameMap ?? object.name).toBeTruthy();
    expect(object.contentMap).toEqual({ hi: expect.stringContaining('पूरी ख़बर यहाँ है।') });

    // An edit of the public story is an Update of the same Article.
    expect(
      (await updateArticle(site.t.app, site.admin, story as never, { name: 'नया शीर्षक' }))
        .statusCode,
    ).toBe(200);
    await waitUntil(
      () =>
        reader.received.some(
          (r) => r.type === 'Update' && (r.json.object as { id?: string })?.id === objectId,
        ),
      { ...WAIT, message: 'no Update of the edited story' },
    );
    expect(
      (await updateArticle(site.t.app, site.admin, story as never, { status: 'draft' })).statusCode,
    ).toBe(200);
    await waitUntil(
      () =>
        reader.received.some(
          (r) => r.type === 'Delete' && JSON.stringify(r.json.object).includes(objectId),
        ),
      { ...WAIT, message: 'no Delete of the unpublished story' },
    );

    await reader.unfollow(actor as never, follow);
    await waitUntil(async () => (await followers(site.t, site.admin)).site === 0, {
      ...WAIT,
      message: 'Undo did not remove the follower',
    });
  });

  it('each author is an actor too, found by their page slug; NodeInfo names ActivityPub', async () => {
    const me = await site.t.app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: auth(site.admin),
    });
    const { _id: id, slug } = me.json() as { _id: string; slug?: string };
    expect(slug, me.body).toBeTruthy();
    const { status, actor } = await reader.lookUp(site.base, `acct:${slug}@${site.host}`);
    expect(status).toBe(200);
    expect(actor?.constructor.name).toBe('Person');
    expect(actor?.id?.href).toBe(`${site.base}/ap/actors/${id}`);
    const links = (await (await fetch(`${site.base}/.well-known/nodeinfo`)).json()) as {
      links: { href: string }[];
    };
    const nodeInfo = (await (await fetch(links.links[0]!.href)).json()) as { protocols: string[] };
    expect(nodeInfo.protocols).toEqual(['activitypub']);
  });

  it('a page address asked for ActivityStreams answers 406, not the page', async () => {
    const res = await fetch(`${site.base}/`, { headers: { accept: 'application/activity+json' } });
    expect(res.status).toBe(406);
    expect(res.headers.get('content-type')).not.toMatch(/html/);
  });

  it('turned off, WebFinger and the actor answer 404 again', async () => {
    await setFediverse(site.t, site.admin, { enabled: false, handle: 'site', fullText: false });
    expect((await reader.lookUp(site.base, `acct:site@${site.host}`)).status).toBe(404);
    expect(
      (
        await fetch(`${site.base}/ap/actors/site`, {
          headers: { accept: 'application/activity+json' },
        })
      ).status,
    ).toBe(404);
  });
});

describe('without WEBHOOKS_ALLOW_PRIVATE', () => {
  it('refuses an account on a private address: no follower is kept, no Accept is sent', async () => {
    const site = await listeningApp({});
    const reader = await startFediverseActor();
    try {
      await setFediverse(site.t, site.admin, { enabled: true, handle: 'site', fullText: false });
      const { actor } = await reader.lookUp(site.base, `acct:site@${site.host}`);
      expect(actor).not.toBeNull();
      // Patrika may not fetch the follower's key on loopback, so the signed Follow is refused.
      await expect(reader.follow(actor as never)).rejects.toThrow();
      expect((await followers(site.t, site.admin)).site).toBe(0);
      expect(reader.received).toEqual([]);
    } finally {
      await reader.stop();
      await site.t.close();
    }
  });
  it('never delivers to a follower whose inbox is on a private address', async () => {
    const site = await listeningApp({});
    const reader = await startFediverseActor();
    try {
      await setFediverse(site.t, site.admin, { enabled: true, handle: 'site', fullText: false });
      // A follower kept before the address became private (or by an older release).
      const { db } = site.t.database;
      await db.insert(fediverseFollowers).values({
        actor: 'site',
        followerId: reader.me.href,
        inbox: new URL('/users/reader/inbox', reader.origin).href,
      });
      const category = await createCategory(site.t.app, site.admin);
      const story = await createArticle(site.t.app, site.admin, category._id, {
        status: 'published',
      });
      const [published] = await db
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.type, 'article.published'), eq(events.subjectId, story._id)));
      // The fediverse's consumer has read past the publication, and left nothing to send.
      await waitUntil(
        async () => {
          const [consumer] = await db
            .select({ position: eventConsumers.position })
            .from(eventConsumers)
            .where(eq(eventConsumers.name, 'fediverse'));
          return (consumer?.position ?? 0) >= published!.id;
        },
        { ...WAIT, message: 'the fediverse consumer never read the publication' },
      );
      expect(await db.select().from(fediverseMessages)).toEqual([]);
      expect(reader.received).toEqual([]);
    } finally {
      await reader.stop();
      await site.t.close();
    }
  });
});

describe("a Signature's keyId on an inside address (issue 66 item 2)", () => {
  it('is never fetched, IPv4-mapped literal or not: nothing reaches the local listener', async () => {
    const site = await listeningApp({});
    // The inside service an attacker points the key fetch at, on loopback.
    const hits: string[] = [];
    const inside = createServer((req, res) => {
      hits.push(`${req.method} ${req.url} ${req.headers.signature ? 'signed' : 'unsigned'}`);
      res.writeHead(200, { 'content-type': 'application/activity+json' });
      res.end('{}');
    });
    await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
    const port = (inside.address() as AddressInfo).port;
    try {
      await setFediverse(site.t, site.admin, { enabled: true, handle: 'site', fullText: false });
      for (const keyHost of ['[::ffff:7f00:1]', '[::ffff:127.0.0.1]', '127.0.0.1'])
        for (const path of ['/ap/inbox', '/ap/actors/site/inbox']) {
          const keyId = `http://${keyHost}:${port}/actor#main-key`;
          const body = JSON.stringify({
            '@context': 'https://www.w3.org/ns/activitystreams',
            id: `http://${keyHost}:${port}/follow/1`,
            type: 'Follow',
            actor: `http://${keyHost}:${port}/actor`,
            object: `${site.base}/ap/actors/site`,
          });
          const digest = `SHA-256=${createHash('sha256').update(body).digest('base64')}`;
          const res = await site.t.app.inject({
            method: 'POST',
            url: path,
            headers: {
              host: site.host,
              'content-type': 'application/activity+json',
              date: new Date().toUTCString(),
              digest,
              signature: `keyId="${keyId}",algorithm="rsa-sha256",headers="(request-target) host date digest",signature="${Buffer.from('x'.repeat(256)).toString('base64')}"`,
            },
            payload: body,
          });
          expect(res.statusCode, `${path} ${keyId}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode).toBeLessThan(500);
        }
      // Fedify's queue may hold inbox work: give it time, then find nothing came.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(hits).toEqual([]);
    } finally {
      await new Promise((resolve) => inside.close(resolve));
      await site.t.close();
    }
  });
});
