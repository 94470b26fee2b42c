import type { Language } from '../../common/languages';
import type { StaffLanguage } from '../../common/languages';
import type { EditionKind } from '../../common/editions';
import type { EpaperAccess } from '../../common/epaper-access';

/*
 * The editions screen (issue 65 item 1): administrators add, rename, move, switch off and delete
 * the editions of the tree. Every interface language has it, as the edition desk's texts do
 * (app/copy/edition-desk.ts): English and Hindi are spoken today, Marathi and Gujarati wait.
 */

const en = {
  nav: 'Editions',
  title: 'Editions',
  intro:
    'The paper’s editions: the national one, its states, their cities and towns. An edition’s page, feed and e-paper follow its address (its parent’s address, then its slug).',
  add: 'Add Edition',
  edit: 'Edit Edition',
  name: 'Name',
  slug: 'Slug',
  kind: 'Kind',
  kinds: { national: 'National', state: 'State', city: 'City', town: 'Town' } as Record<
    EditionKind,
    string
  >,
  active: 'Active',
  shown: 'Shown to readers',
  yes: 'Yes',
  no: 'No',
  actions: 'Actions',
  parent: 'Under',
  parentChoose: 'Choose where it sits',
  kindHint: (kind: string) => `It will be a ${kind.toLowerCase()} edition.`,
  names: 'Names',
  hindi: 'Hindi name',
  english: 'English name',
  marathi: 'Marathi name (optional)',
  gujarati: 'Gujarati name (optional)',
  latinNames: 'Spellings readers type',
  latinHint: 'Separated by commas, as readers type them in Latin letters: jaipur, jaypur',
  lat: 'Latitude (optional)',
  lng: 'Longitude (optional)',
  locationHint: 'For “near me”, worked out in the reader’s own browser.',
  slugHint: 'Lower-case Latin letters, digits and hyphens; unique under its parent.',
  activeLabel: 'Shown to readers (its page, the city picker)',
  save: 'Save',
  cancel: 'Cancel',
  close: 'Close',
  saved: 'Edition saved.',
  failed: (message: string) => `The edition was not saved: ${message}`,
  confirmDelete: (name: string) =>
    `Delete the edition “${name}”? Editions with stories, e-paper issues or editions under them are kept.`,
  deleted: (name: string) => `Edition “${name}” deleted.`,
  view: 'View its page',
  empty: 'No editions yet.',
  epaper: 'E-paper',
  epaperAccess: 'Who reads its e-paper whole',
  access: {
    free: 'Everyone (free)',
    members: 'Members whose plan includes the e-paper',
    paid: 'Paid members whose plan includes the e-paper',
  } as Record<EpaperAccess, string>,
  accessShort: { free: 'Free', members: 'Members', paid: 'Paid' } as Record<EpaperAccess, string>,
  freePages: 'Pages free to everyone',
  freePagesHint:
    'Page numbers separated by commas (1, 2). Readers without access read these pages whole and see the others as thumbnails.',
  freeShort: (pages: string) => `free pages: ${pages}`,
};

export type EditionTreeCopy = {
  readonly [K in keyof typeof en]: (typeof en)[K] extends string ? string : (typeof en)[K];
};

const hi: EditionTreeCopy = {
  nav: 'संस्करण',
  title: 'संस्करण',
  intro:
    'अख़बार के संस्करण: राष्ट्रीय, उसके राज्य, उनके शहर और कस्बे। संस्करण का पेज, फ़ीड और ई-पेपर उसके पते पर होते हैं (उसके ऊपर वाले का पता, फिर उसका स्लग)।',
  add: 'संस्करण जोड़ें',
  edit: 'संस्करण बदलें',
  name: 'नाम',
  slug: 'स्लग',
  kind: 'प्रकार',
  kinds: { national: 'राष्ट्रीय', state: 'राज्य', city: 'शहर', town: 'कस्बा' },
  active: 'चालू',
  shown: 'पाठकों को दिखता है',
  yes: 'हाँ',
  no: 'नहीं',
  actions: 'कार्य',
  parent: 'किसके अंतर्गत',
  parentChoose: 'चुनें कि यह कहाँ आता है',
  kindHint: (kind) => `यह ${kind} संस्करण होगा।`,
  names: 'नाम',
  hindi: 'हिंदी नाम',
  english: 'अंग्रेज़ी नाम',
  marathi: 'मराठी नाम (वैकल्पिक)',
  gujarati: 'गुजराती नाम (वैकल्पिक)',
  latinNames: 'पाठक जो वर्तनी टाइप करते हैं',
  latinHint: 'अल्पविराम से अलग, जैसे पाठक रोमन अक्षरों में लिखते हैं: jaipur, jaypur',
  lat: 'अक्षांश (वैकल्पिक)',
  lng: 'देशांतर (वैकल्पिक)',
  locationHint: '“मेरे पास” के लिए, जिसका हिसाब पाठक के अपने ब्राउज़र में होता है।',
  slugHint: 'छोटे रोमन अक्षर, अंक और हाइफ़न; अपने ऊपर वाले संस्करण में अनोखा।',
  activeLabel: 'पाठकों को दिखता है (उसका पेज, शहर चुनने की सूची)',
  save: 'सहेजें',
  cancel: 'रद्द करें',
  close: 'बंद करें',
  saved: 'संस्करण सहेजा गया।',
  failed: (message) => `संस्करण सहेजा नहीं गया: ${message}`,
  confirmDelete: (name) =>
    `संस्करण “${name}” हटाएँ? जिन संस्करणों में ख़बरें, ई-पेपर अंक या उनके नीचे संस्करण हैं, वे रखे जाते हैं।`,
  deleted: (name) => `संस्करण “${name}” हटाया गया।`,
  view: 'उसका पेज देखें',
  empty: 'अभी कोई संस्करण नहीं।',
  epaper: 'ई-पेपर',
  epaperAccess: 'इसका ई-पेपर पूरा कौन पढ़ सकता है',
  access: {
    free: 'सभी (मुफ़्त)',
    members: 'वे सदस्य जिनके प्लान में ई-पेपर है',
    paid: 'वे सशुल्क सदस्य जिनके प्लान में ई-पेपर है',
  },
  accessShort: { free: 'मुफ़्त', members: 'सदस्य', paid: 'सशुल्क' },
  freePages: 'सबके लिए मुफ़्त पृष्ठ',
  freePagesHint:
    'पृष्ठ संख्याएँ, अल्पविराम से अलग (1, 2)। बिना पहुँच वाले पाठक ये पृष्ठ पूरे पढ़ते हैं और बाक़ी छोटे चित्रों के रूप में देखते हैं।',
  freeShort: (pages) => `मुफ़्त पृष्ठ: ${pages}`,
};

const mr: EditionTreeCopy = {
  nav: 'आवृत्त्या',
  title: 'आवृत्त्या',
  intro:
    'वृत्तपत्राच्या आवृत्त्या: राष्ट्रीय, तिची राज्ये, त्यांची शहरे आणि गावे. आवृत्तीचे पान, फीड आणि ई-पेपर तिच्या पत्त्यावर असतात (वरच्या आवृत्तीचा पत्ता, मग तिचा स्लग).',
  add: 'आवृत्ती जोडा',
  edit: 'आवृत्ती बदला',
  name: 'नाव',
  slug: 'स्लग',
  kind: 'प्रकार',
  kinds: { national: 'राष्ट्रीय', state: 'राज्य', city: 'शहर', town: 'गाव' },
  active: 'चालू',
  shown: 'वाचकांना दिसते',
  yes: 'हो',
  no: 'नाही',
  actions: 'कृती',
  parent: 'कोणाखाली',
  parentChoose: 'ती कुठे येते ते निवडा',
  kindHint: (kind) => `ही ${kind} आवृत्ती असेल.`,
  names: 'नावे',
  hindi: 'हिंदी नाव',
  english: 'इंग्रजी नाव',
  marathi: 'मराठी नाव (ऐच्छिक)',
  gujarati: 'गुजराती नाव (ऐच्छिक)',
  latinNames: 'वाचक टाइप करतात ती स्पेलिंग्ज',
  latinHint: 'स्वल्पविरामाने वेगळी, वाचक रोमन अक्षरांत लिहितात तशी: jaipur, jaypur',
  lat: 'अक्षांश (ऐच्छिक)',
  lng: 'रेखांश (ऐच्छिक)',
  locationHint: '“माझ्या जवळ” साठी, ज्याचा हिशोब वाचकाच्या ब्राउझरमध्येच होतो.',
  slugHint: 'लहान रोमन अक्षरे, अंक आणि हायफन; वरच्या आवृत्तीत एकमेव.',
  activeLabel: 'वाचकांना दिसते (तिचे पान, शहर निवडण्याची यादी)',
  save: 'जतन करा',
  cancel: 'रद्द करा',
  close: 'बंद करा',
  saved: 'आवृत्ती जतन झाली.',
  failed: (message) => `आवृत्ती जतन झाली नाही: ${message}`,
  confirmDelete: (name) =>
    `आवृत्ती “${name}” हटवायची? बातम्या, ई-पेपर अंक किंवा खालच्या आवृत्त्या असलेल्या आवृत्त्या ठेवल्या जातात.`,
  deleted: (name) => `आवृत्ती “${name}” हटवली.`,
  view: 'तिचे पान पाहा',
  empty: 'अजून आवृत्ती नाही.',
  epaper: 'ई-पेपर',
  epaperAccess: 'तिचा ई-पेपर पूर्ण कोण वाचू शकते',
  access: {
    free: 'सर्वजण (मोफत)',
    members: 'ज्यांच्या प्लॅनमध्ये ई-पेपर आहे ते सदस्य',
    paid: 'ज्यांच्या प्लॅनमध्ये ई-पेपर आहे ते सशुल्क सदस्य',
  },
  accessShort: { free: 'मोफत', members: 'सदस्य', paid: 'सशुल्क' },
  freePages: 'सर्वांसाठी मोफत पाने',
  freePagesHint:
    'पान क्रमांक, स्वल्पविरामाने वेगळे (1, 2). प्रवेश नसलेले वाचक ही पाने पूर्ण वाचतात आणि बाकीची लहान चित्रांच्या रूपात पाहतात.',
  freeShort: (pages) => `मोफत पाने: ${pages}`,
};

const gu: EditionTreeCopy = {
  nav: 'આવૃત્તિઓ',
  title: 'આવૃત્તિઓ',
  intro:
    'અખબારની આવૃત્તિઓ: રાષ્ટ્રીય, તેનાં રાજ્યો, તેમનાં શહેરો અને નગરો. આવૃત્તિનું પાનું, ફીડ અને ઈ-પેપર તેના સરનામે હોય છે (ઉપરની આવૃત્તિનું સરનામું, પછી તેનો સ્લગ).',
  add: 'આવૃત્તિ ઉમેરો',
  edit: 'આવૃત્તિ બદલો',
  name: 'નામ',
  slug: 'સ્લગ',
  kind: 'પ્રકાર',
  kinds: { national: 'રાષ્ટ્રીય', state: 'રાજ્ય', city: 'શહેર', town: 'નગર' },
  active: 'ચાલુ',
  shown: 'વાચકોને દેખાય છે',
  yes: 'હા',
  no: 'ના',
  actions: 'ક્રિયાઓ',
  parent: 'કોની નીચે',
  parentChoose: 'તે ક્યાં આવે છે તે પસંદ કરો',
  kindHint: (kind) => `આ ${kind} આવૃત્તિ હશે.`,
  names: 'નામો',
  hindi: 'હિન્દી નામ',
  english: 'અંગ્રેજી નામ',
  marathi: 'મરાઠી નામ (વૈકલ્પિક)',
  gujarati: 'ગુજરાતી નામ (વૈકલ્પિક)',
  latinNames: 'વાચકો ટાઇપ કરે છે તે જોડણીઓ',
  latinHint: 'અલ્પવિરામથી અલગ, વાચકો રોમન અક્ષરોમાં લખે તેમ: jaipur, jaypur',
  lat: 'અક્ષાંશ (વૈકલ્પિક)',
  lng: 'રેખાંશ (વૈકલ્પિક)',
  locationHint: '“મારી નજીક” માટે, જેની ગણતરી વાચકના પોતાના બ્રાઉઝરમાં થાય છે.',
  slugHint: 'નાના રોમન અક્ષરો, અંકો અને હાઇફન; તેની ઉપરની આવૃત્તિમાં અનન્ય.',
  activeLabel: 'વાચકોને દેખાય છે (તેનું પાનું, શહેર પસંદ કરવાની યાદી)',
  save: 'સાચવો',
  cancel: 'રદ કરો',
  close: 'બંધ કરો',
  saved: 'આવૃત્તિ સચવાઈ.',
  failed: (message) => `આવૃત્તિ સચવાઈ નહીં: ${message}`,
  confirmDelete: (name) =>
    `આવૃત્તિ “${name}” કાઢી નાખવી? સમાચાર, ઈ-પેપર અંકો કે નીચે આવૃત્તિઓ ધરાવતી આવૃત્તિઓ રાખવામાં આવે છે.`,
  deleted: (name) => `આવૃત્તિ “${name}” કાઢી નાખી.`,
  view: 'તેનું પાનું જુઓ',
  empty: 'હજી કોઈ આવૃત્તિ નથી.',
  epaper: 'ઈ-પેપર',
  epaperAccess: 'તેનું ઈ-પેપર આખું કોણ વાંચી શકે',
  access: {
    free: 'બધા (મફત)',
    members: 'જેમના પ્લાનમાં ઈ-પેપર છે તે સભ્યો',
    paid: 'જેમના પ્લાનમાં ઈ-પેપર છે તે પેઇડ સભ્યો',
  },
  accessShort: { free: 'મફત', members: 'સભ્યો', paid: 'પેઇડ' },
  freePages: 'બધા માટે મફત પાનાં',
  freePagesHint:
    'પાના નંબર, અલ્પવિરામથી અલગ (1, 2). પ્રવેશ વિનાના વાચકો આ પાનાં આખાં વાંચે છે અને બાકીનાં નાનાં ચિત્રો રૂપે જુએ છે.',
  freeShort: (pages) => `મફત પાનાં: ${pages}`,
};

/** The editions screen's texts in every interface language. */
export const editionTreeCopy: Record<Language, EditionTreeCopy> = { en, hi, mr, gu };

/** The texts in the back office's language. */
export const editionTreeCopyIn = (lang: StaffLanguage): EditionTreeCopy => editionTreeCopy[lang];
