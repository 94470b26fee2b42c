import { useMemo } from 'react';
import { redirect } from 'react-router';
import type { AppServices } from '../../../common/services';
import type { UserInfo } from '../../../common/schemas/users';
import { SubmitButton } from '../../components/form/fields';
import { SchemaForm, useSchemaForm } from '../../components/form/schema-form';
import { useInterface } from '../../copy/language';
import { api } from '../api/client';
import { NewPasswordFields, useMismatchToast } from './new-password-fields';
import { linkPasswordFormSchema } from './sign-up-form';

/**
 * A new password, typed twice, sent to a link's address (an invitation or a password reset,
 * issue 26 item 8); `onDone` takes the answer on (a session, or after a reset the second
 * step's token for a person with a second factor: issue 66 item 3).
 */
export function LinkPasswordForm<Answer = UserInfo>({
  action,
  passwordLabel,
  submitLabel,
  onDone,
}: {
  action: string;
  passwordLabel: string;
  submitLabel: string;
  onDone: (answer: Answer) => Promise<void>;
}) {
  const { t } = useInterface();
  const schema = useMemo(() => linkPasswordFormSchema(t), [t]);
  const form = useSchemaForm(schema, { password: '', confirmPassword: '' });
  const onInvalid = useMismatchToast();
  return (
    <SchemaForm
      form={form}
      limits={schema}
      className="vstack gap-3"
      onSubmit={async ({ password }) => {
        await onDone(await api<Answer>(action, { method: 'POST', body: { password } }));
      }}
      onInvalid={onInvalid}
    >
      <NewPasswordFields label={passwordLabel} />
      <SubmitButton busyText={t.auth.working}>{submitLabel}</SubmitButton>
    </SchemaForm>
  );
}

/** The answers of a page behind a secret link: never kept by any cache, never indexed. */
export const LINK_PAGE_HEADERS = {
  'X-Robots-Tag': 'noindex',
  'Cache-Control': 'private, no-store',
};

/** A link that is spent, stale or not ours answers so (the page says which, in words). */
export const linkStatus = (state: 'open' | 'used' | 'expired' | 'unknown') =>
  state === 'open' ? 200 : state === 'unknown' ? 404 : 410;

/**
 * A link that is not ours may be an article's old address: a category once had this first
 * segment (migration 0023 moved it away), and its articles' addresses answer with a 301.
 */
export async function redirectFormerArticle(
  services: AppServices,
  segment: string,
  slug: string,
  request: Request,
) {
  const found = await services.articles.resolve(segment, slug);
  if (found?.movedTo) throw redirect(`${found.movedTo}${new URL(request.url).search}`, 301);
}
