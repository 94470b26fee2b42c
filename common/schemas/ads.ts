/*
 * Ads that keep pages fast (issue 39 item 1, docs/decisions/058): the `ads` setting (a provider
 * and its slots, each with its sizes per breakpoint) and house ads (creatives an editor uploads,
 * counted without cookies).
 */
import { z } from 'zod';
import { says, issueSays } from '../refusals/schema-refusals';

/** Who fills the slots: nobody (no slot markup at all), house ads, Ad Manager or AdSense. */
export const AD_PROVIDERS = ['none', 'house', 'gam', 'adsense'] as const;
export type AdProvider = (typeof AD_PROVIDERS)[number];

/** Where a slot may stand on a reading page. `sticky-footer` shows on phones only. */
export const AD_POSITIONS = [
  'header',
  'in-article',
  'between-cards',
  'sidebar',
  'sticky-footer',
] as const;
export type AdPosition = (typeof AD_POSITIONS)[number];

/** The widest a creative or a breakpoint may be (px). */
const MAX_PX = 4000;
const px = (min: number) => z.number().int().min(min).max(MAX_PX);

/** One size of a slot: from `minWidth` (the viewport's, px) up, it reserves width × height. */
export const AdSizeSchema = z.object({ minWidth: px(0), width: px(1), height: px(1) });
export type AdSize = z.infer<typeof AdSizeSchema>;

export const AdSlotSchema = z.object({
  position: z.enum(AD_POSITIONS, says('ads.position_unknown')),
  /** `in-article`: after this paragraph (1 = after the first). */
  afterParagraph: z.number().int().min(1).max(100).optional(),
  /** `between-cards`: after every this many cards. */
  everyCards: z.number().int().min(1).max(50).optional(),
  sizes: z.array(AdSizeSchema).min(1).max(6),
});
export type AdSlot = z.infer<typeof AdSlotSchema>;

/**
 * The `ads` setting. `networkCode` (Ad Manager's) and `clientId` (AdSense's `ca-pub-…`) are
 * empty unless their provider is chosen. `hideForMembers`: pages made for members' entitlement
 * classes have no slots (issue 39 item 2, docs/decisions/060); the anonymous page keeps them.
 */
export const AdsSettingsSchema = z
  .object({
    provider: z.enum(AD_PROVIDERS),
    networkCode: z.string().trim().max(20).regex(/^\d*$/, says('settings.ads_network_code')),
    clientId: z
      .string()
      .trim()
      .max(40)
      .regex(/^(?:ca-pub-\d{6,20})?$/, says('settings.ads_client_id')),
    slots: z.array(AdSlotSchema).max(12),
    hideForMembers: z.boolean(),
  })
  .superRefine((ads, ctx) => {
    if (ads.provider === 'gam' && !ads.networkCode)
      ctx.addIssue({
        code: 'custom',
        path: ['networkCode'],
        ...issueSays('settings.ads_network_code'),
      });
    if (ads.provider === 'adsense' && !ads.clientId)
      ctx.addIssue({ code: 'custom', path: ['clientId'], ...issueSays('settings.ads_client_id') });
  });
export type AdsSettings = z.infer<typeof AdsSettingsSchema>;

export const DEFAULT_ADS: AdsSettings = {
  provider: 'none',
  networkCode: '',
  clientId: '',
  slots: [],
  hideForMembers: false,
};

/** ads.txt and app-ads.txt (IAB Tech Lab): plain text, a line per authorised seller. */
export const AdsTxtSchema = z.string().max(20_000);

/** The slots a page shows: none without a provider, whatever is configured. */
export const slotsShown = (ads: AdsSettings): AdSlot[] =>
  ads.provider === 'none' ? [] : ads.slots;

// House ads: creatives an editor uploads.

export const AD_NAME_MAX = 100;
export const AD_ALT_MAX = 200;

const isoDate = z.iso.datetime({ offset: true, ...says('ads.date_invalid') });

export const AdCreativeInputSchema = z
  .object({
    name: z
      .string(says('ads.name_required'))
      .trim()
      .min(1, says('ads.name_required'))
      .max(AD_NAME_MAX, says('ads.name_too_long', { maximum: AD_NAME_MAX })),
    /** An upload of the media library (its id). */
    imageId: z.uuid(says('ads.image_required')),
    link: z
      .string(says('ads.link_invalid'))
      .trim()
      .max(2000, says('ads.link_invalid'))
      .regex(/^https?:\/\/[^\s]+$/i, says('ads.link_invalid')),
    alt: z
      .string(says('ads.alt_required'))
      .trim()
      .min(1, says('ads.alt_required'))
      .max(AD_ALT_MAX, says('ads.alt_required')),
    positions: z
      .array(z.enum(AD_POSITIONS, says('ads.position_unknown')), says('ads.position_unknown'))
      .min(1, says('ads.position_unknown')),
    /** How often it is picked against the others for a position (1–100). */
    weight: z
      .number(says('ads.weight_invalid'))
      .int(says('ads.weight_invalid'))
      .min(1, says('ads.weight_invalid'))
      .max(100, says('ads.weight_invalid')),
    startsAt: isoDate.nullish(),
    endsAt: isoDate.nullish(),
    /**
     * Edition ids it runs in (issue 65 item 6: house ads per edition); left out or empty: every
     * edition. Unknown ids: 400 `edition.unknown`.
     */
    editions: z
      .array(z.uuid(says('validation.not_id')))
      .max(100)
      .optional(),
  })
  .superRefine((ad, ctx) => {
    if (ad.startsAt && ad.endsAt && Date.parse(ad.endsAt) <= Date.parse(ad.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], ...issueSays('ads.window_invalid') });
  });
export type AdCreativeInput = z.infer<typeof AdCreativeInputSchema>;

/** A creative as editors see it, with its counts. */
export const AdCreativeSchema = z.object({
  _id: z.string(),
  name: z.string(),
  imageId: z.string(),
  /** The image's public address. */
  imageUrl: z.string(),
  width: z.number(),
  height: z.number(),
  link: z.string(),
  alt: z.string(),
  positions: z.array(z.enum(AD_POSITIONS)),
  weight: z.number(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** Edition ids it runs in; empty: every edition. */
  editions: z.array(z.string()),
  createdAt: z.string(),
  impressions: z.number(),
  clicks: z.number(),
});
export type AdCreative = z.infer<typeof AdCreativeSchema>;

/** What the page's ads script needs to show a creative (the public slots answer). */
export const AdFillSchema = z.object({
  _id: z.string(),
  imageUrl: z.string(),
  width: z.number(),
  height: z.number(),
  alt: z.string(),
  weight: z.number(),
  /** `/ads/click/{id}`: counted, then on to the link. */
  href: z.string(),
});
export type AdFill = z.infer<typeof AdFillSchema>;

/**
 * `GET /api/ads/slots?positions=&edition=`: the active creatives of each position asked; with
 * `edition` (a slug, as the reader's stored edition names it) that edition's creatives too.
 */
export const AdSlotsQuerySchema = z.object({
  edition: z
    .string()
    .max(100)
    .regex(/^[a-z0-9-]*$/)
    .optional(),
  positions: z
    .string()
    .max(200)
    .transform((v) => v.split(',').filter(Boolean))
    .pipe(
      z
        .array(z.enum(AD_POSITIONS, says('ads.position_unknown')))
        .min(1)
        .max(5),
    ),
});
export const AdSlotsAnswerSchema = z.record(z.string(), z.array(AdFillSchema));
export type AdSlotsAnswer = Record<string, AdFill[]>;

/** `POST /api/ads/impressions`: the creatives a page showed (the beacon's body). */
export const AdImpressionsSchema = z.object({
  ids: z.array(z.uuid()).min(1).max(20),
});

/** `GET /api/ads/totals`: the last 30 days of every house ad (the dashboard's line). */
export const AdTotalsSchema = z.object({ impressions: z.number(), clicks: z.number() });
export type AdTotals = z.infer<typeof AdTotalsSchema>;

/** The address a house ad's click goes through. */
export const adClickPath = (id: string) => `/ads/click/${id}`;
