import { data, Link } from 'react-router';
import { PAGE_SEGMENTS } from '../../../common/paths';
import { appContext } from '../../../common/services';
import { interfaceFor, useInterface } from '../../copy/language';
import { pageTitle } from '../../features/seo/meta';
import {
  LINK_PAGE_HEADERS,
  LinkPasswordForm,
  linkStatus,
  redirectFormerArticle,
} from '../../features/session/link-password-form';
import { useSignedIn } from '../../features/session/use-sign-in';
import type { Route } from './+types/invitation';
import type { PageHandle } from '../../root';

/** Where a new member of the staff lands: the back office, with the role they were given. */
const BACK_OFFICE = `/${PAGE_SEGMENTS.admin}`;

/**
 * /invite/{token} (issue 26 item 8): the person an administrator invited chooses a password,
 * is signed in (the session cookie of a sign-in) and lands in the back office. A used, expired
 * or unknown link says so, with 410 or 404.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const [link, { shortName, uiLanguage }] = await Promise.all([
    services.users.invitation(params.token),
    services.settings.get(),
  ]);
  if (link.state === 'unknown')
    await redirectFormerArticle(services, PAGE_SEGMENTS.invite, params.token, request);
  return data(
    { link, token: params.token, shortName, uiLanguage },
    { status: linkStatus(link.state), headers: LINK_PAGE_HEADERS },
  );
}

export const headers: Route.HeadersFunction = () => LINK_PAGE_HEADERS;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: pageTitle(
      loaderData?.shortName ?? 'Patrika',
      interfaceFor(loaderData?.uiLanguage ?? 'en').t.invite.title,
    ),
  },
  { name: 'robots', content: 'noindex' },
];

export default function Invitation({ loaderData }: Route.ComponentProps) {
  const { link, token } = loaderData;
  const { t, lang } = useInterface();
  const signedIn = useSignedIn();
  return (
    <main id="main" className="container py-5 auth-page" lang={lang}>
      <h1 className="h3 mb-4">{t.invite.title}</h1>
      {link.state === 'open' ? (
        <>
          <p>{t.invite.intro(link.value.name, t.profile.roles[link.value.role])}</p>
          <dl className="row">
            <dt className="col-sm-4">{t.invite.email}</dt>
            <dd className="col-sm-8">{link.value.email}</dd>
          </dl>
          <LinkPasswordForm
            action={`/api/users/invite/${token}`}
            passwordLabel={t.auth.password}
            submitLabel={t.invite.join}
            onDone={(info) => signedIn(info, BACK_OFFICE)}
          />
        </>
      ) : (
        <>
          <p className="alert alert-warning" role="alert">
            {t.invite[link.state]}
          </p>
          <p>
            <Link to={`/${PAGE_SEGMENTS.login}`}>{t.invite.signIn}</Link>
          </p>
        </>
      )}
    </main>
  );
}

/** A React app in the browser (root.tsx `PageHandle`). */
export const handle: PageHandle = { hydrate: true };
