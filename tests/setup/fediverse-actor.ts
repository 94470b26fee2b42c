import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createFederation, generateCryptoKeyPair, MemoryKvStore } from '@fedify/fedify';
import {
  Accept,
  type Activity,
  Create,
  Delete,
  Endpoints,
  Follow,
  Person,
  Undo,
  Update,
  type Object as APObject,
} from '@fedify/fedify/vocab';

/** One activity a test actor's inbox took (Fedify verified its signature first). */
export interface Received {
  type: string;
  json: Record<string, unknown>;
  /**
   * The request's signature headers as they came: `Signature-Input` and `Signature` (RFC 9421,
   * which Fedify tries first) or `Signature` alone (draft-cavage, what Mastodon began with).
   */
  signature: string | undefined;
  signatureInput: string | undefined;
}

/**
 * A fediverse account run by the test (issue 41 item 4's acceptance): a small Fedify server on
 * loopback, `@reader@127.0.0.1:PORT`, that follows, unfollows and records what its inbox gets.
 * Fedify checks every incoming activity's HTTP signature before a listener sees it, so an
 * entry in `received` is a signed activity. `allowPrivateAddress`: Patrika is on loopback too.
 */
export async function startFediverseActor() {
  const received: Received[] = [];
  const pairs = [
    await generateCryptoKeyPair('RSASSA-PKCS1-v1_5'),
    await generateCryptoKeyPair('Ed25519'),
  ];
  const federation = createFederation<void>({ kv: new MemoryKvStore(), allowPrivateAddress: true });
  federation
    .setActorDispatcher('/users/{identifier}', async (ctx, identifier) => {
      if (identifier !== 'reader') return null;
      const keys = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name: 'A test reader',
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: keys[0]?.cryptographicKey ?? null,
        assertionMethods: keys.map((k) => k.multikey),
      });
    })
    .setKeyPairsDispatcher((_ctx, identifier) => (identifier === 'reader' ? pairs : []));
  let signature: string | undefined;
  let signatureInput: string | undefined;
  const record = async (_ctx: unknown, activity: Activity) => {
    received.push({
      type: activity.constructor.name,
      json: (await activity.toJsonLd({ format: 'compact' })) as Record<string, unknown>,
      signature,
      signatureInput,
    });
  };
  federation
    .setInboxListeners('/users/{identifier}/inbox', '/inbox')
    .on(Accept, record)
    .on(Create, record)
    .on(Update, record)
    .on(Delete, record);

  const server: Server = createServer((req, res) => {
    void answer(req).then(
      async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(Buffer.from(await response.arrayBuffer()));
      },
      (error: unknown) => {
        res.writeHead(500).end(String(error));
      },
    );
  });
  const answer = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string') headers.set(name, value);
    const body = req.method === 'POST' ? new Uint8Array(Buffer.concat(chunks)) : undefined;
    signature = req.headers.signature as string | undefined;
    signatureInput = req.headers['signature-input'] as string | undefined;
    return federation.fetch(
      new Request(`${origin}${req.url}`, { method: req.method, headers, body }),
      {
        contextData: undefined,
      },
    );
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const ctx = federation.createContext(new URL(origin));
  const me = ctx.getActorUri('reader');

  return {
    origin,
    received,
    me,
    /** Finds `acct` by WebFinger (over http: both are on loopback) and dereferences its actor. */
    async lookUp(base: string, acct: string) {
      const res = await fetch(`${base}/.well-known/webfinger?resource=${encodeURIComponent(acct)}`);
      if (res.status !== 200) return { status: res.status, actor: null };
      const jrd = (await res.json()) as { links: { rel: string; type?: string; href: string }[] };
      const self = jrd.links.find(
        (l) => l.rel === 'self' && l.type === 'application/activity+json',
      );
      const actor = self ? await ctx.lookupObject(self.href) : null;
      return { status: res.status, actor };
    },
    async follow(actor: APObject & { inboxId: URL | null }) {
      const follow = new Follow({
        id: new URL(`${me.href}#follow-${Date.now()}`),
        actor: me,
        object: actor.id,
      });
      await ctx.sendActivity({ identifier: 'reader' }, actor as never, follow);
      return follow;
    },
    async unfollow(actor: APObject & { inboxId: URL | null }, follow: Follow) {
      await ctx.sendActivity(
        { identifier: 'reader' },
        actor as never,
        new Undo({ id: new URL(`${me.href}#undo-${Date.now()}`), actor: me, object: follow }),
      );
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type FediverseActor = Awaited<ReturnType<typeof startFediverseActor>>;
