/*
 * A reading page's document is made whole, as bytes, in app/entry.server.tsx; the server sends
 * and keeps those same bytes (server/plugins/react-router.ts) instead of reading them back out
 * of the Response's body stream, which cost more than the page's compression (docs/perf/
 * uncached-render.md, stop 63). The two sides are built apart (React Router's build and the
 * server's), so the bytes travel under a registered symbol, not a module's own.
 */
const WHOLE = Symbol.for('patrika.whole-body');

type WithBytes = Response & { [WHOLE]?: Buffer };

/** A Response of `bytes`, which the server can take back without reading its stream. */
export function wholeResponse(bytes: Buffer, init: ResponseInit): Response {
  const response: WithBytes = new Response(bytes as Uint8Array<ArrayBuffer>, init);
  response[WHOLE] = bytes;
  return response;
}

/**
 * The bytes `response` was made of by wholeResponse, if it was, and its body was not read;
 * undefined otherwise (any other Response, or a copy React Router made of one).
 */
export function wholeBodyOf(response: Response): Buffer | undefined {
  const bytes = (response as WithBytes)[WHOLE];
  return bytes && !response.bodyUsed ? bytes : undefined;
}
