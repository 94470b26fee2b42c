/*
 * The house ad's form on /admin/ads (issue 39 item 1): one form for a new ad or the one being
 * changed, what it holds (`Draft`, the wire's fields as the inputs write them) and the body it
 * sends. The server checks the body with AdCreativeInputSchema and answers what is wrong.
 */
import type { FormEvent } from 'react';
import { FormEnd } from '../../components/form-end';
import { mediaIdOfUrl } from '../../../common/media';
import {
  AD_POSITIONS,
  type AdCreative,
  type AdCreativeInput,
  type AdPosition,
} from '../../../common/schemas/ads';
import { useAdminCopy } from '../../copy/admin-language';
import { PickerButton } from '../media/media-picker';

/** What the form holds: the wire's fields as the inputs write them. */
export interface Draft {
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

export const EMPTY: Draft = {
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

export const draftOf = (ad: AdCreative): Draft => ({
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

export const bodyOf = (d: Draft): AdCreativeInput => ({
  name: d.name,
  imageId: d.imageId,
  link: d.link,
  alt: d.alt,
  positions: d.positions,
  weight: Number(d.weight),
  startsAt: fromLocal(d.startsAt),
  endsAt: fromLocal(d.endsAt),
});

export function AdForm({
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
      <FormEnd
        failure={failure}
        save={t.save}
        cancel={draft._id ? { label: t.cancel, onCancel } : undefined}
      />
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
