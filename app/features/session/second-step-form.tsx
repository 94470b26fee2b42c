import { useState } from 'react';
import {
  SecondStepCodeSchema,
  SecondStepRecoverySchema,
} from '../../../common/schemas/second-factors';
import type { UserInfo } from '../../../common/schemas/users';
import { FormTextField, SubmitButton } from '../../components/form/fields';
import { SchemaForm, useSchemaForm } from '../../components/form/schema-form';
import type { TwoStepCopy } from '../../copy/two-step';
import type { PasskeysCopy } from '../../copy/passkeys';
import { PasskeySignInButton } from './passkey-sign-in';
import { api } from '../api/client';

/**
 * The sign-in's second step (issue 40 items 1 and 2): after a right password, a code from the
 * authenticator app, one of the recovery codes, or the person's passkey completes the sign-in
 * with the step token; `methods` says which of them the person has.
 */
export function SecondStepForm({
  lang,
  token,
  methods,
  t,
  busyText,
  onSignedIn,
  onStartAgain,
  passkeyT,
}: {
  lang: string;
  token: string;
  methods: readonly string[];
  passkeyT: PasskeysCopy;
  t: TwoStepCopy;
  busyText: string;
  onSignedIn: (info: UserInfo) => Promise<void>;
  onStartAgain: () => void;
}) {
  const [recovery, setRecovery] = useState(false);
  const codes = methods.includes('totp');
  const complete = async (body: { code: string } | { recoveryCode: string }) => {
    const info = await api<UserInfo>('/api/users/signin/2fa', {
      method: 'POST',
      body: { token, ...body },
    });
    await onSignedIn(info);
  };
  return (
    <section aria-labelledby="second-step-heading" lang={lang}>
      <h2 id="second-step-heading" className="h5">
        {t.stepTitle}
      </h2>
      {methods.includes('passkey') && (
        <PasskeySignInButton lang={lang} t={passkeyT} token={token} onSignedIn={onSignedIn} />
      )}
      {codes && recovery && <RecoveryForm t={t} busyText={busyText} onSubmit={complete} />}
      {codes && !recovery && <CodeForm t={t} busyText={busyText} onSubmit={complete} />}
      {codes && (
        <p className="mt-3 mb-0">
          <button type="button" className="btn btn-link p-0" onClick={() => setRecovery(!recovery)}>
            {recovery ? t.useApp : t.useRecovery}
          </button>
        </p>
      )}
      <p className="mt-2">
        <button type="button" className="btn btn-link p-0" onClick={onStartAgain}>
          {t.startAgain}
        </button>
      </p>
    </section>
  );
}

interface StepFormProps<B> {
  t: TwoStepCopy;
  busyText: string;
  onSubmit: (body: B) => Promise<void>;
}

function CodeForm({ t, busyText, onSubmit }: StepFormProps<{ code: string }>) {
  const form = useSchemaForm(SecondStepCodeSchema, { code: '' });
  return (
    <SchemaForm
      form={form}
      limits={SecondStepCodeSchema}
      className="vstack gap-3"
      onSubmit={onSubmit}
    >
      <p className="mb-0">{t.stepIntro}</p>
      <FormTextField
        name="code"
        label={t.stepCode}
        inputMode="numeric"
        autoComplete="one-time-code"
      />
      <SubmitButton busyText={busyText}>{t.stepSubmit}</SubmitButton>
    </SchemaForm>
  );
}

function RecoveryForm({ t, busyText, onSubmit }: StepFormProps<{ recoveryCode: string }>) {
  const form = useSchemaForm(SecondStepRecoverySchema, { recoveryCode: '' });
  return (
    <SchemaForm
      form={form}
      limits={SecondStepRecoverySchema}
      className="vstack gap-3"
      onSubmit={onSubmit}
    >
      <p className="mb-0">{t.stepRecoveryIntro}</p>
      <FormTextField name="recoveryCode" label={t.recoveryCode} autoComplete="off" />
      <SubmitButton busyText={busyText}>{t.stepSubmit}</SubmitButton>
    </SchemaForm>
  );
}
