import { useEffect } from 'react';
import { openWalled } from '../features/members/open-walled';
import type { Article } from '../../common/schemas/articles';
import { freeOpeningOf, WALLED_PART_SELECTOR } from '../../common/article-access';
import { PAGE_SEGMENTS } from '../../common/paths';
import { useInterface } from '../copy/language';

/** The class that names a members' story's walled part (JSON-LD's `cssSelector`). */
const WALLED_CLASS = WALLED_PART_SELECTOR.slice(1);

/**
 * A members' story's body (issue 39 item 3, docs/decisions/060): its opening, then either the
 * rest (a page made for a class that may read it) or the wall (anyone else's: the server sent
 * no more). Both in the element JSON-LD names as the part not free.
 */
export function MembersBody({
  article,
  path,
  body,
}: {
  article: Pick<Article, '_id' | 'access' | 'walled' | 'description'>;
  path: string;
  /** The body as the page shows it (its images made responsive, its ad slots placed). */
  body: string;
}) {
  // On a walled page the body is the opening already (the server sent no more).
  const opening = freeOpeningOf(body);
  return (
    <>
      <div
        className="article-body"
        data-read-story=""
        dangerouslySetInnerHTML={{ __html: article.walled ? body : opening }}
      />
      {article.walled ? (
        <MembersWall access={article.access} path={path} />
      ) : (
        <>
          <div
            className={`article-body ${WALLED_CLASS}`}
            dangerouslySetInnerHTML={{ __html: body.slice(opening.length) }}
          />
          <GiftOffer articleId={article._id} />
        </>
      )}
    </>
  );
}

/**
 * Gift links (issue 39 item 5): the same hidden markup on every page made for a class that reads
 * the story whole; the signed-in reader's script (app/reader/gift.ts) shows it after load, and
 * makes the link on a click. Nothing in it names a person.
 */
function GiftOffer({ articleId }: { articleId: string }) {
  const { t, lang } = useInterface();
  return (
    <div
      className="gift-offer my-3"
      hidden
      lang={lang}
      data-gift={articleId}
      data-made={t.gift.made}
      data-copy={t.gift.copy}
      data-copied={t.gift.copied}
      data-remaining={t.gift.remaining}
      data-failed={t.gift.failed}
    >
      <button type="button" className="btn btn-outline-primary btn-sm">
        {t.gift.button}
      </button>
      <div data-gift-out="" aria-live="polite" />
    </div>
  );
}

/** What a reader who may not read the story whole sees after its opening. */
function MembersWall({ access, path }: { access: Article['access']; path: string }) {
  const { t, lang } = useInterface();
  // A member whose browser has not yet asked gets their class's page once it has.
  useEffect(() => void openWalled(), []);
  return (
    <aside
      className={`${WALLED_CLASS} members-wall border rounded p-4 my-4 text-center`}
      data-walled={access}
      aria-labelledby="members-wall-heading"
      lang={lang}
    >
      <h2 id="members-wall-heading" className="h4">
        {t.walled.heading}
      </h2>
      <p>{access === 'paid' ? t.walled.paid : t.walled.members}</p>
      <a className="btn btn-primary me-2" href={`/${PAGE_SEGMENTS.plans}`}>
        {t.walled.plans}
      </a>
      <a className="btn btn-outline-primary" href={`/login?redirect=${encodeURIComponent(path)}`}>
        {t.walled.signIn}
      </a>
    </aside>
  );
}
