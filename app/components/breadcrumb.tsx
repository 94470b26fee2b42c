import { detectLanguage } from '../../common/text';
import { useInterface } from '../copy/language';
import { PageLink } from './page-link';

/**
 * Where a page sits (WAI-ARIA's breadcrumb pattern): links to the pages above it, then the
 * page itself, marked as the current one. The same crumbs as the page's BreadcrumbList.
 */
export function Breadcrumb({ crumbs }: { crumbs: readonly { name: string; path: string }[] }) {
  const { t, lang } = useInterface();
  const last = crumbs.length - 1;
  return (
    <nav aria-label={t.category.breadcrumb} lang={lang}>
      <ol className="breadcrumb small mb-2">
        {crumbs.map((crumb, i) => (
          <li
            key={crumb.path}
            className={`breadcrumb-item${i === last ? ' active' : ''}`}
            lang={detectLanguage(crumb.name)}
            {...(i === last ? { 'aria-current': 'page' as const } : {})}
          >
            {i === last ? crumb.name : <PageLink to={crumb.path}>{crumb.name}</PageLink>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
