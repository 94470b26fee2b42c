/*
 * Following a seat (issue 69 item 4): a reader's browser asks, from the seat's page after it
 * loaded, for a Web Push when the seat is declared (its result's status becomes `won`). The
 * follows and the sending are the push module's (its subscriptions, `push_follows`); this file
 * names the seat's topic, checks the seat, and says what the push says. The wiring hands the
 * push module's follows in; this module imports no other.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SEAT_DECLARED } from '../../../common/election-alerts';
import { nameIn } from '../../../common/election-names';
import { LANGUAGE_REGISTRY, type Language } from '../../../common/languages';
import { electionSeatPath } from '../../../common/paths';
import { MessageSchema } from '../../../common/schemas/common';
import { SeatParamsSchema } from '../../../common/schemas/elections';
import {
  PushSubscriptionInputSchema,
  PushUnsubscribeSchema,
  type PushPayload,
  type PushSubscriptionInput,
} from '../../../common/schemas/push';
import type { Db } from '../../../db/client';
import { errorResponses, JSON_BODY } from '../../lib/errors';
import { candidatesOf, electionById, newestResult, seatById } from './elections-repository';
import { stateOf } from './elections-states';

/** The push module's follows, as the wiring passes them (server/modules/push/push-follows.ts). */
export interface SeatFollows {
  follow(input: PushSubscriptionInput, topic: string): Promise<void>;
  unfollow(endpoint: string, topic: string): Promise<void>;
  follows(endpoint: string, topic: string): Promise<boolean>;
  notify(topic: string, payload: PushPayload): Promise<{ sent: number; failed: number }>;
}

/** The topic a seat's followers follow. */
export const seatTopic = (seatId: string) => `election-seat:${seatId}`;

const tags = ['elections'];
export const FollowStateSchema = z.object({ following: z.boolean() });

/**
 * `POST /api/elections/{slug}/seats/{id}/follow` (the browser's PushSubscription: follow),
 * `DELETE` (its endpoint: stop), `POST …/follow/state` (its endpoint: whether it follows).
 * Never kept: each answer is one browser's.
 */
export function seatFollowRoutes(
  seatOf: (slug: string, id: string) => Promise<unknown>,
  follows: SeatFollows,
) {
  return async function (app: FastifyInstance) {
    await app.register(followRoutes(seatOf, follows));
    await app.register(followStateRoute(follows));
  };
}

const FOLLOW_PATH = '/api/elections/:slug/seats/:id/follow';
const limit = { rateLimit: { max: 30, timeWindow: 60_000 } };

/** Following and no longer following. */
function followRoutes(
  seatOf: (slug: string, id: string) => Promise<unknown>,
  follows: SeatFollows,
) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      FOLLOW_PATH,
      {
        config: limit,
        schema: {
          tags,
          summary:
            "Follow a seat: its declaration (status `won`) comes as a Web Push to this browser's PushSubscription, once",
          security: [],
          params: SeatParamsSchema,
          body: PushSubscriptionInputSchema,
          response: {
            201: MessageSchema,
            ...errorResponses(
              ...JSON_BODY,
              'election.not_found',
              'election.seat_not_found',
              'push.endpoint_no_address',
              'push.endpoint_private',
              'push.key_not_on_curve',
            ),
          },
        },
      },
      async (request, reply) => {
        await seatOf(request.params.slug, request.params.id);
        await follows.follow(request.body, seatTopic(request.params.id));
        reply.header('cache-control', 'no-store');
        return reply.code(201).send({ message: 'Following' });
      },
    );
    app.delete(
      FOLLOW_PATH,
      {
        config: limit,
        schema: {
          tags,
          summary: 'Stop following a seat (this browser, by its endpoint)',
          security: [],
          params: SeatParamsSchema,
          body: PushUnsubscribeSchema,
          response: {
            200: MessageSchema,
            ...errorResponses(...JSON_BODY, 'push.subscription_unknown'),
          },
        },
      },
      async (request, reply) => {
        await follows.unfollow(request.body.endpoint, seatTopic(request.params.id));
        reply.header('cache-control', 'no-store');
        return { message: 'Not following' };
      },
    );
  };
}

/** Whether this browser follows the seat: the page's button asks after load. */
function followStateRoute(follows: SeatFollows) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      `${FOLLOW_PATH}/state`,
      {
        config: limit,
        schema: {
          tags,
          summary: 'Whether this browser (by its endpoint) follows the seat',
          security: [],
          params: SeatParamsSchema,
          body: PushUnsubscribeSchema,
          response: { 200: FollowStateSchema, ...errorResponses(...JSON_BODY) },
        },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        const following = await follows.follows(
          request.body.endpoint,
          seatTopic(request.params.id),
        );
        return { following };
      },
    );
  };
}

/** What the push says when a seat is declared, in `lang`; undefined when it is not declared. */
export async function declarationOf(
  db: Db,
  electionId: string,
  seatId: string,
  lang: string,
  publicUrl: string,
): Promise<PushPayload | undefined> {
  const [election, seat, result] = await Promise.all([
    electionById(db, electionId),
    seatById(db, electionId, seatId),
    newestResult(db, seatId),
  ]);
  if (!election || !seat || result?.status !== 'won') return undefined;
  const leader = (await candidatesOf(db, [seatId])).find((c) => c.id === result.leaderId);
  if (!leader) return undefined;
  const language = (lang in SEAT_DECLARED ? lang : 'en') as Language;
  const text = SEAT_DECLARED[language];
  const state = stateOf(seat.stateCode);
  const margin = new Intl.NumberFormat(LANGUAGE_REGISTRY[language].locale).format(result.margin);
  const url = new URL(electionSeatPath(election.slug, state.slug, seat), publicUrl);
  url.searchParams.set('utm_source', 'push');
  return {
    title: text.title(
      nameIn(seat.name, language).text,
      nameIn(state.name, language).text,
      leader.party,
    ),
    body: text.body(nameIn(leader.name, language).text, margin),
    url: url.toString(),
  };
}

/**
 * A saved result's event: when it declares the seat, its followers get the push, each once
 * (the push module marks each follow told as it picks it).
 */
export async function onSeatResult(
  deps: { db: Db; follows: SeatFollows; language: () => Promise<string>; publicUrl: string },
  event: { type: string; subject?: { id?: string } | null; data?: unknown },
): Promise<void> {
  if (event.type !== 'election.result' || !event.subject?.id) return;
  const data = event.data as { seat?: string; status?: string } | undefined;
  if (data?.status !== 'won' || !data.seat) return;
  const payload = await declarationOf(
    deps.db,
    event.subject.id,
    data.seat,
    await deps.language(),
    deps.publicUrl,
  );
  if (payload) await deps.follows.notify(seatTopic(data.seat), payload);
}
