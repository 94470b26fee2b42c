/*
 * Parts of reading pages that many pages share, rendered once and kept as bytes
 * (docs/decisions/027, "fifth pass"): the header and the footer are the same on every article
 * page, yet were a tenth of an uncached article's CPU to render and compress again. A part is
 * kept under an id its owner makes of everything it is rendered from (public-header.tsx,
 * public-footer.tsx), so a change to any of it is a new id and a new render: a kept part is
 * never out of date, it only ages out. The server compresses each kept part once and splices
 * it into the gzip of every page that has it (server/lib/page-cache.ts).
 */
import { createContext, createElement, useContext, type ReactNode } from 'react';
import { KEPT_PART_ELEMENT, type KeptPartUse } from '../common/document-bytes';

/** The kept parts of one render: given by entry.server.tsx on reading pages only. */
export interface KeptPartsOfRender {
  /** The part's number in this render, and whether its bytes are kept already. */
  use(id: string): { n: number; kept: boolean };
  /** What the render met, by number, for common/document-bytes.ts `documentBytes`. */
  readonly uses: readonly KeptPartUse[];
}

export const KeptParts = createContext<KeptPartsOfRender | undefined>(undefined);

/** Parts kept in this process, by id. A few dozen ids at most are live (see the owners). */
const kept = new Map<string, Buffer>();
const KEPT_MAX = 64;

/**
 * A kept part's id: `prefix` (short: the language, the marked links) and `value` as JSON, made
 * once per object and prefix. The settings and category lists a page renders from are the
 * process's kept copies (server/http.ts `pageServices`), shared by every render and never
 * changed (a change is a new object), so each is written out once, and the same id string is
 * looked up each time (V8 keeps a string's hash in it: a new one would be hashed whole again).
 */
export function idOf(prefix: string, value: object): string {
  let byPrefix = ids.get(value);
  if (!byPrefix) ids.set(value, (byPrefix = new Map()));
  let id = byPrefix.get(prefix);
  if (id === undefined) byPrefix.set(prefix, (id = `${prefix} ${JSON.stringify(value)}`));
  return id;
}
const ids = new WeakMap<object, Map<string, string>>();

/** The kept parts of one render, over the process's store. */
export function keptPartsOfRender(): KeptPartsOfRender {
  const uses: KeptPartUse[] = [];
  return {
    uses,
    use(id) {
      const bytes = kept.get(id);
      const n = uses.length;
      if (bytes) {
        uses.push({ bytes });
        return { n, kept: true };
      }
      uses.push({
        keep(rendered) {
          // The oldest goes first: ids made of old settings are never asked for again.
          if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value!);
          kept.set(id, rendered);
          return rendered;
        },
      });
      return { n, kept: false };
    },
  };
}

/**
 * `children`, rendered once per `id` in this process and kept: later renders write an empty
 * wrapper the kept bytes replace. `id` must be made of everything `children` are rendered from;
 * null renders them as they are (a signed-in reader's header, say). Outside a reading page's
 * render (an app page, the browser) it renders `children` alone.
 */
export function KeptPart({ id, children }: { id: string | null; children: ReactNode }) {
  const parts = useContext(KeptParts);
  if (!parts || id === null) return children;
  const { n, kept } = parts.use(id);
  return createElement(KEPT_PART_ELEMENT, { 'data-part': n }, kept ? null : children);
}
