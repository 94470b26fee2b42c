import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { createSeoService, mainLanguage } from '../../server/modules/seo/seo-service';
import type { SettingsService } from '../../server/modules/settings/settings-service';
import { xml } from '../../server/modules/seo/xml';

describe('xml', () => {
  it('escapes the five XML specials in text and attribute values', () => {
    expect(xml(`Tom & Jerry <Live> "quoted" it's`)).toBe(
      'Tom &amp; Jerry &lt;Live&gt; &quot;quoted&quot; it&apos;s',
    );
  });

  it('escapes an ampersand that already looks like an entity (the text is raw)', () => {
    expect(xml('&amp; &#x41;')).toBe('&amp;amp; &amp;#x41;');
  });

  it('keeps Devanagari, emoji and white space as they are', () => {
    const text = 'पत्रिका: बच्चों की पढ़ाई\tand\nmore 📚';
    expect(xml(text)).toBe(text);
  });

  it('drops characters XML 1.0 cannot carry at all', () => {
    expect(xml('a\u0000b\u0008c\u001Fd\uFFFEe\uFFFF')).toBe('abcde');
    // A lone surrogate half is not a character either.
    expect(xml('x\uD800y')).toBe('xy');
  });
});

describe('robots.txt', () => {
  // robots() reads neither the database nor the settings.
  const seo = (publicUrl: string) =>
    createSeoService({
      db: {} as Db,
      clock: { now: () => new Date('2026-01-01T00:00:00Z') },
      settings: {} as SettingsService,
      categories: {
        findBySlug: async () => undefined,
        currentSlugFor: async () => undefined,
        childIds: async () => [],
      },
      users: { authorBySlug: async () => undefined },
      articles: { tagBySlug: async () => undefined, correctionsByArticle: async () => new Map() },
      publicUrl,
    });

  it('names both sitemaps with absolute addresses and keeps crawlers out of /admin and /api/', () => {
    const lines = seo('https://patrika.example').robots().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    // Whole segments (issue 12): the segment itself and what lies under it.
    expect(lines).toContain('Disallow: /admin$');
    expect(lines).toContain('Disallow: /admin/');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).not.toContain('Disallow: /admin');
    expect(lines).not.toContain('Disallow: /profile');
    expect(lines).toContain('Sitemap: https://patrika.example/sitemap.xml');
    expect(lines).toContain('Sitemap: https://patrika.example/news-sitemap.xml');
    expect(lines).not.toContain('Disallow: /');
    expect(lines).not.toContain('Disallow:');
  });

  it('uses the configured public address, http included', () => {
    expect(seo('http://localhost:3000').robots()).toContain(
      'Sitemap: http://localhost:3000/sitemap.xml',
    );
  });
});

describe('a feed’s language (issue 12 item 7)', () => {
  const stories = (...languages: ('hi' | 'en')[]) => languages.map((language) => ({ language }));

  it('is the language most of its stories are written in', () => {
    expect(mainLanguage(stories('hi', 'hi', 'en'), 'en')).toBe('hi');
    expect(mainLanguage(stories('en', 'hi', 'en'), 'hi')).toBe('en');
    expect(mainLanguage(stories('hi'), 'en')).toBe('hi');
  });

  it('is the interface’s when the stories are evenly split or there are none', () => {
    expect(mainLanguage(stories('hi', 'en'), 'en')).toBe('en');
    expect(mainLanguage(stories('hi', 'en'), 'hi')).toBe('hi');
    expect(mainLanguage([], 'hi')).toBe('hi');
  });
});
