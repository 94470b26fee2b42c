/*
 * Readers' clips (issue 68 item 2): a box of a public page cut out with a footer (masthead,
 * edition, date, page), stored in the media storage as a JPEG and shown at /epaper/clips/{id}
 * for anyone to open and share. A reader, and an address, cut at most EPAPER_CLIPS_PER_HOUR an
 * hour; each other reader's first opening is counted; editors remove a clip.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CacheTags } from '../../../common/cache-tags';
import {
  EPAPER_CLIPS_PER_HOUR,
  epaperClipKey,
  epaperClipPath,
  epaperKeys,
  epaperPath,
} from '../../../common/epaper';
import {
  cappedBox,
  EPAPER_CLIP_SHARE_DEFAULT,
  epaperWall,
  isFreePage,
  NO_REACH,
} from '../../../common/epaper-access';
import type {
  EpaperClip,
  EpaperClipInput,
  EpaperClipMade,
} from '../../../common/schemas/epaper-zones';
import { requireRole, type Actor } from '../../lib/actor';
import { notFound, tooManyRequests } from '../../lib/errors';
import { keptSecret } from '../../lib/tokens';
import { mediaUrl } from '../media/media-urls';
import { makeClip } from './epaper-clip-image';
import { clipFooterWords } from './epaper-footer';
import {
  clipCountsByEdition,
  clipsSince,
  countOpen,
  deleteClip,
  findClip,
  insertClip,
  publicPage,
} from './epaper-clips-repository';
import type { EpaperDeps } from './epaper-deps';
import { dayOf } from './epaper-access';

const HOUR_MS = 3_600_000;
type Page = NonNullable<Awaited<ReturnType<typeof publicPage>>>;
/** Who asks: a signed-in reader, and the address the request came from. */
export interface ClipAsker {
  actor: Actor | null;
  ip: string;
}
/**
 * An address as clips remember it: an HMAC under a secret kept in the database (the same in
 * every process), never the address itself, nor a plain hash that trying every IPv4 address
 * would reverse.
 */
function addressKeys(db: EpaperDeps['db']) {
  let secret: Promise<string> | undefined;
  return async (ip: string) => {
    secret ??= keptSecret(db, 'epaper-clip-addresses', () =>
      randomBytes(32).toString('base64url'),
    ).catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return `a:${createHmac('sha256', await secret)
      .update(ip)
      .digest('hex')
      .slice(0, 32)}`;
  };
}

const clipView = (row: NonNullable<Awaited<ReturnType<typeof findClip>>>): EpaperClip => ({
  id: row.id,
  url: epaperClipPath(row.id),
  image: mediaUrl(epaperClipKey(row.id)),
  width: row.width,
  height: row.height,
  issueId: row.issueId,
  edition: { _id: row.editionId, slug: row.slug, names: row.names },
  date: row.date,
  page: row.number,
  pagePath: epaperPath(row.slug, row.date, row.number),
  opens: row.opens,
  createdAt: row.createdAt.toISOString(),
});

/** The box of the page cut out with its footer, in this process's own folder (removed after). */
async function cutClip(deps: EpaperDeps, page: Page, box: EpaperClipInput['box']) {
  const pdf = await deps.storage.get(epaperKeys(page.hash).pdf);
  if (!pdf) throw notFound('epaper.page_not_found');
  const dir = join(deps.workDir, `${process.pid}-clip-${randomBytes(6).toString('hex')}`);
  await mkdir(dir, { recursive: true });
  try {
    await writeFile(join(dir, 'page.pdf'), pdf.data);
    return await makeClip(deps.tools, {
      pdf: join(dir, 'page.pdf'),
      page,
      box,
      footer: clipFooterWords((await deps.site?.()) ?? { name: 'Patrika', language: 'en' }, page),
      workDir: deps.workDir,
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Refuses a reader or an address past its clips of the hour (429 `epaper.clip_limit`). */
async function refuseOverLimit(
  { db, clock }: EpaperDeps,
  addressKey: (ip: string) => Promise<string>,
  asker: ClipAsker,
) {
  const since = new Date(clock.now().getTime() - HOUR_MS);
  const counts = await Promise.all([
    clipsSince(db, { maker: await addressKey(asker.ip) }, since),
    asker.actor ? clipsSince(db, { makerId: asker.actor.id }, since) : 0,
  ]);
  if (counts.some((n) => n >= EPAPER_CLIPS_PER_HOUR))
    throw tooManyRequests('epaper.clip_limit', { maximum: EPAPER_CLIPS_PER_HOUR });
}

/** A clip's image stored, then its row and event; the image removed again if the row fails. */
async function keepClip(
  deps: EpaperDeps,
  addressKey: ReturnType<typeof addressKeys>,
  {
    asker,
    page,
    box,
    clip,
  }: {
    asker: ClipAsker;
    page: Page;
    box: EpaperClipInput['box'];
    clip: Awaited<ReturnType<typeof cutClip>>;
  },
): Promise<string> {
  const { outbox, storage } = deps;
  const id = randomUUID();
  await storage.put(epaperClipKey(id), clip.jpeg, 'image/jpeg');
  try {
    await outbox.transaction(async (tx, record) => {
      await insertClip(tx, {
        id,
        pageId: page.pageId,
        ...box,
        width: clip.width,
        height: clip.height,
        bytes: clip.jpeg.length,
        makerId: asker.actor?.id ?? null,
        maker: await addressKey(asker.ip),
      });
      record({
        type: 'epaper.clip',
        subject: { kind: 'epaper-clip', id },
        data: {
          change: 'made',
          page: page.pageId,
          issue: page.issueId,
          edition: page.editionId,
        },
      });
    });
  } catch (error) {
    // Nothing half-made: the image goes again when its row could not be written.
    await storage.remove(epaperClipKey(id)).catch(() => {});
    throw error;
  }
  return id;
}

export function epaperClips(deps: EpaperDeps) {
  const { db, clock, outbox, storage } = deps;
  const addressKey = addressKeys(db);

  const checkLimit = (asker: ClipAsker) => refuseOverLimit(deps, addressKey, asker);
  /**
   * The box cut: whole on a page free to the asker, else at most the clip share of the page
   * (issue 68 item 2: a clip is no way round the paid edition's wall).
   */
  const boxFor = async (asker: ClipAsker, page: Page, box: EpaperClipInput['box']) => {
    if (isFreePage(page.editionEpaper, page.number)) return box;
    const reach = deps.readers ? await deps.readers.reachOf(asker.actor) : NO_REACH;
    const wall = epaperWall(page.editionEpaper, reach, page.date, dayOf(clock.now()));
    return wall ? cappedBox(box, deps.paid?.clipShare ?? EPAPER_CLIP_SHARE_DEFAULT) : box;
  };

  return {
    async makeClip(asker: ClipAsker, input: EpaperClipInput): Promise<EpaperClipMade> {
      const page = await publicPage(db, input.pageId, clock.now());
      if (!page) throw notFound('epaper.page_not_found');
      await checkLimit(asker);
      const box = await boxFor(asker, page, input.box);
      const clip = await cutClip(deps, page, box);
      const id = await keepClip(deps, addressKey, { asker, page, box, clip });
      const made = { width: clip.width, height: clip.height };
      return { id, url: epaperClipPath(id), image: mediaUrl(epaperClipKey(id)), ...made };
    },

    /** A clip while its issue is public (its page and `GET /api/epaper/clips/{id}`). */
    async clip(id: string): Promise<EpaperClip | undefined> {
      const row = await findClip(db, id, clock.now());
      return row && clipView(row);
    },

    /** Another reader opened the clip: counted once per reader (the maker's own not at all). */
    async openClip(asker: ClipAsker, id: string) {
      const row = await findClip(db, id, clock.now());
      if (!row) throw notFound('epaper.clip_not_found');
      const address = await addressKey(asker.ip);
      // The maker: the same account, or (signed out) the same address.
      const own = asker.actor ? row.makerId === asker.actor.id : row.maker === address;
      if (own) return { counted: false };
      const reader = asker.actor ? `u:${asker.actor.id}` : address;
      return { counted: await countOpen(db, id, reader) };
    },

    /** Clips cut and opened in [from, to), per edition: the analytics' e-paper report asks. */
    clipCounts: (q: { from: Date; to: Date; editionId?: string | undefined }) =>
      clipCountsByEdition(db, q),

    /** An editor removes a clip: its page and image go. */
    async removeClip(actor: Actor | null, id: string) {
      requireRole(actor, 'editor');
      const row = await findClip(db, id, null);
      if (!row) throw notFound('epaper.clip_not_found');
      await outbox.transaction(async (tx, record) => {
        await deleteClip(tx, id);
        record({
          type: 'epaper.clip',
          subject: { kind: 'epaper-clip', id },
          data: { change: 'removed', page: row.pageId, issue: row.issueId },
          cache: { drop: [CacheTags.epaperClip(id)], urls: [epaperClipPath(id)] },
        });
      });
      await storage.remove(epaperClipKey(id));
      return { message: 'Clip removed.' };
    },
  };
}
