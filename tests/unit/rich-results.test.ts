import { describe, expect, it } from 'vitest';
import { richResultProblems } from '../setup/rich-results';

// The checker the structured-data tests stand on must itself see what is wrong.
describe('richResultProblems', () => {
  it('names what a bare NewsArticle lacks', () => {
    expect(
      richResultProblems({ '@context': 'https://schema.org', '@type': 'NewsArticle' }),
    ).toEqual([
      'NewsArticle: headline',
      'NewsArticle: image',
      'NewsArticle: datePublished',
      'NewsArticle: dateModified',
      'NewsArticle: author[0]: @type Person or Organization',
      'NewsArticle: author[0]: name',
      'NewsArticle: author[0]: url',
      'NewsArticle: publisher',
      'NewsArticle: inLanguage',
    ]);
  });

  it('refuses a long headline, relative images, a small logo, crumbs out of order and unknown types', () => {
    const article = richResultProblems({
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: 'x'.repeat(111),
      image: ['/media/a.jpg'],
      datePublished: '2026-01-01',
      dateModified: '2026-01-01T00:00:00Z',
      author: { '@type': 'Person', name: 'A', url: 'https://e.example/a' },
      publisher: {
        '@type': 'Organization',
        name: 'P',
        url: 'https://e.example/',
        logo: { url: 'https://e.example/l.png', width: 64, height: 64 },
      },
      inLanguage: 'hi',
    });
    expect(article).toEqual([
      'NewsArticle: headline over 110',
      'NewsArticle: image',
      'NewsArticle: datePublished',
      'NewsArticle: publisher: logo smaller than 112 x 112',
    ]);
    expect(
      richResultProblems({
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [{ '@type': 'ListItem', position: 2, name: 'Home', item: '/' }],
      }),
    ).toEqual(['BreadcrumbList: item 0: position', 'BreadcrumbList: item 0: item']);
    expect(richResultProblems({ '@type': 'Recipe' })).toEqual([
      '@context',
      'unchecked type Recipe',
    ]);
  });
});
