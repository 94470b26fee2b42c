import { useState } from 'react';
import { Link } from 'react-router';
import { PAGE_SEGMENTS } from '../../../common/paths';
import {
  EmailCodeSchema,
  EmailLinkRequestSchema,
  type UserInfo,
} from '../../../common/schemas/users';
import { FormTextField, SubmitButton } from '../../components/form/fields';
import { SchemaForm, useSchemaForm } from '../../components/form/schema-form';
import { useInterface } from '../../copy/language';
import type { Said } from '../../copy/refusals';
import { api } from '../api/client';
import { safeRedirect } from './user-info';
import { useSignedIn } from './use-sign-in';

const AskSchema = EmailLinkRequestSchema.pick({ email: true });
const CodeSchema = EmailCodeSchema.pick({ code: true });

/**
 * Signing in without a password (issue 37 item 1), below the sign-in form: an address, then the
 * mail's code typed here (or its link opened, on this device or another). A new address gets a
 * reader's account; the consent it gives is said beside the button, with the privacy policy.
 */
export function EmailLinkForm({ next }: { next: string }) {
  const { t, lang, say } = useInterface();
  const [sentTo, setSentTo] = useState<{ email: string; said: Said } | null>(null);
  const ask = useSchemaForm(AskSchema, { email: '' });
  const code = useSchemaForm(CodeSchema, { code: '' });
  const signedIn = useSignedIn();
  return (
    <section className="mt-5 pt-4 border-top" lang={lang}>
      <h2 className="h5">{t.emailLink.title}</h2>
      <p>{t.emailLink.intro}</p>
      {sentTo ? (
        <>
          <p className="alert alert-info" role="status">
            {say(sentTo.said)}
          </p>
          {sentTo.said.code === 'email_link.sent' && (
            <SchemaForm
              form={code}
              limits={CodeSchema}
              className="vstack gap-3"
              onSubmit={async ({ code: typed }) => {
                const info = await api<UserInfo & { next: string }>('/api/auth/email-link/code', {
                  method: 'POST',
                  body: { email: sentTo.email, code: typed },
                });
                await signedIn(info, safeRedirect(info.next, '/'));
              }}
            >
              <FormTextField
                name="code"
                id="email-link-code"
                label={t.emailLink.code}
                inputMode="numeric"
                autoComplete="one-time-code"
              />
              <SubmitButton busyText={t.auth.working}>{t.emailLink.useCode}</SubmitButton>
            </SchemaForm>
          )}
        </>
      ) : (
        <SchemaForm
          form={ask}
          limits={AskSchema}
          className="vstack gap-3"
          onSubmit={async ({ email }) => {
            const said = await api<Said>('/api/auth/email-link', {
              method: 'POST',
              body: { email, next },
            });
            setSentTo({ email, said });
          }}
        >
          <FormTextField
            name="email"
            id="email-link-email"
            label={t.emailLink.email}
            type="email"
            autoComplete="email"
          />
          <p className="small text-body-secondary mb-0">
            {t.emailLink.consent}{' '}
            <Link to={`/${PAGE_SEGMENTS.privacyPolicy}`}>{t.emailLink.privacy}</Link>
          </p>
          <SubmitButton busyText={t.auth.working} className="btn btn-outline-primary">
            {t.emailLink.send}
          </SubmitButton>
        </SchemaForm>
      )}
    </section>
  );
}
