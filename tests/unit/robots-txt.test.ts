/* The tests' robots.txt reader against the examples of Google's robots.txt specification. */
import { describe, expect, it } from 'vitest';
import { parseRobotsTxt } from '../setup/robots-txt';

const one = (rules: string) => parseRobotsTxt(`User-agent: *\n${rules}\n`);

describe('the robots.txt reader of the tests', () => {
  it('matches rules as prefixes, so /fish also blocks /fishheads and /fish.html', () => {
    const robots = one('Disallow: /fish');
    for (const path of ['/fish', '/fish.html', '/fish/salmon.html', '/fishheads', '/fish.php?id=1'])
      expect(robots.allows(path), path).toBe(false);
    for (const path of ['/Fish.asp', '/catfish', '/?id=fish', '/desert/fish'])
      expect(robots.allows(path), path).toBe(true);
  });

  it('with a trailing slash matches only what is under the folder', () => {
    const robots = one('Disallow: /fish/');
    expect(robots.allows('/fish/salmon.htm')).toBe(false);
    expect(robots.allows('/fish')).toBe(true);
    expect(robots.allows('/fish.html')).toBe(true);
  });

  it('reads * as any characters and a final $ as the end', () => {
    const robots = one('Disallow: /*.php$\nDisallow: /fish*.php');
    expect(robots.allows('/filename.php')).toBe(false);
    expect(robots.allows('/folder/filename.php')).toBe(false);
    expect(robots.allows('/filename.php?parameters')).toBe(true);
    expect(robots.allows('/filename.php5')).toBe(true);
    expect(robots.allows('/fishheads/catfish.php?parameters')).toBe(false);
    expect(robots.allows('/Fish.PHP')).toBe(true);
  });

  it('lets the longest rule win, and Allow win a tie', () => {
    expect(one('Allow: /p\nDisallow: /').allows('/page')).toBe(true);
    expect(one('Allow: /folder\nDisallow: /folder').allows('/folder/page')).toBe(true);
    expect(one('Allow: /page\nDisallow: /*.htm').allows('/page.htm')).toBe(false);
    expect(one('Allow: /$\nDisallow: /').allows('/')).toBe(true);
    expect(one('Allow: /$\nDisallow: /').allows('/page.htm')).toBe(false);
  });

  it("takes the crawler's own group over *, and an empty Disallow allows all", () => {
    const robots = parseRobotsTxt(
      'User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nDisallow:\n\nSitemap: https://x.example/s.xml\n',
    );
    expect(robots.allows('/anything', 'googlebot')).toBe(true);
    expect(robots.allows('/anything', 'otherbot')).toBe(false);
    expect(robots.sitemaps).toEqual(['https://x.example/s.xml']);
  });
});
