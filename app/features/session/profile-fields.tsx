import { Link } from 'react-router';
import { LANGUAGE_REGISTRY, STAFF_LANGUAGES } from '../../../common/languages';
import { authorPath } from '../../../common/paths';
import { FormSelect, FormTextArea, FormTextField } from '../../components/form/fields';
import { useInterface } from '../../copy/language';
import { SessionsList } from './sessions-list';

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
export function SignOutEverywhere({ busy, onSignOut }: { busy: boolean; onSignOut: () => void }) {
  const { t } = useInterface();
  return (
    <section aria-labelledby="sessions-heading" className="mt-5">
      <h2 id="sessions-heading" className="h5">
        {t.profile.sessionsHeading}
      </h2>
      <SessionsList />
      <p>{t.profile.sessionsText}</p>
      <button type="button" className="btn btn-outline-danger" onClick={onSignOut} disabled={busy}>
        {t.profile.signOutEverywhere}
      </button>
    </section>
  );
}
