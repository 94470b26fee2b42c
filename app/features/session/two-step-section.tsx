import { useState } from 'react';
import { toast } from 'react-toastify';
import {
  TotpConfirmSchema,
  TotpStartFormSchema,
  TotpStopFormSchema,
  totpStopBody,
  type TotpSetup,
} from '../../../common/schemas/second-factors';
import { FormTextField, SubmitButton } from '../../components/form/fields';
import { SchemaForm, useSchemaForm } from '../../components/form/schema-form';
import type { TwoStepCopy } from '../../copy/two-step';
import { api } from '../api/client';

/** What /profile knows of the person's second factor (its loader). */
export interface TwoStepState {
  /** Authenticator codes are on. */
  on: boolean;
  /** Codes or a passkey: the policy is met. */
  hasSecondFactor: boolean;
  recoveryCodesLeft: number;
  /** The server can seal secrets (SECRETS_KEY, or the embedded engine's key file). */
  available: boolean;
  /** The site's policy asks this person for a second factor (issue 40 item 3). */
  required: boolean;
}

/**
 * /profile's "Two-step sign-in" (issue 40 item 1): set up (the QR code and key, a first code,
 * then the ten recovery codes, shown once), or turn off with a code. `onChanged` reloads the
 * page's data once codes are on or off.
 */
export function TwoStepSection({
  state,
  t,
  busyText,
  onChanged,
}: {
  state: TwoStepState;
  t: TwoStepCopy;
  busyText: string;
  onChanged: () => Promise<void>;
}) {
  const [setup, setSetup] = useState<TotpSetup | undefined>();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | undefined>();

  return (
    <section id="two-step" aria-labelledby="two-step-heading" className="mt-5">
      <h2 id="two-step-heading" className="h5">
        {t.title}
      </h2>
      {state.required && !state.hasSecondFactor && (
        <p className="alert alert-warning">{t.required}</p>
      )}
      <p>{t.intro}</p>
      {recoveryCodes ? (
        <RecoveryCodes
          codes={recoveryCodes}
          t={t}
          onKept={() => void onChanged().then(() => setRecoveryCodes(undefined))}
        />
      ) : state.on ? (
        <TurnOff
          t={t}
          busyText={busyText}
          recoveryLeft={state.recoveryCodesLeft}
          onOff={onChanged}
        />
      ) : setup ? (
        <Confirm
          setup={setup}
          t={t}
          busyText={busyText}
          onCancel={() => setSetup(undefined)}
          onOn={(codes) => {
            setSetup(undefined);
            setRecoveryCodes(codes);
            toast.success(t.turnedOn);
          }}
        />
      ) : (
        <>
          <p>{t.isOff}</p>
          {state.available ? (
            <Start t={t} busyText={busyText} onStarted={setSetup} />
          ) : (
            <p className="text-body-secondary">{t.unavailable}</p>
          )}
        </>
      )}
    </section>
  );
}

/**
 * Setting codes up asks for the current password (issue 66 item 4). Left empty, an account
 * without one (made by single sign-on) is taken on a sign-in of the last few minutes.
 */
function Start({
  t,
  busyText,
  onStarted,
}: {
  t: TwoStepCopy;
  busyText: string;
  onStarted: (setup: TotpSetup) => void;
}) {
  const form = useSchemaForm(TotpStartFormSchema, { password: '' });
  return (
    <SchemaForm
      form={form}
      limits={TotpStartFormSchema}
      className="vstack gap-3"
      onSubmit={async ({ password }) => {
        const body = password === '' ? {} : { password };
        onStarted(await api<TotpSetup>('/api/me/2fa/totp', { method: 'POST', body }));
      }}
    >
      <FormTextField
        name="password"
        id="totp-start-password"
        label={t.setUpPassword}
        hint={t.setUpPasswordHint}
        type="password"
        autoComplete="current-password"
      />
      <div>
        <SubmitButton busyText={busyText}>{t.setUp}</SubmitButton>
      </div>
    </SchemaForm>
  );
}

/** The QR code and key of a new secret, and the first code that turns codes on. */
function Confirm({
  setup,
  t,
  busyText,
  onCancel,
  onOn,
}: {
  setup: TotpSetup;
  t: TwoStepCopy;
  busyText: string;
  onCancel: () => void;
  onOn: (recoveryCodes: string[]) => void;
}) {
  const form = useSchemaForm(TotpConfirmSchema, { code: '' });
  return (
    <SchemaForm
      form={form}
      limits={TotpConfirmSchema}
      className="vstack gap-3"
      onSubmit={async (body) => {
        const { recoveryCodes } = await api<{ recoveryCodes: string[] }>(
          '/api/me/2fa/totp/confirm',
          { method: 'POST', body },
        );
        onOn(recoveryCodes);
      }}
    >
      <p className="mb-0">{t.scan}</p>
      {/* The server's QR code: path data only, made from our own otpauth:// address. */}
      <div
        role="img"
        aria-label={t.qrLabel}
        className="two-step-qr"
        style={{ maxWidth: 220 }}
        dangerouslySetInnerHTML={{ __html: setup.qrSvg }}
      />
      <div>
        <label htmlFor="totp-secret" className="form-label">
          {t.secretLabel}
        </label>
        <input
          id="totp-secret"
          className="form-control font-monospace"
          readOnly
          value={setup.secret}
          onFocus={(event) => event.currentTarget.select()}
        />
      </div>
      <FormTextField name="code" label={t.code} inputMode="numeric" autoComplete="one-time-code" />
      <div className="hstack gap-2">
        <SubmitButton busyText={busyText}>{t.confirm}</SubmitButton>
        <button type="button" className="btn btn-outline-secondary" onClick={onCancel}>
          {t.cancel}
        </button>
      </div>
    </SchemaForm>
  );
}

/** The ten recovery codes, shown this once. */
function RecoveryCodes({
  codes,
  t,
  onKept,
}: {
  codes: string[];
  t: TwoStepCopy;
  onKept: () => void;
}) {
  return (
    <div>
      <h3 className="h6">{t.recoveryTitle}</h3>
      <p>{t.recoveryIntro}</p>
      <ul aria-label={t.recoveryTitle} className="list-unstyled font-monospace">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <button type="button" className="btn btn-primary" onClick={onKept}>
        {t.recoveryKept}
      </button>
    </div>
  );
}

/** Codes are on: how many recovery codes are left, and turning off with a code. */
function TurnOff({
  t,
  busyText,
  recoveryLeft,
  onOff,
}: {
  t: TwoStepCopy;
  busyText: string;
  recoveryLeft: number;
  onOff: () => Promise<void>;
}) {
  const form = useSchemaForm(TotpStopFormSchema, { code: '' });
  return (
    <SchemaForm
      form={form}
      limits={TotpStopFormSchema}
      className="vstack gap-3"
      onSubmit={async ({ code }) => {
        await api('/api/me/2fa/totp', { method: 'DELETE', body: totpStopBody(code) });
        toast.success(t.isOff);
        await onOff();
      }}
    >
      <p className="mb-0">
        {t.isOn} {t.recoveryLeft(recoveryLeft)}
      </p>
      <h3 className="h6 mb-0">{t.turnOff}</h3>
      <FormTextField name="code" label={t.turnOffCode} autoComplete="one-time-code" />
      <div>
        <SubmitButton className="btn btn-outline-danger" busyText={busyText}>
          {t.turnOffButton}
        </SubmitButton>
      </div>
    </SchemaForm>
  );
}
