import type { StaffLanguage } from '../../common/languages';

/*
 * Two-step sign-in's texts (issue 40 items 1 and 3, docs/decisions/052b) in both back-office
 * languages (DECISIONS.md §18): the profile's section that sets authenticator codes up and
 * turns them off, and the sign-in page's second step. Hindi has the same keys, said the way
 * Hindi apps say them (Google's and banks' Hindi screens call it "दो-चरणीय सत्यापन").
 */

const en = {
  title: 'Two-step sign-in',
  intro:
    'With two-step sign-in on, signing in asks for your password and then a code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password and the like).',
  required:
    'This site asks your role to use two-step sign-in. Set it up here to go on to the dashboard.',
  isOn: 'Two-step sign-in is on.',
  isOff: 'Two-step sign-in is off.',
  recoveryLeft: (n: number) => `${n} unused recovery code${n === 1 ? '' : 's'} left.`,
  unavailable:
    'Authenticator codes cannot be turned on on this server: ask its operator to set SECRETS_KEY.',
  setUp: 'Set up two-step sign-in',
  setUpPassword: 'Your current password',
  setUpPasswordHint:
    'Setting up two-step sign-in asks for it, so that nobody at a computer you left signed in can turn it on.',
  removeRecent:
    'Also remove the passkeys and authenticator codes added in the last 24 hours (if someone else added them)',
  scan: 'Scan this QR code with your authenticator app, or type the key below into it. Then type the code the app shows.',
  qrLabel: 'QR code for your authenticator app',
  secretLabel: 'Key, to type in by hand',
  code: 'Code from the app',
  confirm: 'Turn on',
  cancel: 'Cancel',
  turnedOn: 'Two-step sign-in is on.',
  recoveryTitle: 'Your recovery codes',
  recoveryIntro:
    'Keep these ten codes somewhere safe, away from your phone. Each one signs you in once if you lose the app. They are shown only now.',
  recoveryKept: 'I have kept them',
  turnOff: 'Turn off two-step sign-in',
  turnOffCode: 'A code from the app, or a recovery code',
  turnOffButton: 'Turn off',
  stepTitle: 'Two-step sign-in',
  stepIntro: 'Type the code your authenticator app shows for this site.',
  stepRecoveryIntro: 'Type one of the recovery codes you kept. Each works only once.',
  stepCode: 'Code',
  recoveryCode: 'Recovery code',
  stepSubmit: 'Sign in',
  useRecovery: 'Use a recovery code instead',
  useApp: 'Use a code from the app instead',
  startAgain: 'Start again with your password',
};

export type TwoStepCopy = {
  readonly [K in keyof typeof en]: (typeof en)[K] extends string ? string : (typeof en)[K];
};

const hi: TwoStepCopy = {
  title: 'दो-चरणीय साइन इन',
  intro:
    'दो-चरणीय साइन इन चालू होने पर साइन इन के समय आपका पासवर्ड और फिर आपके फ़ोन के ऑथेंटिकेटर ऐप (Google या Microsoft का ऑथेंटिकेटर, 1Password आदि) का कोड माँगा जाता है।',
  required: 'यह साइट आपकी भूमिका के लिए दो-चरणीय साइन इन माँगती है। डैशबोर्ड पर जाने के लिए इसे यहाँ चालू करें।',
  isOn: 'दो-चरणीय साइन इन चालू है।',
  isOff: 'दो-चरणीय साइन इन बंद है।',
  recoveryLeft: (n) => `बिना इस्तेमाल हुए रिकवरी कोड: ${n}।`,
  unavailable: 'इस सर्वर पर ऑथेंटिकेटर कोड चालू नहीं हो सकते: इसे चलाने वाले से SECRETS_KEY रखने को कहें।',
  setUp: 'दो-चरणीय साइन इन चालू करें',
  setUpPassword: 'आपका मौजूदा पासवर्ड',
  setUpPasswordHint:
    'दो-चरणीय साइन इन सेट करने पर यह माँगा जाता है, ताकि जिस कंप्यूटर पर आप साइन इन छोड़ गए, वहाँ कोई और इसे चालू न कर सके।',
  removeRecent: 'पिछले 24 घंटों में जोड़ी गई पासकी और ऑथेंटिकेटर कोड भी हटाएँ (अगर किसी और ने जोड़े हों)',
  scan: 'इस QR कोड को अपने ऑथेंटिकेटर ऐप से स्कैन करें, या नीचे दी गई कुंजी ऐप में लिखें। फिर ऐप में दिख रहा कोड लिखें।',
  qrLabel: 'आपके ऑथेंटिकेटर ऐप के लिए QR कोड',
  secretLabel: 'कुंजी, हाथ से लिखने के लिए',
  code: 'ऐप का कोड',
  confirm: 'चालू करें',
  cancel: 'रद्द करें',
  turnedOn: 'दो-चरणीय साइन इन चालू है।',
  recoveryTitle: 'आपके रिकवरी कोड',
  recoveryIntro:
    'ये दस कोड अपने फ़ोन से अलग, किसी सुरक्षित जगह रखें। ऐप खो जाने पर हर कोड से एक बार साइन इन हो सकता है। ये केवल अभी दिखाए जा रहे हैं।',
  recoveryKept: 'मैंने इन्हें रख लिया है',
  turnOff: 'दो-चरणीय साइन इन बंद करें',
  turnOffCode: 'ऐप का कोड, या कोई रिकवरी कोड',
  turnOffButton: 'बंद करें',
  stepTitle: 'दो-चरणीय साइन इन',
  stepIntro: 'इस साइट के लिए आपके ऑथेंटिकेटर ऐप में दिख रहा कोड लिखें।',
  stepRecoveryIntro: 'अपने रखे हुए रिकवरी कोड में से एक लिखें। हर कोड एक ही बार चलता है।',
  stepCode: 'कोड',
  recoveryCode: 'रिकवरी कोड',
  stepSubmit: 'साइन इन करें',
  useRecovery: 'इसके बजाय रिकवरी कोड इस्तेमाल करें',
  useApp: 'इसके बजाय ऐप का कोड इस्तेमाल करें',
  startAgain: 'पासवर्ड से फिर शुरू करें',
};

/** Two-step sign-in in the back office's languages (a site in another runs it in English). */
export const twoStepCopy: Record<StaffLanguage, TwoStepCopy> = { en, hi };
