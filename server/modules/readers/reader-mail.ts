/*
 * The mail with the code that deletes an account (issue 37 item 6), in the site's interface
 * language; every interface language has its text.
 */
import type { MailSite } from '../../lib/mail-texts';

type DeleteCode = (
  site: string,
  code: string,
  minutes: number,
) => { subject: string; text: string };

const DELETE_CODE: Record<string, DeleteCode> = {
  en: (site, code, minutes) => ({
    subject: `${site}: your code to delete your account`,
    text:
      `Someone, probably you, asked to delete your account at ${site}.\n\n` +
      `Your code is ${code}. It works once, for ${minutes} minutes.\n\n` +
      `If it was not you, ignore this mail: your account stays as it is.\n\n${site}`,
  }),
  hi: (site, code, minutes) => ({
    subject: `${site}: आपका खाता हटाने का कोड`,
    text:
      `किसी ने, शायद आपने, ${site} पर आपका खाता हटाने को कहा है।\n\n` +
      `आपका कोड ${code} है। यह एक बार, ${minutes} मिनट तक चलेगा।\n\n` +
      `अगर यह आप नहीं थे, तो इस मेल को अनदेखा करें: आपका खाता जैसा है वैसा रहेगा।\n\n${site}`,
  }),
  mr: (site, code, minutes) => ({
    subject: `${site}: तुमचे खाते हटवण्याचा कोड`,
    text:
      `कोणीतरी, बहुधा तुम्ही, ${site} वरील तुमचे खाते हटवायला सांगितले आहे.\n\n` +
      `तुमचा कोड ${code} आहे. तो एकदाच, ${minutes} मिनिटे चालेल.\n\n` +
      `हे तुम्ही नसाल तर या मेलकडे दुर्लक्ष करा: तुमचे खाते आहे तसेच राहील.\n\n${site}`,
  }),
  gu: (site, code, minutes) => ({
    subject: `${site}: તમારું ખાતું કાઢી નાખવાનો કોડ`,
    text:
      `કોઈએ, કદાચ તમે, ${site} પરનું તમારું ખાતું કાઢી નાખવા કહ્યું છે.\n\n` +
      `તમારો કોડ ${code} છે. તે એક જ વાર, ${minutes} મિનિટ ચાલશે.\n\n` +
      `જો તે તમે ન હો, તો આ મેલને અવગણો: તમારું ખાતું જેમ છે તેમ રહેશે.\n\n${site}`,
  }),
};

export function deleteCodeMail(site: MailSite, to: string, code: string, minutes: number) {
  const say = DELETE_CODE[site.language] ?? DELETE_CODE.en!;
  return {
    to,
    ...say(site.name, code, minutes),
    language: site.language,
    fromName: site.name,
    kind: 'account-delete-code',
  };
}
