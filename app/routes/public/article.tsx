import { useEffect } from 'react';
import { data, redirect } from 'react-router';
import { toast } from 'react-toastify';
import { CARD_EXCERPT_LENGTH } from '../../../common/articles';
import { appContext, isNotFound } from '../../../common/services';
import { ArticleCard } from '../../components/article-card';
import { ShareButtons } from '../../components/share-buttons';
import { copy } from '../../copy/en';
import { absoluteUrl, pageMeta } from '../../features/seo/meta';
import type { Route } from './+types/article';

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services, publicUrl } = context.get(appContext);
  let article;
  try {
    article = await services.articles.byAddress(params.category, params.slug);
  } catch (error) {
    if (!isNotFound(error)) throw error;
    // A former address, or the right slug under another category: a permanent redirect.
    const moved =
      (await services.articles.newUrlForFormerAddress(params.category, params.slug)) ??
      (await services.articles.newUrlForSlug(params.slug).catch(() => undefined));
    // The query string (campaign tags and the like) goes along.
    if (moved && moved !== `/${params.category}/${params.slug}`)
      throw redirect(`${moved}${new URL(request.url).search}`, 301);
    throw data(null, { status: 404, statusText: 'Not Found' });
  }
  const settings = await services.settings.get();
  // SPEC.md §9: ask for 3 random articles, drop the current one, show 2.
  let related: Awaited<ReturnType<typeof services.articles.listRandom>> = [];
  let relatedError: string | undefined;
  try {
    related = (await services.articles.listRandom(3, article._id))
      .filter((a) => a._id !== article._id)
      .slice(0, 2);
  } catch (error) {
    relatedError = error instanceof Error ? error.message : String(error);
  }
  return { article, related, relatedError, settings, publicUrl, lang: article.language };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { article, settings, publicUrl } = loaderData;
  const url = `${publicUrl}/${article.category?.slug ?? 'general'}/${article.slug}`;
  const image = article.imageUrl ? absoluteUrl(publicUrl, article.imageUrl) : undefined;
  const description = article.metaDescription || article.name;
  return [
    ...pageMeta({
      shortName: settings.shortName,
      title: article.metaTitle || article.name,
      description,
      url,
      image,
      type: 'article',
      keywords: article.metaKeywords || copy.article.defaultKeywords,
    }),
    { property: 'article:published_time', content: article.publishedAt },
    { property: 'article:modified_time', content: article.updatedAt },
    {
      'script:ld+json': {
        '@context': 'https://schema.org',
        '@type': 'NewsArticle',
        headline: article.name,
        description,
        image: image
          ? [image, ...(article.image?.variants ?? []).map((v) => absoluteUrl(publicUrl, v.url))]
          : [],
        datePublished: article.publishedAt,
        dateModified: article.updatedAt,
        inLanguage: article.language,
        mainEntityOfPage: url,
        author: {
          '@type': article.author ? 'Person' : 'Organization',
          name: article.author?.name ?? settings.siteName,
        },
        publisher: { '@type': 'Organization', name: settings.siteName, url: publicUrl },
      },
    },
  ];
};

export default function ArticlePage({ loaderData }: Route.ComponentProps) {
  const { article, related, relatedError, publicUrl } = loaderData;
  const url = `${publicUrl}/${article.category?.slug ?? 'general'}/${article.slug}`;

  // A view is counted after the page is shown, without holding it up.
  useEffect(() => {
    void fetch(`/api/articles/${article._id}/view`, { method: 'POST', keepalive: true }).catch(
      () => {},
    );
  }, [article._id]);

  useEffect(() => {
    if (relatedError) toast.error(`Error: ${relatedError}`);
  }, [relatedError]);

  const srcSet = article.image?.variants.map((v) => `${v.url} ${v.width}w`).join(', ');
  return (
    <main id="main" className="container py-4">
      <article className="article mx-auto" lang={article.language}>
        <h1 className="article-title mb-3">{article.name}</h1>
        <p className="text-body-secondary small">
          {article.author && <span>{copy.article.by(article.author.name)} · </span>}
          <time dateTime={article.publishedAt}>
            {new Date(article.publishedAt).toLocaleDateString(
              article.language === 'hi' ? 'hi-IN' : 'en-IN',
              {
                year: 'numeric',
                month: 'long',
                day: 'numeric',
                timeZone: 'Asia/Kolkata',
              },
            )}
          </time>
        </p>
        {article.imageUrl && (
          <img
            src={article.imageUrl}
            srcSet={srcSet || undefined}
            sizes={srcSet ? '(max-width: 860px) 100vw, 820px' : undefined}
            alt={article.name}
            width={article.image?.width ?? 1200}
            height={article.image?.height ?? 675}
            fetchPriority="high"
            className="article-image img-fluid rounded mb-4"
          />
        )}
        <ShareButtons url={url} title={article.name} />
        <div className="article-body" dangerouslySetInnerHTML={{ __html: article.description }} />
      </article>
      {related.length > 0 && (
        <section aria-labelledby="more-stories" className="mt-5">
          <h2 id="more-stories" className="h4 section-title">
            {copy.article.more}
          </h2>
          <div className="row g-4">
            {related.map((a) => (
              <div key={a._id} className="col-12 col-md-6">
                <ArticleCard article={a} length={CARD_EXCERPT_LENGTH} />
              </div>
            ))}
          </div>
        </section>
      )}
    </main>
  );
}
