import { articlePath } from '../../../common/paths';
import type { AdminArticleRowSchema } from '../../../common/schemas/articles';
import { formatZoned } from '../../../common/time-zone';
import { serialNumber, type Column } from '../../components/admin/data-table';
import { RowActions } from '../../components/admin/row-actions';
import { useAdminInterface, type AdminInterface } from '../../copy/admin-language';
import { statusBadge } from './article-status';
import { openPreview } from './open-preview';
import type { z } from 'zod';

/** One article as the admin list shows it. */
export type AdminArticleRow = z.infer<typeof AdminArticleRowSchema>;
type Row = AdminArticleRow;

/**
 * The admin list's columns (SPEC.md §2): S.No., the name with its category and author, the
 * status, the dates in the site's time zone, views, and the row's actions.
 */
export function adminListColumns({
  currentPage,
  timeZone,
  now,
  onDelete,
  ui,
}: {
  currentPage: number;
  timeZone: string;
  now: Date;
  onDelete: (article: Row) => void;
  /** The back office's language (useAdminInterface). */
  ui: AdminInterface;
}): Column<Row>[] {
  const { t, lang, locale } = ui;
  return [
    { header: t.articles.sno, cell: (_, index) => serialNumber(currentPage, index) },
    {
      header: t.articles.name,
      cell: (a) => (
        <>
          <span lang={a.language}>{a.name}</span>
          <div className="small text-body-secondary">
            {[a.category?.name, a.author?.name].filter(Boolean).join(' · ')}
          </div>
        </>
      ),
    },
    {
      header: t.articles.status,
      cell: (a) => {
        const badge = statusBadge(a, timeZone, ui, now);
        return <span className={`badge bg-${badge.tone}`}>{badge.text}</span>;
      },
    },
    {
      header: t.articles.date,
      className: 'small',
      cell: (a) => (
        <>
          {a.status === 'published' && new Date(a.publishedAt) <= now && (
            <div>
              {t.articles.publishedOn(formatZoned(new Date(a.publishedAt), timeZone, lang))}
            </div>
          )}
          <div className="text-body-secondary">
            {t.articles.updatedOn(formatZoned(new Date(a.updatedAt), timeZone, lang))}
          </div>
        </>
      ),
    },
    {
      header: t.articles.views,
      className: 'text-end',
      cell: (a) => a.views.toLocaleString(locale),
    },
    {
      header: t.articles.actions,
      className: 'text-nowrap',
      cell: (a) => (
        <div className="d-flex gap-2 align-items-center">
          <SeeIt article={a} now={now} />
          <RowActions
            name={a.name}
            edit={`/admin/edit-article/${a._id}`}
            onDelete={() => onDelete(a)}
          />
        </div>
      ),
    },
  ];
}

/** Where an article can be seen: its public address once out, else a signed preview. */
function SeeIt({ article, now }: { article: Row; now: Date }) {
  const ui = useAdminInterface();
  const { t } = ui;
  const out = article.status === 'published' && new Date(article.publishedAt) <= now;
  if (out)
    return (
      <a
        href={articlePath(article)}
        target="_blank"
        rel="noopener"
        className="btn btn-sm btn-outline-secondary"
        aria-label={t.articles.viewLabel(article.name)}
      >
        {t.articles.view}
      </a>
    );
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline-secondary"
      aria-label={t.articles.previewLabel(article.name)}
      onClick={() => void openPreview(article._id, ui)}
    >
      {t.articles.preview}
    </button>
  );
}
