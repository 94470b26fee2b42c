import { Link, redirect, useSearchParams } from 'react-router';
import { isStaff } from '../../../common/roles';
import type { UserInfo } from '../../../common/schemas/users';
import { appContext } from '../../../common/services';
import { TextField } from '../../components/text-field';
import { copy } from '../../copy/en';
import { api } from '../../features/api/client';
import { useBusy } from '../../features/api/use-busy';
import { pageTitle } from '../../features/seo/meta';
import { safeRedirect } from '../../features/session/user-info';
import { useSignedIn } from '../../features/session/use-sign-in';
import type { Route } from './+types/login';

/** SPEC.md §2: default target /admin/dashboard (readers, who cannot use it, go home). */
const defaultTarget = (role: string | undefined) =>
  role && !isStaff(role as never) ? '/' : '/admin/dashboard';

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, services } = context.get(appContext);
  const signedIn = await user();
  const target = new URL(request.url).searchParams.get('redirect');
  // An already signed-in user goes on at once.
  if (signedIn) throw redirect(safeRedirect(target, defaultTarget(signedIn.role)));
  return { shortName: (await services.settings.get()).shortName };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData?.shortName ?? 'Patrika', copy.auth.signInTitle) },
  { name: 'robots', content: 'noindex' },
];

export default function Login() {
  const [params] = useSearchParams();
  const redirectParam = params.get('redirect');
  const signedIn = useSignedIn();
  const { busy, submit } = useBusy(copy.auth.genericFailure);

  const signIn = submit(async (form) => {
    const info = await api<UserInfo>('/api/users/signin', {
      method: 'POST',
      body: {
        email: String(form.get('email') ?? ''),
        password: String(form.get('password') ?? ''),
      },
    });
    await signedIn(info, safeRedirect(redirectParam, defaultTarget(info.role)));
  });

  return (
    <main id="main" className="container py-5 auth-page">
      <h1 className="h3 mb-4">{copy.auth.signInTitle}</h1>
      <form onSubmit={signIn} className="vstack gap-3">
        <TextField id="email" label={copy.auth.email} type="email" autoComplete="email" required />
        <TextField
          id="password"
          label={copy.auth.password}
          type="password"
          autoComplete="current-password"
          required
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? copy.auth.working : copy.auth.signIn}
        </button>
      </form>
      <p className="mt-3">
        {copy.auth.noAccount}{' '}
        <Link
          to={redirectParam ? `/signup?redirect=${encodeURIComponent(redirectParam)}` : '/signup'}
        >
          {copy.auth.createAccount}
        </Link>
      </p>
    </main>
  );
}
