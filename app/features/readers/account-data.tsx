import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { useInterface } from '../../copy/language';
import type { Said } from '../../copy/refusals';
import { api } from '../api/client';
import { useBusy } from '../api/use-busy';
import { clearUserInfo } from '../session/user-info';

/*
 * The reader's own data on /profile (issue 37 item 6; DPDP Act 2023, GDPR): a download of
 * everything kept of them (`GET /api/me/export`, the session's cookie goes with the link), and
 * deleting the account with its password, or with a code mailed to readers without one, after
 * a confirmation.
 */

export const EXPORT_PATH = '/api/me/export';

/** The two sections; after a deletion the reader lands on the home page, signed out. */
export function AccountData({ hasPassword }: { hasPassword: boolean }) {
  const { t, say } = useInterface();
  const navigate = useNavigate();
  const { busy, run } = useBusy(t.auth.genericFailure);
  const [secret, setSecret] = useState('');
  const fieldId = useId();

  const sendCode = () =>
    run(async () => {
      toast.success(say(await api<Said>('/api/me/delete-code', { method: 'POST' })));
    });

  const remove = () => {
    if (!window.confirm(t.profile.confirmDelete)) return;
    void run(async () => {
      const body = hasPassword ? { password: secret } : { code: secret.trim() };
      const done = await api<Said>('/api/me', { method: 'DELETE', body });
      clearUserInfo();
      toast.success(say(done));
      await navigate('/');
    });
  };

  return (
    <>
      <section aria-labelledby="data-heading" className="mt-5">
        <h2 id="data-heading" className="h5">
          {t.profile.dataHeading}
        </h2>
        <p>{t.profile.dataText}</p>
        <a href={EXPORT_PATH} download="my-data.json" className="btn btn-outline-secondary">
          {t.profile.downloadData}
        </a>
      </section>
      <section aria-labelledby="delete-heading" className="mt-5">
        <h2 id="delete-heading" className="h5">
          {t.profile.deleteHeading}
        </h2>
        <p>{t.profile.deleteText}</p>
        {!hasPassword && (
          <p>
            {t.profile.deleteCodeHint}{' '}
            <button
              type="button"
              className="btn btn-link p-0 align-baseline"
              onClick={() => void sendCode()}
              disabled={busy}
            >
              {t.profile.sendCode}
            </button>
          </p>
        )}
        <div className="mb-3">
          <label htmlFor={fieldId} className="form-label">
            {hasPassword ? t.profile.deletePassword : t.profile.deleteCode}
          </label>
          <input
            id={fieldId}
            className="form-control"
            type={hasPassword ? 'password' : 'text'}
            autoComplete={hasPassword ? 'current-password' : 'one-time-code'}
            inputMode={hasPassword ? undefined : 'numeric'}
            value={secret}
            onChange={(e) => setSecret(e.target.value)}
          />
        </div>
        <button
          type="button"
          className="btn btn-danger"
          onClick={remove}
          disabled={busy || secret === ''}
        >
          {t.profile.deleteAccount}
        </button>
      </section>
    </>
  );
}
