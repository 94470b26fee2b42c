import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { PASSKEYS_PATH } from '../../../common/paths';
import { PasskeyNameFormSchema, type Passkey } from '../../../common/schemas/passkeys';
import { reauthBody } from '../../../common/schemas/second-factors';
import { FormTextField, SubmitButton } from '../../components/form/fields';
import { SchemaForm, useSchemaForm } from '../../components/form/schema-form';
import type { PasskeysCopy } from '../../copy/passkeys';
import { api, ApiError } from '../api/client';
import { useBusy } from '../api/use-busy';
import { addPasskey, passkeysSupported } from './passkey-client';

/**
 * /profile's "Passkeys" (issue 40 item 2): the person's passkeys, each with a button that
 * removes it, and a form that makes a new one on this device under a name. Read after the page
 * loads, as the sessions are: the list is the person's own.
 */
export function PasskeysSection({
  lang,
  locale,
  t,
  busyText,
  onChanged,
}: {
  lang: string;
  locale: string;
  t: PasskeysCopy;
  busyText: string;
  /** A passkey added or removed: the page's second-factor state may have changed. */
  onChanged: () => Promise<void>;
}) {
  const [passkeys, setPasskeys] = useState<Passkey[] | undefined>();
  const [supported, setSupported] = useState(true);
  const { busy, run } = useBusy(t.notMade);
  useEffect(() => {
    let live = true;
    setSupported(passkeysSupported());
    api<Passkey[]>(PASSKEYS_PATH)
      .then((list) => live && setPasskeys(list))
      .catch(() => live && setPasskeys([]));
    return () => {
      live = false;
    };
  }, []);
  const remove = (id: string) =>
    void run(async () => {
      await api(`${PASSKEYS_PATH}/${id}`, { method: 'DELETE' });
      setPasskeys((list) => list?.filter((p) => p._id !== id));
      toast.success(t.removed);
      await onChanged();
    });

  return (
    <section id="passkeys" aria-labelledby="passkeys-heading" className="mt-5" lang={lang}>
      <h2 id="passkeys-heading" className="h5">
        {t.title}
      </h2>
      <p>{t.intro}</p>
      {passkeys?.length === 0 && <p>{t.none}</p>}
      {passkeys && passkeys.length > 0 && (
        <PasskeyList passkeys={passkeys} locale={locale} t={t} busy={busy} onRemove={remove} />
      )}
      {supported ? (
        <AddPasskeyForm
          t={t}
          busyText={busyText}
          onAdded={async (added) => {
            setPasskeys((list) => [...(list ?? []), added]);
            await onChanged();
          }}
        />
      ) : (
        <p className="text-body-secondary">{t.unsupported}</p>
      )}
    </section>
  );
}

/**
 * The form that makes a new passkey on this device under a name, with the password (or a
 * code) adding one asks for (issue 66 item 4).
 */
function AddPasskeyForm({
  t,
  busyText,
  onAdded,
}: {
  t: PasskeysCopy;
  busyText: string;
  onAdded: (added: Passkey) => Promise<void>;
}) {
  const form = useSchemaForm(PasskeyNameFormSchema, { name: '', proof: '' });
  return (
    <SchemaForm
      form={form}
      limits={PasskeyNameFormSchema}
      className="vstack gap-3"
      onSubmit={async ({ name, proof }) => {
        let added: Passkey;
        try {
          added = await addPasskey(name, reauthBody(proof));
        } catch (error) {
          // The browser's own refusal (a closed window): said here, not as a field's error.
          if (error instanceof ApiError) throw error;
          toast.error(t.notMade);
          return;
        }
        form.reset({ name: '', proof: '' });
        toast.success(t.added);
        await onAdded(added);
      }}
    >
      <FormTextField
        name="name"
        id="passkey-name"
        label={t.name}
        hint={t.nameHint}
        autoComplete="off"
      />
      <FormTextField
        name="proof"
        id="passkey-proof"
        label={t.proof}
        hint={t.proofHint}
        type="password"
        autoComplete="current-password"
      />
      <SubmitButton busyText={busyText}>{t.add}</SubmitButton>
    </SchemaForm>
  );
}

/** The person's passkeys, each with its dates and a button that removes it. */
function PasskeyList({
  passkeys,
  locale,
  t,
  busy,
  onRemove,
}: {
  passkeys: Passkey[];
  locale: string;
  t: PasskeysCopy;
  busy: boolean;
  onRemove: (id: string) => void;
}) {
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return (
    <ul className="list-group mb-3" aria-label={t.listLabel}>
      {passkeys.map((p) => (
        <li
          key={p._id}
          className="list-group-item d-flex flex-wrap justify-content-between align-items-center gap-2"
        >
          <div>
            <span>{p.name}</span>
            <div className="small text-body-secondary">
              {t.addedOn(when.format(new Date(p.createdAt)))},{' '}
              {p.lastUsedAt ? t.lastUsed(when.format(new Date(p.lastUsedAt))) : t.neverUsed}
            </div>
          </div>
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            disabled={busy}
            aria-label={t.removeLabel(p.name)}
            onClick={() => onRemove(p._id)}
          >
            {t.remove}
          </button>
        </li>
      ))}
    </ul>
  );
}
