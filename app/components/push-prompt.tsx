import { useInterface } from '../copy/language';

/**
 * The offer of news alerts (issue 25 item 3), in the interface language. Rendered hidden after
 * every story's text, the same for every reader (kept pages stay shareable); the reader script
 * (app/reader/alerts-due.ts, push.ts) shows it once the reader has read half of a second story
 * (issue 45 item 4), where the browser can take alerts and has not been told no in 30 days, and
 * asks the browser's permission only on a click of "Turn on".
 */
export function PushPrompt() {
  const { t, lang } = useInterface();
  return (
    <aside className="push-prompt" aria-label={t.push.region} lang={lang} data-push-prompt hidden>
      <div className="px-3 d-flex flex-wrap align-items-center gap-2">
        <p className="mb-0 me-auto">{t.push.offer}</p>
        <button type="button" className="btn btn-sm btn-primary" data-push-allow>
          {t.push.allow}
        </button>
        <button type="button" className="btn btn-sm btn-outline-secondary" data-push-not-now>
          {t.push.notNow}
        </button>
        <p
          className="mb-0 w-100 small"
          role="status"
          data-push-status
          data-done={t.push.done}
          data-blocked={t.push.blocked}
          data-failed={t.push.failed}
        />
      </div>
    </aside>
  );
}
