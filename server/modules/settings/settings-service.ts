import { CacheTags } from '../../../common/cache-tags';
import {
  HOME_SECTIONS_SETTING,
  resolveSettings,
  secondFactorRequired,
  SiteSettingsSchema,
  type SiteSettings,
} from '../../../common/settings';
import type { Db } from '../../../db/client';
import { requireRole, type Actor } from '../../lib/actor';
import { fieldError } from '../../lib/errors';
import type { EventDraft, Outbox } from '../../events/outbox';
import { UNKEPT, type KeptValues } from '../../caching/kept-values';
import { readSettingsRow, writeSettingsRow } from './settings-repository';

/**
 * Settings changed: every page shows them (name, header, contact, home sections), so every kept
 * answer that showed them is refreshed; the event names the keys that changed, never values
 * (a key may be a secret).
 */
const settingsUpdated = (keys: string[], by: string | null = null): EventDraft => ({
  type: 'settings.updated',
  subject: { kind: 'settings', id: 'site' },
  // `by`: the administrator who changed them (the audit trail's actor), null for a follow-on.
  data: { keys, by },
  cache: { stale: [CacheTags.settings], urls: ['/'] },
});

/** The kept settings' key (caching/kept-values.ts). */
const KEPT_SETTINGS = 'settings';

export const SettingsUpdateSchema = SiteSettingsSchema.partial();
export type SettingsUpdate = Partial<SiteSettings>;

export function createSettingsService(deps: {
  db: Db;
  /** Which of these slugs name a category (the categories service). */
  categories: { existingSlugs(slugs: string[]): Promise<string[]> };
  /** Writes run through it, with the events that say what they changed (server/events). */
  outbox: Outbox;
  /** Where the settings are kept between changes (caching/kept-values.ts); none: read each time. */
  kept?: Pick<KeptValues, 'get'>;
}) {
  const { db, categories, outbox, kept = UNKEPT } = deps;
  /** The interface language last read: what a page says while the database is away. */
  let lastLanguage: SiteSettings['uiLanguage'] | undefined;
  /** The stored row, validated, read now. */
  const read = async (): Promise<SiteSettings> => {
    const settings = resolveSettings(await readSettingsRow(db));
    lastLanguage = settings.uiLanguage;
    return settings;
  };
  return {
    /**
     * Every setting is shown on public pages, so all of them are the public view. Kept until a
     * settings event (from any process) says they changed: every render reads them, and one
     * read and validation per change is enough. Shared, so frozen: callers copy to change it.
     */
    get: (): Promise<SiteSettings> => kept.get(KEPT_SETTINGS, [CacheTags.settings], read),

    /**
     * A value made from the settings (`make`), kept as the settings are, under its own `name`:
     * for work on every answer, such as the security headers' ad sources, which must not even
     * ask for the settings once a value is made (a kept page is answered without a read).
     */
    derived: <T>(name: string, make: (settings: SiteSettings) => T): Promise<T> =>
      kept.get(`${KEPT_SETTINGS}:${name}`, [CacheTags.settings], async () => make(await read())),

    /** The stored row read now, not kept: what the API answers, and what a write starts from. */
    fresh: read,

    /** The interface language as last read (English before any read). */
    lastKnownLanguage: (): SiteSettings['uiLanguage'] => lastLanguage ?? 'en',

    /** The settings that name the category with `slug`; the categories module asks before a delete. */
    async naming(categorySlug: string): Promise<(keyof SiteSettings)[]> {
      const { homeSectionSlugs } = await read();
      return homeSectionSlugs.includes(categorySlug) ? [HOME_SECTIONS_SETTING] : [];
    },

    /** A category's slug changed (an editor's rename): home sections that named it follow. */
    async categoryMoved(formerSlug: string, slug: string): Promise<void> {
      const current = await read();
      if (!current.homeSectionSlugs.includes(formerSlug)) return;
      const homeSectionSlugs = current.homeSectionSlugs.map((s) => (s === formerSlug ? slug : s));
      await outbox.transaction(async (tx, record) => {
        await writeSettingsRow(tx, { ...current, homeSectionSlugs });
        record(settingsUpdated([HOME_SECTIONS_SETTING]));
      });
    },

    /** Administrator only; a partial body changes only the keys it names. */
    async update(actor: Actor | null, changes: SettingsUpdate): Promise<SiteSettings> {
      const a = requireRole(actor, 'administrator');
      const current = await read();
      const next = SiteSettingsSchema.parse({ ...current, ...changes });
      // Requiring a second factor of one's own role without having one would lock the
      // administrator out of every write, this setting's included (issue 40 item 3).
      if (
        next.twoFactorRequired !== current.twoFactorRequired &&
        secondFactorRequired(next.twoFactorRequired, a.role) &&
        !a.secondFactor
      )
        throw fieldError('body.twoFactorRequired', 'settings.second_factor_first');
      if (changes.homeSectionSlugs?.length) {
        const found = new Set(await categories.existingSlugs(changes.homeSectionSlugs));
        const missing = changes.homeSectionSlugs.filter((s) => !found.has(s));
        if (missing.length > 0) {
          throw fieldError('body.homeSectionSlugs', 'settings.category_unknown', {
            slugs: missing,
          });
        }
      }
      const keys = (Object.keys(next) as (keyof SiteSettings)[]).filter(
        (key) => JSON.stringify(next[key]) !== JSON.stringify(current[key]),
      );
      await outbox.transaction(async (tx, record) => {
        await writeSettingsRow(tx, next);
        if (keys.length > 0) record(settingsUpdated(keys, a.id));
      });
      return next;
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
