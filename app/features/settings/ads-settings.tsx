import { useWatch } from 'react-hook-form';
import { AD_PROVIDERS } from '../../../common/schemas/ads';
import {
  FormCheckbox,
  FormSelect,
  FormTextArea,
  FormTextField,
} from '../../components/form/fields';
import { useAdminCopy } from '../../copy/admin-language';

/**
 * Ads (issue 39 item 1, docs/decisions/058): who fills the slots, the provider's account, the
 * slots as lines of text (ad-slots-text.ts), members' choice (stored for memberships), and
 * the texts of /ads.txt and /app-ads.txt.
 */
export function AdsSettings() {
  const t = useAdminCopy().settings.ads;
  const provider = useWatch({ name: 'ads.provider' }) as string | undefined;
  return (
    <fieldset className="col-12">
      <legend className="h5 mt-3">{t.title}</legend>
      <div className="row g-3">
        <FormSelect
          name="ads.provider"
          id="s-ads-provider"
          label={t.provider}
          wrapperClassName="col-md-6"
          required={false}
        >
          {AD_PROVIDERS.map((p) => (
            <option key={p} value={p}>
              {t.providers[p]}
            </option>
          ))}
        </FormSelect>
        {provider === 'gam' && (
          <FormTextField
            name="ads.networkCode"
            id="s-ads-networkCode"
            label={t.networkCode}
            wrapperClassName="col-md-6"
          />
        )}
        {provider === 'adsense' && (
          <FormTextField
            name="ads.clientId"
            id="s-ads-clientId"
            label={t.clientId}
            wrapperClassName="col-md-6"
          />
        )}
        <FormTextArea
          name="ads.slots"
          id="s-ads-slots"
          label={t.slots}
          hint={t.slotsHint}
          rows={4}
          wrapperClassName="col-12"
        />
        <div className="col-12">
          <FormCheckbox
            name="ads.hideForMembers"
            id="s-ads-hideForMembers"
            label={t.hideForMembers}
          />
        </div>
        <FormTextArea
          name="adsTxt"
          id="s-adsTxt"
          label={t.adsTxt}
          rows={3}
          wrapperClassName="col-md-6"
        />
        <FormTextArea
          name="appAdsTxt"
          id="s-appAdsTxt"
          label={t.appAdsTxt}
          rows={3}
          wrapperClassName="col-md-6"
        />
      </div>
    </fieldset>
  );
}
