import { useRef } from 'react';
import { detectLanguage } from '../../common/text';
import { showMap } from '../reader/map-frame';
import { PageLink } from './page-link';
import { NewsletterSignup } from './newsletter-signup';
import type { SiteSettings } from '../../common/settings';
import { useInterface } from '../copy/language';

const SOCIAL: { key: keyof SiteSettings['social']; label: string }[] = [
  { key: 'facebook', label: 'Facebook' },
  { key: 'x', label: 'X (Twitter)' },
  { key: 'instagram', label: 'Instagram' },
  { key: 'youtube', label: 'YouTube' },
];

/** The address of the map's page, for a reader who opens it in a tab of its own. */
const mapPage = (place: string) => `https://www.google.com/maps?q=${encodeURIComponent(place)}`;

/**
 * The city map of SPEC.md §2's footer as a preview that loads the embed on a click (issue 45
 * item 5, app/reader/lazy-map.ts): the place, a "Show map" button, and a link to the map's
 * own page, which works without a script. Nothing is asked of the map's host before the click.
 */
function MapPreview({ place }: { place: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const { t, lang } = useInterface();
  const src = `${mapPage(place)}&output=embed`;
  return (
    <div
      ref={ref}
      className="map-frame rounded overflow-hidden"
      data-lazy-map={src}
      data-map-title={t.footer.mapTitle(place)}
      data-map-lang={lang}
      data-map-loading={t.footer.mapLoading}
      data-map-failed={t.footer.mapFailed}
      lang={lang}
    >
      <div className="map-preview p-3" data-map-preview="">
        <p className="mb-2">
          <span aria-hidden="true">📍 </span>
          <span lang={detectLanguage(place)}>{place}</span>
        </p>
        <div className="d-flex flex-wrap align-items-center gap-2">
          <button
            type="button"
            className="btn btn-sm btn-light"
            data-map-show=""
            // A page React runs (sign-in, profile) has no reader script to bind the button.
            onClick={() => ref.current && void showMap(ref.current)}
          >
            {t.footer.showMap}
          </button>
          <a href={mapPage(place)} className="link-light small" target="_blank" rel="noreferrer">
            {t.footer.openMap}
          </a>
        </div>
        <p className="small mb-0 mt-2" role="status" data-map-status="" />
      </div>
    </div>
  );
}

/**
 * Public footer (SPEC.md §2): links, the city map, the contact block, social links, copyright.
 * Only what an administrator filled in is shown: no label without a value (issue 14 item 4).
 */
export function PublicFooter({
  settings,
  year,
  newsletters = [],
}: {
  settings: SiteSettings;
  year: number;
  newsletters?: { _id: string; name: string }[];
}) {
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
            <NewsletterSignup newsletters={newsletters} />
          </div>
          <div className="col-12 col-md-4">
            {settings.mapLocation && <MapPreview place={settings.mapLocation} />}
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
