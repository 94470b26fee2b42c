import { describe, expect, it } from 'vitest';
import {
  autop,
  formerPaths,
  imageSources,
  replaceShortcodes,
  rewriteUrls,
  wordpressDate,
  wordpressSlug,
  yoastTitle,
} from '../../server/modules/imports/wordpress-content';

describe('autop (WordPress paragraphs)', () => {
  it('makes paragraphs of blank-line runs and breaks of single newlines', () => {
    expect(autop('One\ntwo\n\nThree')).toBe('<p>One<br>\ntwo</p>\n<p>Three</p>');
  });

  it('leaves block tags standing apart and paragraphs inside containers', () => {
    expect(
      autop('Intro:\n<h2>Title</h2>\n<blockquote>Quote\n\n<cite>Who</cite></blockquote>'),
    ).toBe(
      '<p>Intro:</p>\n<h2>Title</h2>\n<blockquote>\n<p>Quote</p>\n<p><cite>Who</cite></p>\n</blockquote>',
    );
  });

  it('keeps preformatted text and block comments whole', () => {
    expect(autop('<pre>a\n\nb</pre>\n\n<!-- wp:paragraph -->\n<p>x</p>')).toBe(
      '<pre>a\n\nb</pre>\n<!-- wp:paragraph -->\n<p>x</p>',
    );
  });

  it('never changes the text itself (Hindi stays as written)', () => {
    const hindi = 'ज़िंदगी की क़लम, क्\u200dष और \u095c।';
    expect(autop(hindi)).toBe(`<p>${hindi}</p>`);
  });
});

describe('shortcodes and images', () => {
  it('turns [caption] into a figure and drops [gallery]', () => {
    const { html, removed } = replaceShortcodes(
      '[caption id="a" width="5"]<img src="x.jpg" /> A caption[/caption] [gallery ids="1,2"] [sic]',
    );
    expect(html).toBe(
      '<figure><img src="x.jpg" /><figcaption>A caption</figcaption></figure>  [sic]',
    );
    expect(removed).toEqual(['gallery']);
  });

  it('finds image addresses and rewrites src and href to ours, dropping srcset', () => {
    const body =
      '<a href="https://o.example/a.jpg"><img src="https://o.example/a.jpg?w=150" srcset="https://o.example/a-300.jpg 300w" /></a><img src=\'https://o.example/b.png\'>';
    expect(imageSources(body)).toEqual([
      'https://o.example/a.jpg?w=150',
      'https://o.example/b.png',
    ]);
    const map = new Map([
      ['https://o.example/a.jpg?w=150', '/media/a.jpg'],
      ['https://o.example/a.jpg', '/media/a.jpg'],
    ]);
    expect(rewriteUrls(body, map)).toBe(
      '<a href="/media/a.jpg"><img src="/media/a.jpg" /></a><img src=\'https://o.example/b.png\'>',
    );
  });
});

describe('WordPress fields', () => {
  it('fills Yoast titles with the post title and drops the separator and site name', () => {
    expect(yoastTitle('%%title%% %%sep%% %%sitename%%', 'Hello')).toBe('Hello');
    expect(yoastTitle('Best of %%title%% | %%sitename%%', 'Jaipur')).toBe('Best of Jaipur');
  });

  it('keeps ASCII slugs and transliterates percent-encoded Hindi ones', () => {
    expect(wordpressSlug('markup-image-alignment', 'x')).toBe('markup-image-alignment');
    expect(wordpressSlug('%e0%a4%b8%e0%a4%ae%e0%a4%be%e0%a4%9a%e0%a4%be%e0%a4%b0', 'x')).toBe(
      'samachar',
    );
    expect(wordpressSlug('', 'Pending Review')).toBe('pending-review');
  });

  it('reads the GMT date, or the local one when WordPress left GMT at zero', () => {
    expect(wordpressDate('2013-01-11 20:22:19', '2013-01-11 12:22:19')?.toISOString()).toBe(
      '2013-01-11T20:22:19.000Z',
    );
    expect(wordpressDate('0000-00-00 00:00:00', '2013-01-07 10:00:00')?.toISOString()).toBe(
      '2013-01-07T10:00:00.000Z',
    );
    expect(wordpressDate('0000-00-00 00:00:00', '')).toBeUndefined();
  });

  it('records the permalink, the ?p= guid and /?p={id} as former paths on the old host only', () => {
    expect(
      formerPaths('https://old.example', {
        link: 'https://old.example/2013/01/11/slug/',
        guid: 'https://old.example/?p=7',
        postId: '7',
        postType: 'post',
      }),
    ).toEqual(['/2013/01/11/slug', '/?p=7']);
    expect(
      formerPaths('https://old.example', {
        link: 'https://elsewhere.example/x/',
        guid: 'https://cdn.example/a.jpg',
        postId: '9',
        postType: 'post',
      }),
    ).toEqual(['/?p=9']);
  });
});
