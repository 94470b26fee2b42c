import { ECDH } from 'node:crypto';
import { HOME_EXCERPT_LENGTH } from '../../../common/articles';
import type { Article } from '../../../common/schemas/articles';
import type {
  PushAlert,
  PushAlertInput,
  PushPayload,
  PushSubscriptionInput,
} from '../../../common/schemas/push';
import { htmlExcerpt } from '../../../common/text';
import type { Db } from '../../../db/client';
import { transaction } from '../../../db/transaction';
import { requireRole, type Actor } from '../../lib/actor';
import { fieldError, notFound } from '../../lib/errors';
import { privateHostOf } from '../../lib/public-address';
import { keptSecret } from '../../lib/tokens';
import { createPushFollows } from './push-follows';
import { alertJobKey, createAlertDelivery, PUSH_ALERT_JOB } from './push-delivery';
import type { AlertDraft, PushDeps } from './push-deps';
import {
  countSubscriptions,
  deleteSubscription,
  findAlert,
  insertAlert,
  latestAlerts,
  upsertSubscription,
  type AlertRow,
} from './push-repository';
import { generateVapidKeys, type VapidKeys } from './push-sender';

export type { AlertDraft, PushDeps } from './push-deps';

/** How many alerts the dashboard lists. */
export const LATEST_ALERTS = 5;

/**
 * The VAPID key pair: the operator's, else one made at first start and kept in the database
 * (app_secrets), so every process on it, and every later start, signs with the same key.
 */
export async function loadVapidKeys(db: Db, configured: VapidKeys | undefined): Promise<VapidKeys> {
  if (configured) return configured;
  const kept = await keptSecret(db, 'vapid', () => JSON.stringify(generateVapidKeys()));
  return JSON.parse(kept) as VapidKeys;
}

/** Who push services may contact about our alerts: a mailto: or https: address (RFC 8292 §2.1). */
export const vapidSubjectFor = (publicUrl: string, configured: string | undefined) =>
  configured ??
  (publicUrl.startsWith('https:') ? publicUrl : `mailto:webmaster@${new URL(publicUrl).hostname}`);

/** Whether `key` (base64url) is a point on P-256, as a browser's p256dh must be. */
function isP256Point(key: string): boolean {
  try {
    ECDH.convertKey(Buffer.from(key, 'base64url'), 'prime256v1');
    return true;
  } catch {
    return false;
  }
}

const view = (row: AlertRow, views = 0): PushAlert => ({
  _id: row.id,
  articleId: row.articleId,
  title: row.title,
  edition: row.editionId,
  sent: row.sent,
  failed: row.failed,
  removed: row.removed,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  views,
});

/** An edition named must exist: 400 `edition.unknown` under `body.edition`, nothing kept. */
const editionCheck =
  ({ editions }: Pick<PushDeps, 'editions'>) =>
  async (edition: string | null | undefined): Promise<string | null> => {
    if (!edition) return null;
    if ((await editions.pathOf(edition)).length === 0)
      throw fieldError('body.edition', 'edition.unknown', { id: edition });
    return edition;
  };

/** A browser's subscription as it may be kept: a public https: endpoint, a P-256 key. */
const subscriptionCheck =
  (deps: Pick<PushDeps, 'allowPrivate'>) => async (input: PushSubscriptionInput) => {
    if (!deps.allowPrivate) {
      const refused = await privateHostOf(new URL(input.endpoint));
      if (refused?.unknown) throw fieldError('body.endpoint', 'push.endpoint_no_address');
      if (refused) throw fieldError('body.endpoint', 'push.endpoint_private');
    }
    if (!isP256Point(input.keys.p256dh))
      throw fieldError('body.keys.p256dh', 'push.key_not_on_curve');
  };

/**
 * Web push alerts (issue 25 item 3): readers' browsers subscribe, editors send an alert for a
 * published article, and a job delivers it to every subscription (push-delivery.ts).
 */
export function createPushService(deps: PushDeps) {
  const { db, clock, articles, jobs } = deps;
  const editionOf = editionCheck(deps);
  /** An alert with the views its story had from push alerts since it was sent. */
  const withViews = async (row: AlertRow) =>
    view(row, row.articleId ? ((await deps.viewsBrought?.(row.articleId, row.createdAt)) ?? 0) : 0);

  /** What the notification says: the title asked for (else the article's), its summary. */
  const payloadOf = (article: Article, path: string, title: string | undefined): PushPayload => {
    const address = new URL(path, deps.publicUrl);
    // Its readers are classed `push` by the analytics (issue 38 item 2); kept pages ignore UTM.
    address.searchParams.set('utm_source', 'push');
    const url = address.toString();
    const picture = article.image?.crops.find((c) => c.ratio === '16x9')?.url || article.imageUrl;
    const image = picture ? new URL(picture, deps.publicUrl).toString() : undefined;
    return {
      title: title ?? article.name,
      body: article.metaDescription || htmlExcerpt(article.description, HOME_EXCERPT_LENGTH),
      url,
      ...(image && /^https?:/.test(image) ? { image } : {}),
    };
  };

  const check = subscriptionCheck(deps);

  return {
    publicKey: () => ({ publicKey: deps.vapidPublicKey }),

    /** Topics a browser follows, such as a seat on counting day (push-follows.ts). */
    follows: createPushFollows({ ...deps, check }),

    /** Keeps a browser's subscription; its endpoint must be a public https: address. */
    async subscribe(input: PushSubscriptionInput): Promise<void> {
      await check(input);
      const editionId = await editionOf(input.edition);
      await upsertSubscription(
        db,
        { endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, editionId },
        clock.now(),
      );
    },

    /** Forgets the subscription at `endpoint`; 404 when there is none. */
    async unsubscribe(endpoint: string): Promise<void> {
      if (!(await deleteSubscription(db, endpoint))) throw notFound('push.subscription_unknown');
    },

    /**
     * Editors and up: the alert `input` asks for, checked (a published article), not yet sent.
     * The route counts it against the site's limit between this and `send`.
     */
    async prepare(actor: Actor | null, input: PushAlertInput): Promise<AlertDraft> {
      const editor = requireRole(actor, 'editor', 'push.send_forbidden');
      const editionId = await editionOf(input.edition);
      const path = await articles.pathForId(input.articleId);
      const article = path ? await articles.anyById(input.articleId) : undefined;
      if (!path || !article) throw fieldError('body.articleId', 'article.not_published');
      const payload = payloadOf(article, path, input.title?.trim() || undefined);
      return { articleId: article._id, createdBy: editor.id, editionId, ...payload };
    },

    /** Stores a prepared alert and starts its delivery now, from the jobs table. */
    async send(draft: AlertDraft): Promise<{ _id: string }> {
      const now = clock.now();
      // The alert and its delivery job commit together: a process killed in between leaves
      // neither an alert that never goes nor a job without its alert.
      const row = await transaction(db, async (tx) => {
        const alert = await insertAlert(tx, { ...draft, image: draft.image ?? null }, now);
        await jobs.schedule(
          { key: alertJobKey(alert.id), kind: PUSH_ALERT_JOB, subjectId: alert.id, runAt: now },
          tx,
        );
        return alert;
      });
      return { _id: row.id };
    },

    /** Editors and up: how an alert's delivery went so far. */
    async alert(actor: Actor | null, id: string): Promise<PushAlert> {
      requireRole(actor, 'editor', 'push.alerts_forbidden');
      const row = await findAlert(db, id);
      if (!row) throw notFound('push.alert_not_found');
      return withViews(row);
    },

    /** Editors and up: how many browsers subscribe, and the latest alerts. */
    async desk(actor: Actor | null) {
      requireRole(actor, 'editor', 'push.alerts_forbidden');
      const [subscribers, rows] = await Promise.all([
        countSubscriptions(db),
        latestAlerts(db, LATEST_ALERTS),
      ]);
      return { subscribers, alerts: await Promise.all(rows.map(withViews)) };
    },

    /** The delivery job: one batch of the alert `id`, rescheduled while more remain. */
    deliver: createAlertDelivery(deps),

    close: () => deps.sender.close(),
  };
}
export type PushService = ReturnType<typeof createPushService>;
