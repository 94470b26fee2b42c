import type { AppServices } from '../../../common/services';
import { bodyImageIds, responsiveBody } from '../../components/responsive-image';

/**
 * An article whose body's images of ours are responsive (<picture> of AVIF and WebP variants),
 * for a loader: made at render time from the stored, sanitised HTML, so an upload's variants
 * made later (docs/decisions/026) show without editing the article. When the uploads cannot be
 * looked up the body is sent as stored (its images still show), and the log says why.
 */
export async function withResponsiveBody<T extends { description: string }>(
  ctx: {
    services: Pick<AppServices, 'media'>;
    logError?: (error: unknown, message: string) => void;
    /** MEDIA_PUBLIC_URL, when set: the images link to it. */
    mediaBase?: string | undefined;
  },
  article: T,
): Promise<T> {
  const ids = bodyImageIds(article.description);
  if (ids.length === 0) return article;
  try {
    const images = await ctx.services.media.imagesByIds(ids);
    return { ...article, description: responsiveBody(article.description, images, ctx.mediaBase) };
  } catch (error) {
    ctx.logError?.(error, 'the images of an article body could not be looked up');
    return article;
  }
}
