/*
 * The reader's search page and what links to it (issue 10 items 1 and 5), as the production
 * build renders it, without JavaScript.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articlePath } from '../../../common/paths';
import type { SearchResponse } from '../../../common/schemas/search';
import { createAdmin, createArticle, createCategory, type TestUser } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://patrika.example' }, { web: 'build' });
  admin = await createAdmin(t.app);
  categoryId = (await createCategory(t.app, admin))._id;
});
afterAll(async () => t.close());

const page = (url: string) => t.app.inject({ method: 'GET', url });

describe('/search', () => {
  it('shows the matches with the words marked, and is never indexed', async () => {
    await createArticle(t.app, admin, categoryId, {
      name: 'बदलता ज़माना',
      description: '<p>नई पीढ़ी और पुराना ज़माना।</p>',
    });
    for (const q of ['जमाना', 'zamana']) {
      const res = await page(`/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.body).toContain('<meta name="robots" content="noindex, follow"/>');
      expect(res.body).toContain('बदलता <mark>ज़माना</mark>');
      expect(res.body).toContain('पुराना <mark>ज़माना</mark>');
      expect(res.body).toContain('1 article found');
    }
  });

  it('takes a query typed in Devanagari, percent-encoded as browsers send it or raw', async () => {
    await createArticle(t.app, admin, categoryId, { name: 'एक चिट्ठी आई' });
    // Node's HTTP parser refuses raw bytes over 0x7f in a request line (browsers never send
    // them); past it, a raw query string is read as UTF-8 all the same.
    for (const url of [`/search?q=${encodeURIComponent('चिट्ठी')}`, '/search?q=चिट्ठी']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('एक <mark>चिट्ठी</mark> आई');
    }
  });

  it('says so when nothing is found, with suggestions; asks for words when none are given', async () => {
    const none = await page('/search?q=xqzvwkj');
    expect(none.statusCode).toBe(200);
    expect(none.body).toContain('No articles found for “xqzvwkj”.');
    expect(none.body).toContain('Check the spelling of each word.');
    const empty = await page('/search');
    expect(empty.statusCode).toBe(200);
    expect(empty.body).toContain('Type a word or two to search every article.');
    // The search page itself is a page of its own; only result pages are kept out of indexes.
    expect(empty.body).not.toContain('name="robots"');
  });

  it('offers "Did you mean" with the results of the nearer spelling', async () => {
    await createArticle(t.app, admin, categoryId, { name: 'Wildebeest crossing' });
    const res = await page('/search?q=wildebeast');
    expect(res.statusCode).toBe(200);
    const text = res.body.replace(/<!-- -->/g, '');
    expect(text).toMatch(
      /Did you mean <a href="\/search\?q=wildebeest"[^>]*><strong>wildebeest<\/strong><\/a>\? These are its results\./,
    );
    expect(res.body).toContain('<mark>Wildebeest</mark> crossing');
  });

  it('offers a nearer spelling beside the results the query found, never in their place (issue 45)', async () => {
    await createArticle(t.app, admin, categoryId, {
      name: 'Termite mounds',
      description: '<p>An aardvak digs into them at night.</p>',
    });
    await createArticle(t.app, admin, categoryId, { name: 'Aardvark burrows' });
    await createArticle(t.app, admin, categoryId, { name: 'Aardvark diet' });
    const res = await page('/search?q=aardvak');
    expect(res.statusCode).toBe(200);
    const text = res.body.replace(/<!-- -->/g, '');
    expect(text).toMatch(
      /Did you mean <a href="\/search\?q=aardvark"[^>]*><strong>aardvark<\/strong><\/a>\?<\/p>/,
    );
    expect(text).not.toContain('These are its results.');
    // The query's own result is what is listed.
    expect(text).toContain('1 article found');
    expect(res.body).toContain('Termite mounds');
    expect(res.body).not.toContain('Aardvark burrows');
  });

  it('finds जयपुर by jaipur, jaypur, Jaipur and jaipur pustak mela, and no other city (issue 45)', async () => {
    await createArticle(t.app, admin, categoryId, { name: 'जयपुर में बाल पुस्तक मेला' });
    await createArticle(t.app, admin, categoryId, { name: 'उदयपुर की झीलें' });
    for (const q of ['jaipur', 'jaypur', 'Jaipur', 'jaipur pustak mela']) {
      const res = await page(`/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.body, q).toContain('<mark>जयपुर</mark> में बाल');
      expect(res.body, q).toContain('/jaipur-mein-bal-pustak-mela"');
      expect(res.body, q).not.toContain('उदयपुर');
      expect(res.body, q).not.toContain('Did you mean');
    }
  });

  it('shows what GET /api/search answers, query for query (one path, issue 36 item 8)', async () => {
    await createArticle(t.app, admin, categoryId, {
      name: 'जैसलमेर: रेगिस्तान के सुनहरे रंग',
      slug: 'jaisalmer-registan-ke-sunehre-rang',
      description: '<p>पहली बारिश के बाद शहर में कंप्यूटर मेला।</p>',
    });
    const queries = [
      ...['sunehre', 'sunahre', 'sunhere', 'pehli', 'pahli', 'shehar', 'shahar', 'computer'],
      ...['  jaipur  ', 'JAIPUR', 'wildebeast', 'aardvak', 'xqzvwkj', 'जमाना', 'cyber सुरक्षा'],
    ];
    for (const q of queries) {
      const api = (
        await t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}` })
      ).json<SearchResponse>();
      const res = await page(`/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      const listed = [...res.body.matchAll(/<h2 class="h5 card-title"><a href="([^"]+)"/g)].map(
        (m) => m[1],
      );
      expect(listed, q).toEqual(api.articles.map((a) => articlePath(a)));
      const text = res.body.replace(/<!-- -->/g, '');
      expect(text.includes('Did you mean'), q).toBe(api.suggestion !== undefined);
      expect(text.includes('These are its results.'), q).toBe(api.resultsForSuggestion === true);
    }
    // The Hinglish spellings of issue 36 all find the story, on the page as through the API.
    for (const q of queries.slice(0, 8)) {
      const res = await page(`/search?q=${encodeURIComponent(q)}`);
      expect(res.body, q).toContain('/jaisalmer-registan-ke-sunehre-rang"');
      expect(res.body, q).not.toContain('Did you mean');
    }
  });

  it('shows an article for its own slug word, with no "Did you mean" (issue 27)', async () => {
    await createArticle(t.app, admin, categoryId, {
      name: 'इंद्रधनुष कैसे बनता है?',
      slug: 'indradhanush-kaise-banta-hai',
    });
    await createArticle(t.app, admin, categoryId, { name: 'सरकारी योजना' });
    const res = await page('/search?q=indradhanush');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<mark>इंद्रधनुष</mark> कैसे बनता है?');
    expect(res.body).not.toContain('Did you mean');
    // Another form of the word is found, and marked.
    const stem = await page(`/search?q=${encodeURIComponent('सरकार')}`);
    expect(stem.body).toContain('<mark>सरकारी</mark> योजना');
    expect(stem.body).not.toContain('Did you mean');
  });

  it('answers 400 for a query over 200 characters, 404 past the last page', async () => {
    const long = await page(`/search?q=${'a'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('A search may be at most 200 characters long.');
    expect((await page('/search?q=wildebeest&page=5')).statusCode).toBe(404);
  });
});

describe('every page leads to search', () => {
  it('has the header search form, which needs no JavaScript, and the OpenSearch link', async () => {
    for (const url of ['/', '/about-us', '/search?q=x']) {
      const res = await page(url);
      const form = res.body.match(/<form role="search"[^>]*>/)?.[0] ?? '';
      expect(form, url).toContain('action="/search"');
      expect(form, url).toContain('method="get"');
      const input = res.body.match(/<input[^>]*name="q"[^>]*>/)?.[0] ?? '';
      expect(input, url).toContain('type="search"');
      const link = res.body.match(/<link[^>]*rel="search"[^>]*>/)?.[0] ?? '';
      expect(link, url).toContain('type="application/opensearchdescription+xml"');
      expect(link, url).toContain('href="/opensearch.xml"');
    }
  });

  it('tells search engines how to search the site from the home page', async () => {
    const res = await page('/');
    const blocks = [
      ...res.body.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g),
    ].map((m) => JSON.parse(m[1] as string) as Record<string, unknown>);
    const site = blocks.find((b) => b['@type'] === 'WebSite');
    expect(site).toMatchObject({
      url: 'https://patrika.example/',
      potentialAction: {
        '@type': 'SearchAction',
        target: {
          '@type': 'EntryPoint',
          urlTemplate: 'https://patrika.example/search?q={search_term_string}',
        },
        'query-input': 'required name=search_term_string',
      },
    });
  });
});
