import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { PassThrough } from 'node:stream';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import {
  ServerRouter,
  type EntryContext,
  type HandleErrorFunction,
  type RouterContextProvider,
} from 'react-router';
import { appContext } from '../common/services';
import { DocumentPage } from './components/page-link';
import { ReaderStyles } from './reader-styles';
import { hydrates } from '../common/page-handle';
import { wholeResponse } from '../common/whole-body';

// The server reads the context key from here so it is the very object the routes use.
export { appContext };

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // Only a page that runs React in the browser has inline scripts (React Router's hydration
  // data) and needs a nonce; a reading page asks for none, so it is the same for everyone.
  const app = isAppPage(routerContext);
  // A reading page hands no data to a browser-side router: its loader data is never encoded
  // for one (React Router encodes it when read, patches/react-router+*.patch), and the page
  // ends without the empty transfer it would otherwise carry.
  if (!app) Object.defineProperty(routerContext, 'serverHandoffStream', { value: undefined });
  const nonce = app ? loadContext.get(appContext).cspNonce() : undefined;
  // A reading page carries its stylesheet in the document (docs/decisions/028).
  const styles = app ? undefined : loadContext.get(appContext).readerStyles;
  const page = (
    <DocumentPage.Provider value={!app}>
      <ReaderStyles.Provider value={styles}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ReaderStyles.Provider>
    </DocumentPage.Provider>
  );
  if (!app) {
    // A reading page is a document with nothing to wait for (no Suspense, no deferred data):
    // rendered to one string in one call. An error thrown here is the shell's error, as with
    // onShellError below: React Router renders the error boundary instead.
    // (The stream writes the doctype itself; renderToString does not.)
    // Encoded once, here: the server sends and keeps these very bytes (common/whole-body.ts).
    const bytes = Buffer.from(`<!DOCTYPE html>${renderToString(page)}`);
    responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
    // Its length says it is whole: the server sends (and compresses) it as one piece.
    responseHeaders.set('Content-Length', String(bytes.length));
    return wholeResponse(bytes, { headers: responseHeaders, status: responseStatusCode });
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Crawlers and SPA-mode get the whole document at once; browsers get an app page streamed.
    const whole = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode;
    const readyEvent = whole ? 'onAllReady' : 'onShellReady';
    const { pipe, abort } = renderToPipeableStream(page, {
      nonce,
      [readyEvent]() {
        shellRendered = true;
        const body = new PassThrough();
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        resolve(
          new Response(createReadableStreamFromReadable(body), {
            headers: responseHeaders,
            status: responseStatusCode,
          }),
        );
        pipe(body);
      },
      onShellError(error: unknown) {
        reject(error);
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        // Errors after the shell are logged here; before it, onShellError rejects.
        if (shellRendered) logWithRequestId(loadContext, error, 'page failed while streaming');
      },
    });
    setTimeout(abort, streamTimeout + 1_000);
  });
}

/** Whether a route of this page says `hydrate: true` in its handle (common/page-handle.ts). */
function isAppPage(context: EntryContext): boolean {
  return context.staticHandlerContext.matches.some((m) =>
    hydrates(context.routeModules[m.route.id]?.handle),
  );
}

/** Through the request's own logger, so the line carries its request id. */
function logWithRequestId(context: Readonly<RouterContextProvider>, error: unknown, what: string) {
  context.get(appContext).logError(error, what);
}

/** 404s and aborted requests are normal traffic, not errors worth a stack trace. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (
    error &&
    typeof error === 'object' &&
    'status' in error &&
    (error as { status: number }).status === 404
  )
    return;
  logWithRequestId(context, error, 'page failed');
};
