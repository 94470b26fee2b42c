import { describe, expect, it } from 'vitest';
import { classifySource, createSourceClassifier } from '../../server/modules/analytics/sources';

const site = 'patrika.example';
const of = (referrer: string, utmSource?: string) =>
  classifySource({ referrer, utmSource, siteHost: site });

describe('classifySource (issue 38 item 2, README "Analytics")', () => {
  it.each([
    ['https://www.google.com/', 'google'],
    ['https://www.google.co.in/search?q=x', 'google'],
    ['android-app://com.google.android.googlequicksearchbox/', 'discover'],
    ['https://news.google.com/topics/x', 'google-news'],
    ['https://www.bing.com/search', 'bing'],
    ['https://web.whatsapp.com/', 'whatsapp'],
    ['android-app://com.whatsapp/', 'whatsapp'],
    ['https://l.facebook.com/l.php', 'facebook'],
    ['https://t.co/abc', 'x'],
    ['https://x.com/someone', 'x'],
    ['https://t.me/channel', 'telegram'],
    ['https://l.instagram.com/', 'instagram'],
    ['https://www.linkedin.com/feed', 'linkedin'],
    ['', 'direct'],
    ['https://patrika.example/desh/x', 'internal'],
    // The site's e-paper (issue 68 item 5): its pages, clips and archive are a source of their own.
    ['https://patrika.example/epaper/jaipur/2026-11-29/3', 'epaper'],
    ['https://patrika.example/epaper/clips/0b7e', 'epaper'],
    ['https://patrika.example/epaper', 'epaper'],
    ['https://patrika.example/epaperwala/x', 'internal'],
    ['https://example.org/epaper/jaipur', 'other'],
    ['https://example.org/', 'other'],
    ['not a url', 'other'],
    ['https://notgoogle.com/', 'other'],
  ])('%s is %s', (referrer, source) => {
    expect(of(referrer)).toBe(source);
    // The classifier the beacons use, which keeps its answers by origin, says the same twice.
    const classify = createSourceClassifier(site);
    expect(classify(referrer)).toBe(source);
    expect(classify(referrer)).toBe(source);
  });

  it('keeps only origins, and classifies a referrer of another page of a known origin alike', () => {
    const classify = createSourceClassifier(site);
    expect(classify('https://t.me/one')).toBe('telegram');
    // The site's own origin, kept once, still tells its e-paper's pages from the rest.
    expect(classify('https://patrika.example/desh/x')).toBe('internal');
    expect(classify('https://patrika.example/epaper/jaipur/2026-11-29')).toBe('epaper');
    expect(classify('https://patrika.example/')).toBe('internal');
    expect(classify('https://t.me/two?x=1')).toBe('telegram');
    expect(classify('https://T.ME.')).toBe('telegram');
    expect(classify('https://patrika.example:443/a')).toBe('internal');
    expect(classify('https://example.org\\@t.me/')).toBe(of('https://example.org\\@t.me/'));
    expect(classify('https://x.com', 'newsletter')).toBe('newsletter');
  });

  it('takes utm_source before the referrer', () => {
    expect(of('', 'newsletter')).toBe('newsletter');
    expect(of('https://www.google.com/', 'push')).toBe('push');
    expect(of('', 'unknown-campaign')).toBe('direct');
  });
});
