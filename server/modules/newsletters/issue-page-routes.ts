/* Each issue's web page (issue 37 item 3): `/newsletters/{slug}/{issueId}`, the same for all. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { NewslettersService } from './newsletters-service';

/** How long a browser or a front cache may keep an issue's page: it never changes once sent. */
const KEEP_SECONDS = 3600;

export function issuePageRoutes(newsletters: NewslettersService, publicUrl: string) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/newsletters/:slug/:issueId',
      {
        schema: {
          hide: true,
          params: z.object({ slug: z.string().max(200), issueId: z.string().max(100) }),
        },
      },
      async (request, reply) => {
        const { slug, issueId } = request.params;
        const home = publicUrl ? new URL('/', publicUrl).toString() : '/';
        const found = await newsletters.webIssue(slug, issueId, home);
        if (!found) {
          const { language, says } = await newsletters.pageTexts();
          return reply
            .status(404)
            .header('cache-control', 'no-store')
            .type('text/html; charset=utf-8')
            .send(
              `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${says.title}</title></head><body><main><p>${says.invalid}</p></main></body></html>`,
            );
        }
        return reply
          .header('cache-control', `public, max-age=${KEEP_SECONDS}`)
          .type('text/html; charset=utf-8')
          .send(found.html);
      },
    );
  };
}
