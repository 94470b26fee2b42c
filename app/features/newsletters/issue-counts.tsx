import { useCallback, useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { issuePagePath, type RecentIssue } from '../../../common/schemas/newsletters';
import type { Column } from '../../components/admin/data-table';
import { formatMoment, useAdminInterface } from '../../copy/admin-language';
import { saidOf } from '../../copy/refusals';
import { adminApi } from '../api/admin-api';

/** What an issue's row shows, from either list (one newsletter's, or the dashboard's). */
type IssueRow = Omit<RecentIssue, 'newsletter'> & { views?: number };

/** How often a list is asked again while an issue in it is going out. */
const REFRESH_MS = 2_000;

const goingOut = (issue: IssueRow) => issue.pending > 0 || issue.sentAt === null;

/**
 * A list of issues from `path`, asked again every two seconds while one of them is going out,
 * and at once when `version` changes (the screen has just sent one); null until it came.
 */
export function useIssueList<T extends IssueRow>(path: string, version = 0): T[] | null {
  const { say } = useAdminInterface();
  const [issues, setIssues] = useState<T[] | null>(null);
  const load = useCallback(async () => {
    try {
      setIssues(await adminApi<T[]>(path));
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
  return issues;
}

/**
 * An issue's columns: its subject linking to its web page (`slugOf` names its newsletter's
 * slug), when it went (or that it is going out), its counts and, `withViews`, the views it brought.
 */
export function useIssueColumns<T extends IssueRow>(
  slugOf: (issue: T) => string,
  withViews = false,
): Column<T>[] {
  const ui = useAdminInterface();
  const n = ui.t.newsletters;
  const count = (value: number) => value.toLocaleString(ui.locale);
  return [
    {
      header: n.issueColumns.subject,
      // A page of the server's own, not of this app: a plain link, in a tab of its own.
      cell: (i) => (
        <a href={issuePagePath(slugOf(i), i._id)} target="_blank" rel="noopener">
          {i.subject}
        </a>
      ),
    },
    {
      header: n.issueColumns.sentAt,
      cell: (i) => (i.sentAt ? formatMoment(new Date(i.sentAt), ui) : n.goingOut),
    },
    { header: n.issueColumns.recipients, cell: (i) => count(i.recipients) },
    { header: n.issueColumns.sent, cell: (i) => count(i.sent) },
    { header: n.issueColumns.failed, cell: (i) => count(i.failed) },
    { header: n.issueColumns.pending, cell: (i) => count(i.pending) },
    // One newsletter's list has the views its issues brought (issue 38 item 4); the dashboard's not.
    ...(withViews ? [{ header: n.issueColumns.views, cell: (i: T) => count(i.views ?? 0) }] : []),
  ];
}
