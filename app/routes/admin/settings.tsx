import { AdminRouteError } from '../../components/admin/route-error';
import { useRevalidator } from 'react-router';
import { toast } from 'react-toastify';
import {
  HOME_LAYOUTS,
  LATEST_COUNT_MAX,
  LATEST_COUNT_MIN,
  TWO_FACTOR_POLICIES,
  UI_LANGUAGES,
  type SiteSettings,
} from '../../../common/settings';
import {
  FormCheckbox,
  FormSelect,
  FormTextField,
  SubmitButton,
} from '../../components/form/fields';
import { SchemaForm, useSchemaForm } from '../../components/form/schema-form';
import { requireScreen } from '../../features/session/screen-guard';
import type { AdminCopy } from '../../copy/admin';
import { adminInterfaceFor, useAdminCopy } from '../../copy/admin-language';
import { adminApi } from '../../features/api/admin-api';
import {
  IMAGE_SETTINGS,
  ImageSettingField,
  type ImageSetting,
} from '../../features/settings/image-setting-field';
import { SettingsFormSchema, toSettingsForm } from '../../features/settings/settings-form';
import { FediverseSettings } from '../../features/settings/fediverse-settings';
import { SsoSettings } from '../../features/settings/sso-settings';
import { AdsSettings } from '../../features/settings/ads-settings';
import { MeterSettings } from '../../features/settings/meter-settings';
import { AnalyticsSettings } from '../../features/settings/analytics-settings';
import { CommentSettings } from '../../features/settings/comment-settings';
import type { Route } from './+types/settings';
import { staffLanguageOf } from '../../../common/languages';

/** The choices of the news home's number of headlines (issue 45 item 3). */
const LATEST_COUNTS = Array.from(
  { length: LATEST_COUNT_MAX - LATEST_COUNT_MIN + 1 },
  (_, i) => LATEST_COUNT_MIN + i,
);

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireScreen(context, request, 'administrator');
  return null;
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  await serverLoader();
  return adminApi<SiteSettings>('/api/settings');
}

clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const t = useAdminCopy();
  return <p>{t.loading}</p>;
}

/** The fields in the order they are shown; social links are nested under `social`. */
const fieldsOf = (t: AdminCopy) =>
  [
    ['siteName', t.settings.fields.siteName],
    ['shortName', t.settings.fields.shortName],
    ['headerImageUrl', t.settings.fields.headerImageUrl],
    ['logoUrl', t.settings.fields.logoUrl],
    ['shareImageUrl', t.settings.fields.shareImageUrl],
    ['twitterSite', t.settings.fields.twitterSite],
    ['contactEmail', t.settings.fields.contactEmail],
    ['contactPhone', t.settings.fields.contactPhone],
    ['contactAddress', t.settings.fields.contactAddress],
    ['mapLocation', t.settings.fields.mapLocation],
    ['homeSectionSlugs', t.settings.fields.homeSectionSlugs],
    ['social.facebook', t.settings.fields.facebook],
    ['social.x', t.settings.fields.x],
    ['social.instagram', t.settings.fields.instagram],
    ['social.youtube', t.settings.fields.youtube],
    ['timeZone', t.settings.fields.timeZone],
  ] as const;

/** The settings of DECISIONS.md §8, checked with the same schema as the server. */
export default function AdminSettings({ loaderData }: Route.ComponentProps) {
  const t = useAdminCopy();
  const form = useSchemaForm(SettingsFormSchema, toSettingsForm(loaderData));
  const revalidator = useRevalidator();
  return (
    <SchemaForm
      form={form}
      limits={SettingsFormSchema}
      onSubmit={async (body) => {
        const saved = await adminApi<SiteSettings>('/api/settings', { method: 'PUT', body });
        form.reset(toSettingsForm(saved));
        // A new interface language is the back office's too (DECISIONS.md §18): the root
        // loader reads it again, and every screen follows.
        if (saved.uiLanguage !== loaderData.uiLanguage) await revalidator.revalidate();
        toast.success(adminInterfaceFor(staffLanguageOf(saved.uiLanguage)).t.settings.saved);
      }}
    >
      <h1 className="h3 mb-4">{t.settings.title}</h1>
      <div className="row g-3">
        {fieldsOf(t).map(([name, label]) => {
          const hint =
            name in t.settings.hints
              ? t.settings.hints[name as keyof typeof t.settings.hints]
              : undefined;
          // The images are chosen from the media library or uploaded into it (issue 26 item 1).
          return IMAGE_SETTINGS.includes(name as ImageSetting) ? (
            <ImageSettingField key={name} name={name as ImageSetting} label={label} hint={hint} />
          ) : (
            <FormTextField
              key={name}
              name={name}
              id={`s-${name.replace('.', '-')}`}
              label={label}
              hint={hint}
              wrapperClassName="col-md-6"
            />
          );
        })}
        <div className="col-12">
          <FormCheckbox name="authorsNeedReview" label={t.settings.fields.authorsNeedReview} />
        </div>
        <div className="col-12">
          <FormCheckbox name="feedFullText" label={t.settings.fields.feedFullText} />
        </div>
        <FormSelect
          name="uiLanguage"
          id="s-uiLanguage"
          label={t.settings.fields.uiLanguage}
          hint={t.settings.hints.uiLanguage}
          wrapperClassName="col-md-6"
          // Every option is a language and one is always chosen: HTML asks a required select
          // for an empty first option, which this one has no use for.
          required={false}
        >
          {UI_LANGUAGES.map((lang) => (
            <option key={lang} value={lang} lang={lang}>
              {t.settings.uiLanguages(lang)}
            </option>
          ))}
        </FormSelect>
        <HomeChoices />
        <FediverseSettings />
        <AdsSettings />
        <MeterSettings />
        <SsoSettings />
        <AnalyticsSettings />
        <CommentSettings />
        <TwoFactorChoice />
      </div>
      <SubmitButton className="btn btn-primary mt-4">{t.settings.save}</SubmitButton>
    </SchemaForm>
  );
}

/** Which staff must have a second factor (issue 40 item 3). */
function TwoFactorChoice() {
  const t = useAdminCopy();
  return (
    <FormSelect
      name="twoFactorRequired"
      id="s-twoFactorRequired"
      label={t.settings.fields.twoFactorRequired}
      hint={t.settings.hints.twoFactorRequired}
      wrapperClassName="col-md-6"
      required={false}
    >
      {TWO_FACTOR_POLICIES.map((policy) => (
        <option key={policy} value={policy}>
          {t.settings.twoFactorPolicies[policy]}
        </option>
      ))}
    </FormSelect>
  );
}

/** How the home page is laid out, and how many headlines the news home lists. */
function HomeChoices() {
  const t = useAdminCopy();
  return (
    <>
      <FormSelect
        name="homeLayout"
        id="s-homeLayout"
        label={t.settings.fields.homeLayout}
        hint={t.settings.hints.homeLayout}
        wrapperClassName="col-md-6"
        // One layout is always chosen, as with the language above.
        required={false}
      >
        {HOME_LAYOUTS.map((layout) => (
          <option key={layout} value={layout}>
            {t.settings.homeLayouts[layout]}
          </option>
        ))}
      </FormSelect>
      <FormSelect
        name="latestCount"
        id="s-latestCount"
        label={t.settings.fields.latestCount}
        hint={t.settings.hints.latestCount}
        wrapperClassName="col-md-6"
        required={false}
      >
        {LATEST_COUNTS.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </FormSelect>
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
