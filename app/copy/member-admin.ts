import type { StaffLanguage } from '../../common/languages';
import type { Plan } from '../../common/schemas/payments';

/*
 * The members screen's plans and complimentary memberships, and the dashboard's members line
 * (issue 39 item 4), in both back-office languages (DECISIONS.md §18). Refusals are said by
 * their codes (app/copy/refusals.ts).
 */

const en = {
  give: {
    title: 'Give a complimentary membership',
    email: 'Their e-mail address',
    plan: 'Plan',
    noPlan: 'No plan (opens everything)',
    until: 'Until (empty: until it is ended)',
    submit: 'Give',
    notFound: (email: string) => `No one has the address ${email}.`,
    confirm: (name: string, email: string) => `Give ${name} (${email}) a complimentary membership?`,
    given: (name: string) => `${name} is now a complimentary member.`,
  },
  end: 'End',
  confirmEnd: (name: string) => `End ${name}’s complimentary membership now?`,
  ended: (name: string) => `${name}’s complimentary membership has ended.`,
  actions: 'Actions',
  /** A charge held for an administrator (issue 66 item 9), shown beside the member's status. */
  flags: {
    'payment.amount_mismatch': 'A charge of another amount than the plan’s was held, not applied',
    'payment.currency_mismatch':
      'A charge in another currency than the plan’s was held, not applied',
  } as Record<string, string>,
  flagged: 'A charge was held, not applied',
  plans: {
    title: 'Plans',
    intro:
      'What readers can pay for. A change of price applies to new checkouts; members keep paying what they pay.',
    empty: 'No plans yet.',
    add: 'New plan',
    editing: (name: string) => `Changing “${name}”`,
    name: 'Name',
    interval: 'Billed every',
    intervals: { month: 'Month', year: 'Year' } satisfies Record<Plan['interval'], string>,
    amount: 'Price (in rupees, or the currency’s main unit)',
    currency: 'Currency',
    trialDays: 'Free trial days',
    access: 'Opens',
    accesses: {
      members: 'Members’ stories',
      paid: 'Members’ and paid stories',
    } satisfies Record<Plan['access'], string>,
    active: 'On offer',
    epaper: 'Includes the e-paper',
    epaperDays: 'E-paper archive, days back (empty: every issue)',
    save: 'Save plan',
    cancel: 'Cancel',
    edit: 'Edit',
    deactivate: 'Withdraw',
    confirmDeactivate: (name: string) =>
      `Withdraw “${name}”? Readers can no longer start it; its members keep it.`,
    saved: 'The plan was saved.',
    withdrawn: 'The plan was withdrawn.',
    price: 'Price',
    state: 'State',
    onOffer: 'On offer',
    withdrawnState: 'Withdrawn',
  },
  dashboard: {
    title: 'Members',
    activeMembers: 'Active members',
    mrr: 'Monthly recurring revenue',
  },
};
export type MemberAdminCopy = typeof en;

const hi: MemberAdminCopy = {
  give: {
    title: 'मानार्थ सदस्यता दें',
    email: 'उनका ई-मेल पता',
    plan: 'प्लान',
    noPlan: 'कोई प्लान नहीं (सब कुछ खुलता है)',
    until: 'कब तक (ख़ाली: समाप्त किए जाने तक)',
    submit: 'दें',
    notFound: (email: string) => `${email} पते वाला कोई व्यक्ति नहीं है।`,
    confirm: (name: string, email: string) => `${name} (${email}) को मानार्थ सदस्यता दें?`,
    given: (name: string) => `${name} अब मानार्थ सदस्य हैं।`,
  },
  end: 'समाप्त करें',
  confirmEnd: (name: string) => `${name} की मानार्थ सदस्यता अभी समाप्त करें?`,
  ended: (name: string) => `${name} की मानार्थ सदस्यता समाप्त हो गई।`,
  actions: 'कार्य',
  flags: {
    'payment.amount_mismatch': 'प्लान से अलग राशि का एक भुगतान रोका गया, लागू नहीं हुआ',
    'payment.currency_mismatch': 'प्लान से अलग मुद्रा का एक भुगतान रोका गया, लागू नहीं हुआ',
  },
  flagged: 'एक भुगतान रोका गया, लागू नहीं हुआ',
  plans: {
    title: 'प्लान',
    intro:
      'पाठक किन चीज़ों के लिए भुगतान कर सकते हैं। क़ीमत का बदलाव नए चेकआउट पर लागू होता है; सदस्य उतना ही देते रहते हैं जितना देते हैं।',
    empty: 'अभी कोई प्लान नहीं है।',
    add: 'नया प्लान',
    editing: (name: string) => `“${name}” बदला जा रहा है`,
    name: 'नाम',
    interval: 'बिल हर',
    intervals: { month: 'महीने', year: 'साल' },
    amount: 'क़ीमत (रुपयों में, या मुद्रा की मुख्य इकाई में)',
    currency: 'मुद्रा',
    trialDays: 'मुफ़्त ट्रायल के दिन',
    access: 'क्या खुलता है',
    accesses: { members: 'सदस्यों की ख़बरें', paid: 'सदस्यों की और सशुल्क ख़बरें' },
    active: 'उपलब्ध',
    epaper: 'ई-पेपर शामिल है',
    epaperDays: 'ई-पेपर संग्रह, कितने दिन पीछे तक (ख़ाली: हर अंक)',
    save: 'प्लान सहेजें',
    cancel: 'रद्द करें',
    edit: 'बदलें',
    deactivate: 'वापस लें',
    confirmDeactivate: (name: string) =>
      `“${name}” वापस लें? पाठक इसे अब शुरू नहीं कर सकेंगे; इसके सदस्यों का यह बना रहेगा।`,
    saved: 'प्लान सहेजा गया।',
    withdrawn: 'प्लान वापस लिया गया।',
    price: 'क़ीमत',
    state: 'स्थिति',
    onOffer: 'उपलब्ध',
    withdrawnState: 'वापस लिया गया',
  },
  dashboard: {
    title: 'सदस्य',
    activeMembers: 'सक्रिय सदस्य',
    mrr: 'मासिक आवर्ती आय',
  },
};

/** The members' screens in the back office's languages (a site in another runs them in English). */
export const memberAdminCopy: Record<StaffLanguage, MemberAdminCopy> = { en, hi };
