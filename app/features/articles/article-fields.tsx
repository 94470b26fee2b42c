import { useRef, type ChangeEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { LANGUAGES } from '../../../common/languages';
import { titleSlug } from '../../../common/title-slug';
import type { Category } from '../../../common/schemas/categories';
import { FormCheckbox, FormSelect, FormTextField } from '../../components/form/fields';
import { useAdminCopy } from '../../copy/admin-language';
import { HindiTypingFor } from '../typing/hindi-typing';
import type { ArticleFormValues } from './article-form-values';
import { CoAuthorsField } from './co-authors-field';
import { useSharedTitle } from '../editor/shared-title';
import { CommentsOpenField } from '../comments/comments-open-field';
import type { AuthorOption } from './use-article-options';

/**
 * The article's title (SPEC.md §2), the form's first field. A new article's slug follows its
 * title until someone changes the slug by hand.
 */
export function TitleField({ editing, sharedId }: { editing: boolean; sharedId?: string }) {
  const t = useAdminCopy();
  const followTitle = useSlugFollowingTitle(editing);
  // While the body is shared, so is the title (issue 43 item 1).
  useSharedTitle(sharedId, 'name');
  return (
    <FormTextField
      name="name"
      label={t.form.title}
      wrapperClassName="col-12"
      onChange={followTitle}
      addon={<HindiTypingFor inputId="name" />}
    />
  );
}

/**
 * The rows after the title, the text and the image (issue 45 item 2): slug, author, category,
 * status, language, bylines, credit and when it goes out.
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
  const [status, when] = useWatch<ArticleFormValues, ['status', 'when']>({
    name: ['status', 'when'],
  });

  return (
    <>
      <FormTextField
        name="slug"
        label={t.form.slug}
        hint={editing ? t.form.slugEditHelp : t.form.slugHelp}
        wrapperClassName="col-md-4"
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
      <CoAuthorsField authors={authors} />
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
      {mayPublish && <EditorsChoices />}
    </>
  );
}

/**
 * What editors and up choose for a story: ads on its page, who may read it whole (issue 39),
 * whether readers may comment (issue 42 item 1).
 */
function EditorsChoices() {
  const t = useAdminCopy();
  return (
    <>
      <div className="col-12">
        <FormCheckbox name="adsOff" id="article-ads-off" label={t.form.adsOff} />
      </div>
      <FormSelect
        name="access"
        id="article-access"
        label={t.form.access}
        hint={t.form.accessHelp}
        wrapperClassName="col-md-6"
      >
        <option value="free">{t.form.accessFree}</option>
        <option value="members">{t.form.accessMembers}</option>
        <option value="paid">{t.form.accessPaid}</option>
      </FormSelect>
      <CommentsOpenField id="article-comments-open" follows="section" wrapperClassName="col-md-6" />
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
