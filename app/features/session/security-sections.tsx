import type { StaffLanguage } from '../../../common/languages';
import { useInterface } from '../../copy/language';
import { passkeysCopy } from '../../copy/passkeys';
import { twoStepCopy } from '../../copy/two-step';
import { PasskeysSection } from './passkeys-section';
import { TwoStepSection, type TwoStepState } from './two-step-section';

/**
 * /profile's security (issue 40 items 1 and 2), in the person's back-office language:
 * authenticator codes, then passkeys. `onChanged` reloads the page's data after a change.
 */
export function SecuritySections({
  state,
  language,
  busyText,
  onChanged,
}: {
  state: TwoStepState;
  language: StaffLanguage;
  busyText: string;
  onChanged: () => Promise<void>;
}) {
  const { locale } = useInterface();
  return (
    <>
      <TwoStepSection
        state={state}
        t={twoStepCopy[language]}
        busyText={busyText}
        onChanged={onChanged}
      />
      <PasskeysSection
        lang={language}
        locale={locale}
        t={passkeysCopy[language]}
        busyText={busyText}
        onChanged={onChanged}
      />
    </>
  );
}
