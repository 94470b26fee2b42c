import { useState } from 'react';
import { data, Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { backOfficeHome, isStaff } from '../../../common/roles';
import { PAGE_SEGMENTS, resetPath } from '../../../common/paths';
import { appContext } from '../../../common/services';
import { staffLanguageOf } from '../../../common/languages';
import type { TwoFactorChallenge } from '../../../common/schemas/second-factors';
import type { UserInfo } from '../../../common/schemas/users';
import { passkeysCopy } from '../../copy/passkeys';
import { twoStepCopy } from '../../copy/two-step';
import { SecondStepForm } from '../../features/session/second-step-form';
import { interfaceFor, useInterface } from '../../copy/language';
import { pageTitle } from '../../features/seo/meta';
import {
  LINK_PAGE_HEADERS,
  LinkPasswordForm,
  linkStatus,
  redirectFormerArticle,
} from '../../features/session/link-password-form';
import { useSignedIn } from '../../features/session/use-sign-in';
import type { Route } from './+types/reset-password';
import type { PageHandle } from '../../root';

/**
 * /reset/{token} (issue 26 item 8): a new password from the mailed link; the owner is signed
 * in (every earlier session ends) and goes where a sign-in takes them. A used, expired or
 * unknown link says so, with 410 or 404, and offers a new one.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const [link, { shortName, uiLanguage }] = await Promise.all([
    services.users.passwordReset(params.token),
    services.settings.get(),
  ]);
  if (link.state === 'unknown')
    await redirectFormerArticle(services, PAGE_SEGMENTS.reset, params.token, request);
  return data(
    { state: link.state, token: params.token, shortName, uiLanguage },
    { status: linkStatus(link.state), headers: LINK_PAGE_HEADERS },
  );
}

export const headers: Route.HeadersFunction = () => LINK_PAGE_HEADERS;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: pageTitle(
      loaderData?.shortName ?? 'Patrika',
      interfaceFor(loaderData?.uiLanguage ?? 'en').t.reset.setTitle,
    ),
  },
  { name: 'robots', content: 'noindex' },
];

export default function ResetPassword({ loaderData }: Route.ComponentProps) {
  const { state, token } = loaderData;
  const { t, lang } = useInterface();
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  // A person with a second factor is not signed in by the link alone (issue 66 item 3): the
  // new password is set, and the sign-in's second step completes the sign-in.
  const [step, setStep] = useState<TwoFactorChallenge['twoFactor'] | undefined>();
  const staff = staffLanguageOf(lang);
  const done = (info: UserInfo) =>
    signedIn(info, isStaff(info.role) ? backOfficeHome(info.role) : '/');
  return (
    <main id="main" className="container py-5 auth-page" lang={lang}>
      <h1 className="h3 mb-4">{t.reset.setTitle}</h1>
      {step ? (
        <SecondStepForm
          lang={staff}
          token={step.token}
          methods={step.methods}
          t={twoStepCopy[staff]}
          busyText={t.auth.working}
          onSignedIn={done}
          // The link is spent: starting again is a sign-in with the new password.
          onStartAgain={() => void navigate(`/${PAGE_SEGMENTS.login}`)}
          passkeyT={passkeysCopy[staff]}
        />
      ) : state === 'open' ? (
        <LinkPasswordForm<UserInfo | TwoFactorChallenge>
          action={`/api/users/password-reset/${token}`}
          passwordLabel={t.reset.newPassword}
          submitLabel={t.reset.save}
          onDone={async (answer) => {
            if ('twoFactor' in answer) {
              toast.success(t.reset.doneNextStep);
              setStep(answer.twoFactor);
            } else {
              toast.success(t.reset.done);
              await done(answer);
            }
          }}
        />
      ) : (
        <>
          <p className="alert alert-warning" role="alert">
            {t.reset[state]}
          </p>
          <p>
            <Link to={resetPath()}>{t.reset.askAgain}</Link>
          </p>
        </>
      )}
    </main>
  );
}

/** A React app in the browser (root.tsx `PageHandle`). */
export const handle: PageHandle = { hydrate: true };
