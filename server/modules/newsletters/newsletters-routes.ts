/* Newsletters' calls (issue 37 item 3) and the confirm and one-click unsubscribe addresses. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParamsSchema, MessageSchema } from '../../../common/schemas/common';
import {
  NewsletterInputSchema,
  NewsletterIssueSchema,
  NewsletterSchema,
  SendStorySchema,
  SubscribeSchema,
} from '../../../common/schemas/newsletters';
import { errorResponses, JSON_BODY, SIGNED_IN } from '../../lib/errors';
import type { NewslettersService } from './newsletters-service';
import { newsletterPagesRoutes, SUBSCRIBE_RATE_LIMIT } from './newsletter-pages-routes';
import { subscriberListsRoutes } from './subscriber-lists-routes';
import { recentIssuesRoutes } from './recent-issues-routes';

const tags = ['newsletters'];
const security = [{ bearer: [] }];
const EDITORS = [...SIGNED_IN, 'auth.role_required'] as const;
const IssueIdSchema = z.object({ issueId: z.string().nullable() });
/** What a newsletter's body is refused for besides a field's general checks. */
const INPUT_CODES = ['newsletter.time_invalid', 'edition.unknown'] as const;

export function newslettersRoutes(newsletters: NewslettersService) {
  return async function (app: FastifyInstance) {
    await app.register(definitionRoutes(newsletters));
    await app.register(issueRoutes(newsletters));
    await app.register(recentIssuesRoutes(newsletters));
    await app.register(subscriberRoutes(newsletters));
    await app.register(subscriberListsRoutes(newsletters));
    await app.register(newsletterPagesRoutes(newsletters));
  };
}

function definitionRoutes(newsletters: NewslettersService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const params = IdParamsSchema;
    app.get(
      '/api/newsletters',
      {
        schema: {
          tags,
          summary: 'The active newsletters',
          security: [],
          response: { 200: z.array(NewsletterSchema), ...errorResponses() },
        },
      },
      async () => newsletters.list(),
    );
    app.post(
      '/api/newsletters',
      {
        schema: {
          tags,
          summary: 'Define a newsletter (editors)',
          security,
          body: NewsletterInputSchema,
          response: {
            201: NewsletterSchema,
            ...errorResponses(...JSON_BODY, ...EDITORS, ...INPUT_CODES),
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await newsletters.create(await request.actor(), request.body)),
    );
    app.put(
      '/api/newsletters/:id',
      {
        schema: {
          tags,
          summary: 'Change a newsletter (editors)',
          security,
          params,
          body: NewsletterInputSchema,
          response: {
            200: NewsletterSchema,
            ...errorResponses(...JSON_BODY, ...EDITORS, ...INPUT_CODES, 'newsletter.not_found'),
          },
        },
      },
      async (request) => newsletters.update(await request.actor(), request.params.id, request.body),
    );
    app.delete(
      '/api/newsletters/:id',
      {
        schema: {
          tags,
          summary: 'Archive a newsletter (editors)',
          security,
          params,
          response: { 200: MessageSchema, ...errorResponses(...EDITORS, 'newsletter.not_found') },
        },
      },
      async (request) => newsletters.archive(await request.actor(), request.params.id),
    );
  };
}

/** Sending issues and how they go (editors). */
function issueRoutes(newsletters: NewslettersService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const params = IdParamsSchema;
    app.post(
      '/api/newsletters/:id/send',
      {
        schema: {
          tags,
          summary: 'Send an issue now of what was published since the last one (null: nothing new)',
          security,
          params,
          response: { 202: IssueIdSchema, ...errorResponses(...EDITORS, 'newsletter.not_found') },
        },
      },
      async (request, reply) => {
        const actor = await request.actor();
        const newsletter = await newsletters.one(request.params.id);
        return reply.status(202).send(await newsletters.sendNow(actor, newsletter));
      },
    );
    app.post(
      '/api/articles/:id/newsletter',
      {
        schema: {
          tags,
          summary: 'Send one published story as an issue',
          security,
          params,
          body: SendStorySchema,
          response: {
            202: IssueIdSchema,
            ...errorResponses(
              ...JSON_BODY,
              ...EDITORS,
              'newsletter.not_found',
              'article.not_published',
            ),
          },
        },
      },
      async (request, reply) => {
        const actor = await request.actor();
        const newsletter = await newsletters.one(request.body.newsletterId);
        return reply
          .status(202)
          .send(await newsletters.sendStory(actor, newsletter, request.params.id));
      },
    );
    app.get(
      '/api/newsletters/:id/issues',
      {
        schema: {
          tags,
          summary: 'The issues and how their sending goes',
          security,
          params,
          response: { 200: z.array(NewsletterIssueSchema), ...errorResponses(...EDITORS) },
        },
      },
      async (request) => newsletters.issues(await request.actor(), request.params.id),
    );
  };
}

function subscriberRoutes(newsletters: NewslettersService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.post(
      '/api/newsletters/subscribe',
      {
        schema: {
          tags,
          summary:
            'Subscribe an address: a confirmation is mailed, at most 3 an hour to one mailbox (a signed-in reader’s own address, once a mailed link proved it, subscribes at once)',
          security: [{}, { bearer: [] }],
          body: SubscribeSchema,
          response: {
            202: z.object({ message: z.string(), subscribed: z.boolean() }),
            ...errorResponses(...JSON_BODY, 'newsletter.unknown'),
          },
        },
        config: { rateLimit: SUBSCRIBE_RATE_LIMIT },
      },
      async (request, reply) => {
        const actor = await request.actor().catch(() => null);
        return reply.status(202).send(await newsletters.subscribe(actor, request.body));
      },
    );
  };
}
