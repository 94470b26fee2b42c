import { toast } from 'react-toastify';
import { useInterface } from '../copy/language';
import { openSharePopup } from '../reader/share';

/**
 * The networks; their names are in the interface copy (`article.networks`). Facebook and X open
 * a small window; WhatsApp and Telegram, where Indian readers share most, are plain links that
 * a phone hands to the app (issue 25 item 4): no third-party script on the page.
 */
const NETWORKS = [
  {
    id: 'facebook',
    popup: true,
    href: (url: string) =>
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
  },
  {
    id: 'x',
    popup: true,
    href: (url: string, title: string) =>
      `https://twitter.com/intent/tweet?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`,
  },
  {
    id: 'whatsapp',
    popup: false,
    href: (url: string, title: string) =>
      `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`,
  },
  {
    id: 'telegram',
    popup: false,
    href: (url: string, title: string) =>
      `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(title)}`,
  },
] as const;

/**
 * Two networks and a share icon: the Web Share API where there is one, else copy the link.
 * On a reading page (no client React) app/reader/share.ts gives the same behaviour through
 * the data attributes, answering in the status line instead of a toast.
 */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  const { t, lang } = useInterface();
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
      toast.success(t.article.linkCopied);
    } catch {
      toast.error(t.article.copyFailed);
    }
  };
  return (
    <div
      className="share d-flex flex-wrap gap-2 mb-4"
      role="group"
      aria-label={t.article.share}
      lang={lang}
    >
      {NETWORKS.map((n) => (
        <a
          key={n.id}
          href={n.href(url, title)}
          className="btn btn-outline-secondary btn-sm"
          target="_blank"
          rel="noopener noreferrer"
          {...(n.popup
            ? {
                'data-share-popup': '',
                onClick: (event: React.MouseEvent) => {
                  event.preventDefault();
                  openSharePopup(n.href(url, title));
                },
              }
            : {})}
        >
          {t.article.shareOn(t.article.networks[n.id])}
        </a>
      ))}
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        onClick={share}
        data-share-url={url}
        data-share-title={title}
        data-copied={t.article.linkCopied}
        data-copy-failed={t.article.copyFailed}
        aria-label={t.article.share}
        title={t.article.share}
      >
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" fill="currentColor">
          <path d="M13.5 1a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3M11 2.5a2.5 2.5 0 1 1 .6 1.6L4.9 7.2a2.5 2.5 0 0 1 0 1.6l6.7 3.1a2.5 2.5 0 1 1-.5.9L4.4 9.7a2.5 2.5 0 1 1 0-3.4l6.7-3.1A2.5 2.5 0 0 1 11 2.5" />
        </svg>{' '}
        {t.article.share}
      </button>
      <span
        className="small text-body-secondary align-self-center"
        role="status"
        data-share-status
      />
    </div>
  );
}
