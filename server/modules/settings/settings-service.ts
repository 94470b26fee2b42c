import { CacheTags, type CacheChange } from '../../../common/cache-tags';
import {
  HOME_SECTIONS_SETTING,
  resolveSettings,
  SiteSettingsSchema,
  type SiteSettings,
} from '../../../common/settings';
import type { Db } from '../../../db/client';
import { requireRole, type Actor } from '../../lib/actor';
import { fieldError } from '../../lib/errors';
import { readSettingsRow, writeSettingsRow } from './settings-repository';

export const SettingsUpdateSchema = SiteSettingsSchema.partial();
export type SettingsUpdate = Partial<SiteSettings>;

export function createSettingsService(deps: {
  db: Db;
  /** Which of these slugs name a category (the categories service). */
  categories: { existingSlugs(slugs: string[]): Promise<string[]> };
  /** Tells every process's kept answers what a write touched (server/lib/change-notices.ts). */
  contentChanged?: (change?: CacheChange) => Promise<void>;
}) {
  const { db, categories } = deps;
  const changed = deps.contentChanged ?? (async () => {});
  /** The interface language last read: what a page says while the database is away. */
  let lastLanguage: SiteSettings['uiLanguage'] | undefined;
  return {
    /** Every setting is shown on public pages, so all of them are the public view. */
    async get(): Promise<SiteSettings> {
      const settings = resolveSettings(await readSettingsRow(db));
      lastLanguage = settings.uiLanguage;
      return settings;
    },

    /** The interface language as last read (English before any read). */
    lastKnownLanguage: (): SiteSettings['uiLanguage'] => lastLanguage ?? 'en',

    /** The settings that name the category with `slug`; the categories module asks before a delete. */
    async naming(categorySlug: string): Promise<(keyof SiteSettings)[]> {
      const { homeSectionSlugs } = await this.get();
      return homeSectionSlugs.includes(categorySlug) ? [HOME_SECTIONS_SETTING] : [];
    },

    /** A category's slug changed (an editor's rename): home sections that named it follow. */
    async categoryMoved(formerSlug: string, slug: string): Promise<void> {
      const current = await this.get();
      if (!current.homeSectionSlugs.includes(formerSlug)) return;
      const homeSectionSlugs = current.homeSectionSlugs.map((s) => (s === formerSlug ? slug : s));
      await writeSettingsRow(db, { ...current, homeSectionSlugs });
      await changed({ stale: [CacheTags.settings] });
    },

    /** Administrator only; a partial body changes only the keys it names. */
    async update(actor: Actor | null, changes: SettingsUpdate): Promise<SiteSettings> {
      requireRole(actor, 'administrator');
      const next = SiteSettingsSchema.parse({ ...(await this.get()), ...changes });
      if (changes.homeSectionSlugs?.length) {
        const found = new Set(await categories.existingSlugs(changes.homeSectionSlugs));
        const missing = changes.homeSectionSlugs.filter((s) => !found.has(s));
        if (missing.length > 0) {
          throw fieldError('body.homeSectionSlugs', 'settings.category_unknown', {
            slugs: missing,
          });
        }
      }
      await writeSettingsRow(db, next);
      await changed({ stale: [CacheTags.settings] });
      return next;
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
