import { useState } from 'react';
import { PasswordResetRequestSchema } from '../../../common/schemas/users';
import { appContext } from '../../../common/services';
import { FormTextField, SubmitButton } from '../../components/form/fields';
import { SchemaForm, useSchemaForm } from '../../components/form/schema-form';
import { interfaceFor, useInterface } from '../../copy/language';
import type { Said } from '../../copy/refusals';
import { api } from '../../features/api/client';
import { pageTitle } from '../../features/seo/meta';
import type { Route } from './+types/reset-request';
import type { PageHandle } from '../../root';

/**
 * /reset (issue 26 item 8): "Forgot password?" from the sign-in page. The server answers the
 * same for any address (no one learns which have accounts); the page shows what it said.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const { shortName, uiLanguage } = await services.settings.get();
  return { shortName, uiLanguage };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: pageTitle(
      loaderData?.shortName ?? 'Patrika',
      interfaceFor(loaderData?.uiLanguage ?? 'en').t.reset.askTitle,
    ),
  },
  { name: 'robots', content: 'noindex' },
];

export default function ResetRequest() {
  const { t, lang, say } = useInterface();
  const form = useSchemaForm(PasswordResetRequestSchema, { email: '' });
  const [answer, setAnswer] = useState<Said | null>(null);
  return (
    <main id="main" className="container py-5 auth-page" lang={lang}>
      <h1 className="h3 mb-4">{t.reset.askTitle}</h1>
      {answer ? (
        <p className="alert alert-info" role="status">
          {say(answer)}
        </p>
      ) : (
        <>
          <p>{t.reset.askIntro}</p>
          <SchemaForm
            form={form}
            limits={PasswordResetRequestSchema}
            className="vstack gap-3"
            onSubmit={async (body) => {
              setAnswer(await api<Said>('/api/users/password-reset', { method: 'POST', body }));
            }}
          >
            <FormTextField name="email" label={t.auth.email} type="email" autoComplete="email" />
            <SubmitButton busyText={t.auth.working}>{t.reset.send}</SubmitButton>
          </SchemaForm>
        </>
      )}
    </main>
  );
}

/** A React app in the browser (root.tsx `PageHandle`). */
export const handle: PageHandle = { hydrate: true };
