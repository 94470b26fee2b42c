import middie from '@fastify/middie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerBuild } from 'react-router';
import type { AppContext } from '../common/services';
import { mountReactRouter } from './plugins/react-router';

/** `npm run dev`: Vite in middleware mode inside this Fastify, pages rebuilt on every edit. */
export async function mountViteDev(
  app: FastifyInstance,
  context: (source: { request: FastifyRequest; reply: FastifyReply }) => AppContext,
) {
  const { createServer } = await import('vite');
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  app.addHook('onClose', async () => vite.close());
  await app.register(middie);
  app.use(vite.middlewares);
  await mountReactRouter(app, {
    loadBuild: async () =>
      (await vite.ssrLoadModule('virtual:react-router/server-build')) as unknown as ServerBuild,
    mode: 'development',
    context,
  });
}
