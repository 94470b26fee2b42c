import type { StaffLanguage } from '../../common/languages';

/*
 * Passkeys' texts (issue 40 item 2, docs/decisions/052c) in both back-office languages
 * (DECISIONS.md §18): the profile's section that adds, lists and removes them, and the sign-in
 * page's passkey buttons. Hindi says "पासकी", as Google's and Apple's Hindi screens do.
 */

const en = {
  title: 'Passkeys',
  intro:
    'A passkey signs you in with your fingerprint, face or screen lock instead of a password, and it only works on this site. With a passkey added, signing in with your password asks for it too.',
  none: 'You have no passkeys yet.',
  listLabel: 'Your passkeys',
  name: 'Name of the new passkey',
  nameHint: 'Something that says which device it is on, like “Work laptop”.',
  proof: 'Your current password, or a code from your authenticator app',
  proofHint:
    'Adding a passkey asks for it, so that nobody at a computer you left signed in can add one.',
  add: 'Add a passkey',
  added: 'Passkey added.',
  addedOn: (date: string) => `Added ${date}`,
  lastUsed: (date: string) => `last used ${date}`,
  neverUsed: 'not used yet',
  remove: 'Remove',
  removeLabel: (name: string) => `Remove the passkey “${name}”`,
  removed: 'Passkey removed.',
  unsupported: 'This browser cannot use passkeys.',
  notMade: 'No passkey was used: the browser’s window was closed, or it took too long. Try again.',
  signIn: 'Continue with a passkey',
  stepIntro: 'Confirm it is you with your passkey.',
  stepButton: 'Use your passkey',
};

export type PasskeysCopy = {
  readonly [K in keyof typeof en]: (typeof en)[K] extends string ? string : (typeof en)[K];
};

const hi: PasskeysCopy = {
  title: 'पासकी',
  intro:
    'पासकी से आप पासवर्ड के बजाय अपने फ़िंगरप्रिंट, चेहरे या स्क्रीन लॉक से साइन इन करते हैं, और यह केवल इसी साइट पर चलती है। पासकी जुड़ने के बाद पासवर्ड से साइन इन करने पर वह भी माँगी जाती है।',
  none: 'आपकी अभी कोई पासकी नहीं है।',
  listLabel: 'आपकी पासकी',
  name: 'नई पासकी का नाम',
  nameHint: 'ऐसा नाम जिससे पता चले कि यह किस डिवाइस पर है, जैसे “दफ़्तर का लैपटॉप”।',
  proof: 'आपका मौजूदा पासवर्ड, या ऑथेंटिकेटर ऐप का कोड',
  proofHint:
    'पासकी जोड़ने पर यह माँगा जाता है, ताकि जिस कंप्यूटर पर आप साइन इन छोड़ गए, वहाँ कोई और पासकी न जोड़ सके।',
  add: 'पासकी जोड़ें',
  added: 'पासकी जुड़ गई।',
  addedOn: (date) => `${date} को जोड़ी गई`,
  lastUsed: (date) => `पिछली बार ${date} को इस्तेमाल हुई`,
  neverUsed: 'अभी इस्तेमाल नहीं हुई',
  remove: 'हटाएँ',
  removeLabel: (name) => `पासकी “${name}” हटाएँ`,
  removed: 'पासकी हटा दी गई।',
  unsupported: 'यह ब्राउज़र पासकी इस्तेमाल नहीं कर सकता।',
  notMade: 'कोई पासकी इस्तेमाल नहीं हुई: ब्राउज़र की खिड़की बंद हो गई या बहुत देर हो गई। फिर से कोशिश करें।',
  signIn: 'पासकी से आगे बढ़ें',
  stepIntro: 'अपनी पासकी से पुष्टि करें कि यह आप ही हैं।',
  stepButton: 'अपनी पासकी इस्तेमाल करें',
};

/** Passkeys in the back office's languages (a site in another runs them in English). */
export const passkeysCopy: Record<StaffLanguage, PasskeysCopy> = { en, hi };
