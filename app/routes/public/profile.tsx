import { redirect, useNavigate, useRevalidator } from 'react-router';
import { toast } from 'react-toastify';
import type { UserInfo } from '../../../common/schemas/users';
import { appContext } from '../../../common/services';
import { TextField } from '../../components/text-field';
import { copy } from '../../copy/en';
import { api } from '../../features/api/client';
import { useBusy } from '../../features/api/use-busy';
import { pageTitle } from '../../features/seo/meta';
import { clearUserInfo, storeUserInfo } from '../../features/session/user-info';
import type { Route } from './+types/profile';

/** DECISIONS.md §9: the signed-in user's name and e-mail; change name and password. */
export async function loader({ context }: Route.LoaderArgs) {
  const { user, services } = context.get(appContext);
  const me = await user();
  if (!me) throw redirect('/login?redirect=%2Fprofile');
  return { me, shortName: (await services.settings.get()).shortName };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: pageTitle(loaderData?.shortName ?? 'Patrika', copy.profile.title) },
  { name: 'robots', content: 'noindex' },
];

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { me } = loaderData;
  const revalidator = useRevalidator();
  const { busy, run, submit } = useBusy(copy.auth.genericFailure);
  const navigate = useNavigate();

  const signOutEverywhere = () => {
    if (!window.confirm(copy.profile.confirmSignOutEverywhere)) return;
    void run(async () => {
      const { message } = await api<{ message: string }>('/api/users/signout-everywhere', {
        method: 'POST',
      });
      clearUserInfo();
      toast.success(message);
      await navigate('/login');
    });
  };

  const save = submit(async (form, element) => {
    const password = String(form.get('password') ?? '');
    const info = await api<UserInfo>('/api/users/me', {
      method: 'PUT',
      body: {
        name: String(form.get('name') ?? ''),
        ...(password ? { password } : {}),
        currentPassword: String(form.get('currentPassword') ?? ''),
      },
    });
    storeUserInfo(info);
    toast.success(copy.profile.saved);
    element
      .querySelectorAll<HTMLInputElement>('input[type=password]')
      .forEach((i) => (i.value = ''));
    await revalidator.revalidate();
  });

  return (
    <main id="main" className="container py-5 auth-page">
      <h1 className="h3 mb-4">{copy.profile.title}</h1>
      <dl className="row">
        <dt className="col-sm-4">{copy.profile.email}</dt>
        <dd className="col-sm-8">{me.email}</dd>
        <dt className="col-sm-4">{copy.profile.role}</dt>
        <dd className="col-sm-8 text-capitalize">{me.role}</dd>
      </dl>
      <form onSubmit={save} className="vstack gap-3">
        <TextField
          id="name"
          label={copy.profile.name}
          type="text"
          defaultValue={me.name}
          required
          maxLength={100}
        />
        <TextField
          id="password"
          label={copy.profile.newPassword}
          type="password"
          autoComplete="new-password"
          minLength={8}
        />
        <TextField
          id="currentPassword"
          label={copy.profile.currentPassword}
          type="password"
          autoComplete="current-password"
          required
        />
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? copy.auth.working : copy.profile.save}
        </button>
      </form>
      <section aria-labelledby="sessions-heading" className="mt-5">
        <h2 id="sessions-heading" className="h5">
          {copy.profile.sessionsHeading}
        </h2>
        <p>{copy.profile.sessionsText}</p>
        <button
          type="button"
          className="btn btn-outline-danger"
          onClick={signOutEverywhere}
          disabled={busy}
        >
          {copy.profile.signOutEverywhere}
        </button>
      </section>
    </main>
  );
}
