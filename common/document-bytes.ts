/*
 * A reading page is rendered whole (app/entry.server.tsx, docs/decisions/027): its bytes ride on
 * its web Response under this key, so the server (server/plugins/react-router.ts) sends and
 * caches them as they are, without reading the Response's stream back. `Symbol.for`, because
 * the app's server build and the server are bundled apart.
 */
const DOCUMENT_BYTES = Symbol.for('patrika.documentBytes');

/**
 * Bytes a document carries unchanged from one buffer made before it (the reading pages' inline
 * stylesheet, two thirds of an article page; the header and the footer, app/kept-parts.tsx), and
 * where they start. The server compresses each such buffer once and splices it into each page's
 * gzip (server/lib/page-cache.ts `gzipAround`).
 */
export interface SharedPart {
  start: number;
  bytes: Buffer;
}

export interface DocumentBytes {
  bytes: Buffer;
  /** In the order they come in `bytes`, none overlapping. */
  shared?: SharedPart[];
}

/**
 * What a render writes where the shared stylesheet goes. An HTML comment: React escapes `<` in
 * every text and attribute, so no content can spell it, and the stylesheet comes before the body.
 */
export const SHARED_PART_MARK = '<!--patrika:shared-part-->';

/**
 * The element a render wraps a kept part in (app/kept-parts.tsx), `data-part` numbering it in
 * the render: the wrapper never reaches a reader. No text can spell it (React escapes `<`), no
 * component renders it, and the HTML a page writes as it is (article and static page bodies,
 * `dangerouslySetInnerHTML`) is sanitised to an allowlist of tags that does not hold it.
 */
export const KEPT_PART_ELEMENT = 'patrika-part';
const PART_OPEN = `<${KEPT_PART_ELEMENT} data-part="`;
const PART_CLOSE = `</${KEPT_PART_ELEMENT}>`;

/**
 * A kept part as one render met it: its bytes, kept from an earlier render (the render wrote
 * an empty wrapper), or the render's own bytes of it, to keep (`keep` answers the bytes to use).
 */
export type KeptPartUse = { bytes: Buffer } | { keep: (bytes: Buffer) => Buffer };

export interface RenderParts {
  /** The stylesheet, written at SHARED_PART_MARK. */
  styles?: Buffer | undefined;
  /** The kept parts of the render, by the number in their wrapper. */
  kept?: readonly KeptPartUse[] | undefined;
}

/**
 * The bytes of a rendered document: `styles` written at the mark, each kept part's wrapper
 * replaced by the part's bytes (kept before, or kept now from what the render wrote in it).
 */
export function documentBytes(
  html: string,
  { styles, kept = [] }: RenderParts = {},
): DocumentBytes {
  const pieces: (string | Buffer)[] = [];
  let from = 0;
  if (styles) {
    const at = html.indexOf(SHARED_PART_MARK);
    if (at >= 0) {
      pieces.push(html.slice(0, at), styles);
      from = at + SHARED_PART_MARK.length;
    }
  }
  if (kept.length > 0)
    for (let at = html.indexOf(PART_OPEN, from); at >= 0; at = html.indexOf(PART_OPEN, from)) {
      const contentStart = html.indexOf('">', at) + 2;
      const close = html.indexOf(PART_CLOSE, contentStart);
      const use = kept[Number(html.slice(at + PART_OPEN.length, contentStart - 2))];
      if (contentStart < 2 || close < 0 || !use) throw new Error('a kept part lost its place');
      pieces.push(
        html.slice(from, at),
        'bytes' in use ? use.bytes : use.keep(Buffer.from(html.slice(contentStart, close))),
      );
      from = close + PART_CLOSE.length;
    }
  if (pieces.length === 0) return { bytes: Buffer.from(html) };
  pieces.push(html.slice(from));
  const buffers: Buffer[] = [];
  const shared: SharedPart[] = [];
  let length = 0;
  for (const piece of pieces) {
    const buffer = typeof piece === 'string' ? Buffer.from(piece) : piece;
    if (typeof piece !== 'string') shared.push({ start: length, bytes: piece });
    buffers.push(buffer);
    length += buffer.length;
  }
  return { bytes: Buffer.concat(buffers, length), shared };
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
