import { UUID_PATTERN } from '../../../common/schemas/common';
import { createFederation, type Context, type Federation, parseSemVer } from '@fedify/fedify';
import {
  Accept,
  Article,
  Create,
  Endpoints,
  Follow,
  Image,
  Organization,
  Person,
  Undo,
  type Recipient,
} from '@fedify/fedify/vocab';
import { randomUUID } from 'node:crypto';
import { authorPath } from '../../../common/paths';
import { privateHostOf } from '../../lib/public-address';
import type { Author } from '../../../common/schemas/users';
import type { FediverseDeps } from './fediverse-deps';
import { createGuardedFetch, withGuardedFetch } from './fediverse-fetch';
import { createActorKeys, type ActorKeys } from './fediverse-keys';
import { articleObject, SITE_ACTOR, type ObjectAddresses } from './fediverse-objects';
import {
  countFollowers,
  deleteFollower,
  followersPage,
  upsertFollower,
} from './fediverse-repository';
import { createKvStore } from './fediverse-store';
import type { MessageQueue } from '@fedify/fedify';

/** Where Fedify answers (docs/decisions/054): beside the pages, never one of their addresses. */
export const AP_PATHS = {
  actor: '/ap/actors/{identifier}',
  inbox: '/ap/actors/{identifier}/inbox',
  sharedInbox: '/ap/inbox',
  outbox: '/ap/actors/{identifier}/outbox',
  followers: '/ap/actors/{identifier}/followers',
  article: '/ap/articles/{id}',
  nodeInfo: '/nodeinfo/2.1',
} as const;

const FOLLOWERS_PAGE = 100;

/** The addresses the objects module needs, from a Fedify context. */
export const addressesOf = (ctx: Context<void>, publicUrl: string): ObjectAddresses => ({
  objectUri: (id) => ctx.getObjectUri(Article, { id }),
  actorUri: (identifier) => ctx.getActorUri(identifier),
  followersUri: (identifier) => ctx.getFollowersUri(identifier),
  publicUrl,
});

/**
 * The site and its authors as ActivityPub actors, through Fedify (issue 41 item 4): WebFinger,
 * actor documents with their public keys, inbox (Follow, Undo), outbox, followers, NodeInfo and
 * each story as an Article. Fedify's store and queue are our database's (fediverse-store.ts).
 */
export function createFediverseFederation(deps: FediverseDeps, queue: MessageQueue) {
  const keys = createActorKeys(deps);
  // Fedify's requests are ours to check (fediverse-fetch.ts): an inbox request, each queued
  // message (deliveries, inbox work) and each delivery enqueued run with the guarded fetch.
  const guarded = createGuardedFetch({ allowPrivate: deps.allowPrivate });
  const guard = <T>(work: () => T): T => withGuardedFetch(guarded, work);
  const federation: Federation<void> = createFederation<void>({
    kv: createKvStore(deps),
    queue: {
      ...queue,
      listen: (listener, options) =>
        queue.listen((message) => guard(() => listener(message)), options),
    },
    manuallyStartQueue: true,
    origin: deps.publicUrl,
    allowPrivateAddress: deps.allowPrivate,
    userAgent: { software: 'Patrika/1' },
  });

  /** Who an identifier is, while the fediverse is on: the site, or an author; else undefined. */
  const whoIs: WhoIs = async (identifier: string) => {
    const { fediverse, siteName } = await deps.settings.get();
    if (!fediverse.enabled) return undefined;
    if (identifier === SITE_ACTOR)
      return { kind: 'site' as const, handle: fediverse.handle, name: siteName };
    if (!UUID_PATTERN.test(identifier)) return undefined;
    const profile = await deps.authors.profileOf(identifier);
    const author = profile && (await deps.authors.authorBySlug(profile.slug));
    return author && { kind: 'author' as const, handle: author.slug, name: author.name, author };
  };

  dispatchActors(federation, deps, whoIs, keys);
  dispatchCollections(federation, deps, whoIs);
  listenToInbox(federation, deps, whoIs);
  const unguarded = federation.fetch.bind(federation);
  federation.fetch = (request, options) => guard(() => unguarded(request, options));
  return { federation, whoIs, guard };
}
export type FediverseFederation = ReturnType<typeof createFediverseFederation>;

/**
 * Whether an inbox may be posted to: never inside our own network (loopback, private ranges, a
 * name resolving to one) unless WEBHOOKS_ALLOW_PRIVATE=1, the webhooks' own check
 * (server/lib/public-address.ts).
 */
export async function mayDeliverTo(inbox: URL, allowPrivate: boolean): Promise<boolean> {
  return allowPrivate || (await privateHostOf(inbox)) === undefined;
}

type WhoIs = (identifier: string) => Promise<Who | undefined>;
type Who =
  | { kind: 'site'; handle: string; name: string }
  | { kind: 'author'; handle: string; name: string; author: Author };

/** Actor documents, WebFinger's handles and the actors' key pairs. */
function dispatchActors(
  federation: Federation<void>,
  deps: FediverseDeps,
  whoIs: WhoIs,
  keys: ActorKeys,
) {
  const { publicUrl } = deps;
  federation
    .setActorDispatcher(AP_PATHS.actor, async (ctx, identifier) => {
      const who = await whoIs(identifier);
      if (!who) return null;
      const pairs = await ctx.getActorKeyPairs(identifier);
      const values = {
        id: ctx.getActorUri(identifier),
        preferredUsername: who.handle,
        name: who.name,
        inbox: ctx.getInboxUri(identifier),
        outbox: ctx.getOutboxUri(identifier),
        followers: ctx.getFollowersUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: pairs[0]?.cryptographicKey ?? null,
        assertionMethods: pairs.map((p) => p.multikey),
        manuallyApprovesFollowers: false,
        discoverable: true,
      };
      if (who.kind === 'site') return new Organization({ ...values, url: new URL(publicUrl) });
      const { author } = who;
      return new Person({
        ...values,
        summary: author.bio || null,
        url: new URL(authorPath(author.slug), publicUrl),
        icon: author.photoUrl ? new Image({ url: new URL(author.photoUrl, publicUrl) }) : null,
      });
    })
    .mapHandle(async (_ctx, username) => {
      const { fediverse } = await deps.settings.get();
      if (!fediverse.enabled) return null;
      if (username === fediverse.handle) return SITE_ACTOR;
      return (await deps.authors.authorBySlug(username))?._id ?? null;
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) =>
      (await whoIs(identifier)) ? keys.pairsOf(identifier) : [],
    );
}

/** Followers, the outbox, stories as Articles and NodeInfo. */
function dispatchCollections(federation: Federation<void>, deps: FediverseDeps, whoIs: WhoIs) {
  const { db, publicUrl } = deps;
  federation
    .setFollowersDispatcher(AP_PATHS.followers, async (_ctx, identifier, cursor) => {
      if (!(await whoIs(identifier))) return null;
      const rows = await followersPage(db, identifier, cursor || null, FOLLOWERS_PAGE);
      const items: Recipient[] = rows.map((r) => ({
        id: new URL(r.followerId),
        inboxId: new URL(r.inbox),
        endpoints: r.sharedInbox ? { sharedInbox: new URL(r.sharedInbox) } : null,
      }));
      const last = rows.at(-1);
      return { items, nextCursor: rows.length === FOLLOWERS_PAGE && last ? last.id : null };
    })
    .setFirstCursor(() => '')
    .setCounter((_ctx, identifier) => countFollowers(db, identifier));

  federation
    .setOutboxDispatcher(AP_PATHS.outbox, async (ctx, identifier) => {
      const who = await whoIs(identifier);
      if (!who) return null;
      const { fediverse } = await deps.settings.get();
      const page = await deps.stories.articles({
        page: 1,
        limit: 20,
        ...(who.kind === 'author' ? { author: who.handle } : {}),
      });
      const at = addressesOf(ctx, publicUrl);
      const items = page.articles.map(
        (article) =>
          new Create({
            id: new URL(`${ctx.getActorUri(identifier).href}#create-${article._id}`),
            actor: ctx.getActorUri(identifier),
            object: articleObject(article, { by: identifier, fullText: fediverse.fullText, at }),
          }),
      );
      return { items };
    })
    .setCounter(async (_ctx, identifier) => {
      const who = await whoIs(identifier);
      if (!who) return null;
      const page = await deps.stories.articles({
        page: 1,
        limit: 1,
        ...(who.kind === 'author' ? { author: who.handle } : {}),
      });
      return page.total;
    });

  federation.setObjectDispatcher(Article, AP_PATHS.article, async (ctx, values) => {
    const { fediverse } = await deps.settings.get();
    if (!fediverse.enabled || !UUID_PATTERN.test(values.id)) return null;
    const article = await deps.stories.article(values.id);
    if (!article) return null;
    const by = article.author?._id ?? SITE_ACTOR;
    return articleObject(article, {
      by,
      fullText: fediverse.fullText,
      at: addressesOf(ctx, publicUrl),
    });
  });

  federation.setNodeInfoDispatcher(AP_PATHS.nodeInfo, async () => {
    const page = await deps.stories.articles({ page: 1, limit: 1 });
    return {
      software: { name: 'patrika', version: parseSemVer('0.1.0') },
      protocols: ['activitypub'],
      usage: { users: {}, localPosts: page.total, localComments: 0 },
    };
  });
}

/** `Follow` is kept and answered with `Accept`; `Undo` of it removes the follower. */
function listenToInbox(federation: Federation<void>, deps: FediverseDeps, whoIs: WhoIs) {
  const { db, allowPrivate } = deps;
  federation
    .setInboxListeners(AP_PATHS.inbox, AP_PATHS.sharedInbox)
    .on(Follow, async (ctx, follow) => {
      if (!follow.id || !follow.actorId || !follow.objectId) return;
      const target = ctx.parseUri(follow.objectId);
      if (target?.type !== 'actor' || !(await whoIs(target.identifier))) return;
      // Fetched through Fedify's loader, which refuses private addresses unless allowed.
      const follower = await follow.getActor(ctx);
      if (!follower?.id || !follower.inboxId) return;
      if (!(await mayDeliverTo(follower.inboxId, allowPrivate))) {
        deps.log?.info(
          { inbox: follower.inboxId.href },
          'fediverse: follow from a private address refused',
        );
        return;
      }
      await upsertFollower(db, {
        actor: target.identifier,
        followerId: follower.id.href,
        inbox: follower.inboxId.href,
        sharedInbox: follower.endpoints?.sharedInbox?.href ?? null,
        followId: follow.id.href,
      });
      const actor = ctx.getActorUri(target.identifier);
      await ctx.sendActivity(
        { identifier: target.identifier },
        follower,
        new Accept({ id: new URL(`${actor.href}#accept-${randomUUID()}`), actor, object: follow }),
      );
    })
    .on(Undo, async (ctx, undo) => {
      if (!undo.actorId) return;
      const object = await undo.getObject(ctx);
      if (!(object instanceof Follow) || !object.objectId) return;
      const target = ctx.parseUri(object.objectId);
      if (target?.type !== 'actor') return;
      await deleteFollower(db, target.identifier, undo.actorId.href);
    });
}
