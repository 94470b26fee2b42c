import { Link, redirect, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import type { UserInfo } from '../../../common/schemas/users';
import { appContext } from '../../../common/services';
import { TextField } from '../../components/text-field';
import { copy } from '../../copy/en';
import { api } from '../../features/api/client';
import { useBusy } from '../../features/api/use-busy';
import { pageTitle } from '../../features/seo/meta';
import { safeRedirect } from '../../features/session/user-info';
import { useSignedIn } from '../../features/session/use-sign-in';
import type { Route } from './+types/signup';

/** SPEC.md §2: sign-up redirects to / by default. */
const DEFAULT_TARGET = '/';

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
  const { busy, submit } = useBusy(copy.auth.genericFailure);

  const signUp = submit(async (form) => {
    const password = String(form.get('password') ?? '');
    // SPEC.md §5: a mismatch is shown and nothing is sent.
    if (password !== String(form.get('confirmPassword') ?? '')) {
      toast.error(copy.auth.passwordsDoNotMatch);
      return;
    }
    const info = await api<UserInfo>('/api/users/signup', {
      method: 'POST',
      body: {
        name: String(form.get('name') ?? ''),
        email: String(form.get('email') ?? ''),
        password,
      },
    });
    await signedIn(info, safeRedirect(redirectParam, DEFAULT_TARGET));
  });

  return (
    <main id="main" className="container py-5 auth-page">
      <h1 className="h3 mb-4">{copy.auth.signUpTitle}</h1>
      <form onSubmit={signUp} className="vstack gap-3">
        <TextField id="name" label={copy.auth.name} type="text" autoComplete="name" required />
        <TextField id="email" label={copy.auth.email} type="email" autoComplete="email" required />
        <TextField
          id="password"
          label={copy.auth.password}
          type="password"
          autoComplete="new-password"
          required
        />
        <TextField
          id="confirmPassword"
          label={copy.auth.confirmPassword}
          type="password"
          autoComplete="new-password"
          required
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? copy.auth.working : copy.auth.signUp}
        </button>
      </form>
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
