/*
 * The sign-in mail of issue 37 item 1, in the site's interface language: a link and the same
 * sign-in's code, for a reader who reads mail on another device than the one signing in.
 */
import type { MailMessage } from '../../lib/mail';
import type { MailSite } from '../../lib/mail-texts';

interface Says {
  site: string;
  url: string;
  code: string;
  minutes: number;
}
type Compose = (v: Says) => { subject: string; text: string };

const TEXTS: Record<string, Compose> = {
  en: (v) => ({
    subject: `${v.site}: your sign-in link (code ${v.code})`,
    text:
      `To sign in to ${v.site}, open this link (it works once, for ${v.minutes} minutes):\n${v.url}\n\n` +
      `Or type this code where you asked for it: ${v.code}\n\n` +
      `If it was not you, ignore this mail: nothing happens without the link or the code.\n\n${v.site}`,
  }),
  hi: (v) => ({
    subject: `${v.site}: साइन इन करने का आपका लिंक (कोड ${v.code})`,
    text:
      `${v.site} पर साइन इन करने के लिए यह लिंक खोलें (यह एक बार, ${v.minutes} मिनट तक चलेगा):\n${v.url}\n\n` +
      `या जहाँ आपने माँगा था वहाँ यह कोड लिखें: ${v.code}\n\n` +
      `अगर यह आप नहीं थे, तो इस मेल को अनदेखा करें: लिंक या कोड के बिना कुछ नहीं होगा।\n\n${v.site}`,
  }),
  mr: (v) => ({
    subject: `${v.site}: साइन इन करण्याची तुमची लिंक (कोड ${v.code})`,
    text:
      `${v.site} वर साइन इन करण्यासाठी ही लिंक उघडा (ती एकदाच, ${v.minutes} मिनिटे चालेल):\n${v.url}\n\n` +
      `किंवा जिथे मागितला तिथे हा कोड लिहा: ${v.code}\n\n` +
      `हे तुम्ही नसाल तर या मेलकडे दुर्लक्ष करा: लिंक किंवा कोडशिवाय काहीही होणार नाही.\n\n${v.site}`,
  }),
  gu: (v) => ({
    subject: `${v.site}: સાઇન ઇન કરવાની તમારી લિંક (કોડ ${v.code})`,
    text:
      `${v.site} પર સાઇન ઇન કરવા આ લિંક ખોલો (તે એક જ વાર, ${v.minutes} મિનિટ ચાલશે):\n${v.url}\n\n` +
      `અથવા જ્યાં માગ્યો હતો ત્યાં આ કોડ લખો: ${v.code}\n\n` +
      `જો તે તમે ન હો, તો આ મેલને અવગણો: લિંક કે કોડ વિના કંઈ નહીં થાય.\n\n${v.site}`,
  }),
};

export function emailLinkMail(site: MailSite, to: string, says: Omit<Says, 'site'>): MailMessage {
  const compose = TEXTS[site.language] ?? TEXTS.en!;
  return {
    to,
    ...compose({ ...says, site: site.name }),
    language: site.language,
    fromName: site.name,
    kind: 'email-link',
  };
}
