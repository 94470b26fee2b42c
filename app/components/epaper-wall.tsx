/*
 * The paid e-paper's parts of the page (issue 68 items 3 and 4): a walled page's thumbnail and
 * wall, and the download of an issue. The same markup for every reader (the page is kept and
 * shared); app/reader/epaper-access.ts asks after load whether this reader may read on, and
 * then puts the page's view (at its signed address) in place of the wall and shows the
 * download, or says why not.
 */
import { PAGE_SEGMENTS } from '../../common/paths';
import { sentMediaUrl } from '../../common/media';
import type { EpaperReaderPage } from '../../common/schemas/epaper';
import type { EpaperWallCopy } from '../copy/epaper-wall';
import { useMediaBase } from './media-base';

/** A walled page: its thumbnail, and why it is walled with the ways on (sign in, the plans). */
export function EpaperWall(props: { page: EpaperReaderPage; path: string; x: EpaperWallCopy }) {
  const { page, path, x } = props;
  const base = useMediaBase();
  return (
    <div className="epaper-sheet epaper-walled" data-epaper-wall>
      {page.thumb && (
        <img
          src={sentMediaUrl(page.thumb, base)}
          width={240}
          height={
            page.width && page.height ? Math.round((240 * page.height) / page.width) : undefined
          }
          alt={x.thumb(page.number)}
        />
      )}
      <aside className="epaper-wall-box border rounded p-3" aria-labelledby="epaper-wall-heading">
        <h2 id="epaper-wall-heading" className="h5">
          {x.heading}
        </h2>
        <p data-wall-reason="sign-in">{x.signIn}</p>
        <p data-wall-reason="subscribe" hidden>
          {x.subscribe}
        </p>
        <p data-wall-reason="archive" hidden>
          {x.archive}
        </p>
        <a
          className="btn btn-primary me-2"
          href={`/login?redirect=${encodeURIComponent(path)}`}
          data-wall-reason="sign-in"
        >
          {x.signInLink}
        </a>
        <a className="btn btn-outline-primary" href={`/${PAGE_SEGMENTS.plans}`}>
          {x.plans}
        </a>
      </aside>
    </div>
  );
}

/** The issue's PDF: shown by the script to a signed-in reader who may download it. */
export function EpaperDownload(props: { issueId: string; x: EpaperWallCopy }) {
  const { issueId, x } = props;
  return (
    <p className="epaper-download" hidden data-epaper-download={issueId}>
      <button type="button" className="btn btn-outline-secondary" data-failed={x.downloadFailed}>
        {x.download}
      </button>{' '}
      <small className="text-body-secondary">{x.downloadNote}</small>
      <span role="status" className="d-block small" />
    </p>
  );
}
