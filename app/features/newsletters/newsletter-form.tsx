import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { LANGUAGES, type Language } from '../../../common/languages';
import type { Category } from '../../../common/schemas/categories';
import {
  NewsletterInputSchema,
  ScheduleSchema,
  type NewsletterSchema,
} from '../../../common/schemas/newsletters';
import { FormCheckboxGroup } from '../../components/form/checkbox-group';
import {
  FormSelect,
  FormTextArea,
  FormTextField,
  SubmitOrCancel,
} from '../../components/form/fields';
import { SchemaForm, useSchemaForm } from '../../components/form/schema-form';
import { useAdminCopy, useAdminInterface } from '../../copy/admin-language';
import { editionReachCopy } from '../../copy/edition-reach';
import { adminApi } from '../api/admin-api';
import { EditionOptions, type EditionChoice } from '../editions/edition-reach-options';

export type Newsletter = z.infer<typeof NewsletterSchema>;

/** Tags are typed as one text, comma separated. */
const tagList = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The newsletter form: the server's NewsletterInputSchema (common/schemas/newsletters.ts), with
 * what a form holds as text (tags, the most stories, the weekday) turned into the wire's types
 * before the same checks; a weekday is sent only for a weekly one.
 */
export const NewsletterFormSchema = NewsletterInputSchema.extend({
  schedule: ScheduleSchema.extend({
    weekday: z
      .string()
      .transform((text) => (text === '' ? undefined : Number(text)))
      .pipe(ScheduleSchema.shape.weekday),
  }).transform(({ weekday, ...schedule }) =>
    schedule.kind === 'weekly' ? { ...schedule, weekday: weekday ?? 1 } : schedule,
  ),
  tags: z.string().transform(tagList).pipe(NewsletterInputSchema.shape.tags.unwrap()),
  maxArticles: z.coerce.number().pipe(NewsletterInputSchema.shape.maxArticles),
  /** The select's '' is no edition (issue 65 item 6). */
  edition: z
    .string()
    .transform((id) => id || null)
    .pipe(NewsletterInputSchema.shape.edition.unwrap()),
});
export type NewsletterFormValues = z.input<typeof NewsletterFormSchema>;

const valuesOf = (n: Newsletter | undefined, language: Language): NewsletterFormValues => ({
  name: n?.name ?? '',
  description: n?.description ?? '',
  language: (n?.language as Language | undefined) ?? language,
  schedule: {
    kind: n?.schedule.kind ?? 'daily',
    time: n?.schedule.time ?? '07:00',
    weekday: String(n?.schedule.weekday ?? 1),
  },
  categories: n?.categories ?? [],
  tags: (n?.tags ?? []).join(', '),
  maxArticles: String(n?.maxArticles ?? 10),
  edition: n?.edition ?? '',
});

/** Creating a newsletter (POST) or changing one (PUT); the answer goes to `onSaved`. */
export function NewsletterForm({
  newsletter,
  categories,
  editions = [],
  language,
  onSaved,
  onCancel,
}: {
  newsletter?: Newsletter;
  categories: Pick<Category, '_id' | 'name'>[];
  /** The editions it may be bound to (issue 65 item 6); none: no select. */
  editions?: readonly EditionChoice[];
  /** A new newsletter's language until one is chosen. */
  language: Language;
  onSaved: (saved: Newsletter) => void;
  onCancel?: () => void;
}) {
  const t = useAdminCopy().newsletters;
  const form = useSchemaForm(NewsletterFormSchema, valuesOf(newsletter, language));
  const kind = useWatch({ control: form.control, name: 'schedule.kind' });
  const prefix = newsletter ? `newsletter-${newsletter._id}` : 'newsletter-new';
  return (
    <SchemaForm
      form={form}
      limits={NewsletterFormSchema}
      className="row g-3"
      onSubmit={async (body) => {
        const saved = newsletter
          ? await adminApi<Newsletter>(`/api/newsletters/${newsletter._id}`, {
              method: 'PUT',
              body,
            })
          : await adminApi<Newsletter>('/api/newsletters', { method: 'POST', body });
        if (!newsletter) form.reset(valuesOf(undefined, language));
        onSaved(saved);
      }}
    >
      <AboutFields prefix={prefix} />
      <ScheduleFields prefix={prefix} weekly={kind === 'weekly'} />
      <FormCheckboxGroup
        name="categories"
        legend={t.fields.categories}
        options={categories.map((c) => ({ value: c._id, label: c.name }))}
        className="col-12"
      />
      <FormTextField
        name="tags"
        id={`${prefix}-tags`}
        label={t.fields.tags}
        hint={t.fields.tagsHint}
        type="text"
        wrapperClassName="col-12"
      />
      {editions.length > 1 && <EditionField prefix={prefix} editions={editions} />}
      <SubmitOrCancel
        label={newsletter ? t.save : t.create}
        busyText={newsletter ? t.saving : t.creating}
        cancel={onCancel && { label: t.cancel, onCancel }}
      />
    </SchemaForm>
  );
}

/** The edition a newsletter is bound to: its digest takes that edition's stories only. */
function EditionField({
  prefix,
  editions,
}: {
  prefix: string;
  editions: readonly EditionChoice[];
}) {
  const { lang } = useAdminInterface();
  const t = editionReachCopy[lang];
  return (
    <FormSelect
      name="edition"
      id={`${prefix}-edition`}
      label={t.newsletterEdition}
      hint={t.newsletterEditionHint}
      wrapperClassName="col-md-6"
      required={false}
    >
      <EditionOptions editions={editions} lang={lang} none={t.newsletterEditionAny} />
    </FormSelect>
  );
}

/** The name, language, size and description of a newsletter. */
function AboutFields({ prefix }: { prefix: string }) {
  const copy = useAdminCopy();
  const t = copy.newsletters;
  return (
    <>
      <FormTextField
        name="name"
        id={`${prefix}-name`}
        label={t.fields.name}
        type="text"
        wrapperClassName="col-md-6"
      />
      <FormSelect
        name="language"
        id={`${prefix}-language`}
        label={t.fields.language}
        wrapperClassName="col-md-3"
        // Every option is a language and one is always chosen (the Nu checker's rule).
        required={false}
      >
        {LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {copy.languageName(code)}
          </option>
        ))}
      </FormSelect>
      <FormTextField
        name="maxArticles"
        id={`${prefix}-max`}
        label={t.fields.maxArticles}
        type="text"
        inputMode="numeric"
        wrapperClassName="col-md-3"
      />
      <FormTextArea
        name="description"
        id={`${prefix}-description`}
        label={t.fields.description}
        rows={2}
        wrapperClassName="col-12"
      />
    </>
  );
}

/** When it goes: daily, weekly (with its day) or by hand, at a time of the site's zone. */
function ScheduleFields({ prefix, weekly }: { prefix: string; weekly: boolean }) {
  const t = useAdminCopy().newsletters;
  return (
    <>
      <FormSelect
        name="schedule.kind"
        id={`${prefix}-kind`}
        label={t.fields.kind}
        wrapperClassName="col-md-4"
        required={false}
      >
        {(['daily', 'weekly', 'manual'] as const).map((k) => (
          <option key={k} value={k}>
            {t.kinds[k]}
          </option>
        ))}
      </FormSelect>
      <FormTextField
        name="schedule.time"
        id={`${prefix}-time`}
        label={t.fields.time}
        hint={t.fields.timeHint}
        type="text"
        inputMode="numeric"
        placeholder="07:00"
        wrapperClassName="col-md-4"
      />
      {weekly && (
        <FormSelect
          name="schedule.weekday"
          id={`${prefix}-weekday`}
          label={t.fields.weekday}
          wrapperClassName="col-md-4"
          required={false}
        >
          {t.weekdays.map((day, index) => (
            <option key={day} value={String(index)}>
              {day}
            </option>
          ))}
        </FormSelect>
      )}
    </>
  );
}
