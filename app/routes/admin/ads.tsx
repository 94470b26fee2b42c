/*
 * House ads (issue 39 item 1, docs/decisions/058): editors list, make, change and delete the
 * creatives that fill the slots when the settings choose house ads, and see each one's
 * impressions and clicks. Kept simple: one form above the list, for a new ad or the one being
 * changed; the image comes from the media library's picker.
 */
import { useState, type FormEvent } from 'react';
import { RowActions } from '../../components/row-actions';
import { useRevalidator } from 'react-router';
import { toast } from 'react-toastify';
import type { AdCreative } from '../../../common/schemas/ads';
import type { Edition } from '../../../common/schemas/editions';
import { AdminRouteError } from '../../components/admin/route-error';
import { useAdminCopy, useAdminInterface } from '../../copy/admin-language';
import { saidOf } from '../../copy/refusals';
import { AdForm, bodyOf, draftOf, EMPTY, type Draft } from '../../features/ads/ad-form';
import { adminApi } from '../../features/api/admin-api';
import { requireScreen } from '../../features/session/screen-guard';
import type { Route } from './+types/ads';

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireScreen(context, request, 'editor');
  return null;
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  await serverLoader();
  const [creatives, editions] = await Promise.all([
    adminApi<AdCreative[]>('/api/ads/creatives'),
    // House ads per edition (issue 65 item 6): the form's edition boxes.
    adminApi<Edition[]>('/api/editions').catch(() => [] as Edition[]),
  ]);
  return { creatives, editions };
}

clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const t = useAdminCopy();
  return <p>{t.loading}</p>;
}

export default function AdminAds({ loaderData }: Route.ComponentProps) {
  const t = useAdminCopy().houseAds;
  const { say } = useAdminInterface();
  const revalidator = useRevalidator();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [failure, setFailure] = useState<string | null>(null);
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      await adminApi<AdCreative>(
        draft._id ? `/api/ads/creatives/${draft._id}` : '/api/ads/creatives',
        { method: draft._id ? 'PUT' : 'POST', body: bodyOf(draft) },
      );
      setDraft(EMPTY);
      toast.success(t.saved);
      await revalidator.revalidate();
    } catch (error) {
      setFailure(say(saidOf(error)));
    }
  };
  const remove = async (ad: AdCreative) => {
    if (!window.confirm(t.confirmDelete(ad.name))) return;
    try {
      await adminApi(`/api/ads/creatives/${ad._id}`, { method: 'DELETE' });
      toast.success(t.deleted);
      await revalidator.revalidate();
    } catch (error) {
      toast.error(say(saidOf(error)));
    }
  };

  return (
    <>
      <h1 className="h3 mb-2">{t.title}</h1>
      <p className="text-muted">{t.intro}</p>
      <AdForm
        draft={draft}
        set={set}
        onSubmit={save}
        failure={failure}
        onCancel={() => setDraft(EMPTY)}
        editions={loaderData.editions}
      />
      <AdList
        creatives={loaderData.creatives}
        onEdit={(ad) => setDraft(draftOf(ad))}
        onDelete={remove}
      />
    </>
  );
}

function AdList({
  creatives,
  onEdit,
  onDelete,
}: {
  creatives: AdCreative[];
  onEdit: (ad: AdCreative) => void;
  onDelete: (ad: AdCreative) => void;
}) {
  const { t: all, locale } = useAdminInterface();
  const t = all.houseAds;
  if (creatives.length === 0) return <p>{t.empty}</p>;
  const date = (iso: string) =>
    new Date(iso).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const runs = (ad: AdCreative) =>
    [ad.startsAt && t.from(date(ad.startsAt)), ad.endsAt && t.until(date(ad.endsAt))]
      .filter(Boolean)
      .join(', ') || t.always;
  return (
    <div className="table-responsive">
      <table className="table align-middle">
        <thead>
          <tr>
            {Object.values(t.columns).map((name) => (
              <th key={name} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {creatives.map((ad) => (
            <tr key={ad._id}>
              <td>
                <img
                  src={ad.imageUrl}
                  alt=""
                  className="me-2"
                  style={{ maxHeight: 40, maxWidth: 120 }}
                />
                {ad.name}
              </td>
              <td>{ad.positions.map((p) => t.positions[p]).join(', ')}</td>
              <td>{runs(ad)}</td>
              <td>{ad.impressions.toLocaleString(locale)}</td>
              <td>{ad.clicks.toLocaleString(locale)}</td>
              <RowActions
                edit={{ label: t.edit, onClick: () => onEdit(ad) }}
                remove={{ label: t.delete, onClick: () => onDelete(ad) }}
              />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
