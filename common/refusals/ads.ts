/*
 * Refusals of ads (issue 39 item 1, docs/decisions/058): the `ads` setting and house ads.
 */
import type { Entry } from './define';

export const ADS = {
  'settings.ads_network_code': {
    status: 400,
    en: 'Google Ad Manager needs its network code: digits only, such as 21700000',
  },
  'settings.ads_client_id': {
    status: 400,
    en: 'AdSense needs its client id, such as ca-pub-1234567890123456',
  },
  'settings.ads_slots_format': {
    status: 400,
    en: (p: { line: string }) =>
      `This line is not a slot: "${p.line}". Write a position, then sizes, such as "header: 0=320x50, 768=728x90" or "in-article after 2: 300x250".`,
  },
  'ads.forbidden': { status: 403, en: 'Only editors and administrators manage house ads.' },
  'ads.not_found': { status: 404, en: 'No such house ad.' },
  'ads.name_required': { status: 400, en: 'name is required: what the ad is called' },
  'ads.name_too_long': {
    status: 400,
    en: (p: { maximum: number }) => `name may be at most ${p.maximum} characters.`,
  },
  'ads.image_required': { status: 400, en: 'imageId must name an image in the media library.' },
  'ads.image_unknown': { status: 400, en: 'No image in the media library has this id.' },
  'ads.link_invalid': { status: 400, en: 'link must be an http: or https: address.' },
  'ads.alt_required': {
    status: 400,
    en: 'alt is required (at most 200 characters): what the ad says, for readers who cannot see it',
  },
  'ads.position_unknown': {
    status: 400,
    en: 'positions must be a list of: header, in-article, between-cards, sidebar, sticky-footer',
  },
  'ads.weight_invalid': { status: 400, en: 'weight must be a whole number from 1 to 100.' },
  'ads.date_invalid': { status: 400, en: 'Must be a date and time with its offset (ISO 8601).' },
  'ads.window_invalid': { status: 400, en: 'endsAt must come after startsAt.' },
} as const satisfies Record<string, Entry>;
