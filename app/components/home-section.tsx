import { HOME_EXCERPT_LENGTH } from '../../common/articles';
import type { ArticleCard as Card } from '../../common/schemas/articles';
import { useInterface } from '../copy/language';
import { ArticleCard } from './article-card';

/** One section of the home page: Latest Stories or a category chosen in the settings. */
export interface HomeSection {
  key: string;
  title: string;
  articles: Card[];
  /** Its read failed (SPEC.md §8 "Home section failures"): readers see a short text. */
  failed?: true;
}

/**
 * A home section: its title, then a grid of cards, or a short text when it failed or is empty.
 * `eager` loads its images at once (the first section, on screen when the page opens) and
 * fetches its first one first. The news home passes `dated` and `compact` (ArticleCard).
 */
export function HomeSectionView({
  section: s,
  eager = false,
  dated,
  compact = false,
}: {
  section: HomeSection;
  eager?: boolean;
  dated?: { timeZone: string } | undefined;
  compact?: boolean;
}) {
  const { t, lang } = useInterface();
  return (
    <section aria-labelledby={`section-${s.key}`} className="mb-5">
      {/* "Latest Stories" is interface text; the others are category names. */}
      <h2
        id={`section-${s.key}`}
        className="h4 section-title"
        lang={s.key === 'latest' ? lang : undefined}
      >
        {s.title}
      </h2>
      {s.failed ? (
        <p className="text-body-secondary" role="status" lang={lang}>
          {t.home.sectionError}
        </p>
      ) : s.articles.length === 0 ? (
        <p lang={lang}>{t.home.empty}</p>
      ) : (
        <div className={compact ? 'row g-3' : 'row g-4'}>
          {s.articles.map((a, j) => (
            <div key={a._id} className="col-12 col-md-6 col-lg-4">
              <ArticleCard
                article={a}
                length={HOME_EXCERPT_LENGTH}
                eager={eager}
                priority={eager && j === 0}
                dated={dated}
                compact={compact}
              />
            </div>
          ))}
        </div>
      )}
    </section>
  );
}
