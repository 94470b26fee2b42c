import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { BreakingInputSchema, type BreakingNews } from '../../../common/schemas/breaking';
import { FormSelect, FormTextField, SubmitButton } from '../../components/form/fields';
import { SchemaForm, useSchemaForm } from '../../components/form/schema-form';
import { formatMoment, useAdminCopy, useAdminInterface } from '../../copy/admin-language';
import { editionDeskCopyIn } from '../../copy/edition-desk';
import type { Edition } from '../../../common/schemas/editions';
import { EditionOptions, editionLabel } from '../editions/edition-reach-options';
import { adminApi } from '../api/admin-api';
import { api } from '../api/client';
import { useBusy } from '../api/use-busy';

/** How long a band may show before it leaves by itself, in minutes ('' until removed). */
const SHOW_FOR = ['', '30', '60', '180', '360', '720'] as const;

/** The desk's form: what the band says, the story it opens, how long it shows. */
const BreakingFormSchema = z.object({
  text: BreakingInputSchema.shape.text,
  articleId: z.string(),
  showFor: z.enum(SHOW_FOR),
});
type BreakingForm = z.input<typeof BreakingFormSchema>;
const EMPTY: BreakingForm = { text: '', articleId: '', showFor: '' };

type Story = { _id: string; name: string };

/**
 * The breaking-news band on the dashboard (issue 25 item 2), for editors and administrators:
 * where it shows (every page, or one edition's page: issue 65 item 3), what shows there now, a
 * form to show another, and a button to take it off.
 */
export function BreakingDesk() {
  const ui = useAdminInterface();
  const t = ui.t.breaking;
  const [band, setBand] = useState<BreakingNews | null | undefined>(undefined);
  const [stories, setStories] = useState<Story[]>([]);
  const [editions, setEditions] = useState<Edition[]>([]);
  // '' is national: every page.
  const [place, setPlace] = useState('');
  const { busy, run } = useBusy(t.failed);
  const form = useSchemaForm(BreakingFormSchema, EMPTY);
  const query = place ? `?edition=${place}` : '';
  const edition = editions.find((e) => e._id === place);
  const placeName = edition ? editionLabel(edition, ui.lang).trim() : undefined;

  useEffect(() => {
    void adminApi<{ articles: Story[] }>('/api/articles/admin-article?status=published&limit=20')
      .then((list) => setStories(list.articles))
      .catch(() => setStories([]));
    void api<Edition[]>('/api/editions').then(setEditions, () => setEditions([]));
  }, []);
  useEffect(() => {
    setBand(undefined);
    void api<BreakingNews | null>(`/api/breaking${query}`).then(setBand, () => setBand(null));
  }, [query]);

  const show = async (values: z.output<typeof BreakingFormSchema>) => {
    const minutes = Number(values.showFor);
    const shown = await adminApi<BreakingNews>('/api/breaking', {
      method: 'POST',
      body: {
        text: values.text,
        articleId: values.articleId || null,
        expiresAt: minutes ? new Date(Date.now() + minutes * 60_000).toISOString() : null,
        edition: place || null,
      },
    });
    setBand(shown);
    form.reset(EMPTY);
    toast.success(placeName ? editionDeskCopyIn(ui.lang).bandShownIn(placeName) : t.shown);
  };
  const remove = () =>
    run(async () => {
      await adminApi(`/api/breaking${query}`, { method: 'DELETE' });
      setBand(null);
      toast.success(t.removed);
    });

  return (
    <section className="card card-body mb-4" aria-labelledby="breaking-desk-title">
      <h2 id="breaking-desk-title" className="h5">
        {t.title}
      </h2>
      <BandPlace editions={editions} place={place} onPlace={setPlace} />
      <CurrentBand band={band} busy={busy} place={placeName} onRemove={() => void remove()} />
      <SchemaForm form={form} limits={BreakingFormSchema} onSubmit={show}>
        <BandFields stories={stories} />
        <SubmitButton className="btn btn-danger mt-3">{t.show}</SubmitButton>
      </SchemaForm>
    </section>
  );
}

/** What every page shows now (undefined while it loads), with the button that takes it off. */
function CurrentBand({
  band,
  busy,
  place,
  onRemove,
}: {
  band: BreakingNews | null | undefined;
  busy: boolean;
  /** The edition's name when the band is an edition's (undefined: every page). */
  place: string | undefined;
  onRemove: () => void;
}) {
  const ui = useAdminInterface();
  const t = ui.t.breaking;
  if (band === undefined) return <p className="text-body-secondary">{t.loading}</p>;
  if (!band) return <p className="text-body-secondary">{t.none}</p>;
  return (
    <div className="alert alert-danger d-flex flex-wrap gap-2 align-items-center">
      <span>
        <strong>{place ? editionDeskCopyIn(ui.lang).bandNowIn(place) : t.now}</strong> {band.text}
        {band.expiresAt && (
          <span className="small d-block">
            {t.until(formatMoment(new Date(band.expiresAt), ui))}
          </span>
        )}
      </span>
      <button
        type="button"
        className="btn btn-danger btn-sm ms-auto"
        disabled={busy}
        onClick={onRemove}
      >
        {t.remove}
      </button>
    </div>
  );
}

/** The band's text, the published story it opens (the newest 20) and how long it shows. */
function BandFields({ stories }: { stories: Story[] }) {
  const t = useAdminCopy().breaking;
  return (
    <div className="row g-3">
      <FormTextField name="text" id="breaking-text" label={t.text} wrapperClassName="col-12" />
      <FormSelect
        name="articleId"
        id="breaking-article"
        label={t.article}
        wrapperClassName="col-md-8"
        required={false}
      >
        <option value="">{t.noArticle}</option>
        {stories.map((s) => (
          <option key={s._id} value={s._id}>
            {s.name}
          </option>
        ))}
      </FormSelect>
      <FormSelect
        name="showFor"
        id="breaking-show-for"
        label={t.showFor}
        wrapperClassName="col-md-4"
        required={false}
      >
        {SHOW_FOR.map((m) => (
          <option key={m} value={m}>
            {t.durations[m]}
          </option>
        ))}
      </FormSelect>
    </div>
  );
}

/** Where the band shows: every page (national), or one edition's page. */
function BandPlace({
  editions,
  place,
  onPlace,
}: {
  editions: readonly Edition[];
  place: string;
  onPlace: (id: string) => void;
}) {
  const { lang } = useAdminInterface();
  const t = editionDeskCopyIn(lang);
  return (
    <div className="mb-3">
      <label htmlFor="breaking-place" className="form-label">
        {t.bandPlace}
      </label>
      <select
        id="breaking-place"
        className="form-select"
        value={place}
        onChange={(e) => onPlace(e.target.value)}
      >
        <EditionOptions editions={editions} lang={lang} none={t.bandNational} />
      </select>
    </div>
  );
}
