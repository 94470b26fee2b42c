import { CARD_EXCERPT_LENGTH } from '../../common/articles';
import type { ArticleCard as Card } from '../../common/schemas/articles';
import { Fragment } from 'react';
import { AdsBetweenCards } from './ad-slot';
import { ArticleCard } from './article-card';

/**
 * One page of a list's cards (a category's, a tag's, an author's, search results), three to a
 * row on a wide screen, the first three images fetched at once and the first first; `empty` in
 * the interface language when the list has none (nothing when there is no `empty`). A search
 * result's card shows its `highlight`.
 */
export function CardList({
  articles,
  empty,
  lang,
  headingLevel = 3,
}: {
  articles: (Card & { highlight?: { name: string; snippet: string } })[];
  empty?: string;
  lang: string;
  /** 2 right under the page's h1, 3 (the card's default) under a section's h2. */
  headingLevel?: 2 | 3;
}) {
  if (articles.length === 0) return empty === undefined ? null : <p lang={lang}>{empty}</p>;
  return (
    <div className="row g-4">
      {articles.map((a, i) => (
        <Fragment key={a._id}>
          <div className="col-12 col-md-6 col-lg-4">
            <ArticleCard
              article={a}
              length={CARD_EXCERPT_LENGTH}
              eager={i < 3}
              priority={i === 0}
              highlight={a.highlight}
              headingLevel={headingLevel}
            />
          </div>
          {/* A page that shows ads (issue 39 item 1): its slots every N cards. */}
          <AdsBetweenCards from={i} to={i + 1} total={articles.length} />
        </Fragment>
      ))}
    </div>
  );
}
