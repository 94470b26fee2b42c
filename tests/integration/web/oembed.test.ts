/*
 * Embeds (issue 41 item 5): GET /oembed answers a `rich` card for an article's address, and
 * the article page links it, so other sites and chat apps embed Patrika stories.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createArticle, createCategory } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let story: { _id: string; name: string; slug: string };
let address: string;

beforeAll(async () => {
  t = await createTestApp({}, { web: 'build' });
  const admin = await createAdmin(t.app);
  const category = await createCategory(t.app, admin, { slug: 'embeds' });
  story = await createArticle(t.app, admin, category._id, {
    status: 'published',
    name: 'Rains <arrive> early',
    credit: 'PTI',
  });
  address = `${t.config.publicUrl}/embeds/${story.slug}`;
});
afterAll(async () => t.close());

describe('GET /oembed', () => {
  it('answers a rich card for an article address', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/oembed?url=${encodeURIComponent(address)}&format=json`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const card = res.json() as Record<string, unknown>;
    expect(card).toMatchObject({
      version: '1.0',
      type: 'rich',
      title: 'Rains <arrive> early',
      provider_url: t.config.publicUrl,
      width: 560,
      height: 180,
    });
    expect(card.author_name).toBeTruthy();
    expect(card.html).toContain(`href="${address}"`);
    // The title is text in the card, never markup.
    expect(card.html).toContain('Rains &#60;arrive&#62; early');
    expect(card.html).not.toContain('<arrive>');
  });

  it('keeps within the consumer maxwidth and maxheight (oEmbed §2.2), and refuses bad ones', async () => {
    const at = (query: string) =>
      t.app.inject({ method: 'GET', url: `/oembed?url=${encodeURIComponent(address)}${query}` });
    const small = await at('&maxwidth=300&maxheight=100');
    expect(small.statusCode, small.body).toBe(200);
    const card = small.json() as Record<string, unknown>;
    expect(card.width).toBe(300);
    expect(card.height).toBe(100);
    expect(card.html).toContain('max-width:300px');
    if (card.thumbnail_width !== undefined) {
      expect(card.thumbnail_width).toBeLessThanOrEqual(300);
      expect(card.thumbnail_height).toBeLessThanOrEqual(100);
    }
    // Bounds above the card's own size change nothing.
    expect((await at('&maxwidth=2000')).json()).toMatchObject({ width: 560, height: 180 });
    for (const bad of ['&maxwidth=0', '&maxwidth=wide', '&maxheight=-5', '&maxwidth=1.5'])
      expect((await at(bad)).statusCode, bad).toBe(400);
  });

  it('answers 404 for other addresses and 501 for other formats', async () => {
    for (const url of ['https://elsewhere.example/embeds/x', `${t.config.publicUrl}/embeds/none`])
      expect(
        (await t.app.inject({ method: 'GET', url: `/oembed?url=${encodeURIComponent(url)}` }))
          .statusCode,
        url,
      ).toBe(404);
    const xml = await t.app.inject({
      method: 'GET',
      url: `/oembed?url=${encodeURIComponent(address)}&format=xml`,
    });
    expect(xml.statusCode).toBe(501);
  });

  it('is linked from the article page', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/embeds/${story.slug}` });
    expect(page.statusCode).toBe(200);
    const href = `${t.config.publicUrl}/oembed?url=${encodeURIComponent(address)}&amp;format=json`;
    expect(page.body).toContain('type="application/json+oembed"');
    expect(page.body).toContain(`href="${href}"`);
  });
});
