import { useCallback, useEffect, useMemo, useState } from 'react';
import { toast } from 'react-toastify';
import { z } from 'zod';
import { PUSH_ALERTS_PATH } from '../../../common/push-paths';
import { PushAlertInputSchema, type PushAlert } from '../../../common/schemas/push';
import { FormSelect, FormTextField, SubmitButton } from '../../components/form/fields';
import { SchemaForm, useSchemaForm } from '../../components/form/schema-form';
import type { Edition } from '../../../common/schemas/editions';
import type { AdminCopy } from '../../copy/admin';
import { editionReachCopy } from '../../copy/edition-reach';
import { formatMoment, useAdminCopy, useAdminInterface } from '../../copy/admin-language';
import { adminApi } from '../api/admin-api';
import { EditionOptions, type EditionChoice } from '../editions/edition-reach-options';

/** How often the desk asks how an alert in delivery is going. */
const REFRESH_MS = 2_000;

/** The desk's form: the published article, and a title other than its own. */
const alertFormSchema = (t: AdminCopy['push']) =>
  z.object({
    articleId: z.string().min(1, t.pickArticle),
    title: PushAlertInputSchema.shape.title,
    /** '' is every subscriber (national); an id, that edition's only (issue 65 item 6). */
    edition: z.string(),
  });
type AlertFormSchema = ReturnType<typeof alertFormSchema>;
type AlertForm = z.input<AlertFormSchema>;
const EMPTY: AlertForm = { articleId: '', title: '', edition: '' };

type Story = { _id: string; name: string };
type Desk = { subscribers: number; alerts: PushAlert[] };

/**
 * News alerts on the dashboard (issue 25 item 3), for editors and administrators: how many
 * browsers take them, a form to send one for a published article, and the latest alerts with
 * what became of them (sent, failed, removed), refreshed while one is being delivered.
 */
export function PushDesk() {
  const t = useAdminCopy().push;
  const [desk, setDesk] = useState<Desk | undefined>(undefined);
  const [stories, setStories] = useState<Story[]>([]);
  const [editions, setEditions] = useState<EditionChoice[]>([]);
  const schema = useMemo(() => alertFormSchema(t), [t]);
  const form = useSchemaForm(schema, EMPTY);

  const load = useCallback(
    () =>
      adminApi<Desk>(PUSH_ALERTS_PATH).then(setDesk, () => setDesk({ subscribers: 0, alerts: [] })),
    [],
  );
  useEffect(() => {
    void load();
    void adminApi<{ articles: Story[] }>('/api/articles/admin-article?status=published&limit=20')
      .then((list) => setStories(list.articles))
      .catch(() => setStories([]));
    void adminApi<Edition[]>('/api/editions')
      .then(setEditions)
      .catch(() => setEditions([]));
  }, [load]);

  // While an alert is being delivered, its counts are asked for again.
  const delivering = desk?.alerts.some((a) => a.finishedAt === null) ?? false;
  useEffect(() => {
    if (!delivering) return;
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [delivering, load]);

  const send = async (values: z.output<AlertFormSchema>) => {
    await adminApi<{ _id: string }>(PUSH_ALERTS_PATH, {
      method: 'POST',
      body: {
        articleId: values.articleId,
        ...(values.title ? { title: values.title } : {}),
        ...(values.edition ? { edition: values.edition } : {}),
      },
    });
    form.reset(EMPTY);
    toast.success(t.sent);
    await load();
  };

  return (
    <section className="card card-body mb-4" aria-labelledby="push-desk-title">
      <h2 id="push-desk-title" className="h5">
        {t.title}
      </h2>
      {desk && <p className="text-body-secondary">{t.subscribers(desk.subscribers)}</p>}
      <SchemaForm form={form} limits={schema} onSubmit={send}>
        <AlertFields stories={stories} editions={editions} />
        <SubmitButton className="btn btn-primary mt-3">{t.send}</SubmitButton>
      </SchemaForm>
      {desk && <LatestAlerts alerts={desk.alerts} />}
    </section>
  );
}

/** The published article (the newest 20) and the alert's own title. */
function AlertFields({
  stories,
  editions,
}: {
  stories: Story[];
  editions: readonly EditionChoice[];
}) {
  const t = useAdminCopy().push;
  const { lang } = useAdminInterface();
  const reach = editionReachCopy[lang];
  return (
    <div className="row g-3">
      <FormSelect name="articleId" id="push-article" label={t.article} wrapperClassName="col-md-6">
        <option value="">{t.pickArticle}</option>
        {stories.map((s) => (
          <option key={s._id} value={s._id}>
            {s.name}
          </option>
        ))}
      </FormSelect>
      <FormTextField
        name="title"
        id="push-title"
        label={t.titleField}
        wrapperClassName="col-md-6"
        required={false}
      />
      {editions.length > 1 && (
        <FormSelect
          name="edition"
          id="push-edition"
          label={reach.alertEdition}
          hint={reach.alertEditionHint}
          wrapperClassName="col-md-6"
          required={false}
        >
          <EditionOptions editions={editions} lang={lang} none={reach.alertEditionAll} />
        </FormSelect>
      )}
    </div>
  );
}

/** The latest alerts and their counts. */
function LatestAlerts({ alerts }: { alerts: PushAlert[] }) {
  const ui = useAdminInterface();
  const t = ui.t.push;
  if (alerts.length === 0) return <p className="text-body-secondary mt-3 mb-0">{t.none}</p>;
  return (
    <div className="table-responsive mt-3">
      <table className="table table-sm mb-0">
        <caption className="caption-top">{t.latest}</caption>
        <thead>
          <tr>
            <th scope="col">{t.columns.title}</th>
            <th scope="col">{t.columns.when}</th>
            <th scope="col">{t.columns.sent}</th>
            <th scope="col">{t.columns.failed}</th>
            <th scope="col">{t.columns.removed}</th>
            <th scope="col">{t.columns.views}</th>
          </tr>
        </thead>
        <tbody>
          {alerts.map((a) => (
            <tr key={a._id}>
              <td>
                {a.title}
                {a.finishedAt === null && (
                  <span className="d-block small text-body-secondary">{t.delivering}</span>
                )}
              </td>
              <td>{formatMoment(new Date(a.createdAt), ui)}</td>
              <td>{a.sent}</td>
              <td>{a.failed}</td>
              <td>{a.removed}</td>
              <td>{a.views.toLocaleString(ui.locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
