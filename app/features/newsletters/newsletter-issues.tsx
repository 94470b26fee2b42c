import type { z } from 'zod';
import type { NewsletterIssueSchema } from '../../../common/schemas/newsletters';
import { DataTable } from '../../components/admin/data-table';
import { useAdminInterface } from '../../copy/admin-language';
import type { Newsletter } from './newsletter-form';
import { useIssueColumns, useIssueList } from './issue-counts';

type Issue = z.infer<typeof NewsletterIssueSchema>;

/**
 * A newsletter's issues and how their sending goes (`GET /api/newsletters/{id}/issues`), asked
 * again every two seconds while one is going out; each subject links to the issue's web page.
 * `version` changes when the screen has sent one, so the list is asked at once.
 */
export function NewsletterIssues({
  newsletter,
  version,
}: {
  newsletter: Newsletter;
  version: number;
}) {
  const { t } = useAdminInterface();
  const n = t.newsletters;
  const issues = useIssueList<Issue>(`/api/newsletters/${newsletter._id}/issues`, version);
  const columns = useIssueColumns<Issue>(() => newsletter.slug, true);

  return (
    <section className="card mt-4" aria-labelledby={`issues-${newsletter._id}`}>
      <div className="card-body">
        <h2 id={`issues-${newsletter._id}`} className="h5">
          {n.issuesOf(newsletter.name)}
        </h2>
        {issues === null ? (
          <p>{t.loading}</p>
        ) : (
          <DataTable columns={columns} rows={issues} empty={n.noIssues} />
        )}
      </div>
    </section>
  );
}
