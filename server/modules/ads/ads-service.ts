import {
  type AdCreative,
  type AdCreativeInput,
  type AdPosition,
} from '../../../common/schemas/ads';
import type { SiteSettings } from '../../../common/settings';
import type { Db } from '../../../db/client';
import { requireRole, type Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { fieldError, notFound } from '../../lib/errors';
import { mediaUrl } from '../media/media-urls';
import { createAdCounts, utcDay } from './ad-counts';
import { createAdSlots, type AdEditions, type KeptSlots } from './ad-slots';
import {
  countsSince,
  creativeById,
  creativeLink,
  deleteCreative,
  imageExists,
  insertCreative,
  listCreatives,
  updateCreative,
  type CreativeRow,
  type CreativeValues,
} from './ads-repository';

const view = (row: CreativeRow): AdCreative => ({
  _id: row.id,
  name: row.name,
  imageId: row.imageId,
  imageUrl: mediaUrl(row.storageKey),
  width: row.width,
  height: row.height,
  link: row.link,
  alt: row.alt,
  positions: row.positions as AdPosition[],
  weight: row.weight,
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
  editions: row.editions,
  createdAt: row.createdAt.toISOString(),
  impressions: row.impressions,
  clicks: row.clicks,
});

const valuesOf = (input: AdCreativeInput): CreativeValues => ({
  name: input.name,
  imageId: input.imageId,
  link: input.link,
  alt: input.alt,
  positions: [...new Set(input.positions)],
  weight: input.weight,
  startsAt: input.startsAt ? new Date(input.startsAt) : null,
  endsAt: input.endsAt ? new Date(input.endsAt) : null,
  editions: [...new Set(input.editions ?? [])].sort(),
});

/**
 * House ads (issue 39 item 1, docs/decisions/058): creatives editors manage, the active ones a
 * page's ads script picks from after load, and their counts (ad-counts.ts; written before the
 * list is read).
 */
export function createAdsService(deps: {
  db: Db;
  clock: Clock;
  settings: { get(): Promise<SiteSettings> };
  /** The editions module: a creative's editions are checked, a slot's edition slug found. */
  editions: AdEditions;
}) {
  const { db, clock, settings, editions } = deps;
  const counts = createAdCounts({ db, clock });
  const { flush } = counts;
  const kept = new Map<string, KeptSlots>();
  const checked = async (input: AdCreativeInput) => {
    if (!(await imageExists(db, input.imageId)))
      throw fieldError('body.imageId', 'ads.image_unknown');
    for (const id of input.editions ?? [])
      if ((await editions.pathOf(id)).length === 0)
        throw fieldError('body.editions', 'edition.unknown', { id });
    return valuesOf(input);
  };
  const changed = () => kept.clear();
  const editor = (actor: Actor | null) => requireRole(actor, 'editor', 'ads.forbidden');

  return {
    async list(actor: Actor | null): Promise<AdCreative[]> {
      editor(actor);
      await flush();
      return (await listCreatives(db)).map(view);
    },

    /** One house ad with its counts (issue 72 item 2: the creatives' GET by id). */
    async one(actor: Actor | null, id: string): Promise<AdCreative> {
      editor(actor);
      await flush();
      const row = await creativeById(db, id);
      if (!row) throw notFound('ads.not_found');
      return view(row);
    },

    async create(actor: Actor | null, input: AdCreativeInput): Promise<AdCreative> {
      const by = editor(actor);
      const id = await insertCreative(db, { ...(await checked(input)), createdBy: by.id });
      changed();
      const row = await creativeById(db, id);
      if (!row) throw notFound('ads.not_found');
      return view(row);
    },

    async update(actor: Actor | null, id: string, input: AdCreativeInput): Promise<AdCreative> {
      editor(actor);
      if (!(await updateCreative(db, id, await checked(input)))) throw notFound('ads.not_found');
      changed();
      await flush();
      const row = await creativeById(db, id);
      if (!row) throw notFound('ads.not_found');
      return view(row);
    },

    async remove(actor: Actor | null, id: string): Promise<void> {
      editor(actor);
      if (!(await deleteCreative(db, id))) throw notFound('ads.not_found');
      changed();
    },

    slots: createAdSlots({ db, clock, settings, kept, editions }),

    /** A page showed these creatives (its beacon). Unknown ids are dropped at the write. */
    async impressions(ids: string[], address: string): Promise<void> {
      for (const id of new Set(ids)) await counts.count(id, 'impressions', address);
    },

    /** A reader clicked a creative: where to send them, counted; undefined for none. */
    async click(id: string, address: string): Promise<string | undefined> {
      const link = await creativeLink(db, id);
      if (link) await counts.count(id, 'clicks', address);
      return link;
    },

    /** Impressions and clicks of the last 30 days (UTC), for the dashboard. */
    async lastMonth(actor: Actor | null) {
      editor(actor);
      await flush();
      return countsSince(db, utcDay(new Date(clock.now().getTime() - 29 * 86_400_000)));
    },

    start: counts.start,
    flush,
  };
}
export type AdsService = ReturnType<typeof createAdsService>;
