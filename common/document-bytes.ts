/*
 * A reading page is rendered whole (app/entry.server.tsx, docs/decisions/027): its bytes ride on
 * its web Response under this key, so the server (server/plugins/react-router.ts) sends and
 * caches them as they are, without reading the Response's stream back. `Symbol.for`, because
 * the app's server build and the server are bundled apart.
 */
const DOCUMENT_BYTES = Symbol.for('patrika.documentBytes');

/**
 * Bytes a document carries unchanged from one buffer made at start (the reading pages' inline
 * stylesheet, two thirds of an article page), and where they start. The server compresses that
 * buffer once and splices it into each page's gzip (server/lib/page-cache.ts `gzipAround`).
 */
export interface SharedPart {
  start: number;
  bytes: Buffer;
}

export interface DocumentBytes {
  bytes: Buffer;
  shared?: SharedPart;
}

/**
 * What a render writes where the shared part goes. An HTML comment: React escapes `<` in every
 * text and attribute, so no content can spell it, and the stylesheet comes before the body.
 */
export const SHARED_PART_MARK = '<!--patrika:shared-part-->';

/** The bytes of a rendered document, with `shared` written where the render put the mark. */
export function documentBytes(html: string, shared?: Buffer): DocumentBytes {
  const at = shared ? html.indexOf(SHARED_PART_MARK) : -1;
  if (!shared || at < 0) return { bytes: Buffer.from(html) };
  const before = Buffer.from(html.slice(0, at));
  const after = Buffer.from(html.slice(at + SHARED_PART_MARK.length));
  return {
    bytes: Buffer.concat([before, shared, after]),
    shared: { start: before.length, bytes: shared },
  };
}

/**
 * A Response of a document's bytes that carries them under DOCUMENT_BYTES too. `stream: false`
 * leaves the Response without a body stream (building one costs more than the rest of it), for
 * a caller that reads the bytes with `documentOf` and never the body: the server's own reading
 * pages (server/plugins/reading-documents.ts, and server/plugins/react-router.ts after it).
 */
export function documentResponse(
  document: DocumentBytes,
  init: ResponseInit,
  { stream = true }: { stream?: boolean } = {},
): Response {
  // A Buffer is a Uint8Array; only the lib's types keep ArrayBufferLike-backed views out.
  const response = new Response(stream ? (document.bytes as Uint8Array<ArrayBuffer>) : null, init);
  Object.defineProperty(response, DOCUMENT_BYTES, { value: document });
  return response;
}

/** The bytes of a whole document's Response, when it has them. */
export const documentOf = (response: Response): DocumentBytes | undefined =>
  (response as unknown as Record<symbol, DocumentBytes | undefined>)[DOCUMENT_BYTES];
