/*
 * Counts agree in number wherever a number meets a noun, in every interface language (issue 72
 * item 3): "1 view", "2 views"; "1 टिप्पणी", "2 टिप्पणियाँ". English is walked whole (every text
 * that takes one number); the other languages' plural forms are named one by one.
 */
import { describe, expect, it } from 'vitest';
import { adminCopy } from '../../app/copy/admin';
import { adminCopyHi } from '../../app/copy/admin.hi';
import { commentModerationCopy } from '../../app/copy/comment-moderation';
import { copy } from '../../app/copy/en';
import { guCopy } from '../../app/copy/gu';
import { hiCopy } from '../../app/copy/hi';
import { mediaLibraryCopy } from '../../app/copy/media-library';
import { mrCopy } from '../../app/copy/mr';

/** What a text's one parameter is called when it is a number (its source says). */
const NUMBER_PARAMETER =
  /^\(?\s*(n|count|max|min|days|hours|minutes|seconds|total)\s*(:\s*number)?\s*\)?\s*=>/;

/** Every function of a copy table that takes one number, by its path. */
function countTexts(table: unknown, path = ''): [string, (n: number) => unknown][] {
  if (typeof table === 'function')
    return table.length === 1 && NUMBER_PARAMETER.test(String(table))
      ? [[path, table as (n: number) => unknown]]
      : [];
  if (!table || typeof table !== 'object') return [];
  return Object.entries(table).flatMap(([key, value]) => countTexts(value, `${path}.${key}`));
}

/** English words that end in s in the singular. */
const SINGULAR_S = new Set(['address', 'access', 'class', 'news', 'status', 'bonus', 'press']);

describe('English counts', () => {
  const tables = {
    copy,
    adminCopy,
    moderation: commentModerationCopy.en,
    media: mediaLibraryCopy.en,
  };
  it('say "1 thing", never "1 things", in every text that takes a number', () => {
    const walked = countTexts(tables);
    // The walk finds the counts (a regression in it would pass everything).
    expect(walked.map(([path]) => path)).toEqual(
      expect.arrayContaining(['.copy.comments.title', '.adminCopy.menu.forReviewCount']),
    );
    const wrong: string[] = [];
    for (const [path, text] of walked) {
      const said = text(1);
      if (typeof said !== 'string') continue;
      for (const [, noun] of said.matchAll(/(?:^|[\s(])1 ([a-z]+s)\b/g))
        if (!SINGULAR_S.has(noun!)) wrong.push(`${path}: ${said}`);
    }
    expect(wrong).toEqual([]);
  });

  it('the texts that take more than one count', () => {
    expect(adminCopy.houseAds.monthTotals({ impressions: 1, clicks: 1 })).toBe(
      'House ads, last 30 days: 1 impression, 1 click',
    );
    expect(adminCopy.houseAds.monthTotals({ impressions: 2, clicks: 0 })).toBe(
      'House ads, last 30 days: 2 impressions, 0 clicks',
    );
    expect(copy.plans.trial(1)).toBe('First day free');
    expect(copy.plans.trial(14)).toBe('First 14 days free');
    expect(adminCopy.dashboard.viewCount(1, 'en-IN')).toBe('1 view');
    expect(adminCopy.dashboard.viewCount(2, 'en-IN')).toBe('2 views');
  });
});

describe('Hindi, Marathi and Gujarati counts', () => {
  it.each([
    ['hi comments', hiCopy.comments.title, '1 टिप्पणी', '2 टिप्पणियाँ'],
    ['mr comments', mrCopy.comments.title, '1 टिप्पणी', '2 टिप्पण्या'],
    ['gu comments', guCopy.comments.title, '1 ટિપ્પણી', '2 ટિપ્પણીઓ'],
    ['hi new updates', hiCopy.live.newUpdates, '1 नया अपडेट', '2 नए अपडेट'],
    ['hi reports', commentModerationCopy.hi.reports, '1 शिकायत', '2 शिकायतें'],
    ['hi selected', commentModerationCopy.hi.selected, '1 चुनी गई', '2 चुनी गईं'],
    ['hi changed', commentModerationCopy.hi.done, '1 टिप्पणी बदली गई।', '2 टिप्पणियाँ बदली गईं।'],
    ['hi sent back', adminCopyHi.menu.sentBackCount, '1 लेख आपको लौटाया गया', '2 लेख आपको लौटाए गए'],
    ['hi push', adminCopyHi.push.subscribers, '1 ब्राउज़र अलर्ट लेता है।', '2 ब्राउज़र अलर्ट लेते हैं।'],
  ] as [string, (n: number) => string, string, string][])('%s', (_, text, one, two) => {
    expect(text(1)).toBe(one);
    expect(text(2)).toBe(two);
  });

  it('a view is व्यू for one or many', () => {
    expect(adminCopyHi.dashboard.viewCount(1, 'hi-IN')).toBe('1 व्यू');
    expect(adminCopyHi.settings.fediverse.followers({ count: 1 })).toBe('साइट का 1 फ़ॉलोअर');
  });
});
