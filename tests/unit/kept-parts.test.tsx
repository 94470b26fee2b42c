/*
 * Kept parts (app/kept-parts.tsx): the header and the footer are rendered once per id and
 * written into later pages. A kept part is only right if its id names everything it is made
 * of: across every variation of what they are rendered from, two renders with one id must be
 * the same HTML. And a page with kept parts must read as the page rendered whole.
 */
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { documentBytes } from '../../common/document-bytes';
import type { Category } from '../../common/schemas/categories';
import { DEFAULT_SETTINGS, type SiteSettings, type UiLanguage } from '../../common/settings';
import { DocumentPage } from '../../app/components/page-link';
import { PublicFooter, publicFooterId } from '../../app/components/public-footer';
import { PublicHeader, publicHeaderId } from '../../app/components/public-header';
import { InterfaceLanguage } from '../../app/copy/language';
import { KeptPart, KeptParts, keptPartsOfRender } from '../../app/kept-parts';

/** As a reading page renders it: a document page, at `pathname`, in `lang`. */
const onReadingPage = (pathname: string, lang: UiLanguage, node: ReactNode) => {
  const element = (
    <DocumentPage.Provider value={true}>
      <InterfaceLanguage lang={lang}>{node}</InterfaceLanguage>
    </DocumentPage.Provider>
  );
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [pathname] });
  return <RouterProvider router={router} />;
};

/** Asserts that no id was given to two different renders; answers how many ids there were. */
function idsNameRenders(renders: { id: string | null; html: string }[]) {
  const byId = new Map<string, string>();
  for (const { id, html } of renders) {
    if (id === null) continue;
    const earlier = byId.get(id);
    if (earlier !== undefined) expect(html, id).toBe(earlier);
    else byId.set(id, html);
  }
  return byId.size;
}

const category = (n: number, name = `Category ${n}`): Category => ({
  _id: `c${n}`,
  name,
  slug: `category-${n}`,
  description: 'About it',
  isHome: true,
});

describe('the header is kept under an id of all it is made of', () => {
  const pathnames = [
    '/',
    '/about-us',
    '/About-Us',
    '/about-us/team',
    '/contact-us',
    '/login',
    '/category/category-1',
    '/category-1/an-article',
    '/category-2/another-article',
    '/search',
    '/author/someone',
  ];
  const categoryLists = [[], [category(1)], [category(1, 'Renamed')], [category(1), category(2)]];
  const user = { _id: 'u1', name: 'Asha', email: 'a@example.com', role: 'author' } as never;

  it('one id, one header, over pages, languages, names, categories and readers', () => {
    const renders = [];
    for (const pathname of pathnames)
      for (const lang of ['en', 'hi'] as const)
        for (const siteName of ['Patrika', 'पत्रिका'])
          for (const categories of categoryLists)
            for (const reader of [null, user]) {
              const props = { siteName, categories, user: reader };
              renders.push({
                id: publicHeaderId(props, lang, pathname),
                html: renderToString(onReadingPage(pathname, lang, <PublicHeader {...props} />)),
              });
            }
    idsNameRenders(renders);
  });

  it('is one header on every article and category page, and none for a signed-in reader', () => {
    const props = { siteName: 'Patrika', categories: [category(1)], user: null };
    const ids = ['/category-1/an-article', '/category-2/another', '/category/category-1'].map((p) =>
      publicHeaderId(props, 'en', p),
    );
    expect(new Set(ids).size).toBe(1);
    expect(publicHeaderId(props, 'en', '/about-us')).not.toBe(ids[0]);
    expect(publicHeaderId({ ...props, user }, 'en', '/category-1/an-article')).toBeNull();
  });
});

describe('the footer is kept under an id of all it is made of', () => {
  it('one id, one footer, over every setting it shows, the year and the language', () => {
    const variants: Partial<SiteSettings>[] = [
      {},
      { siteName: 'Other' },
      { contactEmail: 'news@example.com' },
      { contactPhone: '+91 11 2345 6789' },
      { contactAddress: 'Connaught Place, New Delhi' },
      { mapLocation: 'New Delhi' },
      { social: { ...DEFAULT_SETTINGS.social, facebook: 'https://facebook.com/patrika' } },
      { social: { ...DEFAULT_SETTINGS.social, youtube: 'https://youtube.com/@patrika' } },
      { uiLanguage: 'hi' },
    ];
    const renders = [];
    for (const variant of variants)
      for (const year of [2026, 2027])
        for (const lang of ['en', 'hi'] as const) {
          const settings = { ...DEFAULT_SETTINGS, ...variant };
          renders.push({
            id: publicFooterId(settings, year, lang),
            html: renderToString(
              onReadingPage('/', lang, <PublicFooter settings={settings} year={year} />),
            ),
          });
        }
    expect(idsNameRenders(renders)).toBe(variants.length * 4);
  });
});

describe('a page with kept parts', () => {
  const page = (title: string) => (
    <main>
      <KeptPart id="header one">
        <header>
          <h1>Patrika — पत्रिका &amp; co.</h1>
        </header>
      </KeptPart>
      <p>{title}</p>
      <KeptPart id={null}>
        <nav>Asha’s menu</nav>
      </KeptPart>
      <KeptPart id="footer one">
        <footer>© 2026</footer>
      </KeptPart>
    </main>
  );
  const render = (title: string) => {
    const parts = keptPartsOfRender();
    const html = renderToString(
      <KeptParts.Provider value={parts}>{page(title)}</KeptParts.Provider>,
    );
    return { html, document: documentBytes(html, { kept: parts.uses }) };
  };

  it('reads as the page rendered whole, the first time and every time after', () => {
    for (const title of ['first', 'दूसरा <em>', 'third']) {
      const { html, document } = render(title);
      expect(document.bytes.toString()).toBe(renderToString(page(title)));
      // After the first render only empty wrappers are rendered: the kept bytes fill them.
      if (title !== 'first') expect(html).not.toContain('<header>');
      expect(document.shared?.map((p) => p.bytes.toString())).toEqual([
        '<header><h1>Patrika — पत्रिका &amp; co.</h1></header>',
        '<footer>© 2026</footer>',
      ]);
    }
  });

  it('is rendered whole where no render keeps parts (app pages, the browser)', () => {
    expect(renderToString(page('app'))).toBe(
      '<main><header><h1>Patrika — पत्रिका &amp; co.</h1></header><p>app</p><nav>Asha’s menu</nav><footer>© 2026</footer></main>',
    );
  });
});
