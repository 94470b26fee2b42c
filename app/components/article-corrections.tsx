import type { Correction } from '../../common/schemas/corrections';
import { formatDate, useInterface } from '../copy/language';

/**
 * A story's corrections under it (issue 43 item 3): "Corrected on {date}: {note}", newest
 * first, the date written as the byline writes it. The note is text (React escapes it).
 */
export function ArticleCorrections({ corrections }: { corrections: readonly Correction[] }) {
  const { t, lang, locale } = useInterface();
  if (corrections.length === 0) return null;
  return (
    <aside className="article-corrections mt-4" lang={lang} aria-label={t.corrections.title}>
      {corrections.map((c) => (
        <p key={c.correctedAt + c.note} className="small border-start border-3 ps-2">
          <strong>{t.corrections.correctedOn(formatDate(c.correctedAt, locale))}</strong>{' '}
          <span>{c.note}</span>
        </p>
      ))}
    </aside>
  );
}
