import type { UiLanguage } from '../../common/settings';

/*
 * The paid e-paper's words (issue 68 items 3 and 4), in every reader interface language: the
 * wall over a page a reader may not read whole (why: signed out, no plan with the e-paper, or
 * older than their plan reaches) and the download of an issue's PDF.
 */

const en = {
  heading: 'This page is for subscribers',
  signIn: 'Sign in to read it if your plan includes the e-paper.',
  subscribe: 'Subscribe to a plan that includes the e-paper to read every page.',
  archive: 'Your plan does not reach this far back in the e-paper’s archive.',
  signInLink: 'Sign in',
  plans: 'See our plans',
  thumb: (page: number) => `Page ${page}, small`,
  download: 'Download this issue (PDF)',
  downloadNote: 'Each copy carries a mark that names its subscriber to us.',
  downloadFailed: 'The PDF could not be made. Please try again later.',
};

export type EpaperWallCopy = typeof en;

const hi: EpaperWallCopy = {
  heading: 'यह पृष्ठ ग्राहकों के लिए है',
  signIn: 'अगर आपके प्लान में ई-पेपर है, तो पढ़ने के लिए साइन इन करें।',
  subscribe: 'हर पृष्ठ पढ़ने के लिए ई-पेपर वाला प्लान लें।',
  archive: 'आपका प्लान ई-पेपर के संग्रह में इतना पीछे तक नहीं जाता।',
  signInLink: 'साइन इन करें',
  plans: 'हमारे प्लान देखें',
  thumb: (page) => `पृष्ठ ${page}, छोटा`,
  download: 'यह अंक डाउनलोड करें (PDF)',
  downloadNote: 'हर प्रति पर एक निशान होता है जिससे हम उसके ग्राहक को पहचानते हैं।',
  downloadFailed: 'PDF नहीं बन सका। कृपया थोड़ी देर बाद फिर कोशिश करें।',
};

const mr: EpaperWallCopy = {
  heading: 'हे पान वर्गणीदारांसाठी आहे',
  signIn: 'तुमच्या प्लॅनमध्ये ई-पेपर असल्यास वाचण्यासाठी साइन इन करा.',
  subscribe: 'प्रत्येक पान वाचण्यासाठी ई-पेपर असलेला प्लॅन घ्या.',
  archive: 'तुमचा प्लॅन ई-पेपरच्या संग्रहात इतका मागे जात नाही.',
  signInLink: 'साइन इन करा',
  plans: 'आमचे प्लॅन पाहा',
  thumb: (page) => `पान ${page}, लहान`,
  download: 'हा अंक डाउनलोड करा (PDF)',
  downloadNote: 'प्रत्येक प्रतीवर एक खूण असते जिच्यावरून आम्ही तिचा वर्गणीदार ओळखतो.',
  downloadFailed: 'PDF तयार होऊ शकली नाही. कृपया थोड्या वेळाने पुन्हा प्रयत्न करा.',
};

const gu: EpaperWallCopy = {
  heading: 'આ પાનું ગ્રાહકો માટે છે',
  signIn: 'તમારા પ્લાનમાં ઈ-પેપર હોય તો વાંચવા માટે સાઇન ઇન કરો.',
  subscribe: 'દરેક પાનું વાંચવા માટે ઈ-પેપરવાળો પ્લાન લો.',
  archive: 'તમારો પ્લાન ઈ-પેપરના સંગ્રહમાં આટલો પાછળ સુધી જતો નથી.',
  signInLink: 'સાઇન ઇન કરો',
  plans: 'અમારા પ્લાન જુઓ',
  thumb: (page) => `પાનું ${page}, નાનું`,
  download: 'આ અંક ડાઉનલોડ કરો (PDF)',
  downloadNote: 'દરેક નકલ પર એક નિશાની હોય છે જેનાથી અમે તેના ગ્રાહકને ઓળખીએ છીએ.',
  downloadFailed: 'PDF બની શક્યું નહીં. કૃપા કરીને થોડી વાર પછી ફરી પ્રયત્ન કરો.',
};

export const epaperWallCopy: Record<UiLanguage, EpaperWallCopy> = { en, hi, mr, gu };
