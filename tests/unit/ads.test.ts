/*
 * Ad slots (issue 39 item 1, docs/decisions/058): the space each slot keeps per breakpoint, the
 * in-article slots after their paragraphs, nothing at all without a provider or on a story
 * with adsOff, the settings screen's lines of slots, and the weighted pick of house ads.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_ADS, type AdsSettings } from '../../common/schemas/ads';
import { resolveSettings } from '../../common/settings';
import {
  adStyles,
  pageAds,
  reservedSizes,
  withInArticleSlots,
} from '../../app/features/ads/ad-markup';
import { adSlotsText, parseAdSlots } from '../../app/features/settings/ad-slots-text';
import { pickByWeight } from '../../app/reader/ad-pick';

const HOUSE: AdsSettings = {
  ...DEFAULT_ADS,
  provider: 'house',
  slots: [
    {
      position: 'header',
      sizes: [
        { minWidth: 0, width: 320, height: 50 },
        { minWidth: 768, width: 728, height: 90 },
        { minWidth: 768, width: 970, height: 250 },
      ],
    },
    {
      position: 'in-article',
      afterParagraph: 2,
      sizes: [{ minWidth: 0, width: 300, height: 250 }],
    },
  ],
};

describe('slots on pages', () => {
  it('the default settings show no ads, and a story with adsOff none either', () => {
    expect(resolveSettings({}).ads.provider).toBe('none');
    expect(pageAds(resolveSettings({}).ads, 'Advertisement', 'en')).toBeNull();
    expect(pageAds({ ...HOUSE, provider: 'none' }, 'Advertisement', 'en')).toBeNull();
    expect(pageAds(HOUSE, 'विज्ञापन', 'hi', true)).toBeNull();
    // Ad Manager without its network code has nothing to fill slots with.
    expect(pageAds({ ...HOUSE, provider: 'gam' }, 'Advertisement', 'en')).toBeNull();
    expect(pageAds(HOUSE, 'विज्ञापन', 'hi')?.slots).toHaveLength(2);
  });

  it('each breakpoint keeps the largest size that may come there', () => {
    expect(reservedSizes(HOUSE.slots[0]!.sizes)).toEqual([
      { minWidth: 0, width: 320, height: 50 },
      { minWidth: 768, width: 970, height: 250 },
    ]);
    const css = adStyles(pageAds(HOUSE, 'Advertisement', 'en')!);
    expect(css).toContain('.ad-s0 .ad-box{width:320px;height:50px}');
    expect(css).toContain(
      '@media (min-width:768px){.ad-s0{display:block}.ad-s0 .ad-box{width:970px;height:250px}}',
    );
    expect(css).toContain('.ad-s1 .ad-box{width:300px;height:250px}');
  });

  it('a slot without a size below its first breakpoint is hidden there', () => {
    const css = adStyles(
      pageAds(
        {
          ...HOUSE,
          slots: [{ position: 'sidebar', sizes: [{ minWidth: 992, width: 300, height: 600 }] }],
        },
        'Advertisement',
        'en',
      )!,
    );
    expect(css).toContain('.ad-s0{display:none}@media (min-width:992px)');
  });

  it('puts in-article slots after their paragraph, labelled, and none past the last one', () => {
    const ads = pageAds(HOUSE, 'विज्ञापन', 'hi');
    const body = '<p>एक</p><p>दो</p><p>तीन</p>';
    const html = withInArticleSlots(body, ads);
    expect(html).toMatch(
      /^<p>एक<\/p><p>दो<\/p><aside class="ad-slot ad-s1 ad-in-article" aria-label="विज्ञापन" lang="hi" data-ad="house" data-ad-position="in-article"[^>]*><span class="ad-label">विज्ञापन<\/span><div class="ad-box"><\/div><\/aside><p>तीन<\/p>$/,
    );
    expect(withInArticleSlots('<p>एक</p>', ads)).toBe('<p>एक</p>');
    expect(withInArticleSlots(body, null)).toBe(body);
  });
});

describe('the settings screen’s lines of slots', () => {
  it('reads what it writes', () => {
    const text = adSlotsText(HOUSE.slots);
    expect(text).toBe('header: 0=320x50, 768=728x90, 768=970x250\nin-article after 2: 0=300x250');
    expect(parseAdSlots(text)).toEqual({ slots: HOUSE.slots });
  });

  it('takes sizes without a breakpoint, every N cards, and names a line it cannot read', () => {
    expect(parseAdSlots('between-cards every 3: 300x250\n\n')).toEqual({
      slots: [
        {
          position: 'between-cards',
          everyCards: 3,
          sizes: [{ minWidth: 0, width: 300, height: 250 }],
        },
      ],
    });
    expect(parseAdSlots('header: 320x50\npopup: 300x250')).toEqual({ badLine: 'popup: 300x250' });
    expect(parseAdSlots('header: big')).toEqual({ badLine: 'header: big' });
  });
});

describe('the weighted pick', () => {
  it('picks in proportion to weight', () => {
    const fills = [
      { id: 'a', weight: 1 },
      { id: 'b', weight: 3 },
    ];
    expect(pickByWeight(fills, 0)?.id).toBe('a');
    expect(pickByWeight(fills, 0.24)?.id).toBe('a');
    expect(pickByWeight(fills, 0.26)?.id).toBe('b');
    expect(pickByWeight(fills, 0.99)?.id).toBe('b');
    expect(pickByWeight([], 0.5)).toBeUndefined();
  });
});
