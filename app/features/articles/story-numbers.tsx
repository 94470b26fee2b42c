import { useEffect, useState } from 'react';
import type { AnalyticsArticle } from '../../../common/schemas/analytics';
import { useAdminCopy, useAdminInterface } from '../../copy/admin-language';
import { adminApi } from '../api/admin-api';

/**
 * A published story's own numbers in its editor (issue 38 item 3): views and readers of the last
 * 24 hours, the median time read and scroll depth, and where its readers came from, from the
 * analytics report (`GET /api/analytics/articles/{id}`, which scopes an author to their own).
 */
export function StoryNumbers({ articleId }: { articleId: string }) {
  const t = useAdminCopy().analytics.storyNumbers;
  const { locale } = useAdminInterface();
  const [numbers, setNumbers] = useState<AnalyticsArticle | 'failed'>();
  useEffect(() => {
    adminApi<AnalyticsArticle>(`/api/analytics/articles/${articleId}`).then(setNumbers, () =>
      setNumbers('failed'),
    );
  }, [articleId]);
  if (!numbers) return null;
  if (numbers === 'failed') return <p className="text-body-secondary mt-4">{t.failed}</p>;
  const count = (n: number) => n.toLocaleString(locale);
  const figures: [string, string][] = [
    [t.views, count(numbers.views)],
    [t.readers, count(numbers.readers)],
    [t.engaged, numbers.engagedSeconds === null ? t.none : t.seconds(numbers.engagedSeconds)],
    [t.scroll, numbers.scroll === null ? t.none : t.percent(numbers.scroll)],
  ];
  const sources = [...numbers.sources].sort((a, b) => b.readers - a.readers).slice(0, 5);
  return (
    <section className="mt-4" aria-labelledby="story-numbers-title">
      <h2 id="story-numbers-title" className="h5">
        {t.title}
      </h2>
      <dl className="row g-2 mb-2">
        {figures.map(([label, value]) => (
          <div className="col-6 col-md-3" key={label}>
            <dt className="small text-body-secondary fw-normal">{label}</dt>
            <dd className="fs-4 mb-0" data-testid={`story-${label}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {sources.length > 0 && (
        <p className="small mb-0">
          {t.topSources}: {sources.map((s) => `${s.source} ${count(s.readers)}`).join(' · ')}
        </p>
      )}
    </section>
  );
}
