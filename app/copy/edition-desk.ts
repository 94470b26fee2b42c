import type { Language } from '../../common/languages';
import type { StaffLanguage } from '../../common/languages';

/*
 * The desk's edition tools in the back office (issue 65 items 2 and 3): adding the selected
 * stories to an edition or taking them out of one (the admin list), where a breaking band
 * shows (the dashboard), and an edition's own home (its lead and sections). Every interface
 * language has them: the back office speaks English and Hindi today (STAFF_LANGUAGES), and
 * Marathi and Gujarati are here for the day it speaks them. Hindi, Marathi and Gujarati say
 * "संस्करण" / "आवृत्ती" / "આવૃત્તિ" as their papers do.
 */

const en = {
  // The admin list's selection and bulk buttons.
  selectColumn: 'Select',
  select: (name: string) => `Select “${name}”`,
  selectPage: 'Select every story on this page',
  selected: (n: number) => `${n} selected`,
  bulkTitle: 'Editions of the selected stories',
  bulkEdition: 'Edition',
  bulkChoose: 'Choose an edition',
  bulkAdd: 'Add to edition',
  bulkRemove: 'Remove from edition',
  bulkDone: (n: number) => `${n} ${n === 1 ? 'story' : 'stories'} changed.`,
  // The breaking desk's place.
  bandPlace: 'Where',
  bandNational: 'Every page (national)',
  bandNowIn: (place: string) => `On the ${place} page now:`,
  bandShownIn: (place: string) => `The band is on the ${place} page.`,
  // An edition's own home.
  homesNav: 'Edition homes',
  homesIntro:
    'Choose an edition’s lead story and its sections, as the settings do for the national home. Its page shows them first, then its own stories, its state’s and national ones.',
  homesEdition: 'Edition',
  homesChoose: 'Choose an edition',
  homesLead: 'Lead story',
  homesLeadNewest: 'Its newest story with a picture',
  homesSection: (n: number) => `Section ${n}`,
  homesNoSection: 'No section',
  homesSave: 'Save the edition’s home',
  homesSaved: (place: string) => `The ${place} home was saved.`,
  homesView: 'View its page',
  homesNone: 'No edition is yours to curate.',
};

export type EditionDeskCopy = {
  readonly [K in keyof typeof en]: (typeof en)[K] extends string ? string : (typeof en)[K];
};

const hi: EditionDeskCopy = {
  selectColumn: 'चुनें',
  select: (name) => `“${name}” चुनें`,
  selectPage: 'इस पेज की सभी ख़बरें चुनें',
  selected: (n) => `${n} चुनी गईं`,
  bulkTitle: 'चुनी गई ख़बरों के संस्करण',
  bulkEdition: 'संस्करण',
  bulkChoose: 'संस्करण चुनें',
  bulkAdd: 'संस्करण में जोड़ें',
  bulkRemove: 'संस्करण से हटाएँ',
  bulkDone: (n) => `${n} ख़बरें बदली गईं।`,
  bandPlace: 'कहाँ',
  bandNational: 'हर पेज पर (राष्ट्रीय)',
  bandNowIn: (place) => `अभी ${place} के पेज पर:`,
  bandShownIn: (place) => `पट्टी ${place} के पेज पर है।`,
  homesNav: 'संस्करणों के होम पेज',
  homesIntro:
    'किसी संस्करण की मुख्य ख़बर और उसके सेक्शन चुनें, जैसे सेटिंग्स राष्ट्रीय होम पेज के लिए करती हैं। उसका पेज पहले इन्हें दिखाता है, फिर उसकी अपनी ख़बरें, उसके राज्य की और राष्ट्रीय ख़बरें।',
  homesEdition: 'संस्करण',
  homesChoose: 'संस्करण चुनें',
  homesLead: 'मुख्य ख़बर',
  homesLeadNewest: 'चित्र वाली उसकी सबसे नई ख़बर',
  homesSection: (n) => `सेक्शन ${n}`,
  homesNoSection: 'कोई सेक्शन नहीं',
  homesSave: 'संस्करण का होम पेज सहेजें',
  homesSaved: (place) => `${place} का होम पेज सहेजा गया।`,
  homesView: 'उसका पेज देखें',
  homesNone: 'आप किसी संस्करण को नहीं सँवार सकते।',
};

const mr: EditionDeskCopy = {
  selectColumn: 'निवडा',
  select: (name) => `“${name}” निवडा`,
  selectPage: 'या पानावरील सर्व बातम्या निवडा',
  selected: (n) => `${n} निवडल्या`,
  bulkTitle: 'निवडलेल्या बातम्यांच्या आवृत्त्या',
  bulkEdition: 'आवृत्ती',
  bulkChoose: 'आवृत्ती निवडा',
  bulkAdd: 'आवृत्तीत जोडा',
  bulkRemove: 'आवृत्तीतून काढा',
  bulkDone: (n) => `${n} बातम्या बदलल्या.`,
  bandPlace: 'कुठे',
  bandNational: 'प्रत्येक पानावर (राष्ट्रीय)',
  bandNowIn: (place) => `आता ${place} पानावर:`,
  bandShownIn: (place) => `पट्टी ${place} पानावर आहे.`,
  homesNav: 'आवृत्त्यांची मुखपृष्ठे',
  homesIntro:
    'आवृत्तीची मुख्य बातमी आणि तिचे विभाग निवडा, जसे सेटिंग्ज राष्ट्रीय मुखपृष्ठासाठी करतात. तिचे पान आधी हे दाखवते, मग तिच्या बातम्या, तिच्या राज्याच्या आणि राष्ट्रीय बातम्या.',
  homesEdition: 'आवृत्ती',
  homesChoose: 'आवृत्ती निवडा',
  homesLead: 'मुख्य बातमी',
  homesLeadNewest: 'चित्र असलेली तिची सर्वात नवी बातमी',
  homesSection: (n) => `विभाग ${n}`,
  homesNoSection: 'विभाग नाही',
  homesSave: 'आवृत्तीचे मुखपृष्ठ जतन करा',
  homesSaved: (place) => `${place} चे मुखपृष्ठ जतन झाले.`,
  homesView: 'तिचे पान पाहा',
  homesNone: 'तुम्ही कोणतीही आवृत्ती सजवू शकत नाही.',
};

const gu: EditionDeskCopy = {
  selectColumn: 'પસંદ કરો',
  select: (name) => `“${name}” પસંદ કરો`,
  selectPage: 'આ પાના પરના બધા સમાચાર પસંદ કરો',
  selected: (n) => `${n} પસંદ કર્યા`,
  bulkTitle: 'પસંદ કરેલા સમાચારોની આવૃત્તિઓ',
  bulkEdition: 'આવૃત્તિ',
  bulkChoose: 'આવૃત્તિ પસંદ કરો',
  bulkAdd: 'આવૃત્તિમાં ઉમેરો',
  bulkRemove: 'આવૃત્તિમાંથી દૂર કરો',
  bulkDone: (n) => `${n} સમાચાર બદલાયા.`,
  bandPlace: 'ક્યાં',
  bandNational: 'દરેક પાના પર (રાષ્ટ્રીય)',
  bandNowIn: (place) => `હમણાં ${place} પાના પર:`,
  bandShownIn: (place) => `પટ્ટી ${place} પાના પર છે.`,
  homesNav: 'આવૃત્તિઓનાં મુખપૃષ્ઠો',
  homesIntro:
    'આવૃત્તિના મુખ્ય સમાચાર અને તેના વિભાગો પસંદ કરો, જેમ સેટિંગ્સ રાષ્ટ્રીય મુખપૃષ્ઠ માટે કરે છે. તેનું પાનું પહેલાં આ બતાવે છે, પછી તેના પોતાના સમાચાર, તેના રાજ્યના અને રાષ્ટ્રીય સમાચાર.',
  homesEdition: 'આવૃત્તિ',
  homesChoose: 'આવૃત્તિ પસંદ કરો',
  homesLead: 'મુખ્ય સમાચાર',
  homesLeadNewest: 'ચિત્રવાળા તેના સૌથી નવા સમાચાર',
  homesSection: (n) => `વિભાગ ${n}`,
  homesNoSection: 'કોઈ વિભાગ નહીં',
  homesSave: 'આવૃત્તિનું મુખપૃષ્ઠ સાચવો',
  homesSaved: (place) => `${place}નું મુખપૃષ્ઠ સચવાયું.`,
  homesView: 'તેનું પાનું જુઓ',
  homesNone: 'તમે કોઈ આવૃત્તિ સજાવી શકતા નથી.',
};

/** The edition tools' texts in every interface language. */
export const editionDeskCopy: Record<Language, EditionDeskCopy> = { en, hi, mr, gu };

/** The texts in the back office's language. */
export const editionDeskCopyIn = (lang: StaffLanguage): EditionDeskCopy => editionDeskCopy[lang];
