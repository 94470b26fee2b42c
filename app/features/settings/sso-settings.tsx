import { useWatch } from 'react-hook-form';
import { SSO_CALLBACK_PATH, SSO_ROLES } from '../../../common/schemas/sso';
import { FormCheckbox, FormSelect, FormTextField } from '../../components/form/fields';
import { useAdminCopy } from '../../copy/admin-language';

/**
 * Single sign-on's settings (issue 40 item 4): the issuer, the client and its secret (written,
 * never read back: the field says whether one is kept), the button's label, the domains whose
 * people get an account, and that account's role; and the redirect address the provider needs.
 */
export function SsoSettings() {
  const t = useAdminCopy();
  const copy = t.settings.sso;
  const secretKept = useWatch({ name: 'oidc.clientSecretSet' }) as boolean | undefined;
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return (
    <fieldset className="col-12 row g-3 mx-0 px-0">
      <legend className="h5 mt-3">{copy.title}</legend>
      <p className="text-body-secondary mb-0">{copy.intro}</p>
      <FormTextField
        name="oidc.issuer"
        id="s-oidc-issuer"
        label={copy.issuer}
        hint={copy.issuerHint}
        wrapperClassName="col-md-6"
      />
      <FormTextField
        name="oidc.clientId"
        id="s-oidc-clientId"
        label={copy.clientId}
        wrapperClassName="col-md-6"
      />
      <FormTextField
        name="oidc.clientSecret"
        id="s-oidc-clientSecret"
        type="password"
        autoComplete="new-password"
        label={copy.clientSecret}
        hint={secretKept ? copy.secretKept : copy.secretNone}
        wrapperClassName="col-md-6"
      />
      <FormTextField
        name="oidc.label"
        id="s-oidc-label"
        label={copy.label}
        hint={copy.labelHint}
        wrapperClassName="col-md-6"
      />
      <FormTextField
        name="oidc.allowedDomains"
        id="s-oidc-allowedDomains"
        label={copy.allowedDomains}
        hint={copy.allowedDomainsHint}
        wrapperClassName="col-md-6"
      />
      <FormSelect
        name="oidc.defaultRole"
        id="s-oidc-defaultRole"
        label={copy.defaultRole}
        wrapperClassName="col-md-6"
        required={false}
      >
        {SSO_ROLES.map((role) => (
          <option key={role} value={role}>
            {t.roles[role]}
          </option>
        ))}
      </FormSelect>
      <div className="col-12">
        <FormCheckbox
          name="oidc.trustProviderSecondFactor"
          id="s-oidc-trustProviderSecondFactor"
          label={copy.trustProviderSecondFactor}
        />
      </div>
      <p className="form-text mt-1">{copy.redirect(`${origin}${SSO_CALLBACK_PATH}`)}</p>
    </fieldset>
  );
}
