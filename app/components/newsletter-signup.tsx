import { useInterface } from '../copy/language';

/*
 * The newsletter sign-up (issue 37 item 3), in every page's footer and after an article's story:
 * the same markup for every reader, so a shared page stays the same bytes. A plain form with an
 * `<input type=email>`; the page's script (app/reader/newsletter-signup.ts) sends it to
 * `POST /api/newsletters/subscribe` and says what happened, in the page's language, from the
 * texts carried here. Without a script the form posts itself to `POST /newsletters/subscribe`,
 * which answers with a page saying the same.
 */

/** Where a form stands: its heading, its look, and its field's id (unique on the page). */
export type SignupPlace = 'footer' | 'article';

export function NewsletterSignup({
  newsletters,
  place = 'footer',
}: {
  newsletters: { _id: string; name: string }[];
  place?: SignupPlace;
}) {
  const { t, lang } = useInterface();
  if (newsletters.length === 0) return null;
  const only = newsletters.length === 1 ? newsletters[0] : undefined;
  const footer = place === 'footer';
  const heading = footer ? t.footer.newsletterHeading : t.article.newsletterHeading;
  const emailId = footer ? 'newsletter-email' : 'newsletter-email-article';
  return (
    <form
      className={`newsletter-signup vstack gap-2 ${footer ? 'mt-4' : 'card card-body my-4'}`}
      method="post"
      action="/newsletters/subscribe"
      data-newsletter-signup=""
      data-sent={t.footer.newsletterSent}
      data-done={t.footer.newsletterDone}
      data-failed={t.footer.newsletterFailed}
      lang={lang}
    >
      <h2 className="h6 mb-0">{heading}</h2>
      {only ? (
        <input type="hidden" name="newsletters" value={only._id} />
      ) : (
        <fieldset className="small">
          <legend className="visually-hidden">{heading}</legend>
          {newsletters.map((n) => (
            <label key={n._id} className="d-block">
              <input type="checkbox" name="newsletters" value={n._id} defaultChecked /> {n.name}
            </label>
          ))}
        </fieldset>
      )}
      {only && <p className="small mb-0">{only.name}</p>}
      <label className="visually-hidden" htmlFor={emailId}>
        {t.footer.newsletterEmail}
      </label>
      <div className="d-flex gap-2">
        <input
          id={emailId}
          type="email"
          name="email"
          required
          maxLength={254}
          autoComplete="email"
          className="form-control form-control-sm"
          placeholder={t.footer.newsletterEmail}
        />
        <button type="submit" className={`btn btn-sm ${footer ? 'btn-light' : 'btn-primary'}`}>
          {t.footer.subscribe}
        </button>
      </div>
      <p className="small mb-0" role="status" data-newsletter-status="" />
    </form>
  );
}
