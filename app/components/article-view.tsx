import type { Article, ArticleCard as ArticleCardData } from '../../common/schemas/articles';
import { CARD_EXCERPT_LENGTH } from '../../common/articles';
import { articlePath } from '../../common/paths';
import { ArticleCard } from './article-card';
import { ShareButtons } from './share-buttons';
import { copy } from '../copy/en';

/**
 * An article as readers see it: its page, and a preview of one not yet out (DECISIONS.md §11),
 * which must look the same.
 */
export function ArticleView({
  article,
  related,
  relatedFailed,
  publicUrl,
}: {
  article: Article;
  related: ArticleCardData[];
  relatedFailed: boolean;
  publicUrl: string;
}) {
  const url = `${publicUrl}${articlePath(article)}`;

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
      {relatedFailed && (
        <p className="mt-5 text-body-secondary" role="status">
          {copy.article.moreError}
        </p>
      )}
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
