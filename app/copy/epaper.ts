import type { StaffLanguage } from '../../common/languages';
import type { UiLanguage } from '../../common/settings';

/*
 * The e-paper's words (issue 67): its reader pages in every interface language, the desk's
 * screen in both back-office languages. "E-paper" is ई-पेपर in Hindi and Marathi papers and
 * ઈ-પેપર in Gujarati ones; a page is पृष्ठ in Hindi, पान in Marathi, પાનું in Gujarati.
 */

const en = {
  epaper: 'E-paper',
  title: (edition: string, date: string) => `${edition} e-paper, ${date}`,
  description: (edition: string, site: string) =>
    `The printed ${edition} edition of ${site}, page by page.`,
  page: (n: number) => `Page ${n}`,
  pageOf: (n: number, total: number) => `Page ${n} of ${total}`,
  pages: 'Pages',
  previous: 'Previous page',
  next: 'Next page',
  zoom: 'Zoom',
  zoomHint: 'Double-tap or press + to zoom; swipe or use the arrow keys to turn the page.',
  preparing: 'This page is being prepared. Please look again in a minute.',
  none: 'No e-paper has been published yet.',
  editions: 'Editions',
  dates: 'Dates with an e-paper',
  earlier: 'Earlier',
  later: 'Later',
  allDates: 'All dates',
  archive: (edition: string) => `${edition} e-paper archive`,
  archiveSince: (date: string) => `Every issue since the first, ${date}.`,
  monthTitle: (edition: string, month: string) => `${edition} e-paper, ${month}`,
  issues: (n: number) => `${n} ${n === 1 ? 'issue' : 'issues'}`,
  pageCount: (n: number) => `${n} ${n === 1 ? 'page' : 'pages'}`,
  machineRead: 'Text read by machine from the printed page; it may have mistakes.',
  readText: 'Text of this page',
  matches: (n: number, q: string) =>
    `${n} ${n === 1 ? 'match' : 'matches'} for “${q}” on this page`,
};

export type EpaperReaderCopy = typeof en;

const hi: EpaperReaderCopy = {
  epaper: 'ई-पेपर',
  title: (edition, date) => `${edition} ई-पेपर, ${date}`,
  description: (edition, site) => `${site} का ${edition} संस्करण, छपा हुआ, पृष्ठ दर पृष्ठ।`,
  page: (n) => `पृष्ठ ${n}`,
  pageOf: (n, total) => `पृष्ठ ${n} / ${total}`,
  pages: 'पृष्ठ',
  previous: 'पिछला पृष्ठ',
  next: 'अगला पृष्ठ',
  zoom: 'बड़ा करें',
  zoomHint: 'बड़ा करने के लिए दो बार टैप करें या + दबाएँ; पृष्ठ पलटने के लिए स्वाइप करें या तीर की कुंजियाँ दबाएँ।',
  preparing: 'यह पृष्ठ तैयार हो रहा है। कृपया एक मिनट बाद फिर देखें।',
  none: 'अभी तक कोई ई-पेपर प्रकाशित नहीं हुआ है।',
  editions: 'संस्करण',
  dates: 'ई-पेपर वाली तारीख़ें',
  earlier: 'पहले',
  later: 'बाद में',
  allDates: 'सभी तारीख़ें',
  archive: (edition) => `${edition} ई-पेपर संग्रह`,
  archiveSince: (date) => `पहले अंक, ${date}, से अब तक हर अंक।`,
  monthTitle: (edition, month) => `${edition} ई-पेपर, ${month}`,
  issues: (n) => `${n} अंक`,
  pageCount: (n) => `${n} पृष्ठ`,
  machineRead: 'छपे पृष्ठ से मशीन द्वारा पढ़ा गया पाठ; इसमें ग़लतियाँ हो सकती हैं।',
  readText: 'इस पृष्ठ का पाठ',
  matches: (n, q) => `इस पृष्ठ पर “${q}” ${n} बार मिला`,
};

const mr: EpaperReaderCopy = {
  epaper: 'ई-पेपर',
  title: (edition, date) => `${edition} ई-पेपर, ${date}`,
  description: (edition, site) => `${site} ची ${edition} आवृत्ती, छापील, पान दर पान.`,
  page: (n) => `पान ${n}`,
  pageOf: (n, total) => `पान ${n} / ${total}`,
  pages: 'पाने',
  previous: 'मागील पान',
  next: 'पुढील पान',
  zoom: 'मोठे करा',
  zoomHint:
    'मोठे करण्यासाठी दोनदा टॅप करा किंवा + दाबा; पान उलटण्यासाठी स्वाइप करा किंवा बाणाच्या कळा दाबा.',
  preparing: 'हे पान तयार होत आहे. कृपया एका मिनिटाने पुन्हा पाहा.',
  none: 'अजून कोणताही ई-पेपर प्रकाशित झालेला नाही.',
  editions: 'आवृत्त्या',
  dates: 'ई-पेपर असलेल्या तारखा',
  earlier: 'आधीचे',
  later: 'नंतरचे',
  allDates: 'सर्व तारखा',
  archive: (edition) => `${edition} ई-पेपर संग्रह`,
  archiveSince: (date) => `पहिल्या अंकापासून, ${date}, आजवरचा प्रत्येक अंक.`,
  monthTitle: (edition, month) => `${edition} ई-पेपर, ${month}`,
  issues: (n) => `${n} अंक`,
  pageCount: (n) => `${n} पाने`,
  machineRead: 'छापील पानावरून यंत्राने वाचलेला मजकूर; त्यात चुका असू शकतात.',
  readText: 'या पानाचा मजकूर',
  matches: (n, q) => `या पानावर “${q}” ${n} वेळा सापडले`,
};

const gu: EpaperReaderCopy = {
  epaper: 'ઈ-પેપર',
  title: (edition, date) => `${edition} ઈ-પેપર, ${date}`,
  description: (edition, site) => `${site} ની ${edition} આવૃત્તિ, છાપેલી, પાને પાને.`,
  page: (n) => `પાનું ${n}`,
  pageOf: (n, total) => `પાનું ${n} / ${total}`,
  pages: 'પાનાં',
  previous: 'પાછલું પાનું',
  next: 'આગલું પાનું',
  zoom: 'મોટું કરો',
  zoomHint: 'મોટું કરવા બે વાર ટેપ કરો અથવા + દબાવો; પાનું ફેરવવા સ્વાઇપ કરો અથવા તીરની કી દબાવો.',
  preparing: 'આ પાનું તૈયાર થઈ રહ્યું છે. કૃપા કરીને એક મિનિટ પછી ફરી જુઓ.',
  none: 'હજી સુધી કોઈ ઈ-પેપર પ્રકાશિત થયું નથી.',
  editions: 'આવૃત્તિઓ',
  dates: 'ઈ-પેપર હોય તેવી તારીખો',
  earlier: 'પહેલાંનું',
  later: 'પછીનું',
  allDates: 'બધી તારીખો',
  archive: (edition) => `${edition} ઈ-પેપર સંગ્રહ`,
  archiveSince: (date) => `પહેલા અંક, ${date}, થી અત્યાર સુધીનો દરેક અંક.`,
  monthTitle: (edition, month) => `${edition} ઈ-પેપર, ${month}`,
  issues: (n) => `${n} અંક`,
  pageCount: (n) => `${n} પાનાં`,
  machineRead: 'છાપેલા પાના પરથી મશીને વાંચેલું લખાણ; તેમાં ભૂલો હોઈ શકે.',
  readText: 'આ પાનાનું લખાણ',
  matches: (n, q) => `આ પાના પર “${q}” ${n} વાર મળ્યું`,
};

/** The e-paper's reader pages' texts, by the site's interface language. */
export const epaperReaderCopy: Record<UiLanguage, EpaperReaderCopy> = { en, hi, mr, gu };

const deskEn = {
  menu: 'E-paper',
  title: 'E-paper',
  intro:
    'Upload the printed edition as PDFs: one page per file, or the whole paper in one PDF. Pages are rendered, made zoomable and read by OCR in the background.',
  edition: 'Edition',
  date: 'Date',
  open: 'Open',
  start: 'Start this issue',
  noIssue: 'This edition has no e-paper for this date yet.',
  drop: 'Drop PDF pages here',
  choose: 'Choose PDFs',
  uploading: 'Uploading…',
  uploaded: (n: number) => `${n} ${n === 1 ? 'page' : 'pages'} added.`,
  pages: 'Pages',
  noPages: 'No pages yet.',
  progress: { rendered: 'Rendered', views: 'Views', tiles: 'Zoom tiles', ocr: 'Text (OCR)' },
  state: { waiting: 'waiting', working: 'working', done: 'done', failed: 'failed' },
  reorderHint: 'Drag a page to move it, or use its arrows.',
  moveUp: (n: number) => `Move page ${n} up`,
  moveDown: (n: number) => `Move page ${n} down`,
  remove: (n: number) => `Remove page ${n}`,
  removed: 'Page removed.',
  reordered: 'Pages reordered.',
  publishNow: 'Publish now',
  publishAtFive: 'Publish at 5:00',
  toDraft: 'Back to draft',
  status: {
    draft: 'Draft: readers cannot see it.',
    scheduled: (at: string) => `Scheduled: readers see it from ${at}.`,
    published: 'Published: readers can read it.',
  },
  published: 'The e-paper is published.',
  scheduled: 'The e-paper is scheduled.',
  drafted: 'The e-paper is back to draft.',
  read: 'Open as readers see it',
};

export type EpaperDeskCopy = typeof deskEn;

const deskHi: EpaperDeskCopy = {
  menu: 'ई-पेपर',
  title: 'ई-पेपर',
  intro:
    'छपा संस्करण PDF के रूप में अपलोड करें: हर फ़ाइल में एक पृष्ठ, या पूरा अख़बार एक PDF में। पृष्ठ पीछे-पीछे तैयार होते हैं, ज़ूम करने लायक़ बनते हैं और OCR से पढ़े जाते हैं।',
  edition: 'संस्करण',
  date: 'तारीख़',
  open: 'खोलें',
  start: 'यह अंक शुरू करें',
  noIssue: 'इस संस्करण का इस तारीख़ का ई-पेपर अभी नहीं है।',
  drop: 'PDF पृष्ठ यहाँ छोड़ें',
  choose: 'PDF चुनें',
  uploading: 'अपलोड हो रहा है…',
  uploaded: (n) => `${n} पृष्ठ जोड़े गए।`,
  pages: 'पृष्ठ',
  noPages: 'अभी कोई पृष्ठ नहीं।',
  progress: { rendered: 'रेंडर', views: 'चित्र', tiles: 'ज़ूम टाइल', ocr: 'पाठ (OCR)' },
  state: { waiting: 'प्रतीक्षा में', working: 'चल रहा है', done: 'पूरा', failed: 'विफल' },
  reorderHint: 'पृष्ठ को खींचकर या उसके तीरों से आगे-पीछे करें।',
  moveUp: (n) => `पृष्ठ ${n} ऊपर करें`,
  moveDown: (n) => `पृष्ठ ${n} नीचे करें`,
  remove: (n) => `पृष्ठ ${n} हटाएँ`,
  removed: 'पृष्ठ हटाया गया।',
  reordered: 'पृष्ठों का क्रम बदला गया।',
  publishNow: 'अभी प्रकाशित करें',
  publishAtFive: '5:00 बजे प्रकाशित करें',
  toDraft: 'ड्राफ़्ट में लौटाएँ',
  status: {
    draft: 'ड्राफ़्ट: पाठक इसे नहीं देख सकते।',
    scheduled: (at) => `तय: पाठक इसे ${at} से देखेंगे।`,
    published: 'प्रकाशित: पाठक इसे पढ़ सकते हैं।',
  },
  published: 'ई-पेपर प्रकाशित हो गया।',
  scheduled: 'ई-पेपर का समय तय हो गया।',
  drafted: 'ई-पेपर ड्राफ़्ट में लौट गया।',
  read: 'पाठकों की तरह खोलें',
};

/** The desk's screen texts, in the back office's languages. */
export const epaperDeskCopy: Record<StaffLanguage, EpaperDeskCopy> = { en: deskEn, hi: deskHi };
