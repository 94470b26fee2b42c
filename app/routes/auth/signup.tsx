import { Link, redirect, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import type { UserInfo } from '../../../common/schemas/users';
import { appContext } from '../../../common/services';
import { FormTextField, SubmitButton } from '../../components/form/fields';
import { SchemaForm, useSchemaForm } from '../../components/form/schema-form';
import { copy } from '../../copy/en';
import { api } from '../../features/api/client';
import { pageTitle } from '../../features/seo/meta';
import { safeRedirect } from '../../features/session/user-info';
import { SignUpFormSchema } from '../../features/session/sign-up-form';
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
  return { shortName: (await services.settings.get()).shortName };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData?.shortName ?? 'Patrika', copy.auth.signUpTitle) },
  { name: 'robots', content: 'noindex' },
];

export default function SignUp() {
  const [params] = useSearchParams();
  const redirectParam = params.get('redirect');
  const signedIn = useSignedIn();
  const form = useSchemaForm(SignUpFormSchema, {
    name: '',
    email: '',
    password: '',
    confirmPassword: '',
  });

  return (
    <main id="main" className="container py-5 auth-page">
      <h1 className="h3 mb-4">{copy.auth.signUpTitle}</h1>
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
        onInvalid={(errors) => {
          // SPEC.md §5: a mismatch is said in a toast (one at a time), and nothing is sent.
          if (errors.confirmPassword?.message === copy.auth.passwordsDoNotMatch)
            toast.error(copy.auth.passwordsDoNotMatch, { toastId: 'passwords-do-not-match' });
        }}
      >
        <FormTextField name="name" label={copy.auth.name} type="text" autoComplete="name" />
        <FormTextField name="email" label={copy.auth.email} type="email" autoComplete="email" />
        <FormTextField
          name="password"
          label={copy.auth.password}
          type="password"
          autoComplete="new-password"
        />
        <FormTextField
          name="confirmPassword"
          label={copy.auth.confirmPassword}
          type="password"
          autoComplete="new-password"
          toastedError={copy.auth.passwordsDoNotMatch}
        />
        <SubmitButton busyText={copy.auth.working}>{copy.auth.signUp}</SubmitButton>
      </SchemaForm>
      <p className="mt-3">
        <Link
          to={redirectParam ? `/login?redirect=${encodeURIComponent(redirectParam)}` : '/login'}
        >
          {copy.auth.haveAccount}
        </Link>
      </p>
    </main>
  );
}

/** A React app in the browser (root.tsx `PageHandle`). */
export const handle: PageHandle = { hydrate: true };
