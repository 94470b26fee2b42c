import { useMemo } from 'react';
import { Link, redirect, useSearchParams } from 'react-router';
import type { UserInfo } from '../../../common/schemas/users';
import { appContext } from '../../../common/services';
import { FormTextField, SubmitButton } from '../../components/form/fields';
import { SchemaForm, useSchemaForm } from '../../components/form/schema-form';
import { interfaceFor, useInterface } from '../../copy/language';
import { api } from '../../features/api/client';
import { pageTitle } from '../../features/seo/meta';
import { safeRedirect } from '../../features/session/user-info';
import { NewPasswordFields, useMismatchToast } from '../../features/session/new-password-fields';
import { signUpFormSchema } from '../../features/session/sign-up-form';
import { useSignedIn, WELCOME_PARAM } from '../../features/session/use-sign-in';
import type { Route } from './+types/signup';
import type { PageHandle } from '../../root';

/** SPEC.md §2: sign-up redirects to / by default. */
const DEFAULT_TARGET = '/';
/**
 * The first account on a new site is its administrator (DECISIONS.md §2): it goes to the
 * dashboard, which welcomes it and says what to do first (issue 14 item 7).
 */
const FIRST_ADMIN_TARGET = `/admin/dashboard?${WELCOME_PARAM}=1`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, services } = context.get(appContext);
  if (await user())
    throw redirect(safeRedirect(new URL(request.url).searchParams.get('redirect'), DEFAULT_TARGET));
  const [{ shortName, uiLanguage }, accounts] = await Promise.all([
    services.settings.get(),
    services.users.accounts(),
  ]);
  // A site without an account is told that this one will run it (issue 45 item 7).
  return { shortName, uiLanguage, firstAccount: accounts === 0 };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: pageTitle(
      loaderData?.shortName ?? 'Patrika',
      interfaceFor(loaderData?.uiLanguage ?? 'en').t.auth.signUpTitle,
    ),
  },
  { name: 'robots', content: 'noindex' },
];

export default function SignUp({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const redirectParam = params.get('redirect');
  const signedIn = useSignedIn();
  const { t, lang } = useInterface();
  const SignUpFormSchema = useMemo(() => signUpFormSchema(t), [t]);
  const form = useSchemaForm(SignUpFormSchema, {
    name: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const onInvalid = useMismatchToast();

  return (
    <main id="main" className="container py-5 auth-page" lang={lang}>
      <h1 className="h3 mb-4">{t.auth.signUpTitle}</h1>
      {loaderData.firstAccount && (
        <p className="alert alert-info" role="note">
          {t.auth.firstAccount}
        </p>
      )}
      <SchemaForm
        form={form}
        limits={SignUpFormSchema}
        className="vstack gap-3"
        onSubmit={async ({ confirmPassword: _confirmed, ...body }) => {
          const info = await api<UserInfo>('/api/users/signup', { method: 'POST', body });
          await signedIn(
            info,
            info.role === 'administrator'
              ? FIRST_ADMIN_TARGET
              : safeRedirect(redirectParam, DEFAULT_TARGET),
          );
        }}
        onInvalid={onInvalid}
      >
        <FormTextField name="name" label={t.auth.name} type="text" autoComplete="name" />
        <FormTextField name="email" label={t.auth.email} type="email" autoComplete="email" />
        <NewPasswordFields label={t.auth.password} />
        {/* The consent the server records with the account (common/consent.ts's version). */}
        <p className="small text-body-secondary mb-0">
          {t.auth.consent} <Link to="/privacy-policy">{t.footer.privacy}</Link>
        </p>
        <SubmitButton busyText={t.auth.working}>{t.auth.signUp}</SubmitButton>
      </SchemaForm>
      <p className="mt-3">
        <Link
          to={redirectParam ? `/login?redirect=${encodeURIComponent(redirectParam)}` : '/login'}
        >
          {t.auth.haveAccount}
        </Link>
      </p>
    </main>
  );
}

/** A React app in the browser (root.tsx `PageHandle`). */
export const handle: PageHandle = { hydrate: true };
