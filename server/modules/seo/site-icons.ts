import sharp from 'sharp';
import type { SettingsService } from '../settings/settings-service';

/*
 * The site's icons (issue 12): /favicon.ico, /apple-touch-icon.png and the web manifest's
 * icons, made from the square logo of the settings, or from the built-in mark when there is
 * none (or it cannot be read). Made on first request and kept per logo address: an uploaded
 * file never changes under its address, so every process makes the same bytes.
 */

/** The accent of the site (app/styles/app.css `--patrika-accent`). */
export const BRAND_COLOR = '#b3261e';

/**
 * The built-in mark: प on the accent colour, drawn as strokes so that it looks the same on a
 * server without Devanagari fonts.
 */
const BUILT_IN_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="12" fill="${BRAND_COLOR}"/><g fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"><path d="M12 16H52"/><path d="M42 16V52"/><path d="M22 16V27Q22 36 31 36H42"/></g></svg>`;

/** Sizes a request may ask for: the favicon's, Apple's touch icon and the manifest's. */
export const ICON_SIZES = { favicon: [16, 32, 48], appleTouch: 180, manifest: [192, 512] } as const;

/** A Windows icon file holding PNG images (allowed since Windows Vista, read by every browser). */
function icoOf(pngs: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(pngs.length, 4);
  let offset = 6 + 16 * pngs.length;
  const entries = pngs.map(({ size, data }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(data.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += data.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...pngs.map((p) => p.data)]);
}

export function createSiteIcons(deps: {
  settings: Pick<SettingsService, 'get'>;
  /** The bytes of an uploaded file by its /media/ address, if it is there. */
  readMedia: (url: string) => Promise<Buffer | undefined>;
  logError: (error: unknown, what: string) => void;
}) {
  let made: { logo: string; icons: Map<string, Promise<Buffer>> } = { logo: '', icons: new Map() };

  /** A square PNG of the logo (padded when it is not square), or of the built-in mark. */
  async function draw(logo: string, size: number): Promise<Buffer> {
    // White, not transparent, around a logo that is not square: iOS fills transparency black.
    const square = { fit: 'contain' as const, background: '#ffffff' };
    const source = logo ? await deps.readMedia(logo) : undefined;
    if (source) {
      try {
        return await sharp(source).resize(size, size, square).png().toBuffer();
      } catch (error) {
        deps.logError(error, `the logo ${logo} could not be made into an icon`);
      }
    }
    // The mark is 64 units wide; render it at the density that gives `size` pixels.
    const density = Math.ceil((72 * size) / 64);
    return sharp(Buffer.from(BUILT_IN_SVG), { density }).resize(size, size).png().toBuffer();
  }

  /** Made once per logo address and kind; a new logo starts afresh. */
  async function kept(kind: string, make: (logo: string) => Promise<Buffer>): Promise<Buffer> {
    const { logoUrl } = await deps.settings.get();
    if (made.logo !== logoUrl) made = { logo: logoUrl, icons: new Map() };
    let icon = made.icons.get(kind);
    if (!icon) {
      icon = make(logoUrl);
      made.icons.set(kind, icon);
      // A failure is not kept: the next request tries again.
      icon.catch(() => made.icons.delete(kind));
    }
    return icon;
  }

  return {
    /** A square PNG of one of ICON_SIZES' sizes. */
    png(size: number): Promise<Buffer> {
      return kept(`png-${size}`, (logo) => draw(logo, size));
    },
    favicon(): Promise<Buffer> {
      return kept('ico', async (logo) =>
        icoOf(
          await Promise.all(
            ICON_SIZES.favicon.map(async (size) => ({ size, data: await draw(logo, size) })),
          ),
        ),
      );
    },
    /** The web app manifest (W3C Web Application Manifest), in the site's names. */
    async manifest() {
      const { siteName, shortName } = await deps.settings.get();
      return {
        name: siteName,
        short_name: shortName,
        start_url: '/',
        scope: '/',
        display: 'browser',
        background_color: '#ffffff',
        theme_color: BRAND_COLOR,
        icons: ICON_SIZES.manifest.map((size) => ({
          src: `/icon-${size}.png`,
          sizes: `${size}x${size}`,
          type: 'image/png',
        })),
      };
    },
  };
}
export type SiteIcons = ReturnType<typeof createSiteIcons>;
