import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SiteSettingsSchema } from '../../../common/settings';
import { errorResponses } from '../../lib/errors';
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
          summary: 'Site settings shown on public pages',
          security: [],
          response: { 200: SiteSettingsSchema, ...errorResponses(400, 429) },
        },
      },
      async () => settings.get(),
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
            ...errorResponses(400, 401, 403, 413, 415, 429),
          },
        },
      },
      async (request) => settings.update(await request.actor(), request.body),
    );
  };
}
