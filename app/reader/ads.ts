/*
 * Fills a reading page's ad slots after load (issue 39 item 1, docs/decisions/058). The page's
 * HTML is the same for every reader and already keeps each slot's space (app/features/ads), so
 * nothing here moves what the reader sees. Fetched by the reader script only on a page that
 * has slots; never on a page without them.
 * - House ads: one small public call lists the running creatives of the page's positions; each
 *   slot picks one by weight when it comes near the viewport; what was shown is counted by a
 *   beacon (no cookie, nothing about the reader).
 * - Ad Manager or AdSense: the provider's own script, loaded now (after the page's load), async.
 */
import type { AdFill, AdSlotsAnswer } from '../../common/schemas/ads';
import { pickByWeight } from './ad-pick';
import { storedEditionSlug } from './stored-edition';

/** How far below (and above) the viewport a slot is filled. */
const NEAR = '300px 0px';
const IMPRESSIONS = '/api/ads/impressions';

/** Runs `fill` for each slot once it is near the viewport. */
function whenNear(slots: HTMLElement[], fill: (slot: HTMLElement) => void) {
  if (!('IntersectionObserver' in window)) return slots.forEach(fill);
  const seen = new IntersectionObserver(
    (entries) => {
      for (const entry of entries)
        if (entry.isIntersecting) {
          seen.unobserve(entry.target);
          fill(entry.target as HTMLElement);
        }
    },
    { rootMargin: NEAR },
  );
  for (const slot of slots) seen.observe(slot);
}

/** Impressions shown since the last beacon, sent together a moment later, or as the page goes. */
let shown: string[] = [];
function sendShown() {
  if (shown.length === 0) return;
  const body = JSON.stringify({ ids: shown.slice(0, 20) });
  shown = [];
  if (!navigator.sendBeacon?.(IMPRESSIONS, body))
    void fetch(IMPRESSIONS, { method: 'POST', body, keepalive: true }).catch(() => {});
}
function countShown(id: string) {
  if (shown.push(id) === 1) setTimeout(sendShown, 1000);
}
// A reader who leaves (or hides the tab) within that moment is counted too.
addEventListener('pagehide', sendShown);
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') sendShown();
});

/** A creative in a slot's box: the creatives that fit its space first, one picked by weight. */
function showHouseAd(slot: HTMLElement, fills: AdFill[]) {
  const box = slot.querySelector<HTMLElement>('.ad-box');
  if (!box || fills.length === 0) return;
  const fitting = fills.filter((f) => f.width <= box.clientWidth && f.height <= box.clientHeight);
  const fill = pickByWeight(fitting.length > 0 ? fitting : fills);
  if (!fill) return;
  const link = document.createElement('a');
  // `/ads/click/{id}`: counted on the server, then on to the advertiser.
  link.href = fill.href;
  link.rel = 'sponsored noopener';
  const image = document.createElement('img');
  Object.assign(image, {
    src: fill.imageUrl,
    alt: fill.alt,
    width: fill.width,
    height: fill.height,
  });
  image.decoding = 'async';
  link.append(image);
  box.replaceChildren(link);
  slot.dataset.adFilled = fill._id;
  countShown(fill._id);
}

async function houseAds(slots: HTMLElement[]) {
  const positions = [...new Set(slots.map((s) => s.dataset.adPosition))].join(',');
  // The reader's edition picks that edition's house ads too; the answer is per edition (a
  // cached URL of its own), never per reader (issue 65 item 6).
  const edition = storedEditionSlug();
  const query = edition ? `&edition=${encodeURIComponent(edition)}` : '';
  const res = await fetch(`/api/ads/slots?positions=${positions}${query}`);
  if (!res.ok) return;
  const answer = (await res.json()) as AdSlotsAnswer;
  whenNear(slots, (slot) => showHouseAd(slot, answer[slot.dataset.adPosition ?? ''] ?? []));
}

/** Adds an async script; it runs after the page's own, and blocks nothing. */
function addScript(src: string) {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  script.crossOrigin = 'anonymous';
  document.head.append(script);
}

type Sizes = [minWidth: number, width: number, height: number][];
const sizesOf = (slot: HTMLElement) => JSON.parse(slot.dataset.adSizes ?? '[]') as Sizes;

interface GoogleTag {
  cmd: (() => void)[];
  defineSlot(path: string, sizes: [number, number][], id: string): GoogleSlot | null;
  sizeMapping(): { addSize(v: [number, number], s: [number, number][]): unknown; build(): unknown };
  pubads(): {
    enableLazyLoad(o: object): void;
    enableSingleRequest(): void;
    setTargeting(key: string, value: string): unknown;
  };
  enableServices(): void;
  display(id: string): void;
}
interface GoogleSlot {
  defineSizeMapping(m: unknown): GoogleSlot;
  addService(s: unknown): GoogleSlot;
}

/** Google Ad Manager (GPT): each slot an ad unit `/{network}/{position}`, its sizes mapped. */
function adManager(slots: HTMLElement[]) {
  const w = window as unknown as { googletag?: GoogleTag };
  const tag = (w.googletag ??= { cmd: [] } as unknown as GoogleTag);
  slots.forEach((slot, i) => {
    const box = slot.querySelector<HTMLElement>('.ad-box');
    if (box) box.id ||= `ad-slot-${i}`;
  });
  tag.cmd.push(() => {
    for (const slot of slots) {
      const id = slot.querySelector<HTMLElement>('.ad-box')?.id;
      if (!id) continue;
      const sizes = sizesOf(slot);
      const mapping = tag.sizeMapping();
      for (const [minWidth] of [...sizes].sort((a, b) => b[0] - a[0]))
        mapping.addSize(
          [minWidth, 0],
          sizes.filter((s) => s[0] <= minWidth).map((s) => [s[1], s[2]]),
        );
      tag
        .defineSlot(
          `/${slot.dataset.adAccount}/${slot.dataset.adPosition}`,
          sizes.map((s) => [s[1], s[2]]),
          id,
        )
        ?.defineSizeMapping(mapping.build())
        .addService(tag.pubads());
    }
    // The reader's edition as a key-value (`edition=jaipur`) for line items targeted at a city
    // (issue 65 item 6); read in the browser, the page stays the same for every reader.
    const edition = storedEditionSlug();
    if (edition) tag.pubads().setTargeting('edition', edition);
    // Slots below the fold are asked for only when near the viewport.
    tag.pubads().enableLazyLoad({ fetchMarginPercent: 100, renderMarginPercent: 50 });
    tag.enableServices();
    for (const slot of slots) {
      const id = slot.querySelector<HTMLElement>('.ad-box')?.id;
      if (id) tag.display(id);
    }
  });
  addScript('https://securepubads.g.doubleclick.net/tag/js/gpt.js');
}

/** AdSense: a unit in each slot's box, asked for when near the viewport. */
function adSense(slots: HTMLElement[]) {
  const client = slots[0]?.dataset.adAccount ?? '';
  const w = window as unknown as { adsbygoogle?: object[] };
  addScript(
    `https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${encodeURIComponent(client)}`,
  );
  whenNear(slots, (slot) => {
    const box = slot.querySelector<HTMLElement>('.ad-box');
    if (!box) return;
    const unit = document.createElement('ins');
    unit.className = 'adsbygoogle';
    unit.style.cssText = 'display:block;width:100%;height:100%';
    unit.dataset.adClient = client;
    box.replaceChildren(unit);
    (w.adsbygoogle ??= []).push({});
  });
}

/** The page's slots, filled by their provider. */
function fillAds(root: ParentNode) {
  const slots = [...root.querySelectorAll<HTMLElement>('[data-ad]')];
  const provider = slots[0]?.dataset.ad;
  if (provider === 'house') void houseAds(slots).catch(() => {});
  else if (provider === 'gam') adManager(slots);
  else if (provider === 'adsense') adSense(slots);
}

// Imported by the reader script only on a page with slots (main.ts); filled once it has loaded.
if (document.readyState === 'complete') fillAds(document);
else addEventListener('load', () => fillAds(document), { once: true });
