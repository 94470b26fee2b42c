import { z } from 'zod';
import {
  API_KEY_DEFAULT_RATE_LIMIT,
  API_KEY_SCOPES,
  ApiKeyInputSchema,
  type ApiKeyCreated,
} from '../../../common/schemas/keys';
import { FormTextField, SubmitButton } from '../../components/form/fields';
import { SchemaForm, useSchemaForm } from '../../components/form/schema-form';
import { useAdminCopy } from '../../copy/admin-language';
import { adminApi } from '../api/admin-api';

/**
 * The key form: the server's ApiKeyInputSchema, with the rate limit typed as text (empty: the
 * default) and the one scope there is.
 */
export const KeyFormSchema = ApiKeyInputSchema.extend({
  rateLimit: z
    .string()
    .trim()
    .transform((text) => (text === '' ? undefined : Number(text)))
    .pipe(ApiKeyInputSchema.shape.rateLimit),
});
type KeyFormValues = z.input<typeof KeyFormSchema>;

const EMPTY: KeyFormValues = { name: '', scopes: [...API_KEY_SCOPES], rateLimit: '' };

/** Creating a key (POST /api/keys); its answer, with the key itself, goes to `onCreated`. */
export function KeyForm({ onCreated }: { onCreated: (created: ApiKeyCreated) => void }) {
  const t = useAdminCopy().keys;
  const form = useSchemaForm(KeyFormSchema, EMPTY);
  return (
    <SchemaForm
      form={form}
      limits={KeyFormSchema}
      className="row g-3 align-items-start"
      onSubmit={async (body) => {
        const created = await adminApi<ApiKeyCreated>('/api/keys', { method: 'POST', body });
        form.reset(EMPTY);
        onCreated(created);
      }}
    >
      <FormTextField
        name="name"
        id="key-name"
        label={t.name}
        type="text"
        wrapperClassName="col-md-5"
      />
      <FormTextField
        name="rateLimit"
        id="key-rate-limit"
        label={t.rateLimit}
        hint={t.rateLimitHint(API_KEY_DEFAULT_RATE_LIMIT)}
        type="text"
        inputMode="numeric"
        wrapperClassName="col-md-4"
      />
      <div className="col-md-3 pt-md-4">
        <SubmitButton busyText={t.creating} className="btn btn-primary mt-md-2">
          {t.create}
        </SubmitButton>
      </div>
    </SchemaForm>
  );
}
