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
import { useAdminCopy, useAdminInterface } from '../../copy/admin-language';
import { editionReachCopy } from '../../copy/edition-reach';
import { editionLabel, type EditionChoice } from '../editions/edition-reach-options';
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
  /** Edition ids it runs in (issue 65 item 6); none: every edition. */
  editions: string[];
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
  editions: [],
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
  editions: ad.editions,
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
  editions: d.editions,
});

export function AdForm({
  draft,
  set,
  onSubmit,
  onCancel,
  failure,
  editions = [],
}: {
  /** The editions it may be targeted at (GET /api/editions); none: no field. */
  editions?: readonly EditionChoice[];
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
        {editions.length > 1 && <EditionsField draft={draft} set={set} editions={editions} />}
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

/** The editions whose readers see it (issue 65 item 6); none ticked: every edition. */
function EditionsField({
  draft,
  set,
  editions,
}: {
  draft: Draft;
  set: (change: Partial<Draft>) => void;
  editions: readonly EditionChoice[];
}) {
  const { lang } = useAdminInterface();
  const t = editionReachCopy[lang];
  return (
    <fieldset className="col-12" aria-describedby="ad-editions-hint">
      <legend className="form-label fs-6">{t.adEditions}</legend>
      <p id="ad-editions-hint" className="form-text mt-0">
        {t.adEditionsHint}
      </p>
      <div className="border rounded p-2 overflow-auto" style={{ maxHeight: '12rem' }}>
        {editions
          .filter((e) => e.kind !== 'national')
          .map((e) => (
            <div className="form-check" key={e._id}>
              <input
                className="form-check-input"
                type="checkbox"
                id={`ad-edition-${e._id}`}
                checked={draft.editions.includes(e._id)}
                onChange={(event) =>
                  set({
                    editions: event.target.checked
                      ? [...draft.editions, e._id]
                      : draft.editions.filter((x) => x !== e._id),
                  })
                }
              />
              <label className="form-check-label" htmlFor={`ad-edition-${e._id}`}>
                {editionLabel(e, lang)}
              </label>
            </div>
          ))}
      </div>
    </fieldset>
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
