import { CacheTags } from '../../../common/cache-tags';
import {
  DEFAULT_SETTINGS,
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
import { readSealed, readSettingsRow, writeSettingsRow } from './settings-repository';
import type { z } from 'zod';
import { OidcSettingsUpdateSchema, type OidcSettings } from '../../../common/schemas/sso';

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

/**
 * The settings written whole outside this service (a site archive read in): every key may have
 * changed, so every process drops what it kept and every kept page is refreshed.
 */
export const settingsReplaced = (): EventDraft => settingsUpdated(Object.keys(DEFAULT_SETTINGS));

/** The kept settings' key (caching/kept-values.ts). */
const KEPT_SETTINGS = 'settings';

/** A change names only the keys it changes; single sign-on's secret is given, never read. */
export const SettingsUpdateSchema = SiteSettingsSchema.partial().extend({
  oidc: OidcSettingsUpdateSchema.optional(),
});
export type SettingsUpdate = z.infer<typeof SettingsUpdateSchema>;

/** Where single sign-on's client secret is kept, sealed, beside the settings. */
export const OIDC_SECRET = 'oidcClientSecret';

/**
 * What a change of single sign-on is checked with (the sso module, given by the composition
 * root): the box that seals its secret, and a discovery of the issuer with it.
 */
export interface OidcCheck {
  box: { seal(plain: string): string; open(sealed: string): string | undefined } | undefined;
  /** Refuses (with the settings' code) an issuer that cannot be used with this client. */
  check(oidc: OidcSettings, secret: string): Promise<void>;
}

export function createSettingsService(deps: {
  db: Db;
  /** Which of these slugs name a category (the categories service). */
  categories: { existingSlugs(slugs: string[]): Promise<string[]> };
  /** Writes run through it, with the events that say what they changed (server/events). */
  outbox: Outbox;
  /** Where the settings are kept between changes (caching/kept-values.ts); none: read each time. */
  kept?: Pick<KeptValues, 'get'>;
  /** Single sign-on's secret and issuer check; left out, single sign-on cannot be set up. */
  oidc?: () => OidcCheck;
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

    /** Single sign-on's client secret, opened; undefined when none is kept or it cannot be. */
    async oidcSecret(): Promise<string | undefined> {
      const sealed = await readSealed(db, OIDC_SECRET);
      return sealed ? deps.oidc?.().box?.open(sealed) : undefined;
    },

    /** Administrator only; a partial body changes only the keys it names. */
    async update(actor: Actor | null, changes: SettingsUpdate): Promise<SiteSettings> {
      const a = requireRole(actor, 'administrator');
      const current = await read();
      const { oidc: oidcChange, ...rest } = changes;
      const { clientSecret, ...oidcRest } = oidcChange ?? {};
      const next = SiteSettingsSchema.parse({
        ...current,
        ...rest,
        oidc: { ...current.oidc, ...oidcRest, clientSecretSet: current.oidc.clientSecretSet },
      });
      const sealed = await checkOidc(db, deps.oidc, next, current, clientSecret);
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
        await writeSettingsRow(tx, next, sealed ? { [OIDC_SECRET]: sealed } : {});
        if (keys.length > 0 || sealed) record(settingsUpdated(keys, a.id));
      });
      return next;
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;

/**
 * A change of single sign-on checked before it is kept: a new secret sealed (none can be
 * without a box), and an issuer that will be used (on, and its issuer, client or secret
 * changed) discovered with the client, so a wrong address is refused now, not at sign-in.
 * Answers the sealed new secret; sets `clientSecretSet` on `next`.
 */
async function checkOidc(
  db: Db,
  oidcOf: (() => OidcCheck) | undefined,
  next: SiteSettings,
  current: SiteSettings,
  secret: string | undefined,
): Promise<string | undefined> {
  const oidc = oidcOf?.();
  let sealed: string | undefined;
  if (secret) {
    if (!oidc?.box) throw fieldError('body.oidc.clientSecret', 'settings.secrets_key_missing');
    sealed = oidc.box.seal(secret);
    next.oidc.clientSecretSet = true;
  }
  const o = next.oidc;
  if (o.issuer === '') return sealed;
  if (!o.clientId || !o.label || !o.clientSecretSet || !oidc)
    throw fieldError('body.oidc', 'settings.oidc_incomplete');
  const was = current.oidc;
  if (!sealed && o.issuer === was.issuer && o.clientId === was.clientId) return sealed;
  const plain = secret ?? (await readSealed(db, OIDC_SECRET).then((s) => s && oidc.box?.open(s)));
  if (!plain) throw fieldError('body.oidc.clientSecret', 'settings.oidc_incomplete');
  await oidc.check(o, plain);
  return sealed;
}
