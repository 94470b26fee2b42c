/*
 * What Patrika's mails say (issue 26 item 8), in the site's interface language (`uiLanguage`,
 * DECISIONS.md §12): whole sentences with named variables, English and Hindi side by side, so
 * one cannot gain a mail the other lacks. The site's name opens every subject and signs every
 * mail; links are whole addresses on PUBLIC_URL.
 */
import { staffLanguageOf, type StaffLanguage } from '../../common/languages';
import type { Role } from '../../common/roles';
import type { UiLanguage } from '../../common/settings';

export interface MailText {
  subject: string;
  text: string;
}

/** Who the site is, for a mail: its name, interface language and public address. */
export interface MailSite {
  name: string;
  language: UiLanguage;
  publicUrl: string;
  /** The site's time zone (settings), in which times are written. */
  timeZone: string;
}

/** A time as the site's readers read it: their language, the site's time zone. */
export const siteTime = (site: MailSite, at: Date) =>
  new Intl.DateTimeFormat(staffLanguageOf(site.language) === 'hi' ? 'hi-IN' : 'en-IN', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: site.timeZone,
  }).format(at);

const ROLE_NAMES: Record<StaffLanguage, Record<Role, string>> = {
  en: {
    reader: 'reader',
    moderator: 'moderator',
    author: 'author',
    editor: 'editor',
    administrator: 'administrator',
  },
  hi: {
    reader: 'पाठक',
    moderator: 'मॉडरेटर',
    author: 'लेखक',
    editor: 'संपादक',
    administrator: 'प्रशासक',
  },
};

/** A second factor added to an account (issue 66 item 4): what, when, and how to undo it. */
interface FactorAdded {
  site: string;
  name: string;
  /** The passkey's name; undefined: authenticator codes were turned on. */
  passkey: string | undefined;
  at: string;
  profileUrl: string;
  resetUrl: string;
  hours: number;
}

/** A note in the margin that mentions its reader (issue 43 item 2). */
interface NoteMention {
  site: string;
  by: string;
  title: string;
  quote: string;
  body: string;
  url: string;
}

const TEXTS = {
  en: {
    invitation: (v: { site: string; name: string; role: string; by: string; url: string }) => ({
      subject: `${v.site}: you are invited to join as ${v.role}`,
      text:
        `Hello ${v.name},\n\n${v.by} invites you to ${v.site} as ${v.role}.\n\n` +
        `Set your password here to join (the link works once, for 7 days):\n${v.url}\n\n` +
        `If you did not expect this, ignore this mail.\n\n${v.site}`,
    }),
    passwordReset: (v: { site: string; name: string; url: string; minutes: number }) => ({
      subject: `${v.site}: reset your password`,
      text:
        `Hello ${v.name},\n\nSomeone asked to reset the password of your account at ${v.site}. ` +
        `To choose a new one, open this link (it works once, for ${v.minutes} minutes):\n${v.url}\n\n` +
        `If it was not you, ignore this mail: your password stays as it is.\n\n${v.site}`,
    }),
    signInLocked: (v: { site: string; name: string; minutes: number; resetUrl: string }) => ({
      subject: `${v.site}: sign-in to your account is paused`,
      text:
        `Hello ${v.name},\n\nThere were too many failed attempts to sign in to your account at ` +
        `${v.site}, so signing in is paused for ${v.minutes} minutes.\n\n` +
        `If these were not you, someone may be guessing your password: choose a new one here:\n` +
        `${v.resetUrl}\n\n${v.site}`,
    }),
    factorAdded: (v: FactorAdded) => ({
      subject: `${v.site}: a new way to sign in was added to your account`,
      text:
        `Hello ${v.name},\n\nA second way to sign in was added to your account at ${v.site} ` +
        `on ${v.at}: ${v.passkey === undefined ? 'authenticator codes' : `the passkey “${v.passkey}”`}.\n\nIf this was you, there is nothing to do.\n\n` +
        `If it was not you, someone has your session or your password. Open your profile:\n` +
        `${v.profileUrl}\n` +
        `There, change your password and tick “Also remove the passkeys and authenticator codes ` +
        `added in the last ${v.hours} hours” (or sign out everywhere with that box ticked). ` +
        `If you cannot sign in any more, choose a new password here, then do the same:\n` +
        `${v.resetUrl}\nor ask the site’s administrator.\n\n${v.site}`,
    }),
    reviewSubmitted: (v: { site: string; title: string; author: string; url: string }) => ({
      subject: `${v.site}: “${v.title}” waits for review`,
      text:
        `${v.author} submitted “${v.title}” for review.\n\nOpen it here:\n${v.url}\n\n` +
        `You can turn these mails off on your profile.\n\n${v.site}`,
    }),
    reviewSentBack: (v: { site: string; title: string; note: string; url: string }) => ({
      subject: `${v.site}: “${v.title}” was sent back to you`,
      text:
        `An editor sent “${v.title}” back to draft.` +
        (v.note ? `\n\nTheir note:\n${v.note}` : '') +
        `\n\nOpen it here:\n${v.url}\n\nYou can turn these mails off on your profile.\n\n${v.site}`,
    }),
    reviewPublished: (v: { site: string; title: string; url: string }) => ({
      subject: `${v.site}: “${v.title}” is published`,
      text:
        `An editor published “${v.title}”.\n\nRead it here:\n${v.url}\n\n` +
        `You can turn these mails off on your profile.\n\n${v.site}`,
    }),
    webhookDisabled: (v: { site: string; url: string; days: number }) => ({
      subject: `${v.site}: a webhook was turned off`,
      text:
        `Deliveries to ${v.url} have failed for ${v.days} days, so ${v.site} has stopped sending ` +
        `events there. Once the receiver answers again, turn the webhook back on ` +
        `(PUT /api/webhooks/{id} with "enabled": true); its failed deliveries can be sent again ` +
        `from its list of deliveries.\n\n${v.site}`,
    }),
    noteMentioned: (v: NoteMention) => ({
      subject: `${v.site}: ${v.by} mentioned you in a note on “${v.title}”`,
      text:
        `${v.by} mentioned you in a note on “${v.title}”, on the words:\n“${v.quote}”\n\n` +
        `${v.body}\n\nOpen the story here:\n${v.url}\n\n${v.site}`,
    }),
    reviewScheduled: (v: { site: string; title: string; at: string; url: string }) => ({
      subject: `${v.site}: “${v.title}” is scheduled for ${v.at}`,
      text:
        `An editor scheduled “${v.title}” to go out at ${v.at}.\n\nOpen it here:\n${v.url}\n\n` +
        `You can turn these mails off on your profile.\n\n${v.site}`,
    }),
  },
  hi: {
    invitation: (v: { site: string; name: string; role: string; by: string; url: string }) => ({
      subject: `${v.site}: आपको ${v.role} के रूप में जुड़ने का निमंत्रण`,
      text:
        `नमस्ते ${v.name},\n\n${v.by} आपको ${v.site} पर ${v.role} के रूप में आमंत्रित करते हैं।\n\n` +
        `जुड़ने के लिए यहाँ अपना पासवर्ड रखें (यह लिंक एक बार, 7 दिन तक चलेगा):\n${v.url}\n\n` +
        `अगर आपको इसकी उम्मीद नहीं थी, तो इस मेल को अनदेखा करें।\n\n${v.site}`,
    }),
    passwordReset: (v: { site: string; name: string; url: string; minutes: number }) => ({
      subject: `${v.site}: अपना पासवर्ड बदलें`,
      text:
        `नमस्ते ${v.name},\n\n${v.site} पर आपके खाते का पासवर्ड बदलने का अनुरोध किया गया है। ` +
        `नया पासवर्ड चुनने के लिए यह लिंक खोलें (यह एक बार, ${v.minutes} मिनट तक चलेगा):\n${v.url}\n\n` +
        `अगर यह अनुरोध आपने नहीं किया, तो इस मेल को अनदेखा करें: आपका पासवर्ड जैसा है वैसा रहेगा।\n\n${v.site}`,
    }),
    signInLocked: (v: { site: string; name: string; minutes: number; resetUrl: string }) => ({
      subject: `${v.site}: आपके खाते में साइन इन रोका गया है`,
      text:
        `नमस्ते ${v.name},\n\n${v.site} पर आपके खाते में साइन इन की बहुत सी कोशिशें विफल रहीं, ` +
        `इसलिए ${v.minutes} मिनट के लिए साइन इन रोका गया है।\n\n` +
        `अगर ये कोशिशें आपने नहीं कीं, तो कोई आपका पासवर्ड अनुमान लगा रहा हो सकता है: यहाँ नया पासवर्ड चुनें:\n` +
        `${v.resetUrl}\n\n${v.site}`,
    }),
    factorAdded: (v: FactorAdded) => ({
      subject: `${v.site}: आपके खाते में साइन इन का नया तरीका जोड़ा गया`,
      text:
        `नमस्ते ${v.name},\n\n${v.site} पर आपके खाते में ${v.at} को साइन इन का एक दूसरा तरीका ` +
        `जोड़ा गया: ${v.passkey === undefined ? 'ऑथेंटिकेटर कोड' : `पासकी “${v.passkey}”`}।\n\nअगर यह आपने किया, तो कुछ नहीं करना है।\n\n` +
        `अगर यह आपने नहीं किया, तो किसी के पास आपका सेशन या पासवर्ड है। अपनी प्रोफ़ाइल खोलें:\n` +
        `${v.profileUrl}\n` +
        `वहाँ अपना पासवर्ड बदलें और “पिछले ${v.hours} घंटों में जोड़ी गई पासकी और ऑथेंटिकेटर कोड भी ` +
        `हटाएँ” चुनें (या उसी को चुनकर हर जगह से साइन आउट करें)। ` +
        `अगर अब साइन इन नहीं हो पा रहा, तो यहाँ नया पासवर्ड चुनें, फिर यही करें:\n` +
        `${v.resetUrl}\nया साइट के एडमिनिस्ट्रेटर से कहें।\n\n${v.site}`,
    }),
    reviewSubmitted: (v: { site: string; title: string; author: string; url: string }) => ({
      subject: `${v.site}: “${v.title}” समीक्षा की प्रतीक्षा में`,
      text:
        `${v.author} ने “${v.title}” समीक्षा के लिए भेजा है।\n\nइसे यहाँ खोलें:\n${v.url}\n\n` +
        `ये मेल आप अपनी प्रोफ़ाइल पर बंद कर सकते हैं।\n\n${v.site}`,
    }),
    reviewSentBack: (v: { site: string; title: string; note: string; url: string }) => ({
      subject: `${v.site}: “${v.title}” आपको लौटाया गया`,
      text:
        `एक संपादक ने “${v.title}” को ड्राफ़्ट में लौटा दिया है।` +
        (v.note ? `\n\nउनकी टिप्पणी:\n${v.note}` : '') +
        `\n\nइसे यहाँ खोलें:\n${v.url}\n\nये मेल आप अपनी प्रोफ़ाइल पर बंद कर सकते हैं।\n\n${v.site}`,
    }),
    reviewPublished: (v: { site: string; title: string; url: string }) => ({
      subject: `${v.site}: “${v.title}” प्रकाशित हुआ`,
      text:
        `एक संपादक ने “${v.title}” प्रकाशित कर दिया है।\n\nइसे यहाँ पढ़ें:\n${v.url}\n\n` +
        `ये मेल आप अपनी प्रोफ़ाइल पर बंद कर सकते हैं।\n\n${v.site}`,
    }),
    webhookDisabled: (v: { site: string; url: string; days: number }) => ({
      subject: `${v.site}: एक वेबहुक बंद किया गया`,
      text:
        `${v.url} पर भेजे गए संदेश ${v.days} दिन से नहीं पहुँच रहे, इसलिए ${v.site} ने वहाँ ` +
        `घटनाएँ भेजना बंद कर दिया है। जब वह पता फिर से जवाब देने लगे, तो वेबहुक फिर चालू करें ` +
        `(PUT /api/webhooks/{id} में "enabled": true); उसके न पहुँचे संदेश उसकी डिलीवरी की सूची ` +
        `से फिर भेजे जा सकते हैं।\n\n${v.site}`,
    }),
    noteMentioned: (v: NoteMention) => ({
      subject: `${v.site}: ${v.by} ने “${v.title}” पर एक नोट में आपका ज़िक्र किया`,
      text:
        `${v.by} ने “${v.title}” पर एक नोट में आपका ज़िक्र किया, इन शब्दों पर:\n“${v.quote}”\n\n` +
        `${v.body}\n\nख़बर यहाँ खोलें:\n${v.url}\n\n${v.site}`,
    }),
    reviewScheduled: (v: { site: string; title: string; at: string; url: string }) => ({
      subject: `${v.site}: “${v.title}” ${v.at} पर प्रकाशित होगा`,
      text:
        `एक संपादक ने “${v.title}” को ${v.at} पर प्रकाशित होने के लिए तय किया है।\n\nइसे यहाँ खोलें:\n${v.url}\n\n` +
        `ये मेल आप अपनी प्रोफ़ाइल पर बंद कर सकते हैं।\n\n${v.site}`,
    }),
  },
} satisfies Record<StaffLanguage, Record<string, (v: never) => MailText>>;

/** The texts of the site's language, and its role names. */
export const mailTextsFor = (site: UiLanguage) => {
  // Staff mail is in the back office's language (common/languages.ts, staffLanguageOf).
  const language = staffLanguageOf(site);
  return { ...TEXTS[language], role: (role: Role) => ROLE_NAMES[language][role] };
};
