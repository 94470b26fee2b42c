import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mayModerate } from '../../../common/roles';
import { SiteSettingsSchema } from '../../../common/settings';
import { errorResponses, JSON_BODY, SIGNED_IN } from '../../lib/errors';
import { SettingsUpdateSchema, type SettingsService } from './settings-service';

export function settingsRoutes(settings: SettingsService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['settings'];
    app.get(
      '/api/settings',
      {
        schema: {
          tags,
          summary:
            'Site settings shown on public pages. The comments’ blocked words only to editors and up (who moderate): to anyone else the list is empty, a list spammers would read to write round it',
          security: [],
          response: { 200: SiteSettingsSchema, ...errorResponses() },
        },
      },
      async (request, reply) => {
        const all = await settings.fresh();
        // The answer depends on who asks: never kept by a shared cache.
        reply.header('cache-control', 'private, no-cache').header('vary', 'authorization, cookie');
        const actor = await request.actor().catch(() => null);
        if (actor && mayModerate(actor.role)) return all;
        return { ...all, comments: { ...all.comments, blockedWords: [] } };
      },
    );
    app.put(
      '/api/settings',
      {
        schema: {
          tags,
          summary: 'Change site settings (administrator); only the keys given change',
          security: [{ bearer: [] }],
          body: SettingsUpdateSchema,
          response: {
            200: SiteSettingsSchema,
            ...errorResponses(
              ...SIGNED_IN,
              ...JSON_BODY,
              'auth.role_required',
              'settings.category_unknown',
              'settings.second_factor_first',
              'settings.oidc_incomplete',
              'settings.oidc_unreachable',
              'settings.oidc_private',
              'settings.secrets_key_missing',
            ),
          },
        },
      },
      async (request) => settings.update(await request.actor(), request.body),
    );
  };
}
