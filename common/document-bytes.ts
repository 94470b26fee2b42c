/*
 * A reading page is rendered whole (app/entry.server.tsx, docs/decisions/027): its bytes ride on
 * its web Response under this key, so the server (server/plugins/react-router.ts) sends and
 * caches them as they are, without reading the Response's stream back. `Symbol.for`, because
 * the app's server build and the server are bundled apart.
 */
const DOCUMENT_BYTES = Symbol.for('patrika.documentBytes');

/** A Response of `bytes` that carries them under DOCUMENT_BYTES too. */
export function documentResponse(bytes: Buffer, init: ResponseInit): Response {
  // A Buffer is a Uint8Array; only the lib's types keep ArrayBufferLike-backed views out.
  const response = new Response(bytes as Uint8Array<ArrayBuffer>, init);
  Object.defineProperty(response, DOCUMENT_BYTES, { value: bytes });
  return response;
}

/** The bytes of a whole document's Response, when it has them. */
export const documentBytesOf = (response: Response): Buffer | undefined =>
  (response as unknown as Record<symbol, Buffer | undefined>)[DOCUMENT_BYTES];
