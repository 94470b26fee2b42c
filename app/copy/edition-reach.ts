import type { StaffLanguage } from '../../common/languages';

/*
 * Reaching an edition's readers (issue 65 item 6) in both back-office languages: the edition
 * select of a newsletter, an alert and a house ad. Hindi has the same keys, in the words Hindi
 * papers use for their editions ("संस्करण").
 */

const en = {
  newsletterEdition: 'Edition',
  newsletterEditionHint:
    'A newsletter bound to an edition takes only stories of that edition and the editions above it (a city: its state’s and national stories too).',
  newsletterEditionAny: 'Any edition',
  alertEdition: 'Send to',
  alertEditionHint: 'An edition’s alert reaches only readers who asked for that edition’s alerts.',
  alertEditionAll: 'Every subscriber (national)',
  adEditions: 'Editions',
  adEditionsHint:
    'Shown only to readers of the editions ticked. None ticked: shown in every edition.',
};

export type EditionReachCopy = typeof en;

const hi: EditionReachCopy = {
  newsletterEdition: 'संस्करण',
  newsletterEditionHint:
    'किसी संस्करण से जुड़ा न्यूज़लेटर केवल उसी संस्करण और उसके ऊपर के संस्करणों की ख़बरें लेता है (शहर का हो तो उसके राज्य की और राष्ट्रीय ख़बरें भी)।',
  newsletterEditionAny: 'कोई भी संस्करण',
  alertEdition: 'किसे भेजें',
  alertEditionHint: 'किसी संस्करण का अलर्ट केवल उन पाठकों तक पहुँचता है जिन्होंने उस संस्करण के अलर्ट माँगे हैं।',
  alertEditionAll: 'सभी सदस्य (राष्ट्रीय)',
  adEditions: 'संस्करण',
  adEditionsHint: 'केवल चुने गए संस्करणों के पाठकों को दिखेगा। कोई न चुना हो तो हर संस्करण में दिखेगा।',
};

/** The edition selects' texts in the back office's languages. */
export const editionReachCopy: Record<StaffLanguage, EditionReachCopy> = { en, hi };
