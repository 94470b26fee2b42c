/*
 * Newsletter subscribers in and out for administrators (issue 37 item 5): a CSV import with
 * its upload's progress and the lines it refused, and each newsletter's list as CSV with where
 * every address stands. The newsletters themselves are defined at /admin/newsletters, linked
 * both ways.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { NewsletterSchema } from '../../../common/schemas/newsletters';
import type { ImportAnswer } from '../../../common/schemas/subscribers';
import type { z } from 'zod';
import { AdminRouteError } from '../../components/admin/route-error';
import { UploadProgress } from '../../components/upload-progress';
import { useAdminCopy, useAdminInterface } from '../../copy/admin-language';
import { saidOf } from '../../copy/refusals';
import { adminApi } from '../../features/api/admin-api';
import { importSubscribers } from '../../features/newsletters/import-upload';
import { requireScreen } from '../../features/session/screen-guard';
import type { Route } from './+types/subscribers';

type Newsletter = z.infer<typeof NewsletterSchema>;

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireScreen(context, request, 'administrator');
  return null;
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  await serverLoader();
  return { newsletters: await adminApi<Newsletter[]>('/api/newsletters') };
}

clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const t = useAdminCopy();
  return <p>{t.loading}</p>;
}

export default function AdminSubscribers({ loaderData }: Route.ComponentProps) {
  const t = useAdminCopy();
  return (
    <>
      <h1 className="h3 mb-2">{t.subscribers.title}</h1>
      <p className="text-muted">{t.subscribers.intro}</p>
      <p>
        <Link to="/admin/newsletters">{t.newsletters.newslettersLink}</Link>
      </p>
      <ImportForm />
      <ExportForm newsletters={loaderData.newsletters} />
    </>
  );
}

/** The CSV import: a file, its upload's progress, and what came of it. */
function ImportForm() {
  const { t, say } = useAdminInterface();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState(0);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const send = async () => {
    if (!file) return;
    setBusy(true);
    setAnswer(null);
    setFailure(null);
    setProgress(0);
    try {
      setAnswer(await importSubscribers(file, setProgress));
    } catch (error) {
      setFailure(say(saidOf(error)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card mb-4" aria-labelledby={`${fileId}-heading`}>
      <div className="card-body">
        <h2 id={`${fileId}-heading`} className="h5">
          {t.subscribers.importHeading}
        </h2>
        <p className="small text-muted">{t.subscribers.importHint}</p>
        <div className="d-flex flex-wrap gap-2 align-items-end">
          <div>
            <label htmlFor={fileId} className="form-label">
              {t.subscribers.file}
            </label>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv"
              className="form-control"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </div>
          <button
            type="button"
            className="btn btn-primary"
            disabled={!file || busy}
            onClick={() => void send()}
          >
            {busy ? t.subscribers.importing : t.subscribers.import}
          </button>
        </div>
        <UploadProgress progress={progress} label={t.subscribers.progress} />
        {failure && (
          <p className="alert alert-danger mt-3 mb-0" role="alert">
            {failure}
          </p>
        )}
        {answer && <ImportResult answer={answer} />}
      </div>
    </section>
  );
}

function ImportResult({ answer }: { answer: ImportAnswer }) {
  const t = useAdminCopy();
  return (
    <div className="mt-3" role="status">
      <p className="fw-semibold">{t.subscribers.imported(answer.imported)}</p>
      {answer.refused.length > 0 && (
        <>
          <p>{t.subscribers.refusedCount(answer.refused.length)}</p>
          <table className="table table-sm w-auto">
            <thead>
              <tr>
                <th scope="col">{t.subscribers.line}</th>
                <th scope="col">{t.subscribers.reason}</th>
              </tr>
            </thead>
            <tbody>
              {answer.refused.map((r) => (
                <tr key={r.line}>
                  <td>{r.line}</td>
                  <td>{t.subscribers.reasons[r.reason]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}

/** A newsletter's list as CSV (the staff session's cookie goes with the link). */
function ExportForm({ newsletters }: { newsletters: Newsletter[] }) {
  const t = useAdminCopy();
  const selectId = useId();
  const [chosen, setChosen] = useState(newsletters[0]?._id ?? '');
  const query = new URLSearchParams({ newsletter: chosen, format: 'csv' });
  return (
    <section className="card" aria-labelledby={`${selectId}-heading`}>
      <div className="card-body">
        <h2 id={`${selectId}-heading`} className="h5">
          {t.subscribers.exportHeading}
        </h2>
        <p className="small text-muted">{t.subscribers.exportHint}</p>
        {newsletters.length === 0 ? (
          <p className="mb-0">{t.subscribers.noNewsletters}</p>
        ) : (
          <div className="d-flex flex-wrap gap-2 align-items-end">
            <div>
              <label htmlFor={selectId} className="form-label">
                {t.subscribers.newsletter}
              </label>
              <select
                id={selectId}
                className="form-select"
                value={chosen}
                onChange={(e) => setChosen(e.target.value)}
              >
                {newsletters.map((n) => (
                  <option key={n._id} value={n._id}>
                    {n.name}
                  </option>
                ))}
              </select>
            </div>
            <a
              href={`/api/newsletters/subscribers?${query.toString()}`}
              className="btn btn-outline-secondary"
              download
            >
              {t.subscribers.download}
            </a>
          </div>
        )}
      </div>
    </section>
  );
}

export const ErrorBoundary = AdminRouteError;
