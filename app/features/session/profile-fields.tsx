import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { LANGUAGE_REGISTRY, STAFF_LANGUAGES } from '../../../common/languages';
import { authorPath } from '../../../common/paths';
import { FormSelect, FormTextArea, FormTextField } from '../../components/form/fields';
import { useInterface } from '../../copy/language';
import type { Said } from '../../copy/refusals';
import { api } from '../api/client';
import { useBusy } from '../api/use-busy';
import { SessionsList } from './sessions-list';
import { clearUserInfo } from './user-info';

/**
 * The dashboard's language, each writer's own (issue 36 item 8): the site's (the empty first
 * option, stored as null), or one the back office has texts in.
 */
export function DashboardLanguageField() {
  const { t } = useInterface();
  return (
    <FormSelect name="uiLanguage" label={t.profile.uiLanguage} required={false}>
      <option value="">{t.profile.siteLanguage}</option>
      {/* Each language in its own words: whoever cannot read this page finds theirs. */}
      {STAFF_LANGUAGES.map((code) => (
        <option key={code} value={code} lang={code}>
          {LANGUAGE_REGISTRY[code].nativeName}
        </option>
      ))}
    </FormSelect>
  );
}

/** A writer's author page on /profile (DECISIONS.md §14): its slug, bio and photo. */
export function AuthorPageFields({ slug }: { slug: string }) {
  const { t } = useInterface();
  return (
    <fieldset className="vstack gap-3">
      <legend className="h5">{t.profile.authorPageHeading}</legend>
      <FormTextField
        name="slug"
        label={t.profile.slug}
        hint={t.profile.slugHint(authorPath(slug))}
        type="text"
      />
      <FormTextArea name="bio" label={t.profile.bio} hint={t.profile.bioHint} rows={4} />
      <FormTextField
        name="photoUrl"
        label={t.profile.photoUrl}
        hint={t.profile.photoUrlHint}
        type="text"
      />
      <p className="mb-0">
        <Link to={authorPath(slug)}>{t.profile.viewAuthorPage}</Link>
      </p>
    </fieldset>
  );
}

/**
 * A new password, and the current one, asked for (and marked required) only with a new one
 * (`changesPassword`).
 */
export function PasswordFields({ changesPassword }: { changesPassword: boolean }) {
  const { t } = useInterface();
  return (
    <>
      <FormTextField
        name="password"
        label={t.profile.newPassword}
        type="password"
        autoComplete="new-password"
      />
      <FormTextField
        name="currentPassword"
        label={t.profile.currentPassword}
        hint={
          changesPassword ? t.profile.currentPasswordRequired : t.profile.currentPasswordOptional
        }
        required={changesPassword}
        type="password"
        autoComplete="current-password"
      />
    </>
  );
}

/** Signing out on every device, this one too. */
export function SignOutEverywhere({
  removeRecentLabel,
}: {
  /** Offered to a person with a second factor (issue 66 item 4): the box's words. */
  removeRecentLabel?: string;
}) {
  const { t, say } = useInterface();
  const { busy, run } = useBusy(t.auth.genericFailure);
  const navigate = useNavigate();
  const [removeRecent, setRemoveRecent] = useState(false);
  const onSignOut = (removeRecentFactors: boolean) => {
    if (!window.confirm(t.profile.confirmSignOutEverywhere)) return;
    void run(async () => {
      const notice = await api<Said>('/api/users/signout-everywhere', {
        method: 'POST',
        body: removeRecentFactors ? { removeRecentFactors } : {},
      });
      clearUserInfo();
      toast.success(say(notice));
      await navigate('/login');
    });
  };
  return (
    <section aria-labelledby="sessions-heading" className="mt-5">
      <h2 id="sessions-heading" className="h5">
        {t.profile.sessionsHeading}
      </h2>
      <SessionsList />
      <p>{t.profile.sessionsText}</p>
      {removeRecentLabel && (
        <div className="form-check mb-3">
          <input
            type="checkbox"
            id="signout-remove-recent"
            className="form-check-input"
            checked={removeRecent}
            onChange={(event) => setRemoveRecent(event.currentTarget.checked)}
          />
          <label htmlFor="signout-remove-recent" className="form-check-label">
            {removeRecentLabel}
          </label>
        </div>
      )}
      <button
        type="button"
        className="btn btn-outline-danger"
        onClick={() => onSignOut(removeRecent)}
        disabled={busy}
      >
        {t.profile.signOutEverywhere}
      </button>
    </section>
  );
}
