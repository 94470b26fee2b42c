/*
 * The receipt a member gets by e-mail for each charge (issue 39 item 4), in the site's interface
 * language; every interface language has its text. Plain text, like all of Patrika's mail.
 */
import type { UiLanguage } from '../../../common/settings';
import type { MailSite } from '../../lib/mail-texts';
import type { Charge } from './payment-events';

interface ReceiptFacts {
  site: string;
  name: string;
  plan: string;
  /** The amount as the language writes money: ₹199.00. */
  paid: string;
  /** The date the period paid for ends, or undefined. */
  until: string | undefined;
  provider: string;
  reference: string;
}

type Receipt = (f: ReceiptFacts) => { subject: string; text: string };

const RECEIPT: Record<UiLanguage, Receipt> = {
  en: (f) => ({
    subject: `${f.site}: receipt for your membership`,
    text:
      `Hello ${f.name},\n\nThank you: we received ${f.paid} for your ${f.plan} membership.` +
      (f.until ? `\nIt runs until ${f.until}.` : '') +
      `\n\nPaid through ${f.provider}, reference ${f.reference}.\n\n${f.site}`,
  }),
  hi: (f) => ({
    subject: `${f.site}: आपकी सदस्यता की रसीद`,
    text:
      `नमस्ते ${f.name},\n\nधन्यवाद: आपकी ${f.plan} सदस्यता के लिए हमें ${f.paid} मिले।` +
      (f.until ? `\nयह ${f.until} तक चलेगी।` : '') +
      `\n\n${f.provider} से भुगतान, संदर्भ ${f.reference}।\n\n${f.site}`,
  }),
  mr: (f) => ({
    subject: `${f.site}: तुमच्या सदस्यत्वाची पावती`,
    text:
      `नमस्कार ${f.name},\n\nधन्यवाद: तुमच्या ${f.plan} सदस्यत्वासाठी आम्हाला ${f.paid} मिळाले.` +
      (f.until ? `\nते ${f.until} पर्यंत चालेल.` : '') +
      `\n\n${f.provider} मार्फत भरणा, संदर्भ ${f.reference}.\n\n${f.site}`,
  }),
  gu: (f) => ({
    subject: `${f.site}: તમારા સભ્યપદની રસીદ`,
    text:
      `નમસ્તે ${f.name},\n\nઆભાર: તમારા ${f.plan} સભ્યપદ માટે અમને ${f.paid} મળ્યા.` +
      (f.until ? `\nતે ${f.until} સુધી ચાલશે.` : '') +
      `\n\n${f.provider} દ્વારા ચુકવણી, સંદર્ભ ${f.reference}.\n\n${f.site}`,
  }),
};

const PROVIDER_NAMES: Record<string, string> = { razorpay: 'Razorpay', stripe: 'Stripe' };

/** `amount` in the currency's smallest unit, written as the language writes money. */
export function money(amount: number, currency: string, language: string): string {
  const format = new Intl.NumberFormat(`${language}-IN`, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}

export function receiptMail(
  site: MailSite,
  to: { email: string; name: string },
  facts: { plan: string; charge: Charge; until: Date | null; provider: string },
) {
  const say = RECEIPT[site.language] ?? RECEIPT.en;
  const until = facts.until
    ? new Intl.DateTimeFormat(`${site.language}-IN`, {
        dateStyle: 'long',
        timeZone: site.timeZone,
      }).format(facts.until)
    : undefined;
  return {
    to: to.email,
    ...say({
      site: site.name,
      name: to.name,
      plan: facts.plan,
      paid: money(facts.charge.amount, facts.charge.currency, site.language),
      until,
      provider: PROVIDER_NAMES[facts.provider] ?? facts.provider,
      reference: facts.charge.reference,
    }),
    language: site.language,
    fromName: site.name,
    kind: 'membership-receipt',
  };
}
