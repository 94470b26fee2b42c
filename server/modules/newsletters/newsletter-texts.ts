/*
 * The newsletters' own mail texts (issue 37 item 3): the confirmation of a subscription, in
 * the site's interface language; every interface language has its text.
 */
import type { MailMessage } from '../../lib/mail';
import type { MailSite } from '../../lib/mail-texts';

type Confirm = (site: string, url: string) => { subject: string; text: string };

const CONFIRM: Record<string, Confirm> = {
  en: (site, url) => ({
    subject: `${site}: confirm your newsletter subscription`,
    text:
      `Someone, probably you, asked for ${site}'s newsletters at this address.\n\n` +
      `To confirm, open this link (it works for 7 days):\n${url}\n\n` +
      `If it was not you, ignore this mail: nothing will be sent.\n\n${site}`,
  }),
  hi: (site, url) => ({
    subject: `${site}: न्यूज़लेटर की सदस्यता की पुष्टि करें`,
    text:
      `किसी ने, शायद आपने, इस पते पर ${site} के न्यूज़लेटर माँगे हैं।\n\n` +
      `पुष्टि के लिए यह लिंक खोलें (यह 7 दिन चलेगा):\n${url}\n\n` +
      `अगर यह आप नहीं थे, तो इस मेल को अनदेखा करें: कुछ नहीं भेजा जाएगा।\n\n${site}`,
  }),
  mr: (site, url) => ({
    subject: `${site}: वृत्तपत्राच्या सदस्यत्वाची खात्री करा`,
    text:
      `कोणीतरी, बहुधा तुम्ही, या पत्त्यावर ${site} ची वृत्तपत्रे मागितली आहेत.\n\n` +
      `खात्री करण्यासाठी ही लिंक उघडा (ती 7 दिवस चालेल):\n${url}\n\n` +
      `हे तुम्ही नसाल तर या मेलकडे दुर्लक्ष करा: काहीही पाठवले जाणार नाही.\n\n${site}`,
  }),
  gu: (site, url) => ({
    subject: `${site}: ન્યૂઝલેટરની સભ્યપદની ખાતરી કરો`,
    text:
      `કોઈએ, કદાચ તમે, આ સરનામે ${site}ના ન્યૂઝલેટર માગ્યા છે.\n\n` +
      `ખાતરી કરવા આ લિંક ખોલો (તે 7 દિવસ ચાલશે):\n${url}\n\n` +
      `જો તે તમે ન હો, તો આ મેલને અવગણો: કંઈ મોકલાશે નહીં.\n\n${site}`,
  }),
};

export function confirmationMail(site: MailSite, to: string, path: string): MailMessage {
  const say = CONFIRM[site.language] ?? CONFIRM.en!;
  return {
    to,
    ...say(site.name, new URL(path, site.publicUrl).toString()),
    language: site.language,
    fromName: site.name,
    kind: 'newsletter-confirmation',
  };
}

/** What the confirm and preferences pages say, in the site's interface language. */
export interface PageTexts {
  title: string;
  confirmed: string;
  invalid: string;
  unsubscribed: string;
  unsubscribeAll: string;
  oneClickOnly: string;
  /** The footer's form sent without a script: a confirmation went out. */
  sent: string;
  /** ...or the form was not right (no address, no newsletter). */
  notSent: string;
  back: string;
  status: Record<'subscribed' | 'unsubscribed' | 'bounced' | 'pending', string>;
}

const PAGES: Record<string, PageTexts> = {
  en: {
    title: 'Newsletters',
    confirmed: 'Your subscription is confirmed.',
    invalid: 'This link is not valid any more.',
    unsubscribed: 'You are unsubscribed.',
    unsubscribeAll: 'Unsubscribe from all',
    oneClickOnly: 'Send List-Unsubscribe=One-Click.',
    sent: 'Almost done: open the link we just mailed you to confirm.',
    notSent: 'Please give an e-mail address and choose a newsletter.',
    back: 'Back to the site',
    status: {
      subscribed: 'subscribed',
      unsubscribed: 'unsubscribed',
      bounced: 'mail to this address bounced',
      pending: 'waiting for confirmation',
    },
  },
  hi: {
    title: 'न्यूज़लेटर',
    confirmed: 'आपकी सदस्यता की पुष्टि हो गई है।',
    invalid: 'यह लिंक अब मान्य नहीं है।',
    unsubscribed: 'आपकी सदस्यता ख़त्म हो गई है।',
    unsubscribeAll: 'सभी की सदस्यता छोड़ें',
    oneClickOnly: 'List-Unsubscribe=One-Click भेजें।',
    sent: 'बस एक कदम: पुष्टि के लिए हमारे अभी भेजे मेल का लिंक खोलें।',
    notSent: 'कृपया ईमेल पता दें और एक न्यूज़लेटर चुनें।',
    back: 'साइट पर लौटें',
    status: {
      subscribed: 'सदस्य',
      unsubscribed: 'सदस्यता छोड़ी',
      bounced: 'इस पते पर मेल नहीं पहुँचा',
      pending: 'पुष्टि बाक़ी',
    },
  },
  mr: {
    title: 'वृत्तपत्रे',
    confirmed: 'तुमच्या सदस्यत्वाची खात्री झाली आहे.',
    invalid: 'ही लिंक आता वैध नाही.',
    unsubscribed: 'तुमचे सदस्यत्व संपले आहे.',
    unsubscribeAll: 'सर्वांचे सदस्यत्व सोडा',
    oneClickOnly: 'List-Unsubscribe=One-Click पाठवा.',
    sent: 'जवळजवळ झाले: खात्री करण्यासाठी आम्ही आत्ता पाठवलेल्या मेलमधील लिंक उघडा.',
    notSent: 'कृपया ई-मेल पत्ता द्या आणि एक वृत्तपत्र निवडा.',
    back: 'साइटवर परत जा',
    status: {
      subscribed: 'सदस्य',
      unsubscribed: 'सदस्यत्व सोडले',
      bounced: 'या पत्त्यावर मेल पोहोचला नाही',
      pending: 'खात्री बाकी',
    },
  },
  gu: {
    title: 'ન્યૂઝલેટર',
    confirmed: 'તમારા સભ્યપદની ખાતરી થઈ ગઈ છે.',
    invalid: 'આ લિંક હવે માન્ય નથી.',
    unsubscribed: 'તમારું સભ્યપદ પૂરું થયું છે.',
    unsubscribeAll: 'બધાનું સભ્યપદ છોડો',
    oneClickOnly: 'List-Unsubscribe=One-Click મોકલો.',
    sent: 'લગભગ થઈ ગયું: ખાતરી કરવા અમે હમણાં મોકલેલા મેલની લિંક ખોલો.',
    notSent: 'કૃપા કરી ઈ-મેલ સરનામું આપો અને એક ન્યૂઝલેટર પસંદ કરો.',
    back: 'સાઇટ પર પાછા જાઓ',
    status: {
      subscribed: 'સભ્ય',
      unsubscribed: 'સભ્યપદ છોડ્યું',
      bounced: 'આ સરનામે મેલ પહોંચ્યો નહીં',
      pending: 'ખાતરી બાકી',
    },
  },
};

export const pageTextsFor = (language: string): PageTexts => PAGES[language] ?? PAGES.en!;
