/*
 * patches/react-router+*.patch: React Router encodes a page's loader data for the browser's
 * router (a turbo-stream, a timer and a listener per request) only when the page reads it. A
 * reading page never does (app/entry.server.tsx), which was a twentieth of an uncached article
 * render (docs/perf/uncached-render.md, stop 63). Fails when an upgrade of React Router drops
 * the patch: `npm install` applies it, and says so when it no longer fits.
 */
import { createRequestHandler, type ServerBuild } from 'react-router';
import { expect, it } from 'vitest';

it('hands the entry its data for the browser unencoded until read, and encoded when read', async () => {
  const seen: { lazy?: boolean; stream?: unknown } = {};
  const build = {
    routes: {
      root: { id: 'root', path: '', module: { default: () => null, loader: () => ({ a: 1 }) } },
    },
    entry: {
      module: {
        default: (_request: Request, status: number, headers: Headers, context: object) => {
          seen.lazy =
            typeof Object.getOwnPropertyDescriptor(context, 'serverHandoffStream')?.get ===
            'function';
          seen.stream = (context as { serverHandoffStream?: unknown }).serverHandoffStream;
          return new Response('page', { status, headers });
        },
      },
    },
    assets: {
      entry: { module: '/entry.js', imports: [] },
      routes: { root: { id: 'root', path: '', module: '/root.js', hasLoader: true } },
      url: '/manifest.js',
      version: '1',
    },
    publicPath: '/',
    assetsBuildDirectory: 'build/client',
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: 'initial' },
  } as unknown as ServerBuild;
  const response = await createRequestHandler(
    build,
    'production',
  )(new Request('http://patrika.test/'));
  expect(await response.text()).toBe('page');
  expect(seen.lazy).toBe(true);
  expect(seen.stream).toBeInstanceOf(ReadableStream);
});
