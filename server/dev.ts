import middie from '@fastify/middie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerBuild } from 'react-router';
import { SERVICE_WORKER_SOURCE } from '../common/reader-build';
import type { AppContext } from '../common/services';
import { serveServiceWorker } from './plugins/service-worker';
import { mountReactRouter } from './plugins/react-router';

/** `npm run dev`: Vite in middleware mode inside this Fastify, pages rebuilt on every edit. */
export async function mountViteDev(
  app: FastifyInstance,
  context: (source: { request: FastifyRequest; reply: FastifyReply }) => AppContext,
) {
  const { build, createServer } = await import('vite');
  const before = new Set(process.listeners('SIGTERM'));
  const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' });
  // React Router's plugin starts a child Vite server, and a Vite server outside middleware mode
  // exits the process on SIGTERM (or when stdin ends) as soon as it has closed itself, cutting
  // off in-flight requests. Our shutdown closes Vite, and with it the child, after the app.
  for (const listener of process.listeners('SIGTERM')) {
    if (before.has(listener)) continue;
    process.off('SIGTERM', listener);
    process.stdin.off('end', listener as () => void);
  }
  app.addHook('onClose', async () => vite.close());
  await app.register(middie);
  app.use(vite.middlewares);
  // Bundled on each request (the worker cannot import modules), so an edit shows at once.
  serveServiceWorker(app, async () => {
    const result = await build({
      configFile: false,
      logLevel: 'warn',
      build: { write: false, rollupOptions: { input: SERVICE_WORKER_SOURCE } },
    });
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) =>
      'output' in r ? r.output : [],
    );
    const chunk = outputs.find((o) => o.type === 'chunk');
    return chunk?.type === 'chunk' ? chunk.code : '';
  });
  await mountReactRouter(app, {
    loadBuild: async () =>
      (await vite.ssrLoadModule('virtual:react-router/server-build')) as unknown as ServerBuild,
    mode: 'development',
    context,
  });
}
