import { useEffect, useState } from 'react';
import { shownCategoryName } from '../../../common/category-names';
import type { FollowedThing } from '../../../common/schemas/readers';
import { useInterface } from '../../copy/language';
import { api } from '../api/client';

/*
 * What the reader follows, on /profile (issue 72 item 1): by kind (sections, tags, authors),
 * each linked to its page with an Unfollow. Read by its call after the page loads; an Unfollow
 * sends the reader's whole list less that one (PUT /api/me/follows, as the Follow buttons do).
 */

type Lists = { categories: string[]; tags: string[]; authors: string[] };
const LIST_OF = { category: 'categories', tag: 'tags', author: 'authors' } as const;
const KINDS = ['category', 'tag', 'author'] as const;

/** The PUT body that follows everything in `things` but `gone`. */
function without(things: FollowedThing[], gone: FollowedThing): Lists {
  const lists: Lists = { categories: [], tags: [], authors: [] };
  for (const t of things)
    if (t.kind !== gone.kind || t.target !== gone.target) lists[LIST_OF[t.kind]].push(t.target);
  return lists;
}

export function FollowingList() {
  const { t, lang } = useInterface();
  const [things, setThings] = useState<FollowedThing[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    api<{ follows: FollowedThing[] }>('/api/me/following')
      .then((answer) => setThings(answer.follows))
      .catch(() => setFailed(true));
  }, []);
  const unfollow = async (gone: FollowedThing) => {
    if (!things) return;
    setBusy(true);
    setFailed(false);
    try {
      await api('/api/me/follows', { method: 'PUT', body: without(things, gone) });
      setThings(things.filter((x) => x !== gone));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };
  const shown = (x: FollowedThing) => (x.kind === 'category' ? shownCategoryName(x, lang) : x.name);
  return (
    <section className="mb-4" lang={lang} aria-labelledby="following-heading">
      <h2 className="h5" id="following-heading">
        {t.readers.followingHeading}
      </h2>
      {failed && <p role="alert">{t.readers.failed}</p>}
      {things && things.length === 0 && <p>{t.readers.followingEmpty}</p>}
      {things &&
        KINDS.map((kind) => {
          const ofKind = things.filter((x) => x.kind === kind);
          if (ofKind.length === 0) return null;
          return (
            <div key={kind} className="mb-2">
              <h3 className="h6">{t.readers.kinds[kind]}</h3>
              <ul className="list-unstyled vstack gap-1">
                {ofKind.map((x) => (
                  <li key={x.target} className="d-flex align-items-center gap-2">
                    <a href={x.path}>{shown(x)}</a>
                    <button
                      type="button"
                      className="btn btn-outline-secondary btn-sm"
                      disabled={busy}
                      aria-label={t.readers.unfollowLabel(shown(x))}
                      onClick={() => void unfollow(x)}
                    >
                      {t.readers.unfollow}
                    </button>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
    </section>
  );
}
