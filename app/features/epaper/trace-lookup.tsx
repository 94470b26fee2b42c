/*
 * "Find a leaked copy" (issue 68 item 4, docs/decisions/074), on the E-paper screen for
 * administrators only (the route decides whether to show it; the API refuses anyone else): a
 * trace pasted from a downloaded copy leads, through `GET /api/epaper/traces/{trace}`, to the
 * reader who downloaded it, the issue and the time. A malformed trace is said without asking
 * the server; an unknown one is said as the server answers it (404). Every look-up the server
 * answers is in the audit trail, found or not.
 */
import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { EPAPER_TRACE_PATTERN } from '../../../common/epaper-access';
import { epaperPath } from '../../../common/epaper';
import { editionName } from '../../../common/edition-place';
import type { EpaperTrace } from '../../../common/schemas/epaper';
import { formatMoment, useAdminInterface } from '../../copy/admin-language';
import { epaperTraceCopyIn } from '../../copy/epaper-traces';
import { saidOf } from '../../copy/refusals';
import { adminApi } from '../api/admin-api';
import { ApiError } from '../api/client';

type Outcome =
  | { kind: 'none' }
  | { kind: 'malformed' }
  | { kind: 'not-found'; trace: string }
  | { kind: 'found'; found: EpaperTrace };

export function TraceLookup() {
  const ui = useAdminInterface();
  const t = epaperTraceCopyIn(ui.lang);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });

  const find = async (event: FormEvent) => {
    event.preventDefault();
    // A trace as copies carry it: lower-case hex; pasted text may bring spaces or capitals.
    const trace = typed.trim().toLowerCase();
    if (!EPAPER_TRACE_PATTERN.test(trace)) {
      setOutcome({ kind: 'malformed' });
      return;
    }
    setBusy(true);
    try {
      const found = await adminApi<EpaperTrace>(`/api/epaper/traces/${trace}`);
      setOutcome({ kind: 'found', found });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'epaper.trace_not_found')
        setOutcome({ kind: 'not-found', trace });
      else if (error instanceof ApiError && error.code === 'epaper.trace_invalid')
        setOutcome({ kind: 'malformed' });
      else toast.error(ui.say(saidOf(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card mt-4" aria-labelledby="trace-lookup-title">
      <div className="card-body">
        <h2 id="trace-lookup-title" className="h5">
          {t.title}
        </h2>
        <p className="text-muted">{t.intro}</p>
        <form className="row g-2 align-items-end" onSubmit={(e) => void find(e)} noValidate>
          <div className="col-12 col-md-6">
            <label className="form-label" htmlFor="trace-lookup-trace">
              {t.label}
            </label>
            <input
              id="trace-lookup-trace"
              className="form-control font-monospace"
              aria-describedby="trace-lookup-hint"
              lang="en"
              autoComplete="off"
              spellCheck={false}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
            <div id="trace-lookup-hint" className="form-text">
              {t.hint}
            </div>
          </div>
          <div className="col-auto">
            <button type="submit" className="btn btn-outline-primary" disabled={busy}>
              {busy ? t.finding : t.find}
            </button>
          </div>
        </form>
        <div role="status" className="mt-3">
          <TraceOutcome outcome={outcome} />
        </div>
      </div>
    </section>
  );
}

/** What the look-up found, or why it found nothing. */
function TraceOutcome({ outcome }: { outcome: Outcome }) {
  const ui = useAdminInterface();
  const t = epaperTraceCopyIn(ui.lang);
  if (outcome.kind === 'none') return null;
  if (outcome.kind === 'malformed') return <p className="text-danger mb-0">{t.malformed}</p>;
  if (outcome.kind === 'not-found')
    return <p className="text-danger mb-0">{t.notFound(outcome.trace)}</p>;
  const { found } = outcome;
  return (
    <>
      <h3 className="h6">{t.found(found.trace)}</h3>
      <dl className="row mb-0">
        <dt className="col-sm-3">{t.reader}</dt>
        <dd className="col-sm-9">{found.reader.name}</dd>
        <dt className="col-sm-3">{t.email}</dt>
        <dd className="col-sm-9" lang="en">
          {found.reader.email}
        </dd>
        <dt className="col-sm-3">{t.issue}</dt>
        <dd className="col-sm-9">
          {found.issue ? (
            <a href={epaperPath(found.issue.edition, found.issue.date)}>
              {editionName({ names: found.issue.editionNames }, ui.lang)} ·{' '}
              <span lang="en">{found.issue.date}</span>
            </a>
          ) : (
            t.issueGone
          )}
        </dd>
        <dt className="col-sm-3">{t.downloaded}</dt>
        <dd className="col-sm-9">{formatMoment(new Date(found.downloadedAt), ui)}</dd>
      </dl>
    </>
  );
}
