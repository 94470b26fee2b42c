/*
 * Stories on the page (issue 68 item 1): the desk draws boxes on a page (story, ad, photo) and
 * may link a story's box to its web story or correct its text; readers tap a box for its story,
 * or for the text read in it. A story linked to a box says where it was printed ("In print").
 * Each change refreshes the issue's kept pages and the linked stories' pages.
 */
import { CacheTags } from '../../../common/cache-tags';
import { EPAPER_MAX_ZONES, epaperPath } from '../../../common/epaper';
import { articlePath } from '../../../common/paths';
import type {
  EpaperInPrint,
  EpaperReaderZone,
  EpaperZone,
  EpaperZoneInput,
} from '../../../common/schemas/epaper-zones';
import type { EventDraft } from '../../events/outbox';
import type { Actor } from '../../lib/actor';
import { badRequest, notFound } from '../../lib/errors';
import type { EpaperDeps } from './epaper-deps';
import type { EpaperDesk } from './epaper-desk';
import { hideNumbers, textInBox } from './epaper-zone-text';
import {
  countZones,
  deleteZone,
  findPage,
  findZone,
  insertZone,
  printsOf,
  readerZonesOf,
  storyExists,
  updateZone,
  zonesOfPage,
  type ZoneRow,
} from './epaper-zones-repository';

export const zoneView = (row: ZoneRow): EpaperZone => ({
  _id: row.id,
  pageId: row.pageId,
  box: { x: row.x, y: row.y, w: row.w, h: row.h },
  kind: row.kind,
  storyId: row.storyId,
  text: row.text,
  updatedAt: row.updatedAt.toISOString(),
});

function zoneChanged(
  page: { id: string; issueId: string },
  change: string,
  stories: (string | null | undefined)[],
): EventDraft {
  const linked = [...new Set(stories.filter((s): s is string => !!s))];
  return {
    type: 'epaper.zone',
    subject: { kind: 'epaper-page', id: page.id },
    data: { issue: page.issueId, change, stories: linked },
    cache: {
      stale: [CacheTags.epaperIssue(page.issueId), ...linked.map((s) => CacheTags.article(s))],
    },
  };
}

export function epaperZones(deps: EpaperDeps, desk: EpaperDesk) {
  const { db, clock, outbox } = deps;

  /** The page for a desk's call: 404 unless it exists; its issue's desk checks apply. */
  async function deskPage(actor: Actor | null, pageId: string) {
    const page = await findPage(db, pageId);
    if (!page) throw notFound('epaper.page_not_found');
    await desk.deskIssue(actor, page.issueId);
    return page;
  }

  async function checkStory(storyId: string | null | undefined) {
    if (storyId && !(await storyExists(db, storyId))) throw badRequest('epaper.story_unknown');
  }

  return {
    async zones(actor: Actor | null, pageId: string) {
      await deskPage(actor, pageId);
      return { zones: (await zonesOfPage(db, pageId)).map(zoneView) };
    },

    async addZone(actor: Actor | null, pageId: string, input: EpaperZoneInput) {
      const page = await deskPage(actor, pageId);
      await checkStory(input.storyId);
      const row = await outbox.transaction(async (tx, record) => {
        if ((await countZones(tx, pageId)) >= EPAPER_MAX_ZONES)
          throw badRequest('epaper.too_many_zones', { maximum: EPAPER_MAX_ZONES });
        const made = await insertZone(tx, {
          pageId,
          ...input.box,
          kind: input.kind,
          storyId: input.storyId ?? null,
          text: input.text || null,
        });
        record(zoneChanged(page, 'added', [made.storyId]));
        return made;
      });
      return zoneView(row);
    },

    async changeZone(actor: Actor | null, pageId: string, zoneId: string, input: EpaperZoneInput) {
      const page = await deskPage(actor, pageId);
      await checkStory(input.storyId);
      const row = await outbox.transaction(async (tx, record) => {
        const before = await findZone(tx, pageId, zoneId);
        if (!before) throw notFound('epaper.zone_not_found');
        const set: Partial<ZoneRow> = { ...input.box, kind: input.kind, updatedAt: clock.now() };
        if (input.storyId !== undefined) set.storyId = input.storyId;
        if (input.text !== undefined) set.text = input.text || null;
        const after = (await updateZone(tx, zoneId, set))!;
        record(zoneChanged(page, 'changed', [before.storyId, after.storyId]));
        return after;
      });
      return zoneView(row);
    },

    async removeZone(actor: Actor | null, pageId: string, zoneId: string) {
      const page = await deskPage(actor, pageId);
      await outbox.transaction(async (tx, record) => {
        const before = await findZone(tx, pageId, zoneId);
        if (!before) throw notFound('epaper.zone_not_found');
        await deleteZone(tx, zoneId);
        record(zoneChanged(page, 'removed', [before.storyId]));
      });
      return { message: 'Box removed.' };
    },
  };
}

/** What readers get of the boxes, and where a story was printed. */
export function epaperZoneReads(deps: Pick<EpaperDeps, 'db' | 'clock'>) {
  const { db, clock } = deps;
  return {
    /** A public issue's page's boxes as readers see them (the reader's page asks, in process). */
    async readerZones(issueId: string, number: number): Promise<EpaperReaderZone[]> {
      const found = await readerZonesOf(db, issueId, number, clock.now());
      if (!found) return [];
      const { page, zones, stories } = found;
      const byId = new Map(stories.map((s) => [s.id, s]));
      return zones.map((z) => {
        const story = z.storyId ? byId.get(z.storyId) : undefined;
        const box = { x: z.x, y: z.y, w: z.w, h: z.h };
        const read =
          page.words && page.width && page.height
            ? textInBox(page.words, box, page.width, page.height)
            : '';
        return {
          _id: z.id,
          box,
          kind: z.kind,
          story: story ? { path: articlePath(story), title: story.name } : null,
          text: z.text ?? (read ? hideNumbers(read) : null),
          corrected: z.text !== null,
        };
      });
    },

    /** Where a story was printed: the public issues' pages whose boxes link it. */
    async inPrint(storyId: string): Promise<EpaperInPrint[]> {
      const rows = await printsOf(db, storyId, clock.now());
      return rows.map((r) => ({
        issueId: r.issueId,
        edition: { _id: r.editionId, slug: r.slug, names: r.names },
        date: r.date,
        page: r.page,
        path: epaperPath(r.slug, r.date, r.page),
      }));
    },
  };
}
