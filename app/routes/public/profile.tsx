import { useWatch } from 'react-hook-form';
import { redirect, useRevalidator } from 'react-router';
import { hasRole } from '../../../common/roles';
import { staffLanguageOf } from '../../../common/languages';
import { secondFactorRequired } from '../../../common/settings';
import type { TwoStepState } from '../../features/session/two-step-section';
import { SecuritySections } from '../../features/session/security-sections';
import { twoStepCopy } from '../../copy/two-step';
import { slugify } from '../../../common/slug';
import { toast } from 'react-toastify';
import type { UserInfo } from '../../../common/schemas/users';
import { appContext } from '../../../common/services';
import { FormCheckbox, FormTextField, SubmitButton } from '../../components/form/fields';
import { SchemaForm, useSchemaForm } from '../../components/form/schema-form';
import { interfaceFor, useInterface } from '../../copy/language';
import { api } from '../../features/api/client';
import { pageTitle } from '../../features/seo/meta';
import { AccountData } from '../../features/readers/account-data';
import { FollowingList } from '../../features/readers/following-list';
import { ReaderLists } from '../../features/readers/reader-lists';
import { ReplyMailSwitch } from '../../features/readers/reply-mail-switch';
import { GiftLinksSection } from '../../features/members/gift-links-section';
import { MembershipSection } from '../../features/members/membership-section';
import { ProfileFormSchema } from '../../features/session/profile-form';
import {
  AuthorPageFields,
  DashboardLanguageField,
  PasswordFields,
  SignOutEverywhere,
} from '../../features/session/profile-fields';
import { storeUserInfo } from '../../features/session/user-info';
import type { Route } from './+types/profile';
import type { PageHandle } from '../../root';

/**
 * DECISIONS.md §9: the signed-in user's name and e-mail; change name and password. Writers
 * also edit their author page's slug, bio and photo (DECISIONS.md §14).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { user, services } = context.get(appContext);
  const me = await user();
  if (!me) throw redirect('/login?redirect=%2Fprofile');
  const writer = hasRole(me.role, 'author');
  const [settings, profile, reviewMail, ownLanguage, hasPassword, secondFactor, totp] =
    await Promise.all([
      services.settings.get(),
      writer ? services.users.profileOf(me._id) : undefined,
      writer ? services.users.reviewMailOf(me._id) : undefined,
      writer ? services.users.uiLanguageOf(me._id) : undefined,
      services.users.hasPassword(me._id),
      services.users.hasSecondFactor(me._id),
      services.users.totpOn(me._id),
    ]);
  // Two-step sign-in and passkeys (issue 40): for the staff, and anyone who has one already.
  const twoStep: TwoStepState | undefined =
    writer || secondFactor
      ? {
          on: totp,
          hasSecondFactor: secondFactor,
          available: services.users.secondFactorsAvailable(),
          required: secondFactorRequired(settings.twoFactorRequired, me.role),
          recoveryCodesLeft: totp ? await services.users.recoveryCodesLeftOf(me._id) : 0,
        }
      : undefined;
  return {
    me,
    profile,
    reviewMail,
    ownLanguage,
    hasPassword,
    twoStep,
    staffLanguage: ownLanguage ?? staffLanguageOf(settings.uiLanguage),
    shortName: settings.shortName,
    uiLanguage: settings.uiLanguage,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: pageTitle(
      loaderData?.shortName ?? 'Patrika',
      interfaceFor(loaderData?.uiLanguage ?? 'en').t.profile.title,
    ),
  },
  { name: 'robots', content: 'noindex' },
];

/** The writer's fields of the form (author page, review mail, language); none for a reader. */
const authorFieldsOf = (
  profile: { slug: string; bio: string; photoUrl: string } | undefined,
  reviewMail: boolean | undefined,
  ownLanguage: string | null | undefined,
) =>
  profile
    ? {
        slug: profile.slug,
        bio: profile.bio,
        photoUrl: profile.photoUrl,
        reviewMail,
        uiLanguage: ownLanguage ?? '',
      }
    : {};

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { me, profile, reviewMail, ownLanguage, twoStep, staffLanguage, hasPassword } = loaderData;
  const revalidator = useRevalidator();
  const { t, lang } = useInterface();
  const form = useSchemaForm(ProfileFormSchema, {
    name: me.name,
    password: '',
    currentPassword: '',
    removeRecentFactors: false,
    ...authorFieldsOf(profile, reviewMail, ownLanguage),
  });
  // The current password is asked for only with a new one, and marked required then.
  const changesPassword = useWatch({ control: form.control, name: 'password' }) !== '';
  // Who has a second factor is offered to remove the ones of the last day (issue 66 item 4).
  const removeRecentLabel = twoStep?.hasSecondFactor
    ? twoStepCopy[staffLanguage].removeRecent
    : undefined;

  return (
    <main id="main" className="container py-5 auth-page" lang={lang}>
      <h1 className="h3 mb-4">{t.profile.title}</h1>
      <dl className="row">
        <dt className="col-sm-4">{t.profile.email}</dt>
        <dd className="col-sm-8">{me.email}</dd>
        <dt className="col-sm-4">{t.profile.role}</dt>
        <dd className="col-sm-8 text-capitalize">{t.profile.roles[me.role]}</dd>
      </dl>
      {/* Held until a second factor is added (issue 66 item 7), a person's reader calls answer
          403: their sections wait for the set-up rather than show as failing. */}
      {!(twoStep?.required && !twoStep.hasSecondFactor) && <ReaderSections />}
      <SchemaForm
        form={form}
        limits={ProfileFormSchema}
        className="vstack gap-3"
        onSubmit={async (body) => {
          const info = await api<UserInfo>('/api/users/me', { method: 'PUT', body });
          storeUserInfo(info);
          toast.success(t.profile.saved);
          form.reset({
            name: info.name,
            password: '',
            currentPassword: '',
            removeRecentFactors: false,
            ...(profile
              ? {
                  slug: slugify(body.slug ?? profile.slug),
                  bio: body.bio,
                  photoUrl: body.photoUrl,
                  reviewMail: body.reviewMail,
                  uiLanguage: body.uiLanguage ?? '',
                }
              : {}),
          });
          await revalidator.revalidate();
        }}
      >
        <FormTextField name="name" label={t.profile.name} type="text" autoComplete="name" />
        {profile && <AuthorPageFields slug={profile.slug} />}
        {profile && <FormCheckbox name="reviewMail" label={t.profile.reviewMail} />}
        {profile && <DashboardLanguageField />}
        <PasswordFields changesPassword={changesPassword} />
        {changesPassword && removeRecentLabel && (
          <FormCheckbox name="removeRecentFactors" label={removeRecentLabel} />
        )}
        <SubmitButton busyText={t.auth.working}>{t.profile.save}</SubmitButton>
      </SchemaForm>
      {twoStep && (
        <SecuritySections
          state={twoStep}
          language={staffLanguage}
          busyText={t.auth.working}
          onChanged={() => revalidator.revalidate()}
        />
      )}
      <SignOutEverywhere removeRecentLabel={removeRecentLabel} />
      <AccountData hasPassword={hasPassword} />
    </main>
  );
}

/**
 * What is a reader's own: their membership (issue 39 item 4) and gift links (item 5), what they
 * follow with an Unfollow for each (issue 72 item 1), the stories of their follows and the saved ones, and whether replies to their comments are mailed (issue 42 item 4).
 */
function ReaderSections() {
  return (
    <>
      <MembershipSection />
      <GiftLinksSection />
      <FollowingList />
      <ReaderLists />
      <ReplyMailSwitch />
    </>
  );
}

/** A React app in the browser (root.tsx `PageHandle`). */
export const handle: PageHandle = { hydrate: true };
