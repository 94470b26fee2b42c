import type { Federation } from '@fedify/fedify';
import type { Recipient } from '@fedify/fedify/vocab';
import type { StoredEvent } from '../../events/event-bus';
import type { FediverseDeps } from './fediverse-deps';
import { addressesOf, mayDeliverTo } from './fediverse-federation';
import { activityFor, articleObject, SITE_ACTOR } from './fediverse-objects';
import { followersPage } from './fediverse-repository';

/** What each article event becomes in the fediverse. */
const KINDS = {
  'article.published': 'create',
  'article.updated': 'update',
  'article.unpublished': 'delete',
  'article.deleted': 'delete',
} as const;

const PAGE = 500;

/** Whether a deleted article was public when deleted (a draft's deletion is nobody's news). */
function wasPublic(event: StoredEvent): boolean {
  const { from, publishedAt } = event.data as { from?: unknown; publishedAt?: unknown };
  return (
    from === 'published' &&
    typeof publishedAt === 'string' &&
    new Date(publishedAt).getTime() <= event.at.getTime()
  );
}

/**
 * The events' consumer that tells followers of a story (issue 41 item 4): a publication is a
 * `Create` of its Article, an edit of a public story an `Update`, an unpublication or deletion
 * a `Delete`, from the site's actor to its followers and from each byline's actor to theirs.
 * Sending only enqueues (Fedify's queue in our database, fediverse-store.ts): the position moves
 * once every message is written, and Fedify signs, sends and retries each from there. An
 * activity's id comes from the event's, so reading an event twice sends the same activity.
 */
export function createFediverseDelivery(
  deps: FediverseDeps & {
    federation: Federation<void>;
    /** Runs Fedify's work with the fediverse's guarded fetch (fediverse-fetch.ts). */
    guard: <T>(work: () => T) => T;
  },
) {
  const { db, federation, publicUrl, allowPrivate } = deps;

  /** An actor's followers' inboxes that may be posted to (never inside our network). */
  const recipientsOf = async (actor: string): Promise<Recipient[]> => {
    const all: Recipient[] = [];
    for (let after: string | null = null; ;) {
      const rows = await followersPage(db, actor, after, PAGE);
      for (const row of rows) {
        const inbox = new URL(row.sharedInbox ?? row.inbox);
        if (!(await mayDeliverTo(inbox, allowPrivate))) {
          deps.log?.info({ inbox: inbox.href }, 'fediverse: delivery to a private address refused');
          continue;
        }
        all.push({
          id: new URL(row.followerId),
          inboxId: new URL(row.inbox),
          endpoints: row.sharedInbox ? { sharedInbox: new URL(row.sharedInbox) } : null,
        });
      }
      if (rows.length < PAGE) return all;
      after = rows.at(-1)!.id;
    }
  };

  const deliver = async (event: StoredEvent) => {
    const kind = KINDS[event.type as keyof typeof KINDS];
    if (!kind || event.subject.kind !== 'article') return;
    if (event.type === 'article.deleted' && !wasPublic(event)) return;
    const { fediverse } = await deps.settings.get();
    if (!fediverse.enabled) return;
    const article = kind === 'delete' ? undefined : await deps.stories.article(event.subject.id);
    // An edit of a draft, or a story no longer public by the time this runs: nothing to say.
    if (kind !== 'delete' && !article) return;
    const authorIds = (event.data as { authorIds?: unknown }).authorIds;
    const senders = [
      SITE_ACTOR,
      ...(Array.isArray(authorIds) ? authorIds.filter((a) => typeof a === 'string') : []),
    ];
    const ctx = federation.createContext(new URL(publicUrl));
    const at = addressesOf(ctx, publicUrl);
    for (const by of new Set(senders)) {
      const recipients = await recipientsOf(by);
      if (recipients.length === 0) continue;
      const object = article && articleObject(article, { by, fullText: fediverse.fullText, at });
      const activity = activityFor(kind, {
        ...{ eventId: event.id, by, articleId: event.subject.id, at },
        ...(object ? { object } : {}),
      });
      await ctx.sendActivity({ identifier: by }, recipients, activity, { preferSharedInbox: true });
    }
  };

  return {
    async consume(events: StoredEvent[]) {
      for (const event of events) await deps.guard(() => deliver(event));
    },
  };
}
