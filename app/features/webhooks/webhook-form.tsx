import {
  WEBHOOK_EVENTS,
  WebhookInputSchema,
  type Webhook,
  type WebhookCreated,
  type WebhookInput,
} from '../../../common/schemas/webhooks';
import { FormCheckboxGroup } from '../../components/form/checkbox-group';
import { FormTextField, SubmitOrCancel } from '../../components/form/fields';
import { SchemaForm, useSchemaForm } from '../../components/form/schema-form';
import { useAdminCopy } from '../../copy/admin-language';
import { adminApi } from '../api/admin-api';

/** The events as the form offers them: their wire names, which receivers switch on. */
const EVENT_OPTIONS = WEBHOOK_EVENTS.map((event) => ({ value: event, label: event }));

const valuesOf = (webhook: Webhook | undefined): WebhookInput => ({
  url: webhook?.url ?? '',
  events: (webhook?.events ?? []) as WebhookInput['events'],
  description: webhook?.description ?? '',
});

/**
 * Adding a webhook (POST, whose answer carries the signing secret, handed to `onCreated`) or
 * changing one (PUT with its state kept), checked with the server's WebhookInputSchema.
 */
export function WebhookForm({
  webhook,
  onCreated,
  onSaved,
  onCancel,
}: {
  webhook?: Webhook;
  onCreated?: (created: WebhookCreated) => void;
  onSaved?: (saved: Webhook) => void;
  onCancel?: () => void;
}) {
  const t = useAdminCopy().webhooks;
  const form = useSchemaForm(WebhookInputSchema, valuesOf(webhook));
  const prefix = webhook ? `webhook-${webhook._id}` : 'webhook-new';
  return (
    <SchemaForm
      form={form}
      limits={WebhookInputSchema}
      className="row g-3"
      onSubmit={async (body) => {
        if (webhook) {
          const saved = await adminApi<Webhook>(`/api/webhooks/${webhook._id}`, {
            method: 'PUT',
            body: { ...body, enabled: webhook.enabled },
          });
          onSaved?.(saved);
        } else {
          const created = await adminApi<WebhookCreated>('/api/webhooks', {
            method: 'POST',
            body,
          });
          form.reset(valuesOf(undefined));
          onCreated?.(created);
        }
      }}
    >
      <FormTextField
        name="url"
        id={`${prefix}-url`}
        label={t.url}
        type="url"
        inputMode="url"
        placeholder="https://"
        wrapperClassName="col-md-6"
      />
      <FormTextField
        name="description"
        id={`${prefix}-description`}
        label={t.description}
        type="text"
        wrapperClassName="col-md-6"
      />
      <FormCheckboxGroup
        name="events"
        legend={t.events}
        options={EVENT_OPTIONS}
        className="col-12"
      />
      <SubmitOrCancel
        label={webhook ? t.save : t.add}
        busyText={webhook ? t.saving : t.adding}
        cancel={onCancel && { label: t.cancel, onCancel }}
      />
    </SchemaForm>
  );
}
