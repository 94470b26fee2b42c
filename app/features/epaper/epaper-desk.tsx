/*
 * The desk's issue (issue 67 item 1): start it, drop its PDFs (or choose them), watch each
 * page's progress (polled every two seconds while a page is still being made), reorder or
 * remove pages, publish now or at 5:00 on the issue's date (the site's time zone), or pull
 * it back to draft.
 */
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { epaperPath } from '../../../common/epaper';
import type { EpaperIssue, EpaperPage } from '../../../common/schemas/epaper';
import { fromZonedInput } from '../../../common/time-zone';
import { UploadProgress } from '../../components/upload-progress';
import type { EpaperDeskCopy } from '../../copy/epaper';
import { formatMoment, useAdminInterface } from '../../copy/admin-language';
import { saidOf } from '../../copy/refusals';
import { adminApi } from '../api/admin-api';
import { epaperZoneDeskCopy } from '../../copy/epaper-zone-desk';
import { EpaperPageList } from './epaper-page-list';
import { EpaperZoneDesk } from './epaper-zone-desk';
import { sendPages } from './send-pages';

const POLL_MS = 2_000;
const unfinished = (issue: EpaperIssue) =>
  issue.pages.some((p) =>
    Object.values(p.progress).some((s) => s === 'waiting' || s === 'working'),
  );

export function EpaperIssueDesk(props: {
  start: EpaperIssue;
  d: EpaperDeskCopy;
  timeZone: string;
}) {
  const { d, timeZone } = props;
  const ui = useAdminInterface();
  const [issue, setIssue] = useState(props.start);
  const [busy, setBusy] = useState(false);
  const [percent, setPercent] = useState<number | null>(null);
  const url = `/api/epaper/issues/${issue._id}`;

  // Each page's progress, live, until every page is made.
  useEffect(() => {
    if (!unfinished(issue)) return;
    const timer = setTimeout(() => {
      adminApi<EpaperIssue>(url).then(setIssue, () => {});
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [issue, url]);

  const act = async (work: () => Promise<EpaperIssue>, done?: string) => {
    setBusy(true);
    try {
      setIssue(await work());
      if (done) toast.success(done);
    } catch (error) {
      toast.error(ui.say(saidOf(error)));
    } finally {
      setBusy(false);
      setPercent(null);
    }
  };
  const upload = (files: File[]) => {
    const pdfs = files.filter(
      (f) => f.name.toLowerCase().endsWith('.pdf') || f.type === 'application/pdf',
    );
    if (pdfs.length === 0) return;
    setPercent(0);
    void act(async () => {
      const before = issue.pages.length;
      const answer = await sendPages(issue._id, pdfs, setPercent);
      toast.success(d.uploaded(answer.pages.length - before));
      return answer;
    });
  };
  const order = (ids: string[]) =>
    void act(() => adminApi(`${url}/pages`, { method: 'PUT', body: { order: ids } }), d.reordered);
  const remove = (page: EpaperPage) =>
    void act(() => adminApi(`${url}/pages/${page._id}`, { method: 'DELETE' }), d.removed);
  const status = (body: { status: string; publishAt?: string }, said: string) =>
    void act(() => adminApi(url, { method: 'PUT', body }), said);

  return (
    <section aria-labelledby="epaper-issue-heading">
      <h2 id="epaper-issue-heading" className="h5">
        {issue.edition.names[ui.lang === 'hi' ? 'hi' : 'en']} · {issue.date}
      </h2>
      <StatusBar issue={issue} d={d} busy={busy} timeZone={timeZone} onStatus={status} />
      <DropZone d={d} busy={busy} percent={percent} onFiles={upload} />
      <h3 className="h6">{d.pages}</h3>
      <PagesAndBoxes issue={issue} d={d} busy={busy} onOrder={order} onRemove={remove} />
    </section>
  );
}

/** The issue's pages, and the boxes of the page opened for them (issue 68 item 1). */
function PagesAndBoxes(props: {
  issue: EpaperIssue;
  d: EpaperDeskCopy;
  busy: boolean;
  onOrder: (ids: string[]) => void;
  onRemove: (page: EpaperPage) => void;
}) {
  const ui = useAdminInterface();
  const z = epaperZoneDeskCopy[ui.lang];
  const [boxesOf, setBoxesOf] = useState<string | null>(null);
  const boxPage = props.issue.pages.find((p) => p._id === boxesOf);
  return (
    <>
      <EpaperPageList
        {...props}
        boxes={{ label: z.open, onOpen: (page) => setBoxesOf(page._id) }}
      />
      {boxPage?.view && (
        <EpaperZoneDesk
          key={boxPage._id}
          page={{ ...boxPage, view: boxPage.view }}
          w={z}
          onClose={() => setBoxesOf(null)}
        />
      )}
    </>
  );
}

/** The issue's status, and publishing now, at 5:00 on its date, or back to draft. */
function StatusBar(props: {
  issue: EpaperIssue;
  d: EpaperDeskCopy;
  busy: boolean;
  timeZone: string;
  onStatus: (body: { status: string; publishAt?: string }, said: string) => void;
}) {
  const { issue, d, busy, timeZone } = props;
  const ui = useAdminInterface();
  const status = props.onStatus;
  const five = fromZonedInput(`${issue.date}T05:00`, timeZone);
  return (
    <>
      <p data-epaper-status={issue.status}>
        {issue.status === 'scheduled' && issue.publishAt
          ? d.status.scheduled(formatMoment(new Date(issue.publishAt), ui))
          : issue.status === 'published'
            ? d.status.published
            : d.status.draft}{' '}
        {issue.public && <a href={epaperPath(issue.edition.slug, issue.date)}>{d.read}</a>}
      </p>
      <div className="d-flex flex-wrap gap-2 mb-3">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy || issue.pages.length === 0 || issue.status === 'published'}
          onClick={() => status({ status: 'published' }, d.published)}
        >
          {d.publishNow}
        </button>
        {five && five > new Date() && (
          <button
            type="button"
            className="btn btn-outline-primary"
            disabled={busy || issue.pages.length === 0}
            onClick={() =>
              status({ status: 'scheduled', publishAt: five.toISOString() }, d.scheduled)
            }
          >
            {d.publishAtFive}
          </button>
        )}
        {issue.status !== 'draft' && (
          <button
            type="button"
            className="btn btn-outline-dark"
            disabled={busy}
            onClick={() => status({ status: 'draft' }, d.drafted)}
          >
            {d.toDraft}
          </button>
        )}
      </div>
    </>
  );
}

/** Where PDFs are dropped or chosen, with the upload's progress. */
function DropZone(props: {
  d: EpaperDeskCopy;
  busy: boolean;
  percent: number | null;
  onFiles: (files: File[]) => void;
}) {
  const { d, busy, percent } = props;
  const upload = props.onFiles;
  return (
    <div
      className="border border-2 border-dashed rounded p-4 mb-3 text-center"
      data-epaper-drop
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        upload([...e.dataTransfer.files]);
      }}
    >
      <p className="mb-2">{d.drop}</p>
      <label className="btn btn-outline-primary">
        {d.choose}
        <input
          type="file"
          accept="application/pdf,.pdf"
          multiple
          className="visually-hidden"
          disabled={busy}
          onChange={(e) => {
            upload([...(e.target.files ?? [])]);
            e.target.value = '';
          }}
        />
      </label>
      {percent !== null && <UploadProgress progress={percent} label={d.uploading} />}
    </div>
  );
}
