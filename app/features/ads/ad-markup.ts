/*
 * Ad slots on reading pages (issue 39 item 1, docs/decisions/058): the markup and the CSS that
 * reserve each slot's space before any script runs. Both are made from the settings alone, so a
 * page is the same bytes for every reader and stays in the shared cache; what fills a slot is
 * chosen in the browser after load (app/reader/ads.ts).
 */
import type { AccessClass } from '../../../common/article-access';
import type { AdPosition, AdSize, AdSlot, AdsSettings } from '../../../common/schemas/ads';

/** A configured slot, numbered by its place in the settings (its CSS class). */
export type NumberedSlot = AdSlot & { n: number };

/** What a page's slots need: the provider and the slots, the label and its language. */
export interface PageAds {
  provider: Exclude<AdsSettings['provider'], 'none'>;
  /** Ad Manager's network code or AdSense's client id: what the provider's script is told. */
  account: string;
  slots: NumberedSlot[];
  /** "Advertisement" in the page's language. */
  label: string;
  lang: string;
}

/**
 * Whether a page made for readers of class `reader` goes without ads: members' pages when the
 * setting says so (issue 39 item 2). Pages differ by class, never by person, so this is decided
 * on the server and the anonymous page stays the shared one.
 */
export const adsHiddenFor = (ads: AdsSettings, reader: AccessClass) =>
  ads.hideForMembers && reader !== 'none';

/** The ads a page shows, or null: no provider, no slots, or a story with `adsOff`. */
export function pageAds(
  ads: AdsSettings,
  label: string,
  lang: string,
  off = false,
): PageAds | null {
  if (ads.provider === 'none' || ads.slots.length === 0 || off) return null;
  const account =
    ads.provider === 'gam' ? ads.networkCode : ads.provider === 'adsense' ? ads.clientId : '';
  // A provider without its account has nothing to fill slots with: no slots at all.
  if (ads.provider !== 'house' && !account) return null;
  return {
    provider: ads.provider,
    account,
    slots: ads.slots.map((slot, n) => ({ ...slot, n })),
    label,
    lang,
  };
}

export const slotsAt = (ads: PageAds | null, position: AdPosition) =>
  ads?.slots.filter((s) => s.position === position) ?? [];

/**
 * The space a slot keeps at each breakpoint: from each size's `minWidth` up, the largest width
 * and height of the sizes that apply there (any of them may be filled).
 */
export function reservedSizes(
  sizes: AdSize[],
): { minWidth: number; width: number; height: number }[] {
  const steps = [...new Set(sizes.map((s) => s.minWidth))].sort((a, b) => a - b);
  return steps.map((minWidth) => {
    const fit = sizes.filter((s) => s.minWidth <= minWidth);
    return {
      minWidth,
      width: Math.max(...fit.map((s) => s.width)),
      height: Math.max(...fit.map((s) => s.height)),
    };
  });
}

/** The label's line: its height is part of what the slot keeps. */
const LABEL =
  '.ad-label{display:block;font-size:.75rem;line-height:1rem;height:1rem;color:#595959}';
const BASE = [
  '.ad-slot{display:block;margin:1rem auto;text-align:center}',
  LABEL,
  '.ad-box{margin:0 auto;max-width:100%;overflow:hidden;display:flex;align-items:center;justify-content:center}',
  '.ad-box img,.ad-box iframe{max-width:100%;max-height:100%;width:auto;height:auto;object-fit:contain}',
  '.ad-box a{display:contents}',
  // On phones only, over the page's foot: fixed, so it moves nothing when filled.
  '.ad-sticky-footer{position:fixed;left:0;right:0;bottom:0;margin:0;background:#fff;z-index:1020}',
  '@media (min-width:768px){.ad-sticky-footer{display:none}}',
  '@media (max-width:991.98px){.ad-sidebar{display:none}}',
].join('');

/** The stylesheet of a page's slots: each one's reserved size per breakpoint. */
export function adStyles(ads: PageAds): string {
  const rules = ads.slots.map(({ n, sizes }) => {
    const steps = reservedSizes(sizes);
    const first = steps[0]?.minWidth ?? 0;
    // Below its smallest breakpoint a slot has no size: it is not shown there.
    const hidden = first > 0 ? `.ad-s${n}{display:none}` : '';
    return (
      hidden +
      steps
        .map((s) => {
          const rule = `.ad-s${n}{display:block}.ad-s${n} .ad-box{width:${s.width}px;height:${s.height}px}`;
          return s.minWidth === 0 ? rule : `@media (min-width:${s.minWidth}px){${rule}}`;
        })
        .join('')
    );
  });
  return BASE + rules.join('');
}

const attribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** What the page's script reads from a slot: its position, provider, account and sizes. */
export function slotData(ads: PageAds, slot: NumberedSlot) {
  return {
    'data-ad': ads.provider,
    'data-ad-position': slot.position,
    'data-ad-account': ads.account || undefined,
    'data-ad-sizes': JSON.stringify(slot.sizes.map((s) => [s.minWidth, s.width, s.height])),
  };
}

export const slotClass = (slot: NumberedSlot) => `ad-slot ad-s${slot.n} ad-${slot.position}`;

/** A slot as HTML, for one placed inside a story's body (the body is HTML already). */
export function slotHtml(ads: PageAds, slot: NumberedSlot): string {
  const data = Object.entries(slotData(ads, slot))
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${attribute(String(v))}"`)
    .join('');
  return (
    `<aside class="${slotClass(slot)}" aria-label="${attribute(ads.label)}" lang="${attribute(ads.lang)}"${data}>` +
    `<span class="ad-label">${attribute(ads.label)}</span><div class="ad-box"></div></aside>`
  );
}

/**
 * A story's body with its in-article slots after their paragraphs (the N-th `</p>` of the
 * body); a slot past the body's last paragraph is left out.
 */
export function withInArticleSlots(html: string, ads: PageAds | null): string {
  const slots = slotsAt(ads, 'in-article');
  if (!ads || slots.length === 0) return html;
  const ends: number[] = [];
  for (let at = html.indexOf('</p>'); at !== -1; at = html.indexOf('</p>', at + 4))
    ends.push(at + 4);
  const inserts = slots
    .map((slot) => ({ slot, at: ends[(slot.afterParagraph ?? 1) - 1] }))
    .filter((i): i is { slot: NumberedSlot; at: number } => i.at !== undefined)
    .sort((a, b) => b.at - a.at);
  let out = html;
  for (const { slot, at } of inserts) out = out.slice(0, at) + slotHtml(ads, slot) + out.slice(at);
  return out;
}
