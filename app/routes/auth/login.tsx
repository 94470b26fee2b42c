import { useEffect, useState } from 'react';
import { Link, redirect, useSearchParams } from 'react-router';
import { staffLanguageOf } from '../../../common/languages';
import {
  SECOND_STEP_METHOD_NAMES,
  type TwoFactorChallenge,
} from '../../../common/schemas/second-factors';
import { resetPath } from '../../../common/paths';
import { backOfficeHome, isStaff, type Role } from '../../../common/roles';
import { SignInSchema, type UserInfo } from '../../../common/schemas/users';
import { appContext, type SessionUser } from '../../../common/services';
import {
  SSO_OUTCOMES,
  SSO_START_PATH,
  SSO_STEP_COOKIE,
  SSO_STEP_OUTCOME,
  ssoOn,
} from '../../../common/schemas/sso';
import { sessionTokenIn } from '../../../common/session-cookies';
import { FormTextField, SubmitButton } from '../../components/form/fields';
import { SchemaForm, useSchemaForm } from '../../components/form/schema-form';
import { interfaceFor, useInterface } from '../../copy/language';
import { api } from '../../features/api/client';
import { pageTitle } from '../../features/seo/meta';
import { safeRedirect } from '../../features/session/user-info';
import { useSignedIn } from '../../features/session/use-sign-in';
import { SecondStepForm } from '../../features/session/second-step-form';
import { twoStepCopy } from '../../copy/two-step';
import { passkeysCopy } from '../../copy/passkeys';
import { PasskeySignInButton } from '../../features/session/passkey-sign-in';
import { EmailLinkForm } from '../../features/session/email-link-form';
import type { Route } from './+types/login';
import type { PageHandle } from '../../root';

const LINK_REFUSALS = ['email_link.unknown', 'email_link.used', 'email_link.expired'] as const;
const SSO_REFUSALS = SSO_OUTCOMES.map((why) => `sso.${why}` as const);

/**
 * SPEC.md §2: default target /admin/dashboard (readers, who cannot use it, go home; a moderator
 * to the comments' queue, the one screen they have).
 */
const defaultTarget = (role: string | undefined) =>
  role && !isStaff(role as Role) ? '/' : backOfficeHome((role ?? 'author') as Role);

/**
 * The session a sign-in through the organisation just made (`?sso=done`, issue 40 item 4):
 * handed to this page as a password's sign-in answer is, so the page keeps it as the form
 * would (SPEC.md §3). The token is the session cookie's own, read from this request only.
 */
function organisationHandoff(request: Request, signedIn: SessionUser): UserInfo | undefined {
  const token = sessionTokenIn(request.headers.get('cookie') ?? '');
  if (!token) return undefined;
  const { _id, name, email, role } = signedIn;
  return { _id, name, email, role, token };
}

/**
 * The second step a sign-in through the organisation left to take (`?sso=second-step`, issue
 * 66 item 5): its token from the cookie the way back set for this page alone, its methods
 * from the address.
 */
function organisationStep(request: Request, params: URLSearchParams) {
  if (params.get('sso') !== SSO_STEP_OUTCOME) return undefined;
  const cookies = request.headers.get('cookie') ?? '';
  const token = new RegExp(`(?:^|;\\s*)${SSO_STEP_COOKIE}=([^;]+)`).exec(cookies)?.[1];
  if (!token) return undefined;
  const methods = (params.get('methods') ?? '')
    .split(',')
    .filter((m) => (SECOND_STEP_METHOD_NAMES as readonly string[]).includes(m));
  return { token: decodeURIComponent(token), methods } as TwoFactorChallenge['twoFactor'];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, services } = context.get(appContext);
  const signedIn = await user();
  const params = new URL(request.url).searchParams;
  const target = params.get('redirect');
  const handoff =
    signedIn && params.get('sso') === 'done' ? organisationHandoff(request, signedIn) : undefined;
  // An already signed-in user goes on at once.
  if (signedIn && !handoff) throw redirect(safeRedirect(target, defaultTarget(signedIn.role)));
  const { shortName, uiLanguage, oidc } = await services.settings.get();
  const ssoStep = signedIn ? undefined : organisationStep(request, params);
  return { shortName, uiLanguage, sso: ssoOn(oidc) ? oidc.label : undefined, handoff, ssoStep };
}

export const headers: Route.HeadersFunction = () => ({ 'cache-control': 'no-store' });

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: pageTitle(
      loaderData?.shortName ?? 'Patrika',
      interfaceFor(loaderData?.uiLanguage ?? 'en').t.auth.signInTitle,
    ),
  },
  { name: 'robots', content: 'noindex' },
];

/** The sign-in through the organisation: its button, or why it came back refused. */
function OrganisationSignIn({ label, next }: { label: string | undefined; next: string }) {
  const [params] = useSearchParams();
  const { t, say } = useInterface();
  const refused = SSO_REFUSALS.find((c) => c === `sso.${params.get('sso')}`);
  return (
    <>
      {refused && (
        <p className="alert alert-warning" role="alert">
          {say({ code: refused, message: '' })}
        </p>
      )}
      {label && (
        <p className="mb-4">
          <a
            className="btn btn-outline-primary"
            href={`${SSO_START_PATH}?redirect=${encodeURIComponent(next)}`}
          >
            {t.auth.ssoButton(label)}
          </a>
        </p>
      )}
    </>
  );
}

/** Keeps the session handed over by `?sso=done` and goes on, as the form's success does. */
function Handoff({ info, to }: { info: UserInfo; to: string }) {
  const signedIn = useSignedIn();
  const { t, lang } = useInterface();
  useEffect(() => {
    void signedIn(info, to);
    // Once: the page is left at once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <main id="main" className="container py-5 auth-page" lang={lang}>
      <h1 className="h3 mb-4">{t.auth.signInTitle}</h1>
      <p role="status">{t.auth.ssoSigningIn}</p>
    </main>
  );
}

export default function Login({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const redirectParam = params.get('redirect');
  const signedIn = useSignedIn();
  const { t, lang, say } = useInterface();
  const form = useSchemaForm(SignInSchema, { email: '', password: '' });
  // A sign-in link that could not sign in came here to say why (`/auth/email-link/{token}`).
  const linkRefused = LINK_REFUSALS.find((c) => c === `email_link.${params.get('emailLink')}`);
  // A right password of a person with a second factor answers a step token (issue 40 item 1).
  const [step, setStep] = useState<TwoFactorChallenge['twoFactor'] | undefined>(loaderData.ssoStep);
  const staff = staffLanguageOf(lang);
  const done = (info: UserInfo) =>
    signedIn(info, safeRedirect(redirectParam, defaultTarget(info.role)));

  const { handoff } = loaderData;
  if (handoff)
    return <Handoff info={handoff} to={safeRedirect(redirectParam, defaultTarget(handoff.role))} />;

  if (step)
    return (
      <main id="main" className="container py-5 auth-page" lang={lang}>
        <h1 className="h3 mb-4">{t.auth.signInTitle}</h1>
        {/* The back office's languages: English on a site in another (common/languages.ts). */}
        <SecondStepForm
          lang={staff}
          token={step.token}
          methods={step.methods}
          t={twoStepCopy[staff]}
          busyText={t.auth.working}
          onSignedIn={done}
          onStartAgain={() => setStep(undefined)}
          passkeyT={passkeysCopy[staff]}
        />
      </main>
    );

  return (
    <main id="main" className="container py-5 auth-page" lang={lang}>
      <h1 className="h3 mb-4">{t.auth.signInTitle}</h1>
      {linkRefused && (
        <p className="alert alert-warning" role="alert">
          {say({ code: linkRefused, message: '' })}
        </p>
      )}
      <OrganisationSignIn label={loaderData.sso} next={redirectParam ?? ''} />
      <SchemaForm
        form={form}
        limits={SignInSchema}
        className="vstack gap-3"
        onSubmit={async (body) => {
          const answer = await api<UserInfo | TwoFactorChallenge>('/api/users/signin', {
            method: 'POST',
            body,
          });
          if ('twoFactor' in answer) setStep(answer.twoFactor);
          else await done(answer);
        }}
      >
        <FormTextField name="email" label={t.auth.email} type="email" autoComplete="email" />
        <FormTextField
          name="password"
          label={t.auth.password}
          type="password"
          autoComplete="current-password"
        />
        <SubmitButton busyText={t.auth.working}>{t.auth.signIn}</SubmitButton>
      </SchemaForm>
      <PasskeySignInButton
        lang={lang}
        // Readers meet this button too: its texts in the page's language (every public one).
        t={{ ...passkeysCopy[staff], signIn: t.auth.passkeySignIn, notMade: t.auth.passkeyNotMade }}
        onSignedIn={done}
      />
      <OtherWays redirectParam={redirectParam} />
    </main>
  );
}

/** Below the form: a forgotten password, a new account, a link by e-mail. */
function OtherWays({ redirectParam }: { redirectParam: string | null }) {
  const { t } = useInterface();
  return (
    <>
      <p className="mt-3 mb-0">
        <Link to={resetPath()}>{t.auth.forgotPassword}</Link>
      </p>
      <p className="mt-3">
        {t.auth.noAccount}{' '}
        <Link
          to={redirectParam ? `/signup?redirect=${encodeURIComponent(redirectParam)}` : '/signup'}
        >
          {t.auth.createAccount}
        </Link>
      </p>
      <EmailLinkForm next={safeRedirect(redirectParam, '/')} />
    </>
  );
}

/** A React app in the browser (root.tsx `PageHandle`). */
export const handle: PageHandle = { hydrate: true };
