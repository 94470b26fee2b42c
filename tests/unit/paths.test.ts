import { describe, expect, it } from 'vitest';
import {
  articlePath,
  categorySegment,
  canonicalPath,
  formerPathKey,
  RESERVED_SLUGS,
  UNCATEGORISED_SEGMENT,
} from '../../common/paths';
import routes from '../../app/routes';

describe('articlePath', () => {
  it('is /{category slug}/{slug} for cards and rows alike (SPEC.md §2)', () => {
    expect(articlePath({ slug: 'reading-habits', categorySlug: 'parenting' })).toBe(
      '/parenting/reading-habits',
    );
    expect(articlePath({ slug: 'reading-habits', category: { slug: 'parenting' } })).toBe(
      '/parenting/reading-habits',
    );
  });

  it('puts an article without a category under the reserved uncategorised segment (SPEC.md §9)', () => {
    expect(articlePath({ slug: 'orphan', categorySlug: null })).toBe('/general/orphan');
    expect(articlePath({ slug: 'orphan', category: null })).toBe('/general/orphan');
    expect(categorySegment(undefined)).toBe(UNCATEGORISED_SEGMENT);
    expect(RESERVED_SLUGS.has(UNCATEGORISED_SEGMENT)).toBe(true);
  });
});

describe('canonicalPath', () => {
  it('drops doubled and trailing slashes and lower-cases ASCII letters', () => {
    expect(canonicalPath('/Category/News/')).toBe('/category/news');
    expect(canonicalPath('//about-us')).toBe('/about-us');
    expect(canonicalPath('///')).toBe('/');
    expect(canonicalPath('/')).toBe('/');
    expect(canonicalPath('/news//a-story//')).toBe('/news/a-story');
  });

  it('spells percent-encoding one way, and never changes a Hindi letter', () => {
    const upper = '/%E0%A4%B9%E0%A4%BF%E0%A4%82%E0%A4%A6%E0%A5%80';
    expect(canonicalPath(upper)).toBe(upper);
    expect(canonicalPath(upper.toLowerCase())).toBe(upper);
    expect(canonicalPath('/हिंदी')).toBe(upper);
    // An escaped ASCII letter is a letter; an escaped slash stays inside its segment.
    expect(canonicalPath('/%41bout-us')).toBe('/about-us');
    expect(canonicalPath('/a%2fB')).toBe('/a%2Fb');
    expect(canonicalPath('/100%25-True')).toBe('/100%25-true');
    expect(canonicalPath('/a:b@c')).toBe('/a:b@c');
    expect(canonicalPath('/\\evil.example')).toBe('/%5Cevil.example');
  });

  it('gives up on a malformed escape', () => {
    expect(canonicalPath('/news/%E0%A4')).toBeUndefined();
    expect(canonicalPath('/news/%zz')).toBeUndefined();
  });
});

describe('formerPathKey', () => {
  it("meets readers' variants of an old permalink at one key", () => {
    const key = formerPathKey('/2013/01/11/markup-html-tags/');
    expect(key).toBe('/2013/01/11/markup-html-tags');
    expect(formerPathKey('/2013/01/11/markup-html-tags')).toBe(key);
    expect(formerPathKey('//2013/01/11/markup-html-tags//')).toBe(key);
  });

  it('keeps only the query parameters that name a post, and reads /index.php as /', () => {
    expect(formerPathKey('/', '?p=123')).toBe('/?p=123');
    expect(formerPathKey('/index.php', '?utm_source=x&p=123')).toBe('/?p=123');
    expect(formerPathKey('/', '?page_id=2')).toBe('/?page_id=2');
    expect(formerPathKey('/about/', '?utm_source=x')).toBe('/about');
  });

  it('makes percent-encoding uniform (WordPress writes Hindi slugs in lower-case hex)', () => {
    const lower = formerPathKey('/%e0%a4%b9%e0%a4%bf%e0%a4%82%e0%a4%a6%e0%a5%80/');
    expect(lower).toBe(formerPathKey('/%E0%A4%B9%E0%A4%BF%E0%A4%82%E0%A4%A6%E0%A5%80'));
    expect(lower).toBe(formerPathKey('/हिंदी'));
  });

  it('is the canonical path, so an upper-case permalink is found after the 301 to lower case', () => {
    expect(formerPathKey('/2019/05/My-Post/')).toBe('/2019/05/my-post');
    expect(formerPathKey('/Index.php', '?p=7')).toBe('/?p=7');
  });
});

type Entry = { path?: string; children?: Entry[] };

/** First path segments of the React Router route table, walked from app/routes.ts itself. */
function firstSegments(entries: Entry[], prefix = ''): string[] {
  return entries.flatMap((entry) => {
    const path = [prefix, entry.path ?? ''].filter(Boolean).join('/');
    const own = path ? [path.split('/')[0] as string] : [];
    return [...own, ...firstSegments(entry.children ?? [], path)];
  });
}

describe('reserved first path segments', () => {
  it('cover every literal first segment of the page routes (app/routes.ts)', () => {
    const literal = [...new Set(firstSegments(routes as Entry[]))].filter(
      (s) => !s.startsWith(':') && s !== '*',
    );
    // The walk finds the route table's segments (this check can fail).
    expect(literal).toEqual(expect.arrayContaining(['admin', 'category', 'login']));
    for (const segment of literal) expect(RESERVED_SLUGS.has(segment), segment).toBe(true);
  });
});
