import { Form, Link, useSearchParams, useSubmit } from 'react-router';
import {
  ADMIN_DEFAULT_SORT,
  ADMIN_SORTS,
  LANGUAGES,
  SEARCH_QUERY_MAX,
  type AdminSort,
} from '../../../common/articles';
import { useAdminCopy } from '../../copy/admin-language';
import { HindiTypingFor } from '../typing/hindi-typing';
import type { AdminListFilter } from './admin-list-query';

/** A category or an author, as the filters offer them. */
export interface Named {
  _id: string;
  name: string;
}

type Filters = Partial<Record<AdminListFilter, string>>;

/**
 * The admin list's filters: a title search and the status, category, author (when `authors`
 * has any to choose), language, edition (issue 65) and order selects. They live in the address (issue 9 item 6).
 * Titles are matched as readers' search matches them (any Hindi spelling, Latin letters).
 * Keyed by the address, so back/forward shows the filters of the page it comes to.
 */
export function AdminListFilterForm({
  filters,
  categories,
  authors,
  editions = [],
}: {
  filters: Filters;
  categories: Named[];
  authors: Named[];
  /** The editions to choose from (issue 65), their names in the interface's language. */
  editions?: Named[];
}) {
  const t = useAdminCopy();
  const [params] = useSearchParams();
  const submit = useSubmit();
  const filtered = Object.keys(filters).some((key) => key !== 'sort');

  /*
   * Any change of a filter asks for page 1 again (the form has no page field) and leaves empty
   * fields out of the address, so it reads `?status=draft`, not `?q=&status=draft&…`.
   */
  const apply = (form: HTMLFormElement) => {
    const next = new URLSearchParams();
    for (const [key, value] of new FormData(form)) {
      const text = String(value).trim();
      if (text && !(key === 'sort' && text === ADMIN_DEFAULT_SORT)) next.set(key, text);
    }
    void submit(next, { method: 'get' });
  };
  const select = filterSelectFor(filters, apply);

  return (
    <Form
      method="get"
      role="search"
      aria-label={t.articles.filters}
      className="mb-3"
      key={params.toString()}
      onSubmit={(event) => {
        event.preventDefault();
        apply(event.currentTarget);
      }}
    >
      <TitleSearch q={filters.q} filtered={filtered} />
      <div className="row g-2">
        {select('status', t.articles.statusFilter, [
          ['', t.articles.anyStatus],
          ['draft', t.articles.draft],
          ['pending', t.articles.pending],
          ['published', t.articles.published],
          ['scheduled', t.articles.scheduledFilter],
        ])}
        {select('categoryId', t.articles.categoryFilter, [
          ['', t.articles.anyCategory],
          ...categories.map((c): [string, string] => [c._id, c.name]),
        ])}
        {authors.length > 0 &&
          select('authorId', t.articles.authorFilter, [
            ['', t.articles.anyAuthor],
            ...authors.map((a): [string, string] => [a._id, a.name]),
          ])}
        {select('language', t.articles.languageFilter, [
          ['', t.articles.anyLanguage],
          ...LANGUAGES.map((code): [string, string] => [code, t.languageName(code)]),
        ])}
        {editions.length > 0 &&
          select('edition', t.articles.editionFilter, [
            ['', t.articles.anyEdition],
            ...editions.map((e): [string, string] => [e._id, e.name]),
          ])}
        {select(
          'sort',
          t.articles.sortBy,
          ADMIN_SORTS.map((s: AdminSort): [string, string] => [s, t.articles.sorts[s]]),
        )}
      </div>
    </Form>
  );
}

const TITLE_SEARCH_ID = 'article-title-search';

/** The title search: its box (with Hindi typing), Search, and Clear while any filter is on. */
function TitleSearch({ q, filtered }: { q: string | undefined; filtered: boolean }) {
  const t = useAdminCopy();
  return (
    <div className="d-flex gap-2 mb-2">
      <div className="input-group">
        <input
          id={TITLE_SEARCH_ID}
          type="search"
          name="q"
          defaultValue={q ?? ''}
          maxLength={SEARCH_QUERY_MAX}
          className="form-control"
          aria-label={t.articles.searchLabel}
          placeholder={t.articles.searchLabel}
        />
        <HindiTypingFor inputId={TITLE_SEARCH_ID} />
      </div>
      <button type="submit" className="btn btn-outline-primary">
        {t.articles.search}
      </button>
      {filtered && (
        <Link to="/admin/articles" className="btn btn-link text-nowrap">
          {t.articles.clearSearch}
        </Link>
      )}
    </div>
  );
}

/** Makes one form's filter selects: each starts at the address's value and applies on change. */
function filterSelectFor(filters: Filters, apply: (form: HTMLFormElement) => void) {
  return (name: AdminListFilter, label: string, options: [string, string][]) => (
    <label className="col-6 col-md">
      <span className="form-label small d-block">{label}</span>
      <select
        name={name}
        defaultValue={filters[name] ?? (name === 'sort' ? ADMIN_DEFAULT_SORT : '')}
        className="form-select form-select-sm"
        onChange={(event) => event.currentTarget.form && apply(event.currentTarget.form)}
      >
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}
