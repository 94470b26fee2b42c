import { CacheTags } from '../../../common/cache-tags';
import {
  HOME_SECTIONS_SETTING,
  resolveSettings,
  SiteSettingsSchema,
  type SiteSettings,
} from '../../../common/settings';
import type { Db } from '../../../db/client';
import { requireRole, type Actor } from '../../lib/actor';
import { fieldError } from '../../lib/errors';
import type { EventDraft, Outbox } from '../../events/outbox';
import { readSettingsRow, writeSettingsRow } from './settings-repository';

/**
 * Settings changed: every page shows them (name, header, contact, home sections), so every kept
 * answer that showed them is refreshed; the event names the keys that changed, never values
 * (a key may be a secret).
 */
const settingsUpdated = (keys: string[]): EventDraft => ({
  type: 'settings.updated',
  subject: { kind: 'settings', id: 'site' },
  data: { keys },
  cache: { stale: [CacheTags.settings], urls: ['/'] },
});

export const SettingsUpdateSchema = SiteSettingsSchema.partial();
export type SettingsUpdate = Partial<SiteSettings>;

export function createSettingsService(deps: {
  db: Db;
  /** Which of these slugs name a category (the categories service). */
  categories: { existingSlugs(slugs: string[]): Promise<string[]> };
  /** Writes run through it, with the events that say what they changed (server/events). */
  outbox: Outbox;
}) {
  const { db, categories, outbox } = deps;
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
      await outbox.transaction(async (tx, record) => {
        await writeSettingsRow(tx, { ...current, homeSectionSlugs });
        record(settingsUpdated([HOME_SECTIONS_SETTING]));
      });
    },

    /** Administrator only; a partial body changes only the keys it names. */
    async update(actor: Actor | null, changes: SettingsUpdate): Promise<SiteSettings> {
      requireRole(actor, 'administrator');
      const current = await this.get();
      const next = SiteSettingsSchema.parse({ ...current, ...changes });
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
        if (keys.length > 0) record(settingsUpdated(keys));
      });
      return next;
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
