import { useEffect, useState } from 'react';
import type { UserInfo } from '../../../common/schemas/users';
import type { PasskeysCopy } from '../../copy/passkeys';
import { useBusy } from '../api/use-busy';
import { passkeySecondStep, passkeysSupported, signInWithPasskey } from './passkey-client';

/**
 * The sign-in page's passkey button (issue 40 item 2): alone, it signs in with any passkey of
 * this site on the device (no e-mail, no password); with the second step's `token`, it
 * completes a password's sign-in with the person's own passkey. Shown once the page knows the
 * browser can use passkeys (the server's HTML is the same for every browser).
 */
export function PasskeySignInButton({
  lang,
  t,
  token,
  onSignedIn,
}: {
  lang: string;
  t: PasskeysCopy;
  token?: string;
  onSignedIn: (info: UserInfo) => Promise<void>;
}) {
  const [supported, setSupported] = useState(false);
  const { busy, run } = useBusy(t.notMade);
  useEffect(() => setSupported(passkeysSupported()), []);
  if (!supported) return null;
  const signIn = () =>
    void run(async () =>
      onSignedIn(await (token ? passkeySecondStep(token) : signInWithPasskey())),
    );
  return (
    <div className="mt-3" lang={lang}>
      {token && <p className="mb-2">{t.stepIntro}</p>}
      <button type="button" className="btn btn-outline-primary" disabled={busy} onClick={signIn}>
        {token ? t.stepButton : t.signIn}
      </button>
    </div>
  );
}
