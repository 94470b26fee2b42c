import type { UiLanguage } from '../../common/settings';
import { SiteName } from '../components/site-name';
import { HI_STATIC_PAGES } from './static-pages.hi';
import type { StaticPage, StaticPageKey } from './static-page';

/**
 * The static pages of SPEC.md §1–§2, written as real pages. The site's name, contact details
 * and city come from the settings, so an operator changes them in /admin/settings. The English
 * texts are SPEC.md's (DECISIONS.md §8); app/copy/static-pages.hi.tsx says the same in Hindi
 * for `uiLanguage` = `hi` (docs/decisions/018).
 */
export const STATIC_PAGE_KEYS: readonly StaticPageKey[] = [
  'about-us',
  'contact-us',
  'privacy-policy',
  'disclaimer',
];

export const isStaticPageKey = (key: string): key is StaticPageKey =>
  (STATIC_PAGE_KEYS as readonly string[]).includes(key);

/**
 * A static page's built-in text in the interface's language, and the language it is written
 * in: English where the interface's language has no text of these pages yet (Marathi and
 * Gujarati, docs/decisions/041), so its `lang` says what a screen reader reads.
 */
export function staticPage(
  key: StaticPageKey,
  lang: UiLanguage,
): StaticPage & { lang: UiLanguage } {
  const pages = lang === 'hi' ? HI_STATIC_PAGES : lang === 'en' ? STATIC_PAGES : undefined;
  return pages ? { ...pages[key], lang } : { ...STATIC_PAGES[key], lang: 'en' };
}

export const STATIC_PAGES: Record<StaticPageKey, StaticPage> = {
  'about-us': {
    title: 'About Us',
    description: 'Who we are, what we write about, and how you can take part.',
    body: (s) => (
      <>
        <p className="lead">
          <SiteName name={s.siteName} /> is a Hindi and English magazine of stories, explainers and
          news that matter in everyday life: at home, at school, at work and on the road.
        </p>
        <h2>Our mission</h2>
        <p>
          We want every reader, whichever language they are most at home in, to find writing that is
          accurate, useful and a pleasure to read. We explain instead of shouting, and we check
          before we publish.
        </p>
        <h2>Our goals</h2>
        <ul>
          <li>Publish carefully edited stories in Hindi and English, side by side.</li>
          <li>
            Make complicated subjects, from money to health to technology, simple without making
            them wrong.
          </li>
          <li>Give space to local voices, storytellers and first-time writers.</li>
          <li>Keep the site fast, readable on any phone and free to read.</li>
        </ul>
        <h2>What we write about</h2>
        <p>
          Parenting and education, health and wellbeing, technology and online safety, travel across
          India, general knowledge (Apna Gyaan), short fiction, and the news explained. Our editors
          pick the best of each week in Editor&apos;s Choice.
        </p>
        <h2>Our team</h2>
        <p>
          A small team of editors and writers in Jaipur works with contributors from across the
          country. Every article is read by an editor before it is published, and corrections are
          made openly when we get something wrong.
        </p>
        <h2>Get involved</h2>
        <ul>
          <li>Write for us: send a short pitch with your idea and a sample of your writing.</li>
          <li>Tell us what you want to read about, or what we missed.</li>
          <li>Point out a mistake: we correct errors as soon as we confirm them.</li>
          <li>Share the stories you like with family and friends.</li>
        </ul>
        {s.contactEmail && (
          <p>
            Write to us at <a href={`mailto:${s.contactEmail}`}>{s.contactEmail}</a>.
          </p>
        )}
      </>
    ),
  },
  'contact-us': {
    title: 'Contact Us',
    description: 'How to reach the editors.',
    body: (s) => (
      <>
        <p className="lead">
          We read every message. For corrections, story ideas, partnerships or anything else, reach
          us here.
        </p>
        {/* Only the details an administrator filled in: no label without a value. */}
        <dl className="row">
          {s.contactEmail && (
            <>
              <dt className="col-sm-3">Email</dt>
              <dd className="col-sm-9">
                <a href={`mailto:${s.contactEmail}`}>{s.contactEmail}</a>
              </dd>
            </>
          )}
          {s.contactPhone && (
            <>
              <dt className="col-sm-3">Phone</dt>
              <dd className="col-sm-9">{s.contactPhone}</dd>
            </>
          )}
          {s.contactAddress && (
            <>
              <dt className="col-sm-3">Address</dt>
              <dd className="col-sm-9">
                <address className="mb-0">{s.contactAddress}</address>
              </dd>
            </>
          )}
        </dl>
        <p>We usually answer within two working days.</p>
      </>
    ),
  },
  'privacy-policy': {
    title: 'Privacy Policy',
    description: 'What we collect when you read the site, and what we do with it.',
    body: (s) => (
      <>
        <p className="lead">
          This policy explains what information <SiteName name={s.siteName} /> collects when you
          visit, and how it is used.
        </p>
        <h2>Information we collect</h2>
        <p>
          Like almost every website, our servers record technical details of each visit: your IP
          address, the time of the request, the page you asked for, the address of the page that
          linked to us, and your browser and device type. We use these records to keep the site
          running and secure, to count how often articles are read, and to find and fix problems. If
          you create an account, we keep your name, your e-mail address and a securely hashed form
          of your password.
        </p>
        <h2>Your account, newsletters and what we keep</h2>
        <p>
          For an account we keep your name, your e-mail address, a hashed form of your password if
          you chose one, the sections, tags and authors you follow and the stories you save. For a
          newsletter we keep your e-mail address, which newsletters you subscribed to and whether
          you confirmed, unsubscribed or your address refused our mail. For every consent you give
          we record when you gave it, on which form and which version of its text you read; a list
          imported from another service is recorded as such.
        </p>
        <p>
          On your profile page you can download all of this as a file, and delete your account: your
          follows, saved stories, consents and subscriptions are deleted with it, mail queued for
          you is dropped, and no more mail is sent to your address. Stories you wrote for the site
          stay published, without your account. You can unsubscribe from a newsletter at any time
          from the link in each mail.
        </p>
        <h2>Cookies</h2>
        <p>
          When you sign in we set one cookie that keeps you signed in. It is not used for
          advertising or to follow you on other sites.
        </p>
        <h2>Third-party advertising and services</h2>
        <p>
          Pages may show advertisements or embedded content (such as maps and videos) from third
          parties. Those companies may collect information about your visit under their own privacy
          policies, which we do not control. We encourage you to read them.
        </p>
        <h2>Content from users</h2>
        <p>
          Comments, submissions and other content sent by users reflect the views of their authors,
          not of <SiteName name={s.siteName} />. Do not share personal information in anything you
          send for publication.
        </p>
        <h2>No liability</h2>
        <p>
          We take reasonable care to protect the information we hold, but no method of transmission
          or storage is completely secure. <SiteName name={s.siteName} /> is not liable for any loss
          arising from the use of this website or from information collected by third parties.
        </p>
        <h2>Changes to this policy</h2>
        <p>
          We may change this policy at any time. Changes take effect when they are published on this
          page, so please check it from time to time.
          {s.contactEmail && (
            <>
              {' '}
              Questions: <a href={`mailto:${s.contactEmail}`}>{s.contactEmail}</a>.
            </>
          )}
        </p>
      </>
    ),
  },
  disclaimer: {
    title: 'Disclaimer',
    description: 'The terms on which the content of this site is offered.',
    body: (s) => (
      <>
        <p className="lead">
          Please read this disclaimer before using <SiteName name={s.siteName} />.
        </p>
        <h2>Content provided &quot;as is&quot;</h2>
        <p>
          All content on this website is published in good faith and for general information only.
          It is provided &quot;as is&quot;, without any warranty of any kind, express or implied,
          including warranties of accuracy, completeness, timeliness or fitness for a particular
          purpose. Nothing here is professional advice: for medical, legal or financial decisions,
          consult a qualified professional.
        </p>
        <h2>User-generated content</h2>
        <p>
          Some content may be submitted by readers and contributors. Such content is not verified by{' '}
          <SiteName name={s.siteName} /> before it appears and the views expressed are solely those
          of their authors. We accept no responsibility for it, but we remove content that breaks
          the law or our standards when it is brought to our attention.
        </p>
        <h2>External links</h2>
        <p>
          Links to other websites are provided for convenience. We have no control over their
          content and do not endorse it.
        </p>
        <h2>Limitation of liability</h2>
        <p>
          <SiteName name={s.siteName} />, its editors and contributors are not liable for any loss
          or damage, direct or indirect, arising from the use of this website or reliance on its
          content.
        </p>
        <h2>Governing law and jurisdiction</h2>
        <p>
          This disclaimer and any dispute arising from the use of this website are governed by the
          laws of India. The courts at Jaipur, Rajasthan alone have jurisdiction.
        </p>
        <h2>Our other services</h2>
        <p>
          Our news portals publish in 8 languages: Hindi, English, Gujarati, Marathi, Bengali,
          Tamil, Telugu and Kannada. Readers can also receive headlines by SMS through our
          short-code service; standard operator charges apply, and you can unsubscribe at any time
          by replying STOP.
        </p>
      </>
    ),
  },
};
