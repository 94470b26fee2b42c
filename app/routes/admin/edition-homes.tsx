import { useState } from 'react';
import { useNavigate, useRevalidator } from 'react-router';
import { toast } from 'react-toastify';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import { editionPath } from '../../../common/paths';
import {
  EDITION_HOME_SECTIONS_MAX,
  type Edition,
  type EditionHome,
} from '../../../common/schemas/editions';
import { AdminRouteError } from '../../components/admin/route-error';
import { useAdminInterface } from '../../copy/admin-language';
import { editionDeskCopyIn } from '../../copy/edition-desk';
import { saidOf } from '../../copy/refusals';
import { adminApi } from '../../features/api/admin-api';
import type { Named } from '../../features/articles/admin-list-filters';
import { editionLabel } from '../../features/editions/edition-reach-options';
import { requireScreen } from '../../features/session/screen-guard';
import type { Route } from './+types/edition-homes';

/** How many of an edition's newest stories the lead may be chosen from. */
const LEAD_CHOICES = 50;

export async function loader({ context, request }: Route.LoaderArgs) {
  const me = await requireScreen(context, request, 'editor');
  return { me: me._id };
}

/** The editions this desk curates (its own, or every one below national), and the one chosen. */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const { me } = await serverLoader();
  const [editions, categories, desk] = await Promise.all([
    adminApi<Edition[]>('/api/editions'),
    adminApi<Named[]>('/api/categories'),
    adminApi<{ editions: string[] }>(`/api/users/${me}/editions`),
  ]);
  const mine = editions.filter(
    (e) =>
      e._id !== NATIONAL_EDITION_ID && (!desk.editions.length || desk.editions.includes(e._id)),
  );
  const asked = new URL(request.url).searchParams.get('edition');
  const chosen = mine.find((e) => e._id === asked);
  const [home, stories] = chosen
    ? await Promise.all([
        adminApi<EditionHome>(`/api/editions/${chosen._id}/home`),
        adminApi<{ articles: Named[] }>(
          `/api/articles/admin-article?status=published&edition=${chosen._id}&limit=${LEAD_CHOICES}`,
        ),
      ])
    : [null, { articles: [] }];
  return { editions, mine, categories, chosen, home, stories: stories.articles };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const { t } = useAdminInterface();
  return <p>{t.loading}</p>;
}

/** The edition's public path, from the tree (national left out). */
function pathIn(all: readonly Edition[], edition: Edition): string {
  const slugs: string[] = [];
  let at: Edition | undefined = edition;
  while (at && at._id !== NATIONAL_EDITION_ID) {
    slugs.unshift(at.slug);
    const parent: string | null = at.parentId;
    at = all.find((x) => x._id === parent);
  }
  return editionPath(slugs);
}

/**
 * Edition homes (issue 65 item 3): an edition's desk chooses its lead story and its sections,
 * the tools the settings give the national home. A desk limited to editions sees only its own.
 */
export default function EditionHomes({ loaderData }: Route.ComponentProps) {
  const { editions, mine, chosen } = loaderData;
  const ui = useAdminInterface();
  const t = editionDeskCopyIn(ui.lang);
  const navigate = useNavigate();
  return (
    <>
      <h1 className="h3 mb-2">{t.homesNav}</h1>
      <p className="text-body-secondary">{t.homesIntro}</p>
      {mine.length === 0 ? (
        <p>{t.homesNone}</p>
      ) : (
        <div className="mb-4">
          <label htmlFor="home-edition" className="form-label">
            {t.homesEdition}
          </label>
          <select
            id="home-edition"
            className="form-select"
            value={chosen?._id ?? ''}
            onChange={(e) => void navigate(e.target.value ? `?edition=${e.target.value}` : '?')}
          >
            <option value="">{t.homesChoose}</option>
            {mine.map((e) => (
              <option key={e._id} value={e._id}>
                {editionLabel(e, ui.lang)}
              </option>
            ))}
          </select>
        </div>
      )}
      {chosen && loaderData.home && (
        <HomeForm
          key={`${chosen._id}:${loaderData.home.updatedAt ?? ''}`}
          edition={chosen}
          path={pathIn(editions, chosen)}
          home={loaderData.home}
          stories={loaderData.stories}
          categories={loaderData.categories}
        />
      )}
    </>
  );
}

function HomeForm({
  edition,
  path,
  home,
  stories,
  categories,
}: {
  edition: Edition;
  path: string;
  home: EditionHome;
  stories: Named[];
  categories: Named[];
}) {
  const ui = useAdminInterface();
  const t = editionDeskCopyIn(ui.lang);
  const revalidator = useRevalidator();
  const [lead, setLead] = useState(home.lead ?? '');
  const [sections, setSections] = useState(() =>
    Array.from({ length: EDITION_HOME_SECTIONS_MAX }, (_, i) => home.sections[i] ?? ''),
  );
  const [busy, setBusy] = useState(false);
  const name = editionLabel(edition, ui.lang).trim();
  const save = async () => {
    setBusy(true);
    try {
      await adminApi(`/api/editions/${edition._id}/home`, {
        method: 'PUT',
        body: { lead: lead || null, sections: sections.filter(Boolean) },
      });
      toast.success(t.homesSaved(name));
      await revalidator.revalidate();
    } catch (error) {
      toast.error(ui.say(saidOf(error)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="card card-body"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label htmlFor="home-lead" className="form-label">
        {t.homesLead}
      </label>
      <select
        id="home-lead"
        className="form-select mb-3"
        value={lead}
        onChange={(e) => setLead(e.target.value)}
      >
        <option value="">{t.homesLeadNewest}</option>
        {stories.map((s) => (
          <option key={s._id} value={s._id}>
            {s.name}
          </option>
        ))}
      </select>
      <SectionSelects sections={sections} categories={categories} onChange={setSections} />
      <div className="d-flex gap-3 align-items-center">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t.homesSave}
        </button>
        <a href={path} target="_blank" rel="noreferrer">
          {t.homesView}
        </a>
      </div>
    </form>
  );
}

/** The sections' categories, in order ('' for none). */
function SectionSelects({
  sections,
  categories,
  onChange,
}: {
  sections: string[];
  categories: Named[];
  onChange: (next: (now: string[]) => string[]) => void;
}) {
  const t = editionDeskCopyIn(useAdminInterface().lang);
  return (
    <div className="row g-3 mb-3">
      {sections.map((value, i) => (
        <div key={i} className="col-md-4">
          <label htmlFor={`home-section-${i}`} className="form-label">
            {t.homesSection(i + 1)}
          </label>
          <select
            id={`home-section-${i}`}
            className="form-select"
            value={value}
            onChange={(e) => onChange((now) => now.map((v, j) => (j === i ? e.target.value : v)))}
          >
            <option value="">{t.homesNoSection}</option>
            {categories.map((c) => (
              <option key={c._id} value={c._id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      ))}
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
