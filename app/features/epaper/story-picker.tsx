/*
 * A web story chosen by searching its title (issue 68 item 1: a box on an e-paper page linked
 * to its story): the back office's article list answers `q` with the site's own matching
 * (`GET /api/articles/admin-article?q=`), a few at a time, as the desk types.
 */
import { useEffect, useId, useState } from 'react';
import { adminApi } from '../api/admin-api';

/** Stories offered at once. */
const OFFERED = 8;
/** The pause in typing after which the search is sent. */
const TYPING_MS = 300;

export interface PickedStory {
  _id: string;
  name: string;
}

export function StoryPicker(props: {
  picked: PickedStory | null;
  onPick: (story: PickedStory | null) => void;
  w: {
    story: string;
    notLinked: string;
    linked: (title: string) => string;
    unlink: string;
    search: string;
    noneFound: string;
    pick: string;
  };
}) {
  const { picked, onPick, w } = props;
  const id = useId();
  const [q, setQ] = useState('');
  const [found, setFound] = useState<PickedStory[] | null>(null);
  useEffect(() => {
    const words = q.trim();
    if (!words) return setFound(null);
    let stopped = false;
    const timer = setTimeout(() => {
      const query = new URLSearchParams({ q: words, limit: String(OFFERED) });
      adminApi<{ articles: PickedStory[] }>(`/api/articles/admin-article?${query}`).then(
        (list) => !stopped && setFound(list.articles),
        () => !stopped && setFound([]),
      );
    }, TYPING_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [q]);
  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6">{w.story}</legend>
      <p className="mb-2" data-testid="zone-story">
        {picked ? w.linked(picked.name) : w.notLinked}{' '}
        {picked && (
          <button type="button" className="btn btn-link btn-sm p-0" onClick={() => onPick(null)}>
            {w.unlink}
          </button>
        )}
      </p>
      <label className="form-label small" htmlFor={id}>
        {w.search}
      </label>
      <input
        id={id}
        type="search"
        className="form-control form-control-sm"
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      {found?.length === 0 && <p className="small text-body-secondary mt-1">{w.noneFound}</p>}
      {found && found.length > 0 && (
        <ul className="list-unstyled mt-1 mb-0">
          {found.map((story) => (
            <li key={story._id} className="d-flex gap-2 align-items-baseline">
              <span className="flex-grow-1">{story.name}</span>
              <button
                type="button"
                className="btn btn-outline-primary btn-sm"
                aria-label={`${w.pick}: ${story.name}`}
                onClick={() => {
                  onPick(story);
                  setQ('');
                }}
              >
                {w.pick}
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
