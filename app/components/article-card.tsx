import { Link } from 'react-router';
import type { ArticleCard as Card } from '../../common/schemas/articles';
import { HOME_EXCERPT_LENGTH } from '../../common/articles';
import { articlePath } from '../../common/paths';
import { excerpt } from '../../common/text';
import { useInterface } from '../copy/language';
import { ResponsivePicture } from './responsive-picture';

/** Cards sit three to a row from lg (at most ~410 px), two from md, one on a phone. */
const CARD_SIZES =
  '(min-width: 1200px) 410px, (min-width: 992px) 330px, (min-width: 768px) 50vw, 100vw';

/** 16:9 when the size is unknown (an address elsewhere). */
const CARD_FALLBACK_SIZE = { width: 1200, height: 675 };

/**
 * The server's excerpt is already cut at 200 characters (SPEC.md §9); shorter cards cut it
 * again from the uncut words, so no extra word is lost.
 */
const cardExcerpt = (text: string, length: number) =>
  length >= HOME_EXCERPT_LENGTH ? text : excerpt(text.replace(/\.\.\.$/, ''), length);

/**
 * A card: image, title, a plain-text excerpt of `length` characters and Read More. A search
 * result passes `highlight`: its title and snippet as HTML the server escaped, with the
 * matched words in <mark> (common/search/search-text.ts), shown in place of the plain ones.
 */
export function ArticleCard({
  article,
  length,
  eager = false,
  highlight,
}: {
  article: Card;
  length: number;
  eager?: boolean;
  highlight?: { name: string; snippet: string };
}) {
  const href = articlePath(article);
  const { t, lang } = useInterface();
  return (
    <article className="card h-100 shadow-sm" lang={article.language}>
      {/* Articles brought in without a featured image (an import) have no imageUrl. */}
      {article.imageUrl && (
        <ResponsivePicture
          url={article.imageUrl}
          image={article.image}
          sizes={CARD_SIZES}
          // A variant about twice a card's width at most.
          fallbackWidth={800}
          fallbackSize={CARD_FALLBACK_SIZE}
          alt=""
          className="card-img-top"
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
        />
      )}
      <div className="card-body d-flex flex-column">
        {highlight ? (
          <>
            <h3 className="h5 card-title" dangerouslySetInnerHTML={{ __html: highlight.name }} />
            <p className="card-text" dangerouslySetInnerHTML={{ __html: highlight.snippet }} />
          </>
        ) : (
          <>
            <h3 className="h5 card-title">{article.name}</h3>
            <p className="card-text">{cardExcerpt(article.excerpt, length)}</p>
          </>
        )}
        <Link
          to={href}
          className="btn btn-primary mt-auto align-self-start"
          lang={lang}
          aria-label={`${t.home.readMore}: ${article.name}`}
        >
          {t.home.readMore}
        </Link>
      </div>
    </article>
  );
}
