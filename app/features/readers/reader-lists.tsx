import { useEffect, useState } from 'react';
import { articlePath } from '../../../common/paths';
import type { ArticleCard } from '../../../common/schemas/articles';
import { useInterface } from '../../copy/language';
import { api } from '../api/client';

/*
 * A reader's page (/profile, issue 37 item 2): the stories of what they follow and the stories
 * they saved, each read by its call after the page loads.
 */

interface StoryPage {
  articles: ArticleCard[];
  currentPage: number;
  totalPages: number;
}

function Stories({ path, heading, empty }: { path: string; heading: string; empty: string }) {
  const { t, lang } = useInterface();
  const [page, setPage] = useState(1);
  const [list, setList] = useState<StoryPage | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    api<StoryPage>(`${path}?page=${page}`)
      .then((answer) =>
        setList((before) =>
          before && page > 1
            ? { ...answer, articles: [...before.articles, ...answer.articles] }
            : answer,
        ),
      )
      .catch(() => setFailed(true));
  }, [path, page]);
  return (
    <section className="mb-4" lang={lang} data-reader-list={path}>
      <h2 className="h5">{heading}</h2>
      {failed && <p role="alert">{t.readers.failed}</p>}
      {list && list.articles.length === 0 && <p>{empty}</p>}
      {list && list.articles.length > 0 && (
        <ul className="list-unstyled vstack gap-2">
          {list.articles.map((a) => (
            <li key={a._id}>
              <a href={articlePath(a)}>{a.name}</a>
            </li>
          ))}
        </ul>
      )}
      {list && list.currentPage < list.totalPages && (
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm"
          onClick={() => setPage(list.currentPage + 1)}
        >
          {t.readers.more}
        </button>
      )}
    </section>
  );
}

export function ReaderLists() {
  const { t } = useInterface();
  return (
    <>
      <Stories path="/api/me/feed" heading={t.readers.feedHeading} empty={t.readers.feedEmpty} />
      <Stories path="/api/me/saved" heading={t.readers.savedHeading} empty={t.readers.savedEmpty} />
    </>
  );
}
