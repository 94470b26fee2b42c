import { renderToStaticMarkup } from 'react-dom/server';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { mediaIdOfUrl } from '../../common/media';
import {
  ARTICLE_SIZES,
  bodyImageIds,
  pictureHtml,
  responsiveBody,
  responsiveImage,
} from '../../app/components/responsive-image';
import { ResponsivePicture } from '../../app/components/responsive-picture';
import { sanitizeArticleHtml } from '../../server/modules/articles/sanitize';

const ID = '0b6e2f4a-1c3d-4e5f-8a9b-0c1d2e3f4a5b';
const folder = `/media/2026/11/${ID}`;
const original = `${folder}/original.jpg`;
const image = {
  width: 1000,
  height: 600,
  variants: [
    { width: 800, url: `${folder}/w800.webp` },
    { width: 400, url: `${folder}/w400.webp` },
  ],
  avif: [
    { width: 400, url: `${folder}/w400.avif` },
    { width: 800, url: `${folder}/w800.avif` },
  ],
};

describe('mediaIdOfUrl', () => {
  it('reads the upload id of any of its files, and nothing else', () => {
    expect(mediaIdOfUrl(original)).toBe(ID);
    expect(mediaIdOfUrl(`${folder}/w400.avif`)).toBe(ID);
    expect(mediaIdOfUrl(`https://elsewhere.example${original}`)).toBeUndefined();
    expect(mediaIdOfUrl(`/media/2026/11/not-an-id/original.jpg`)).toBeUndefined();
    expect(mediaIdOfUrl(`${folder}/../../x/original.jpg`)).toBeUndefined();
  });
});

describe('responsiveImage', () => {
  it('offers AVIF then WebP by width, and falls back to a WebP variant with its real size', () => {
    expect(responsiveImage(original, image, { sizes: '100vw', fallbackWidth: 500 })).toEqual({
      sources: [
        { type: 'image/avif', srcSet: `${folder}/w400.avif 400w, ${folder}/w800.avif 800w` },
        { type: 'image/webp', srcSet: `${folder}/w400.webp 400w, ${folder}/w800.webp 800w` },
      ],
      src: `${folder}/w800.webp`,
      width: 800,
      height: 480,
      sizes: '100vw',
    });
  });

  it('takes the largest variant when none is as wide as asked', () => {
    const markup = responsiveImage(original, image, { sizes: '1px', fallbackWidth: 1600 });
    expect(markup).toMatchObject({ src: `${folder}/w800.webp`, width: 800, height: 480 });
  });

  it('offers WebP only while the AVIF variants are not made', () => {
    const markup = responsiveImage(original, { ...image, avif: [] }, { sizes: '100vw' });
    expect(markup.sources.map((s) => s.type)).toEqual(['image/webp']);
    expect(markup.src).toBe(`${folder}/w800.webp`);
  });

  it('uses an image hosted elsewhere (no variants) as it is', () => {
    expect(responsiveImage('https://x.example/a.jpg', null, { sizes: '100vw' })).toEqual({
      sources: [],
      src: 'https://x.example/a.jpg',
      width: undefined,
      height: undefined,
    });
  });
});

describe('ResponsivePicture', () => {
  it('renders a <picture> whose sources carry sizes, and no reference to the original', () => {
    const html = renderToStaticMarkup(
      createElement(ResponsivePicture, {
        url: original,
        image,
        sizes: ARTICLE_SIZES,
        fallbackSize: { width: 1, height: 1 },
        alt: 'A',
      }),
    );
    expect(html).toBe(
      '<picture>' +
        `<source type="image/avif" srcSet="${folder}/w400.avif 400w, ${folder}/w800.avif 800w" sizes="${ARTICLE_SIZES}"/>` +
        `<source type="image/webp" srcSet="${folder}/w400.webp 400w, ${folder}/w800.webp 800w" sizes="${ARTICLE_SIZES}"/>` +
        `<img src="${folder}/w800.webp" alt="A" width="800" height="480"/>` +
        '</picture>',
    );
    expect(html).not.toContain('original');
  });

  it('renders a plain <img> of given size for an image hosted elsewhere', () => {
    const html = renderToStaticMarkup(
      createElement(ResponsivePicture, {
        url: 'https://x.example/a.jpg',
        image: null,
        sizes: '100vw',
        fallbackSize: { width: 1200, height: 675 },
        alt: '',
      }),
    );
    // (React may add a preload of an eager image: not ours to test.)
    expect(html).toContain('<img src="https://x.example/a.jpg" alt="" width="1200" height="675"/>');
    expect(html).not.toContain('<picture>');
  });
});

describe('pictureHtml', () => {
  it('escapes what it writes and keeps the attributes given', () => {
    const html = pictureHtml(
      {
        sources: [{ type: 'image/webp', srcSet: '/media/a"b 1w' }],
        src: '/m&x',
        width: 1,
        height: 2,
        sizes: '1px',
      },
      [['alt', 'x &amp; y']],
    );
    expect(html).toBe(
      '<picture><source type="image/webp" srcset="/media/a&quot;b 1w" sizes="1px" />' +
        '<img src="/m&amp;x" width="1" height="2" alt="x &amp; y" /></picture>',
    );
  });
});

describe('responsiveBody', () => {
  const images = new Map([[ID, image]]);
  const external = '<p><img src="https://x.example/a.jpg" alt="far" loading="lazy" /></p>';

  it('turns sanitised images of ours into pictures and leaves others as they are', () => {
    const stored = sanitizeArticleHtml(
      `<p>Text</p><p><img src="${original}" alt="Ram &amp; Sita" title="t"></p>${external}`,
    );
    expect(bodyImageIds(stored)).toEqual([ID]);
    const html = responsiveBody(stored, images);
    expect(html).toContain(external);
    expect(html).toContain(
      '<p><picture>' +
        `<source type="image/avif" srcset="${folder}/w400.avif 400w, ${folder}/w800.avif 800w" sizes="${ARTICLE_SIZES}" />` +
        `<source type="image/webp" srcset="${folder}/w400.webp 400w, ${folder}/w800.webp 800w" sizes="${ARTICLE_SIZES}" />` +
        `<img src="${folder}/w800.webp" width="800" height="480" alt="Ram &amp; Sita" title="t" loading="lazy" decoding="async" />` +
        '</picture></p>',
    );
    expect(html).not.toContain(original);
  });

  it('keeps a width the writer gave, with the height of the same shape', () => {
    const stored = sanitizeArticleHtml(`<img src="${original}" alt="" width="300">`);
    const html = responsiveBody(stored, images);
    expect(html).toContain(`<img src="${folder}/w800.webp" width="300" height="180"`);
    expect(html).toContain('sizes="(max-width: 860px) min(100vw, 300px), 300px"');
  });

  it('leaves an upload it does not know, and a body without images, unchanged', () => {
    const stored = sanitizeArticleHtml(`<p><img src="${original}" alt=""></p>`);
    expect(responsiveBody(stored, new Map())).toBe(stored);
    const other = new Map([['1b6e2f4a-1c3d-4e5f-8a9b-0c1d2e3f4a5b', image]]);
    expect(responsiveBody(stored, other)).toBe(stored);
    expect(responsiveBody('<p>No pictures</p>', images)).toBe('<p>No pictures</p>');
  });

  it('falls back to WebP only for an upload whose AVIF is not made yet', () => {
    const stored = sanitizeArticleHtml(`<img src="${original}" alt="">`);
    const html = responsiveBody(stored, new Map([[ID, { ...image, avif: [] }]]));
    expect(html).not.toContain('image/avif');
    expect(html).toContain('<source type="image/webp"');
  });
});
