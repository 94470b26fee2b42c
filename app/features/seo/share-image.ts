import type { CropRatio } from '../../../common/articles';
import type { Article } from '../../../common/schemas/articles';
import type { AppServices } from '../../../common/services';
import type { SiteSettings } from '../../../common/settings';
import { sentMediaUrl, sharedImageOf } from '../../../common/media';
import { absoluteUrl, type ShareImage } from './meta';
import { LOGO_PATH, LOGO_SIZE } from './structured-data';

/**
 * A page's share image, for its loader: the page's own image when it has one (an upload as its
 * crop in `ratio`, with its size; an address elsewhere as it is, size unknown), else the
 * default share image of the settings, else the square logo. Every public page has one.
 */
export async function shareImage(
  ctx: { services: Pick<AppServices, 'media'>; publicUrl: string; mediaBase?: string | undefined },
  settings: SiteSettings,
  own?: {
    url: string;
    alt: string;
    ratio?: CropRatio;
    /** The upload at `url` as the page read it already (its size and crops): no query then. */
    image?: Pick<NonNullable<Article['image']>, 'width' | 'height' | 'crops'> | null;
  },
): Promise<ShareImage> {
  const { services, publicUrl, mediaBase } = ctx;
  // An upload's address where readers fetch it (MEDIA_PUBLIC_URL), else here.
  const absolute = (url: string) => absoluteUrl(publicUrl, sentMediaUrl(url, mediaBase));
  const sized = async (url: string, alt: string, ratio?: CropRatio) => {
    const found = await services.media.imageForSharing(url, ratio);
    return found && { ...found, url: absolute(found.url), alt };
  };
  if (own?.url && own.image) {
    const { width, height, crops } = own.image;
    const shown = sharedImageOf({ url: own.url, width, height }, crops, own.ratio);
    return { ...shown, url: absolute(shown.url), alt: own.alt };
  }
  if (own?.url) {
    return (
      (await sized(own.url, own.alt, own.ratio)) ?? {
        url: absolute(own.url),
        alt: own.alt,
      }
    );
  }
  const fallback =
    settings.shareImageUrl && (await sized(settings.shareImageUrl, settings.siteName));
  return (
    fallback || {
      url: `${publicUrl}${LOGO_PATH}`,
      width: LOGO_SIZE,
      height: LOGO_SIZE,
      alt: settings.siteName,
    }
  );
}
