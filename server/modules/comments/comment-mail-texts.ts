/*
 * What comments' mails say (issue 42 item 4), in the site's interface language: a reply to a
 * reader's comment in every interface language (readers read the site in it), the moderators'
 * daily mail of what waits in the back office's (English and Hindi, DECISIONS.md §18).
 */
import { staffLanguageOf } from '../../../common/languages';
import type { UiLanguage } from '../../../common/settings';
import type { MailText } from '../../lib/mail-texts';

interface ReplyFacts {
  site: string;
  /** Who replied (their name as shown), and the story's title. */
  by: string;
  title: string;
  reply: string;
  url: string;
  profileUrl: string;
}

const REPLY: Record<UiLanguage, (v: ReplyFacts) => MailText> = {
  en: (v) => ({
    subject: `${v.site}: ${v.by} replied to your comment`,
    text:
      `${v.by} replied to your comment on “${v.title}”:\n\n${v.reply}\n\n` +
      `Read the conversation here:\n${v.url}\n\n` +
      `You can turn these mails off on your profile:\n${v.profileUrl}\n\n${v.site}`,
  }),
  hi: (v) => ({
    subject: `${v.site}: ${v.by} ने आपकी टिप्पणी का जवाब दिया`,
    text:
      `${v.by} ने “${v.title}” पर आपकी टिप्पणी का जवाब दिया:\n\n${v.reply}\n\n` +
      `पूरी बातचीत यहाँ पढ़ें:\n${v.url}\n\n` +
      `ये मेल आप अपनी प्रोफ़ाइल पर बंद कर सकते हैं:\n${v.profileUrl}\n\n${v.site}`,
  }),
  mr: (v) => ({
    subject: `${v.site}: ${v.by} यांनी तुमच्या टिप्पणीला उत्तर दिले`,
    text:
      `${v.by} यांनी “${v.title}” वरील तुमच्या टिप्पणीला उत्तर दिले:\n\n${v.reply}\n\n` +
      `संपूर्ण संवाद येथे वाचा:\n${v.url}\n\n` +
      `हे मेल तुम्ही तुमच्या प्रोफाइलवर बंद करू शकता:\n${v.profileUrl}\n\n${v.site}`,
  }),
  gu: (v) => ({
    subject: `${v.site}: ${v.by} એ તમારી ટિપ્પણીનો જવાબ આપ્યો`,
    text:
      `${v.by} એ “${v.title}” પરની તમારી ટિપ્પણીનો જવાબ આપ્યો:\n\n${v.reply}\n\n` +
      `આખી વાતચીત અહીં વાંચો:\n${v.url}\n\n` +
      `આ મેલ તમે તમારી પ્રોફાઇલ પર બંધ કરી શકો છો:\n${v.profileUrl}\n\n${v.site}`,
  }),
};

export const replyMailText = (language: UiLanguage, facts: ReplyFacts): MailText =>
  (REPLY[language] ?? REPLY.en)(facts);

interface WaitingFacts {
  site: string;
  count: number;
  url: string;
}

const WAITING = {
  en: (v: WaitingFacts): MailText => ({
    subject: `${v.site}: ${v.count === 1 ? '1 comment waits' : `${v.count} comments wait`} for review`,
    text:
      `${v.count === 1 ? '1 readers’ comment waits' : `${v.count} readers’ comments wait`} ` +
      `for a moderator’s decision.\n\nOpen the queue here:\n${v.url}\n\n${v.site}`,
  }),
  hi: (v: WaitingFacts): MailText => ({
    subject: `${v.site}: ${v.count} टिप्पणियाँ समीक्षा की प्रतीक्षा में`,
    text:
      `पाठकों की ${v.count} टिप्पणियाँ मॉडरेटर के फ़ैसले की प्रतीक्षा में हैं।\n\n` +
      `कतार यहाँ खोलें:\n${v.url}\n\n${v.site}`,
  }),
};

export const waitingMailText = (language: UiLanguage, facts: WaitingFacts): MailText =>
  WAITING[staffLanguageOf(language)](facts);
