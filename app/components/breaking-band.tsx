import type { BreakingNews } from '../../common/schemas/breaking';
import { detectLanguage } from '../../common/text';
import { useInterface } from '../copy/language';

/**
 * The breaking-news band under the header of every public page (issue 25 item 2): its label in
 * the interface language, what it says in its own, linking to the story when it names one. An
 * edition's own band (issue 65 item 3) is named by its place (`place`), under the national one.
 */
export function BreakingBand({ band, place }: { band: BreakingNews; place?: string }) {
  const { t } = useInterface();
  const lang = detectLanguage(band.text);
  const region = place ? t.breaking.regionOf(place) : t.breaking.region;
  return (
    <section className="breaking-band" aria-label={region}>
      <div className="container">
        <strong className="breaking-label">{t.breaking.label}</strong>{' '}
        {band.url ? (
          // A plain link: reading pages run no React in the browser (no router attributes).
          <a href={band.url} lang={lang} className="breaking-text">
            {band.text}
          </a>
        ) : (
          <span lang={lang} className="breaking-text">
            {band.text}
          </span>
        )}
      </div>
    </section>
  );
}
