/*
 * The e-paper's pages a search found (issue 67 item 4), as their own kind on /search:
 * "ई-पेपर · जयपुर · 29 नवंबर 2026 · पृष्ठ 3", the page's thumbnail and the machine-read words
 * around the first match, labelled as machine-read; each opens the page with the words
 * highlighted.
 */
import { editionName } from '../../common/edition-place';
import { sentMediaUrl } from '../../common/media';
import type { EpaperSearchHit } from '../../common/schemas/epaper';
import { epaperReaderCopy } from '../copy/epaper';
import { useInterface } from '../copy/language';
import { issueDate } from './epaper-reader';
import { useMediaBase } from './media-base';

export function EpaperHits({ hits }: { hits: EpaperSearchHit[] }) {
  const { lang, locale } = useInterface();
  const base = useMediaBase();
  if (hits.length === 0) return null;
  const w = epaperReaderCopy[lang];
  return (
    <section className="epaper-hits mb-4" aria-labelledby="epaper-hits-heading">
      <h2 id="epaper-hits-heading" className="h5">
        {w.epaper}
      </h2>
      <p className="small text-body-secondary">{w.machineRead}</p>
      <ul className="list-unstyled">
        {hits.map((hit) => (
          <li key={`${hit.issue._id}-${hit.page}`} className="d-flex gap-3 mb-3">
            {hit.thumb && (
              <img
                src={sentMediaUrl(hit.thumb, base)}
                alt=""
                width={60}
                height={80}
                loading="lazy"
              />
            )}
            <div>
              <a href={hit.path} className="fw-semibold">
                {[
                  w.epaper,
                  editionName(hit.issue.edition, lang),
                  issueDate(hit.issue.date, locale),
                  w.page(hit.page),
                ].join(' · ')}
              </a>
              <p className="mb-0 small">{hit.snippet}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
