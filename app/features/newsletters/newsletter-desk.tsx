import { Link } from 'react-router';
import type { RecentIssue } from '../../../common/schemas/newsletters';
import { DataTable, type Column } from '../../components/admin/data-table';
import { useAdminInterface } from '../../copy/admin-language';
import { useIssueColumns, useIssueList } from './issue-counts';

/**
 * The dashboard's newsletter issues (issue 37 item 3: "shown on the dashboard as it goes"), for
 * editors and administrators: the newest issues of every newsletter with their counts, asked
 * again while one is going out (`GET /api/newsletters/issues`).
 */
export function NewsletterDesk() {
  const { t } = useAdminInterface();
  const n = t.newsletters;
  const issues = useIssueList<RecentIssue>('/api/newsletters/issues');
  const [subject, ...counts] = useIssueColumns<RecentIssue>((i) => i.newsletter.slug);
  const columns: Column<RecentIssue>[] = [
    { header: n.issueColumns.newsletter, cell: (i) => i.newsletter.name },
    ...(subject ? [subject] : []),
    ...counts,
  ];
  return (
    <section className="card mb-4" aria-labelledby="newsletter-desk">
      <div className="card-body">
        <h2 id="newsletter-desk" className="h5">
          {n.deskHeading}
        </h2>
        {issues === null ? (
          <p>{t.loading}</p>
        ) : (
          <DataTable columns={columns} rows={issues} empty={n.noIssues} />
        )}
        <Link to="/admin/newsletters" className="small">
          {n.deskAll}
        </Link>
      </div>
    </section>
  );
}
