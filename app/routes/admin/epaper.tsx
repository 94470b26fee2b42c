/*
 * The e-paper desk (issue 67 item 1), for editors and up: pick an edition and a date; the
 * issue's pages are uploaded, watched while they are made, ordered and published there
 * (app/features/epaper/epaper-desk.tsx). Administrators also find the reader behind a leaked
 * copy's trace here (issue 68 item 4, app/features/epaper/trace-lookup.tsx); other editors
 * never see it.
 */
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { editionName } from '../../../common/edition-place';
import { hasRole } from '../../../common/roles';
import type { EpaperIssue } from '../../../common/schemas/epaper';
import { appContext } from '../../../common/services';
import { AdminRouteError } from '../../components/admin/route-error';
import { epaperDeskCopy } from '../../copy/epaper';
import { useAdminInterface } from '../../copy/admin-language';
import { saidOf } from '../../copy/refusals';
import { adminApi } from '../../features/api/admin-api';
import { EpaperIssueDesk } from '../../features/epaper/epaper-desk';
import { TraceLookup } from '../../features/epaper/trace-lookup';
import { requireScreen } from '../../features/session/screen-guard';
import type { Route } from './+types/epaper';

export async function loader({ context, request }: Route.LoaderArgs) {
  const me = await requireScreen(context, request, 'editor');
  const { services } = context.get(appContext);
  const [editions, settings] = await Promise.all([
    services.editions.list(),
    services.settings.get(),
  ]);
  return {
    editions: editions
      .filter((e) => e.active)
      .map((e) => ({ _id: e._id, slug: e.slug, names: e.names })),
    timeZone: settings.timeZone,
    administrator: hasRole(me.role, 'administrator'),
  };
}

export async function clientLoader({ serverLoader, request }: Route.ClientLoaderArgs) {
  const loaded = await serverLoader();
  const url = new URL(request.url);
  const edition = url.searchParams.get('edition') ?? loaded.editions[0]?._id ?? '';
  const date = url.searchParams.get('date') ?? new Date().toISOString().slice(0, 10);
  const { issues } = await adminApi<{ issues: { _id: string; date: string }[] }>(
    `/api/epaper/issues?edition=${encodeURIComponent(edition)}&from=${date}&to=${date}`,
  ).catch(() => ({ issues: [] }));
  const issue = issues[0]
    ? await adminApi<EpaperIssue>(`/api/epaper/issues/${issues[0]._id}`)
    : null;
  return { ...loaded, edition, date, issue };
}

clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <p>…</p>;
}

export default function AdminEpaper({ loaderData }: Route.ComponentProps) {
  const ui = useAdminInterface();
  const d = epaperDeskCopy[ui.lang];
  const navigate = useNavigate();
  const { editions, edition, date, issue, timeZone, administrator } = loaderData;
  const start = async () => {
    try {
      await adminApi('/api/epaper/issues', { method: 'POST', body: { edition, date } });
      await navigate(`?edition=${edition}&date=${date}`, { replace: true });
    } catch (error) {
      toast.error(ui.say(saidOf(error)));
    }
  };
  return (
    <>
      <h1 className="h3 mb-2">{d.title}</h1>
      <p className="text-muted">{d.intro}</p>
      <form className="row g-2 align-items-end mb-4" method="get">
        <div className="col-auto">
          <label className="form-label" htmlFor="epaper-edition">
            {d.edition}
          </label>
          <select id="epaper-edition" name="edition" className="form-select" defaultValue={edition}>
            {editions.map((e) => (
              <option key={e._id} value={e._id}>
                {editionName(e, ui.lang)}
              </option>
            ))}
          </select>
        </div>
        <div className="col-auto">
          <label className="form-label" htmlFor="epaper-date">
            {d.date}
          </label>
          <input
            id="epaper-date"
            name="date"
            type="date"
            className="form-control"
            defaultValue={date}
            required
          />
        </div>
        <div className="col-auto">
          <button type="submit" className="btn btn-outline-primary">
            {d.open}
          </button>
        </div>
      </form>
      {issue ? (
        <EpaperIssueDesk key={issue._id} start={issue} d={d} timeZone={timeZone} />
      ) : (
        <div>
          <p>{d.noIssue}</p>
          <button type="button" className="btn btn-primary" onClick={() => void start()}>
            {d.start}
          </button>
        </div>
      )}
      {administrator && <TraceLookup />}
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
