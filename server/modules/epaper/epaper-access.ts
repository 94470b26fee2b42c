/*
 * The paid edition (issue 68 item 3, DECISIONS.md §31, docs/decisions/074): an edition's
 * walled pages are shown to readers as thumbnails and a wall in the page every reader of the
 * class gets; their views and tiles come only through addresses signed for one page (HMAC under
 * a secret kept in the database) that stop working within EPAPER_SIGNED_SECONDS, handed out by
 * a small per-reader call after load. The same files under /media/ answer 403.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  EPAPER_PUBLIC_KEY_PATTERN,
  EPAPER_TILE_OVERLAP,
  EPAPER_TILE_SIZE,
  epaperFolder,
} from '../../../common/epaper';
import {
  EPAPER_SIGNED_PREFIX,
  EPAPER_SIGNED_SECONDS,
  epaperWall,
  isFreePage,
  NO_REACH,
  type EpaperReach,
} from '../../../common/epaper-access';
import type { EpaperIssueAccess } from '../../../common/schemas/epaper';
import { isStaff } from '../../../common/roles';
import type { Actor } from '../../lib/actor';
import { forbidden, notFound } from '../../lib/errors';
import { keptSecret } from '../../lib/tokens';
import { isWalledFile, pageFile, publicIssueAccess } from './epaper-access-repository';
import type { EpaperDeps } from './epaper-deps';
import { pagesOf } from './epaper-repository';

/** What a signed address may name under a page's folder: its views and its tiles. */
const SIGNED_FILE = /^(view\.(webp|avif)|tiles_files\/\d{1,2}\/\d{1,4}_\d{1,4}\.webp)$/;
/** A key under /media/ that a wall may hold back: a view or a tile (never a thumbnail, a clip). */
const WALLABLE_KEY = /^epaper\/([0-9a-f]{64})\/(view\.(webp|avif)|tiles_files\/.+)$/;

/** The day of `now` as issues' dates write it (UTC). */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** A secret kept in the database (the same in every process), read once. */
export function keptKey(db: EpaperDeps['db'], name: string) {
  let secret: Promise<string> | undefined;
  return () =>
    (secret ??= keptSecret(db, name, () => randomBytes(32).toString('base64url')).catch(
      (error: unknown) => {
        secret = undefined;
        throw error;
      },
    ));
}

export function epaperAccess(deps: Pick<EpaperDeps, 'db' | 'clock' | 'storage' | 'readers'>) {
  const { db, clock, storage } = deps;
  const key = keptKey(db, 'epaper-signed-addresses');
  const reachOf = (actor: Actor | null): Promise<EpaperReach> =>
    deps.readers ? deps.readers.reachOf(actor) : Promise.resolve(NO_REACH);
  const signature = async (pageId: string, expires: number) =>
    createHmac('sha256', await key())
      .update(`${pageId}.${expires}`)
      .digest('base64url')
      .slice(0, 32);
  const signedBase = async (pageId: string, expires: number) =>
    `${EPAPER_SIGNED_PREFIX}/${pageId}/${expires}/${await signature(pageId, expires)}`;

  /** A public issue, and whether a reader may read its walled pages (null) or why not. */
  const wallFor = async (actor: Actor | null, issueId: string) => {
    const issue = await publicIssueAccess(db, issueId, clock.now());
    if (!issue) throw notFound('epaper.issue_not_found');
    const reach = await reachOf(actor);
    return { issue, wall: epaperWall(issue.editionEpaper, reach, issue.date, dayOf(clock.now())) };
  };

  return {
    reachOf,
    wallFor,

    /**
     * `GET /api/epaper/issues/{id}/access`: the reader's wall, or each walled page's view and
     * tiles at addresses signed until `expiresAt`.
     */
    async issueAccess(actor: Actor | null, issueId: string): Promise<EpaperIssueAccess> {
      const { issue, wall } = await wallFor(actor, issueId);
      const now = clock.now();
      const expires = Math.floor(now.getTime() / 1000) + EPAPER_SIGNED_SECONDS;
      const walled = wall
        ? []
        : (await pagesOf(db, [issue.id])).filter((p) => !isFreePage(issue.editionEpaper, p.number));
      const pages = await Promise.all(
        walled.map(async (p) => {
          const base = await signedBase(p.id, expires);
          return {
            number: p.number,
            view: p.viewsAt ? { webp: `${base}/view.webp`, avif: `${base}/view.avif` } : null,
            tiles:
              p.tilesAt && p.tileWidth && p.tileHeight
                ? {
                    url: `${base}/tiles_files`,
                    ...{ width: p.tileWidth, height: p.tileHeight },
                    ...{ tileSize: EPAPER_TILE_SIZE, overlap: EPAPER_TILE_OVERLAP },
                    format: 'webp' as const,
                  }
                : null,
          };
        }),
      );
      return {
        wall,
        expiresAt: new Date(expires * 1000).toISOString(),
        pages,
        download: !!actor && wall === null,
      };
    },

    /**
     * A signed address's file: refused (403) once its time is past, when its signature is not
     * ours, or when it names more than EPAPER_SIGNED_SECONDS ahead; answers the bytes and the
     * seconds it still works.
     */
    async signedFile(pageId: string, expires: string, sig: string, file: string) {
      const at = Number(expires);
      const now = clock.now().getTime() / 1000;
      const fresh = /^\d{1,12}$/.test(expires) && at >= now && at <= now + EPAPER_SIGNED_SECONDS;
      const wanted = Buffer.from(await signature(pageId, at));
      const given = Buffer.from(sig);
      if (!fresh || wanted.length !== given.length || !timingSafeEqual(wanted, given))
        throw forbidden('epaper.address_expired');
      if (!SIGNED_FILE.test(file)) throw notFound('media.file_not_found');
      const page = await pageFile(db, pageId);
      const stored = page && (await storage.get(`${epaperFolder(page.hash)}/${file}`));
      if (!stored) throw notFound('media.file_not_found');
      return { ...stored, seconds: Math.max(0, Math.floor(at - now)) };
    },

    /**
     * Whether /media/ holds a key back (403 `epaper.page_walled`): a view or tile of a file no
     * page prints free while a public issue prints it walled. Staff see every page (the desk).
     */
    async walledMedia(key: string, actorOf: () => Promise<Actor | null>): Promise<boolean> {
      const hash = WALLABLE_KEY.exec(key)?.[1];
      if (!hash || !EPAPER_PUBLIC_KEY_PATTERN.test(key)) return false;
      if (!(await isWalledFile(db, hash, clock.now()))) return false;
      const actor = await actorOf();
      return !actor || !isStaff(actor.role);
    },
  };
}
export type EpaperAccessService = ReturnType<typeof epaperAccess>;
