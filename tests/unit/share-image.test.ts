/*
 * A page's share image (app/features/seo/share-image.ts): a story's own upload, which its page
 * read with it, is sized from what the page has (no query, issue 36 item 4); its 16:9 crop when
 * made, else the original at its size.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../common/settings';
import { shareImage } from '../../app/features/seo/share-image';

const noQueries = {
  media: {
    imageForSharing: () => Promise.reject(new Error('the page had the image already')),
  },
} as unknown as Parameters<typeof shareImage>[0]['services'];
const ctx = { services: noQueries, publicUrl: 'https://patrika.test' };
const url = '/media/2026/11/0b6f1e62-9a57-4c1e-8d1e-2f4f0c1d2e3a/original.jpg';

describe('shareImage with the story’s own upload', () => {
  it('is its 16:9 crop, with the crop’s size', async () => {
    const crop = {
      ratio: '16x9' as const,
      width: 1200,
      height: 675,
      url: url.replace('original', 'crop-16x9'),
    };
    const square = {
      ratio: '1x1' as const,
      width: 700,
      height: 700,
      url: url.replace('original', 'crop-1x1'),
    };
    expect(
      await shareImage(ctx, DEFAULT_SETTINGS, {
        url,
        alt: 'बारिश',
        image: { width: 2000, height: 1125, crops: [square, crop] },
      }),
    ).toEqual({ url: `https://patrika.test${crop.url}`, width: 1200, height: 675, alt: 'बारिश' });
  });

  it('is the original at its size when it has no crops (an upload from before crops)', async () => {
    expect(
      await shareImage(ctx, DEFAULT_SETTINGS, {
        url,
        alt: 'बारिश',
        image: { width: 900, height: 600, crops: [] },
      }),
    ).toEqual({ url: `https://patrika.test${url}`, width: 900, height: 600, alt: 'बारिश' });
  });
});
