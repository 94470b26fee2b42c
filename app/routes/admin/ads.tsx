/*
 * House ads (issue 39 item 1, docs/decisions/058): editors list, make, change and delete the
 * creatives that fill the slots when the settings choose house ads, and see each one's
 * impressions and clicks. Kept simple: one form above the list, for a new ad or the one being
 * changed; the image comes from the media library's picker.
 */
import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from 'react-toastify';
import { mediaIdOfUrl } from '../../../common/media';
import {
  AD_POSITIONS,
  type AdCreative,
  type AdCreativeInput,
  type AdPosition,
} from '../../../common/schemas/ads';
import { AdminRouteError } from '../../components/admin/route-error';
import { useAdminCopy, useAdminInterface } from '../../copy/admin-language';
import { saidOf } from '../../copy/refusals';
import { adminApi } from '../../features/api/admin-api';
import { PickerButton } from '../../features/media/media-picker';
import { requireScreen } from '../../features/session/screen-guard';
import type { Route } from './+types/ads';

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireScreen(context, request, 'editor');
  return null;
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  await serverLoader();
  return { creatives: await adminApi<AdCreative[]>('/api/ads/creatives') };
}

clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const t = useAdminCopy();
  return <p>{t.loading}</p>;
}

/** What the form holds: the wire's fields as the inputs write them. */
interface Draft {
  _id?: string;
  name: string;
  imageId: string;
  imageUrl: string;
  link: string;
  alt: string;
  positions: AdPosition[];
  weight: string;
  startsAt: string;
  endsAt: string;
}

const EMPTY: Draft = {
  name: '',
  imageId: '',
  imageUrl: '',
  link: '',
  alt: '',
  positions: ['header'],
  weight: '1',
  startsAt: '',
  endsAt: '',
};

/** An ISO time as a datetime-local input shows it (the browser's zone), and back. */
const toLocal = (iso: string | null) =>
  iso
    ? new Date(new Date(iso).getTime() - new Date(iso).getTimezoneOffset() * 60_000)
        .toISOString()
        .slice(0, 16)
    : '';
const fromLocal = (value: string) => (value ? new Date(value).toISOString() : null);

const draftOf = (ad: AdCreative): Draft => ({
  _id: ad._id,
  name: ad.name,
  imageId: ad.imageId,
  imageUrl: ad.imageUrl,
  link: ad.link,
  alt: ad.alt,
  positions: ad.positions,
  weight: String(ad.weight),
  startsAt: toLocal(ad.startsAt),
  endsAt: toLocal(ad.endsAt),
});

const bodyOf = (d: Draft): AdCreativeInput => ({
  name: d.name,
  imageId: d.imageId,
  link: d.link,
  alt: d.alt,
  positions: d.positions,
  weight: Number(d.weight),
  startsAt: fromLocal(d.startsAt),
  endsAt: fromLocal(d.endsAt),
});

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
      />
      <AdList
        creatives={loaderData.creatives}
        onEdit={(ad) => setDraft(draftOf(ad))}
        onDelete={remove}
      />
    </>
  );
}

function AdForm({
  draft,
  set,
  onSubmit,
  onCancel,
  failure,
}: {
  draft: Draft;
  set: (change: Partial<Draft>) => void;
  onSubmit: (event: FormEvent) => void;
  onCancel: () => void;
  failure: string | null;
}) {
  const t = useAdminCopy().houseAds;
  const text = (key: 'name' | 'link' | 'alt' | 'weight' | 'startsAt' | 'endsAt', type = 'text') => (
    <div className="col-md-6">
      <label className="form-label" htmlFor={`ad-${key}`}>
        {t.fields[key]}
      </label>
      <input
        id={`ad-${key}`}
        className="form-control"
        type={type}
        value={draft[key]}
        onChange={(e) => set({ [key]: e.target.value })}
      />
    </div>
  );
  return (
    <form
      className="card card-body mb-4"
      onSubmit={onSubmit}
      aria-label={draft._id ? t.edit : t.add}
    >
      <h2 className="h5">{draft._id ? `${t.edit}: ${draft.name}` : t.add}</h2>
      <div className="row g-3">
        {text('name')}
        {text('link', 'url')}
        {text('alt')}
        {text('weight', 'number')}
        <ImageField draft={draft} set={set} />
        <PositionsField draft={draft} set={set} />
        {text('startsAt', 'datetime-local')}
        {text('endsAt', 'datetime-local')}
      </div>
      {failure && (
        <p className="text-danger mt-3 mb-0" role="alert">
          {failure}
        </p>
      )}
      <div className="mt-3 d-flex gap-2">
        <button type="submit" className="btn btn-primary">
          {t.save}
        </button>
        {draft._id && (
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
            {t.cancel}
          </button>
        )}
      </div>
    </form>
  );
}

/** The ad's image: an upload's id, or one chosen in the media library. */
function ImageField({ draft, set }: { draft: Draft; set: (change: Partial<Draft>) => void }) {
  const t = useAdminCopy().houseAds;
  return (
    <div className="col-md-6" role="group" aria-label={t.fields.imageId}>
      <label className="form-label" htmlFor="ad-imageId">
        {t.fields.imageId}
      </label>
      <input
        id="ad-imageId"
        className="form-control"
        value={draft.imageId}
        onChange={(e) => set({ imageId: e.target.value.trim(), imageUrl: '' })}
      />
      <div className="d-flex align-items-center gap-2 mt-2">
        {draft.imageUrl && (
          <img src={draft.imageUrl} alt="" className="img-thumbnail" style={{ maxHeight: 60 }} />
        )}
        <PickerButton
          label={t.chooseImage}
          onPick={(image) => set({ imageId: mediaIdOfUrl(image.url) ?? '', imageUrl: image.url })}
        />
      </div>
    </div>
  );
}

/** Where the ad may be shown. */
function PositionsField({ draft, set }: { draft: Draft; set: (change: Partial<Draft>) => void }) {
  const t = useAdminCopy().houseAds;
  return (
    <fieldset className="col-md-6">
      <legend className="form-label fs-6">{t.fields.positions}</legend>
      {AD_POSITIONS.map((p) => (
        <div className="form-check form-check-inline" key={p}>
          <input
            className="form-check-input"
            type="checkbox"
            id={`ad-pos-${p}`}
            checked={draft.positions.includes(p)}
            onChange={(e) =>
              set({
                positions: e.target.checked
                  ? [...draft.positions, p]
                  : draft.positions.filter((x) => x !== p),
              })
            }
          />
          <label className="form-check-label" htmlFor={`ad-pos-${p}`}>
            {t.positions[p]}
          </label>
        </div>
      ))}
    </fieldset>
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
              <td className="text-nowrap">
                <button
                  type="button"
                  className="btn btn-sm btn-outline-primary me-2"
                  onClick={() => onEdit(ad)}
                >
                  {t.edit}
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  onClick={() => onDelete(ad)}
                >
                  {t.delete}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
