import { toast } from 'react-toastify';
import { copy } from '../copy/en';
import { openSharePopup } from '../reader/share';

const NETWORKS = [
  {
    name: 'Facebook',
    href: (url: string) =>
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
  },
  {
    name: 'X',
    href: (url: string, title: string) =>
      `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`,
  },
];

/**
 * Two networks and a share icon: the Web Share API where there is one, else copy the link.
 * On a reading page (no client React) app/reader/share.ts gives the same behaviour through
 * the data attributes, answering in the status line instead of a toast.
 */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
      } catch {
        // The reader closed the share sheet.
      }
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      toast.success(copy.article.linkCopied);
    } catch {
      toast.error(copy.article.copyFailed);
    }
  };
  return (
    <div className="share d-flex flex-wrap gap-2 mb-4" role="group" aria-label={copy.article.share}>
      {NETWORKS.map((n) => (
        <a
          key={n.name}
          href={n.href(url, title)}
          className="btn btn-outline-secondary btn-sm"
          target="_blank"
          rel="noopener noreferrer"
          data-share-popup=""
          onClick={(event) => {
            event.preventDefault();
            openSharePopup(n.href(url, title));
          }}
        >
          {copy.article.shareOn(n.name)}
        </a>
      ))}
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        onClick={share}
        data-share-url={url}
        data-share-title={title}
        data-copied={copy.article.linkCopied}
        data-copy-failed={copy.article.copyFailed}
        aria-label={copy.article.share}
        title={copy.article.share}
      >
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="currentColor">
          <path d="M13.5 1a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3M11 2.5a2.5 2.5 0 1 1 .6 1.6L4.9 7.2a2.5 2.5 0 0 1 0 1.6l6.7 3.1a2.5 2.5 0 1 1-.5.9L4.4 9.7a2.5 2.5 0 1 1 0-3.4l6.7-3.1A2.5 2.5 0 0 1 11 2.5" />
        </svg>{' '}
        {copy.article.share}
      </button>
      <span
        className="small text-body-secondary align-self-center"
        role="status"
        data-share-status
      />
    </div>
  );
}
