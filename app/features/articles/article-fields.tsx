import { useRef, type ChangeEvent } from 'react';
import { useController, useFormContext, useWatch } from 'react-hook-form';
import { LANGUAGES } from '../../../common/languages';
import { titleSlug } from '../../../common/title-slug';
import type { Category } from '../../../common/schemas/categories';
import { controlProps, Field } from '../../components/field';
import {
  FormCheckbox,
  FormSelect,
  FormTextField,
  useFieldError,
} from '../../components/form/fields';
import { useAdminCopy } from '../../copy/admin-language';
import { HindiTypingFor } from '../typing/hindi-typing';
import type { ArticleFormValues } from './article-form-values';
import type { AuthorOption } from './use-article-options';

/**
 * The first rows of the article form (SPEC.md §2): title, slug, author, category, status and
 * language. A new article's slug follows its title until someone changes the slug by hand.
 */
export function ArticleFields({
  editing,
  canPickAuthor,
  myName,
  categories,
  authors,
  mayPublish,
  timeZone,
}: {
  editing: boolean;
  canPickAuthor: boolean;
  myName: string;
  categories: Category[] | null;
  authors: AuthorOption[] | null;
  /** False for an author while the site wants review (DECISIONS.md §11): Submit for review only. */
  mayPublish: boolean;
  timeZone: string;
}) {
  const t = useAdminCopy();
  const followTitle = useSlugFollowingTitle(editing);
  const [status, when] = useWatch<ArticleFormValues, ['status', 'when']>({
    name: ['status', 'when'],
  });

  return (
    <>
      <FormTextField
        name="name"
        label={t.form.title}
        wrapperClassName="col-md-6"
        onChange={followTitle}
        addon={<HindiTypingFor inputId="name" />}
      />
      <FormTextField
        name="slug"
        label={t.form.slug}
        hint={editing ? t.form.slugEditHelp : t.form.slugHelp}
        wrapperClassName="col-md-6"
      />
      <AuthorSelect canPickAuthor={canPickAuthor} myName={myName} authors={authors} />
      <CategorySelect categories={categories} />
      <FormSelect
        name="status"
        label={t.form.status}
        wrapperClassName="col-md-2"
        hint={mayPublish ? undefined : t.form.onlyReview}
      >
        <option value="draft">{t.form.statusDraft}</option>
        <option value="pending">{t.form.statusPending}</option>
        {(mayPublish || status === 'published') && (
          <option value="published">{t.form.statusPublished}</option>
        )}
      </FormSelect>
      <FormSelect name="language" label={t.form.language} wrapperClassName="col-md-2">
        <option value="">{t.form.autoLanguage}</option>
        {LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {t.languageName(code)}
          </option>
        ))}
      </FormSelect>
      <CoAuthorsSelect authors={authors} />
      <FormTextField
        name="credit"
        label={t.form.credit}
        hint={t.form.creditHelp}
        wrapperClassName="col-md-4"
      />
      {status === 'published' && mayPublish && (
        <PublishTimingFields when={when} timeZone={timeZone} />
      )}
      <div className="col-12">
        <FormCheckbox name="liveBlog" id="article-live-blog" label={t.form.liveBlog} />
      </div>
    </>
  );
}

/**
 * Keeps a new article's slug on its title until someone changes the slug by hand; returns the
 * title field's change handler.
 */
function useSlugFollowingTitle(editing: boolean) {
  const { getValues, setValue } = useFormContext<ArticleFormValues>();
  // The slug last suggested; null when editing (a changed slug moves the article).
  const suggested = useRef<string | null>(editing ? null : titleSlug(getValues('name')));
  return (event: ChangeEvent<HTMLInputElement>) => {
    const slug = getValues('slug');
    if (suggested.current === null || (slug !== '' && slug !== suggested.current)) return;
    suggested.current = titleSlug(event.target.value);
    setValue('slug', suggested.current);
  };
}

/** The author: picked from the list by those who may; until it loads, oneself. */
function AuthorSelect({
  canPickAuthor,
  myName,
  authors,
}: {
  canPickAuthor: boolean;
  myName: string;
  authors: AuthorOption[] | null;
}) {
  const t = useAdminCopy();
  const { getValues } = useFormContext<ArticleFormValues>();
  return (
    <FormSelect
      name="author"
      label={t.form.author}
      wrapperClassName="col-md-4"
      disabled={!canPickAuthor || authors === null}
    >
      {authors === null ? (
        <option value={getValues('author')}>{myName}</option>
      ) : (
        authors.map((a) => (
          <option key={a._id} value={a._id}>
            {a.name}
          </option>
        ))
      )}
    </FormSelect>
  );
}

/**
 * The further bylines (issue 26 item 4): any writer but the first byline, several at once.
 * Any writer may name colleagues; the server keeps an author among the bylines.
 */
function CoAuthorsSelect({ authors }: { authors: AuthorOption[] | null }) {
  const t = useAdminCopy();
  const { field } = useController<ArticleFormValues, 'coAuthors'>({ name: 'coAuthors' });
  const main = useWatch<ArticleFormValues, 'author'>({ name: 'author' });
  const error = useFieldError('authors');
  return (
    <Field
      id="coAuthors"
      label={t.form.coAuthors}
      hint={t.form.coAuthorsHelp}
      error={error}
      className="col-md-4"
    >
      <select
        {...controlProps('coAuthors', 'form-select', t.form.coAuthorsHelp, error)}
        multiple
        size={4}
        disabled={authors === null}
        value={field.value}
        onChange={(event) =>
          field.onChange([...event.target.selectedOptions].map((option) => option.value))
        }
        onBlur={field.onBlur}
      >
        {(authors ?? [])
          .filter((a) => a._id !== main)
          .map((a) => (
            <option key={a._id} value={a._id}>
              {a.name}
            </option>
          ))}
      </select>
    </Field>
  );
}

/** The category, with a spinner in its label while the list loads. */
function CategorySelect({ categories }: { categories: Category[] | null }) {
  const t = useAdminCopy();
  return (
    <FormSelect
      name="category"
      label={
        <>
          {t.form.category}{' '}
          {categories === null && (
            <span
              className="spinner-border spinner-border-sm"
              role="status"
              aria-label={t.loading}
            />
          )}
        </>
      }
      wrapperClassName="col-md-4"
      disabled={categories === null}
    >
      <option value="">{t.form.chooseCategory}</option>
      {(categories ?? []).map((c) => (
        <option key={c._id} value={c._id}>
          {c.name}
        </option>
      ))}
    </FormSelect>
  );
}

/** When a published article goes out: now, or at a time in the site's time zone. */
function PublishTimingFields({
  when,
  timeZone,
}: {
  when: ArticleFormValues['when'];
  timeZone: string;
}) {
  const t = useAdminCopy();
  return (
    <>
      <FormSelect name="when" label={t.form.when} wrapperClassName="col-md-3">
        <option value="now">{t.form.publishNow}</option>
        <option value="schedule">{t.form.schedule}</option>
      </FormSelect>
      {when === 'schedule' && (
        <FormTextField
          name="publishedAt"
          type="datetime-local"
          label={t.form.scheduleAt(timeZone)}
          wrapperClassName="col-md-4"
          required
        />
      )}
    </>
  );
}
