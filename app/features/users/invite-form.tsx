import { useState } from 'react';
import { toast } from 'react-toastify';
import {
  INVITED_ROLES,
  InvitationInputSchema,
  type InvitationSent,
} from '../../../common/schemas/users';
import { FormSelect, FormTextField, SubmitButton } from '../../components/form/fields';
import { SchemaForm, useSchemaForm } from '../../components/form/schema-form';
import { useAdminCopy } from '../../copy/admin-language';
import { adminApi } from '../api/admin-api';

/**
 * An administrator invites someone to the staff (issue 26 item 8): name, e-mail, role. With
 * SMTP_URL the link goes by mail; without it the answer carries the link, shown here to copy
 * and pass on.
 */
export function InviteForm() {
  const copy = useAdminCopy();
  const t = copy.users.invite;
  const form = useSchemaForm(InvitationInputSchema, { name: '', email: '', role: 'author' });
  const [link, setLink] = useState<{ name: string; url: string } | null>(null);

  const copyLink = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(t.copied);
    } catch {
      // No clipboard (an http: page, or refused): the field is there to select by hand.
    }
  };

  return (
    <section aria-labelledby="invite-heading" className="card mb-4">
      <div className="card-body">
        <h2 id="invite-heading" className="h5">
          {t.title}
        </h2>
        <SchemaForm
          form={form}
          limits={InvitationInputSchema}
          className="row g-3 align-items-end"
          onSubmit={async (body) => {
            const sent = await adminApi<InvitationSent>('/api/users/invite', {
              method: 'POST',
              body,
            });
            setLink(sent.url ? { name: sent.name, url: sent.url } : null);
            if (sent.mailed) toast.success(t.mailed(sent.name, sent.email));
            form.reset({ name: '', email: '', role: body.role });
          }}
        >
          <FormTextField name="name" label={t.name} type="text" wrapperClassName="col-md-4" />
          <FormTextField name="email" label={t.email} type="email" wrapperClassName="col-md-4" />
          <FormSelect
            name="role"
            label={t.role}
            wrapperClassName="col-md-2"
            // Every option is a role and one is always chosen: HTML allows `required` on such a
            // select only with an empty first option (the Nu checker says so).
            required={false}
          >
            {INVITED_ROLES.map((r) => (
              <option key={r} value={r}>
                {copy.roles[r]}
              </option>
            ))}
          </FormSelect>
          <div className="col-md-2">
            <SubmitButton busyText={t.sending}>{t.send}</SubmitButton>
          </div>
        </SchemaForm>
        {link && (
          <div className="mt-3" role="status">
            <label htmlFor="invite-link" className="form-label">
              {t.copyIntro(link.name)}
            </label>
            <div className="input-group">
              <input
                id="invite-link"
                className="form-control"
                readOnly
                value={link.url}
                onFocus={(e) => e.currentTarget.select()}
              />
              <button
                type="button"
                className="btn btn-outline-secondary"
                onClick={() => void copyLink(link.url)}
              >
                {t.copy}
              </button>
            </div>
          </div>
        )}
      </div>
    </section>
  );
}
