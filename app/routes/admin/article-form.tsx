import { Field } from '../../components/field';
import { TextField } from '../../components/text-field';
import { AdminRouteError } from '../../components/admin/route-error';
import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useBlocker, useNavigate, useOutletContext } from 'react-router';
import { toast } from 'react-toastify';
import { hasRole } from '../../../common/roles';
import type { Article } from '../../../common/schemas/articles';
import type { Category } from '../../../common/schemas/categories';
import type { SessionUser } from '../../../common/services';
import { slugify } from '../../../common/slug';
import { adminCopy as t } from '../../copy/admin';
import { adminApi } from '../../features/api/admin-api';
import { RichTextEditor } from '../../features/editor/rich-text-editor';
import { uploadImage } from '../../features/media/upload';
import type { Route } from './+types/article-form';

interface FormState {
  name: string;
  slug: string;
  author: string;
  category: string;
  imageUrl: string;
  metaTitle: string;
  metaKeywords: string;
  metaDescription: string;
  description: string;
  status: 'draft' | 'published';
  language: '' | 'hi' | 'en';
}

const EMPTY: FormState = {
  name: '',
  slug: '',
  author: '',
  category: '',
  imageUrl: '',
  metaTitle: '',
  metaKeywords: '',
  metaDescription: '',
  description: '',
  status: 'published',
  language: '',
};

const fromArticle = (a: Article): FormState => ({
  name: a.name,
  slug: a.slug,
  author: a.author?._id ?? '',
  category: a.category?._id ?? '',
  imageUrl: a.imageUrl,
  metaTitle: a.metaTitle,
  metaKeywords: a.metaKeywords,
  metaDescription: a.metaDescription,
  description: a.description,
  status: a.status,
  language: a.language,
});

/** Edit mode loads the article first; add mode starts empty. */
export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  if (!params.id) return { article: null };
  return { article: await adminApi<Article>(`/api/articles/article/${params.id}`) };
}

export function HydrateFallback() {
  return (
    <p>
      <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
      {t.loading}
    </p>
  );
}

/** Where an unsaved form is kept in this browser until it is saved (never lose work). */
const draftKey = (id: string | undefined) => `patrika:article-draft:${id ?? 'new'}`;

export default function ArticleForm({ loaderData, params }: Route.ComponentProps) {
  const me = useOutletContext<SessionUser>();
  const navigate = useNavigate();
  const article = loaderData.article;
  const editing = Boolean(params.id);
  const initial = useMemo<FormState>(
    () => (article ? fromArticle(article) : { ...EMPTY, author: me._id }),
    [article, me._id],
  );

  const [form, setForm] = useState<FormState>(initial);
  const [baseline, setBaseline] = useState<FormState>(initial);
  const [slugTouched, setSlugTouched] = useState(editing);
  const [categories, setCategories] = useState<Category[] | null>(null);
  const [authors, setAuthors] = useState<{ _id: string; name: string }[] | null>(null);
  const [progress, setProgress] = useState(0);
  const [fileKey, setFileKey] = useState(0);
  const [saving, setSaving] = useState(false);
  const [restored, setRestored] = useState(false);
  const [staleDraft, setStaleDraft] = useState<FormState | null>(null);
  const [updatedAt, setUpdatedAt] = useState(article?.updatedAt);
  const skipBlock = useRef(false);

  const dirty = JSON.stringify(form) !== JSON.stringify(baseline);

  useEffect(() => {
    adminApi<Category[]>('/api/categories')
      .then(setCategories)
      .catch((e: Error) => {
        setCategories([]);
        toast.error(e.message);
      });
    adminApi<{ _id: string; name: string }[]>('/api/users/authors')
      .then(setAuthors)
      .catch((e: Error) => {
        setAuthors([]);
        toast.error(e.message);
      });
  }, []);

  // A draft left in this browser is restored once, unless the article changed on the server
  // since the draft was made: then the server's version stays and the draft is offered.
  useEffect(() => {
    try {
      const saved = localStorage.getItem(draftKey(params.id));
      if (!saved) return;
      const draft = JSON.parse(saved) as { form: Partial<FormState>; basedOn?: string };
      const restoredForm = { ...initial, ...draft.form };
      if (article && draft.basedOn !== article.updatedAt) {
        setStaleDraft(restoredForm);
        return;
      }
      setForm(restoredForm);
      setSlugTouched(true);
      setRestored(true);
    } catch {
      // unreadable draft: ignore it
    }
  }, [params.id, initial, article]);

  // Keep the draft while there are unsaved changes.
  useEffect(() => {
    try {
      // The draft remembers which saved version it started from (see the restore above).
      if (dirty)
        localStorage.setItem(draftKey(params.id), JSON.stringify({ form, basedOn: updatedAt }));
    } catch {
      // storage full or blocked: the leave guard still protects the work
    }
  }, [form, dirty, params.id, updatedAt]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !skipBlock.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(t.form.leave)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);

  const set = useCallback(
    <K extends keyof FormState>(key: K, value: FormState[K]) =>
      setForm((f) => ({ ...f, [key]: value })),
    [],
  );
  const setDescription = useCallback((html: string) => set('description', html), [set]);

  const clearDraft = () => {
    try {
      localStorage.removeItem(draftKey(params.id));
    } catch {
      // nothing stored
    }
  };

  const onImage = async (file: File | undefined) => {
    if (!file) return;
    setProgress(0);
    try {
      const image = await uploadImage(file, setProgress);
      set('imageUrl', image.secure_url);
    } catch (error) {
      setProgress(0);
      toast.error(t.form.uploadFailed((error as Error).message));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.imageUrl) return;
    setSaving(true);
    const body = {
      name: form.name,
      ...(form.slug ? { slug: form.slug } : {}),
      ...(form.author ? { author: form.author } : {}),
      category: form.category,
      imageUrl: form.imageUrl,
      description: form.description,
      metaTitle: form.metaTitle,
      metaDescription: form.metaDescription,
      metaKeywords: form.metaKeywords,
      status: form.status,
      ...(form.language ? { language: form.language } : {}),
      ...(editing && updatedAt ? { updatedAt } : {}),
    };
    try {
      if (editing) {
        const saved = await adminApi<Article>(`/api/articles/${params.id}`, {
          method: 'PUT',
          body,
        });
        setUpdatedAt(saved.updatedAt);
        clearDraft();
        setBaseline(form);
        toast.success(t.form.updated);
        skipBlock.current = true;
        await navigate('/admin/articles');
      } else {
        await adminApi<Article>('/api/articles/article', { method: 'POST', body });
        clearDraft();
        toast.success(t.form.added);
        const fresh = { ...EMPTY, author: me._id };
        setForm(fresh);
        setBaseline(fresh);
        setSlugTouched(false);
        setProgress(0);
        setFileKey((k) => k + 1);
        setRestored(false);
      }
    } catch (error) {
      // 409 on a stale edit says someone else saved the article meanwhile.
      toast.error((error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const canPickAuthor = hasRole(me.role, 'editor');
  return (
    <form onSubmit={submit} className="article-form vstack gap-3" noValidate={false}>
      <h1 className="h3">{editing ? t.form.editTitle : t.form.addTitle}</h1>
      {staleDraft && (
        <div
          className="alert alert-warning d-flex flex-wrap gap-2 justify-content-between align-items-center"
          role="alert"
        >
          <span>{t.form.staleDraft}</span>
          <span className="d-flex gap-2">
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => {
                setForm(staleDraft);
                setSlugTouched(true);
                setStaleDraft(null);
              }}
            >
              {t.form.restoreAnyway}
            </button>
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => {
                clearDraft();
                setStaleDraft(null);
              }}
            >
              {t.form.discardDraft}
            </button>
          </span>
        </div>
      )}
      {restored && (
        <div
          className="alert alert-info d-flex justify-content-between align-items-center"
          role="status"
        >
          <span>{t.form.restoreDraft}</span>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => {
              clearDraft();
              setForm(initial);
              setRestored(false);
            }}
          >
            {t.form.discardDraft}
          </button>
        </div>
      )}
      <div className="row g-3">
        <TextField
          id="name"
          label={t.form.title}
          wrapperClassName="col-md-6"
          value={form.name}
          required
          maxLength={300}
          onChange={(e) => {
            const name = e.target.value;
            setForm((f) => ({ ...f, name, ...(slugTouched ? {} : { slug: slugify(name) }) }));
          }}
        />
        <TextField
          id="slug"
          label={t.form.slug}
          hint={editing ? t.form.slugEditHelp : t.form.slugHelp}
          wrapperClassName="col-md-6"
          value={form.slug}
          maxLength={120}
          onChange={(e) => {
            setSlugTouched(true);
            set('slug', e.target.value);
          }}
        />
        <Field id="author" label={t.form.author} className="col-md-4">
          <select
            id="author"
            className="form-select"
            value={form.author}
            disabled={!canPickAuthor || authors === null}
            onChange={(e) => set('author', e.target.value)}
          >
            {authors === null ? (
              <option value={form.author}>{me.name}</option>
            ) : (
              authors.map((a) => (
                <option key={a._id} value={a._id}>
                  {a.name}
                </option>
              ))
            )}
          </select>
        </Field>
        <Field
          id="category"
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
          className="col-md-4"
        >
          <select
            id="category"
            className="form-select"
            value={form.category}
            required
            disabled={categories === null}
            onChange={(e) => set('category', e.target.value)}
          >
            <option value="">{t.form.chooseCategory}</option>
            {(categories ?? []).map((c) => (
              <option key={c._id} value={c._id}>
                {c.name}
              </option>
            ))}
          </select>
        </Field>
        <Field id="status" label={t.form.status} className="col-md-2">
          <select
            id="status"
            className="form-select"
            value={form.status}
            onChange={(e) => set('status', e.target.value as FormState['status'])}
          >
            <option value="published">{t.articles.published}</option>
            <option value="draft">{t.articles.draft}</option>
          </select>
        </Field>
        <Field id="language" label={t.form.language} className="col-md-2">
          <select
            id="language"
            className="form-select"
            value={form.language}
            onChange={(e) => set('language', e.target.value as FormState['language'])}
          >
            <option value="">Auto</option>
            <option value="hi">{t.form.hindi}</option>
            <option value="en">{t.form.english}</option>
          </select>
        </Field>
        <div className="col-md-6">
          <Field id="image" label={t.form.image} hint={t.form.imageHelp}>
            <input
              key={fileKey}
              id="image"
              type="file"
              className="form-control"
              accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
              aria-describedby="image-help"
              onChange={(e) => void onImage(e.target.files?.[0])}
            />
          </Field>
          {progress > 0 && (
            <div
              className="progress mt-2"
              role="progressbar"
              aria-label="Upload progress"
              aria-valuenow={progress}
              aria-valuemin={0}
              aria-valuemax={100}
            >
              <div className="progress-bar" style={{ width: `${progress}%` }}>
                {progress}%
              </div>
            </div>
          )}
          {form.imageUrl && (
            <img
              src={form.imageUrl}
              alt=""
              className="img-thumbnail mt-2"
              style={{ maxHeight: 120 }}
            />
          )}
        </div>
        <div className="col-md-6 vstack gap-2">
          <TextField
            id="metaTitle"
            label={t.form.metaTitle}
            value={form.metaTitle}
            maxLength={300}
            onChange={(e) => set('metaTitle', e.target.value)}
          />
          <TextField
            id="metaKeywords"
            label={t.form.metaKeywords}
            value={form.metaKeywords}
            maxLength={1000}
            onChange={(e) => set('metaKeywords', e.target.value)}
          />
        </div>
        <Field id="metaDescription" label={t.form.metaDescription} className="col-12">
          <textarea
            id="metaDescription"
            className="form-control"
            rows={3}
            value={form.metaDescription}
            maxLength={1000}
            onChange={(e) => set('metaDescription', e.target.value)}
          />
        </Field>
        <Field id="description" label={t.form.description} className="col-12">
          <RichTextEditor
            id="description"
            label={t.form.description}
            value={form.description}
            onChange={setDescription}
          />
        </Field>
      </div>
      <div>
        <button type="submit" className="btn btn-primary" disabled={!form.imageUrl || saving}>
          {saving ? t.form.saving : editing ? t.form.update : t.form.submit}
        </button>
      </div>
    </form>
  );
}

export const ErrorBoundary = AdminRouteError;
