import { useCallback, useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import type { NewsletterIssueSchema } from '../../../common/schemas/newsletters';
import { DataTable, type Column } from '../../components/admin/data-table';
import { formatMoment, useAdminInterface } from '../../copy/admin-language';
import { saidOf } from '../../copy/refusals';
import { adminApi } from '../api/admin-api';
import type { Newsletter } from './newsletter-form';

type Issue = z.infer<typeof NewsletterIssueSchema>;

/** How often the list is asked again while an issue is going out. */
const REFRESH_MS = 2_000;

const goingOut = (issue: Issue) => issue.pending > 0 || issue.sentAt === null;

/**
 * A newsletter's issues and how their sending goes (`GET /api/newsletters/{id}/issues`), asked
 * again every two seconds while one is going out. `version` changes when the screen has sent
 * one, so the list is asked at once.
 */
export function NewsletterIssues({
  newsletter,
  version,
}: {
  newsletter: Newsletter;
  version: number;
}) {
  const ui = useAdminInterface();
  const { t, say, locale } = ui;
  const n = t.newsletters;
  const [issues, setIssues] = useState<Issue[] | null>(null);
  const path = `/api/newsletters/${newsletter._id}/issues`;

  const load = useCallback(async () => {
    try {
      setIssues(await adminApi<Issue[]>(path));
    } catch (error) {
      toast.error(say(saidOf(error)));
    }
  }, [path, say]);

  useEffect(() => {
    void load();
  }, [load, version]);

  const sending = issues?.some(goingOut) ?? false;
  useEffect(() => {
    if (!sending) return;
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [sending, load]);

  const count = (value: number) => value.toLocaleString(locale);
  const columns: Column<Issue>[] = [
    { header: n.issueColumns.subject, cell: (i) => i.subject },
    {
      header: n.issueColumns.sentAt,
      cell: (i) => (i.sentAt ? formatMoment(new Date(i.sentAt), ui) : n.goingOut),
    },
    { header: n.issueColumns.recipients, cell: (i) => count(i.recipients) },
    { header: n.issueColumns.sent, cell: (i) => count(i.sent) },
    { header: n.issueColumns.failed, cell: (i) => count(i.failed) },
    { header: n.issueColumns.pending, cell: (i) => count(i.pending) },
  ];

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
