import { useEffect, useRef, useState } from 'react';
import { PageLink } from './page-link';
import type { SiteSettings } from '../../common/settings';
import { useInterface } from '../copy/language';

const SOCIAL: { key: keyof SiteSettings['social']; label: string }[] = [
  { key: 'facebook', label: 'Facebook' },
  { key: 'x', label: 'X (Twitter)' },
  { key: 'instagram', label: 'Instagram' },
  { key: 'youtube', label: 'YouTube' },
];

/** The map frame is only created when the footer comes near the screen. */
function LazyMap({ place }: { place: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const { t, lang } = useInterface();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || visible) return;
    if (!('IntersectionObserver' in window)) {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [visible]);
  const title = t.footer.mapTitle(place);
  const src = `https://www.google.com/maps?q=${encodeURIComponent(place)}&output=embed`;
  // On a reading page (no client React) app/reader/lazy-map.ts makes the frame from the data
  // attributes; without any script the frame is in <noscript>.
  return (
    <div
      ref={ref}
      className="map-frame ratio ratio-4x3 rounded overflow-hidden bg-light"
      data-lazy-map={src}
      data-map-title={title}
      data-map-lang={lang}
    >
      {visible ? (
        <iframe
          title={title}
          lang={lang}
          src={src}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
        />
      ) : (
        <noscript>
          <iframe
            title={title}
            src={src}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
          />
        </noscript>
      )}
    </div>
  );
}

/**
 * Public footer (SPEC.md §2): links, the city map, the contact block, social links, copyright.
 * Only what an administrator filled in is shown: no label without a value (issue 14 item 4).
 */
export function PublicFooter({ settings, year }: { settings: SiteSettings; year: number }) {
  const { t, lang } = useInterface();
  return (
    <footer className="site-footer mt-5 py-5 bg-dark text-light">
      <div className="container">
        <div className="row g-4">
          <div className="col-12 col-md-4">
            <h2 className="h5 site-name">{settings.siteName}</h2>
            <FooterPageLinks />
            <FooterSocialLinks social={settings.social} />
          </div>
          <div className="col-12 col-md-4">
            <FooterContact settings={settings} />
          </div>
          <div className="col-12 col-md-4">
            {settings.mapLocation && <LazyMap place={settings.mapLocation} />}
          </div>
        </div>
        <p className="mt-4 mb-0 small text-secondary-emphasis text-light-50 site-name" lang={lang}>
          {t.footer.copyright(year, settings.siteName)}
        </p>
      </div>
    </footer>
  );
}

/** The site's fixed pages: about, privacy, disclaimer. */
function FooterPageLinks() {
  const { t, lang } = useInterface();
  return (
    <ul className="list-unstyled" lang={lang}>
      <li>
        <PageLink to="/about-us" className="link-light">
          {t.footer.about}
        </PageLink>
      </li>
      <li>
        <PageLink to="/privacy-policy" className="link-light">
          {t.footer.privacy}
        </PageLink>
      </li>
      <li>
        <PageLink to="/disclaimer" className="link-light">
          {t.footer.disclaimer}
        </PageLink>
      </li>
    </ul>
  );
}

/** "Follow us": only the networks an administrator gave an address for. */
function FooterSocialLinks({ social: addresses }: { social: SiteSettings['social'] }) {
  const { t, lang } = useInterface();
  const social = SOCIAL.filter((s) => addresses[s.key]);
  if (social.length === 0) return null;
  return (
    <>
      <h2 className="h6 mt-4" lang={lang}>
        {t.footer.followHeading}
      </h2>
      <ul className="list-inline">
        {social.map((s) => (
          <li key={s.key} className="list-inline-item">
            <a
              href={addresses[s.key]}
              className="link-light"
              rel="noopener noreferrer"
              target="_blank"
            >
              {s.label}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The contact block: each line only when it has a value, the block only when one has. */
function FooterContact({ settings }: { settings: SiteSettings }) {
  const { t, lang } = useInterface();
  const hasContact = Boolean(
    settings.contactEmail || settings.contactPhone || settings.contactAddress,
  );
  if (!hasContact) return null;
  return (
    <>
      <h2 className="h5" lang={lang}>
        {t.footer.contactHeading}
      </h2>
      <address className="mb-0">
        {settings.contactEmail && (
          <div>
            <span lang={lang}>{t.footer.email}:</span>{' '}
            <a href={`mailto:${settings.contactEmail}`} className="link-light">
              {settings.contactEmail}
            </a>
          </div>
        )}
        {settings.contactPhone && (
          <div>
            <span lang={lang}>{t.footer.phone}:</span> {settings.contactPhone}
          </div>
        )}
        {settings.contactAddress && (
          <div>
            <span lang={lang}>{t.footer.address}:</span> {settings.contactAddress}
          </div>
        )}
      </address>
    </>
  );
}
