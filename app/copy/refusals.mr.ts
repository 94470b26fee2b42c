import type { Detail } from '../../common/refusals/define';
import { BACK_OFFICE_CODES, inEnglish, type ReaderCode, type RefusalTexts } from './refusals';

/*
 * The refusals in Marathi (`uiLanguage` = `mr`), by code (app/copy/refusals.ts): every one a
 * reader can meet on the public forms is said here, or TypeScript refuses the table. The back
 * office's own refusals stay in English, as they always were on a Marathi site: its back office
 * runs in English (common/languages.ts, staffLanguageOf), and before codes its forms showed the
 * API's English messages as sent.
 */

const FIELDS: Record<string, string> = {
  name: 'नाव',
  email: 'ई-मेल',
  password: 'पासवर्ड',
  currentpassword: 'सध्याचा पासवर्ड',
  slug: 'पत्ता (स्लग)',
  bio: 'परिचय',
  photourl: 'फोटोचा पत्ता',
  reviewmail: 'पुनरावलोकन ई-मेल',
};
const field = (name: string) => FIELDS[name.toLowerCase()] ?? 'हे';
const firstOf = (details: readonly Detail[]) => details[0]?.text;

const reader: Pick<RefusalTexts, ReaderCode> = {
  'validation.invalid': (_, details) => {
    const first = firstOf(details);
    return first ? `विनंती योग्य नाही: ${first}` : 'विनंती योग्य नाही';
  },
  'validation.bad_text': (p) =>
    `${field(p.field)} मध्ये नियंत्रण अक्षरे किंवा तुटलेला युनिकोड मजकूर असू शकत नाही`,
  'validation.invalid_type': 'योग्य नाही',
  'validation.invalid_value': 'योग्य पर्याय नाही',
  'validation.too_small': (p) =>
    p.origin === 'string'
      ? p.minimum === 1
        ? 'हे आवश्यक आहे'
        : `किमान ${p.minimum} अक्षरे हवीत`
      : `किमान ${p.minimum} हवेत`,
  'validation.too_big': (p) =>
    p.origin === 'string'
      ? `जास्तीत जास्त ${p.maximum} अक्षरे असू शकतात`
      : `जास्तीत जास्त ${p.maximum} असू शकतात`,
  'validation.invalid_format': (p) =>
    p.format === 'email' ? 'योग्य ई-मेल पत्ता लिहा' : 'योग्य स्वरूपात नाही',
  'validation.custom': 'योग्य नाही',
  'validation.not_text': (p) => `${field(p.field)} मजकूर असावा`,
  'validation.required': (p) => `${field(p.field)} आवश्यक आहे`,
  'validation.too_short': (p) => `${field(p.field)} किमान ${p.minimum} अक्षरांचा असावा`,
  'validation.too_long': (p) => `${field(p.field)} जास्तीत जास्त ${p.maximum} अक्षरांचा असू शकतो`,
  'validation.not_boolean': (p) => `${field(p.field)} होय किंवा नाही असावे`,
  'validation.email': 'योग्य ई-मेल पत्ता लिहा',
  'http.bad_request': 'विनंती वाचता आली नाही.',
  'http.body_too_large': 'विनंती खूप मोठी आहे.',
  'rate_limit.exceeded': (p) => `खूप जास्त विनंत्या. कृपया ${p.minutes} मिनिटांनी पुन्हा प्रयत्न करा.`,
  'auth.signed_out': 'तुम्ही साइन इन केलेले नाही, किंवा तुमचे सत्र संपले आहे.',
  'auth.invalid_credentials': 'ई-मेल किंवा पासवर्ड चुकीचा आहे.',
  'auth.too_many_failures': (p) =>
    `साइन इनचे खूप जास्त अयशस्वी प्रयत्न. ${p.minutes} मिनिटांनी पुन्हा प्रयत्न करा.`,
  'auth.cross_site': 'दुसऱ्या साइटवरून आलेली विनंती नाकारली.',
  'server.error': 'आमच्याकडून काहीतरी चुकले. कृपया पुन्हा प्रयत्न करा.',
  'server.database_away':
    'साइट सध्या तिच्या डेटाबेसपर्यंत पोहोचू शकत नाही. कृपया काही सेकंदांनी पुन्हा प्रयत्न करा.',
  'client.unreachable': 'सर्व्हरपर्यंत पोहोचता आले नाही. तुमचे कनेक्शन तपासा आणि पुन्हा प्रयत्न करा.',
  'client.request_failed': (p) => `विनंती पूर्ण झाली नाही (${p.status}).`,
  'user.email_taken': 'या ई-मेलने आधीच खाते आहे. त्याऐवजी साइन इन करा.',
  'user.slug_taken': (p) => `पत्ता “${p.slug}” दुसरा लेखक वापरत आहे. दुसरा पत्ता निवडा.`,
  'slug.needs_latin': 'पत्त्यात किमान एक अक्षर किंवा अंक असावा.',
  'user.wrong_password': 'तुमचा सध्याचा पासवर्ड चुकीचा आहे.',
  'user.current_password_needed': 'नवीन पासवर्ड ठेवण्यासाठी सध्याचा पासवर्ड लिहा.',
  'user.nothing_to_change': 'बदलण्यासारखे काही नाही: नवीन नाव किंवा नवीन पासवर्ड द्या',
  'user.photo_url_invalid': 'फोटोचा पत्ता या साइटवर अपलोड केलेले चित्र, https पत्ता किंवा रिकामा असावा',
  'invitation.unknown': 'ही आमंत्रण लिंक योग्य नाही. प्रशासकाकडे नवीन आमंत्रण मागा.',
  'invitation.used': 'हे आमंत्रण आधीच वापरले गेले आहे. त्याऐवजी साइन इन करा.',
  'invitation.expired': 'या आमंत्रणाची मुदत संपली आहे. प्रशासकाकडे नवीन आमंत्रण मागा.',
  'reset.unknown': 'पासवर्ड बदलण्याची ही लिंक योग्य नाही. नवीन लिंक मागवा.',
  'reset.used': 'पासवर्ड बदलण्याची ही लिंक आधीच वापरली गेली आहे. नवीन लिंक मागवा.',
  'reset.expired': 'पासवर्ड बदलण्याच्या या लिंकची मुदत संपली आहे. नवीन लिंक मागवा.',
  'reset.requested':
    'या पत्त्याचे खाते असल्यास, नवीन पासवर्ड निवडण्याची लिंक पाठवली जात आहे. ती 60 मिनिटे चालेल.',
  'reset.no_mail': 'ही साइट ई-मेल पाठवत नाही: प्रशासकाला तुमचा नवीन पासवर्ड ठेवायला सांगा.',
  'email_link.code_format': 'कोड म्हणजे मेलमधील सहा अंक.',
  'email_link.wrong_code': 'हा कोड बरोबर नाही, किंवा त्याची मुदत संपली आहे. मेल पाहा, किंवा नवीन मागवा.',
  'email_link.unknown': 'साइन-इनची ही लिंक वैध नाही. नवीन लिंक मागवा.',
  'email_link.used': 'साइन-इनची ही लिंक आधीच वापरली गेली आहे. नवीन लिंक मागवा.',
  'email_link.expired': 'साइन-इनच्या या लिंकची मुदत संपली आहे. नवीन लिंक मागवा.',
  'email_link.sent':
    'साइन-इनची एक लिंक आणि एक कोड या पत्त्यावर पाठवले जात आहेत. ते एकदाच, 15 मिनिटे चालतील.',
  'email_link.no_mail': 'ही साइट ई-मेल पाठवत नाही: तुमच्या पासवर्डने साइन इन करा.',
  'link.incomplete': 'ही लिंक अपूर्ण आहे: संपूर्ण लिंक कॉपी करा',
  'session.signed_out_everywhere': 'तुम्ही प्रत्येक डिव्हाइसवरून साइन आउट झाला आहात.',
  'session.ended': 'ते सत्र संपले आहे.',
  'session.others_ended': 'इतर सर्व सत्रे संपली आहेत.',
  'session.not_found': 'असे कोणतेही सत्र नाही: ते आधीच संपले असेल.',
  'newsletter.unknown': 'यापैकी एखादे वृत्तपत्र अस्तित्वात नाही किंवा बंद झाले आहे: पान पुन्हा उघडून पुन्हा निवडा.',
  'account.proof_required': 'खाते हटवण्यासाठी तुमचा पासवर्ड, किंवा आम्ही ई-मेलने पाठवलेला कोड लिहा.',
  'account.delete_code_invalid': 'हा कोड बरोबर नाही किंवा त्याची मुदत संपली आहे. नवीन कोड मागवा.',
  'account.last_admin': 'तुम्ही साइटचे शेवटचे प्रशासक आहात: खाते हटवण्यापूर्वी दुसऱ्या कोणाला प्रशासक करा.',
  'account.delete_code_sent': (p) =>
    `तुमच्या ई-मेल पत्त्यावर एक कोड पाठवला जात आहे. तो एकदाच, ${p.minutes} मिनिटे चालेल.`,
  'account.deleted': 'तुमचे खाते आणि त्याचा डेटा हटवला आहे. आमच्याकडून आता कोणताही ई-मेल येणार नाही.',
  'sso.off': 'या साइटवर संस्थेच्या खात्याने साइन इनची सोय नाही.',
  'sso.domain':
    'संस्थेच्या या खात्याला इथे प्रवेश नाही: त्याचे ई-मेल डोमेन या साइटच्या यादीत नाही. साइटच्या ॲडमिनिस्ट्रेटरला विचारा.',
  'sso.unverified': 'तुमच्या संस्थेने हा ई-मेल पत्ता निश्चित केला नाही, म्हणून त्याने इथे साइन इन होत नाही.',
  'sso.address':
    'तुमच्या संस्थेने तुमचा ई-मेल पत्ता इथल्या खात्यापेक्षा वेगळ्या रूपात दिला (मोठी-लहान अक्षरे वेगळी आहेत). साइटच्या ॲडमिनिस्ट्रेटरला विचारा.',
  'sso.failed': 'संस्थेच्या खात्याने साइन इन पूर्ण झाले नाही. पुन्हा प्रयत्न करा.',
  'sso.unreachable':
    'तुमच्या संस्थेची साइन-इन सेवा मिळाली नाही. पुन्हा प्रयत्न करा, किंवा पासवर्डने साइन इन करा.',
  'comment.not_found': 'अशी कोणतीही टिप्पणी नाही.',
  'comment.banned': (p) => `तुम्ही इथे टिप्पणी करू शकत नाही: ${p.reason}`,
  'comment.already_reported': 'तुम्ही या टिप्पणीची तक्रार आधीच केली आहे.',
  'gift.free': 'ही बातमी मोफत वाचता येते: तिला भेट दुव्याची गरज नाही.',
  'gift.forbidden': 'ज्या सदस्याच्या सदस्यत्वात ही बातमी उघडते तोच ती भेट देऊ शकतो.',
  'gift.not_found': 'तुम्ही असा कोणताही भेट दुवा दिलेला नाही.',
  'gift.limit': (p) =>
    `तुम्ही या महिन्यात ${p.limit} बातम्या भेट दिल्या आहेत, ही महिन्याची मर्यादा आहे. पुढच्या महिन्यात पुन्हा देता येईल.`,
  'comment.unconfirmed':
    'टिप्पणी करण्यापूर्वी तुमचा ई-मेल पत्ता निश्चित करा: त्यावर पाठवलेल्या लिंकने एकदा साइन इन करा.',
  'comment.closed': 'या बातमीवरील टिप्पण्या बंद आहेत.',
  'comment.not_yours': 'तुम्ही फक्त तुमच्या स्वतःच्या टिप्पण्या बदलू किंवा काढू शकता.',
  'comment.edit_window': (p) => `टिप्पणी लिहिल्यानंतर फक्त पहिल्या ${p.minutes} मिनिटांत बदलता येते.`,
  'comment.parent_invalid': 'तुम्ही याच बातमीवरील दाखवलेल्या टिप्पणीलाच उत्तर देऊ शकता, उत्तराला नाही.',
  'comment.too_fast': (p) =>
    `तुम्ही मागील एका मिनिटात ${p.count} टिप्पण्या लिहिल्या आहेत: पुढील टिप्पणीपूर्वी एक मिनिट थांबा.`,
};

export const refusalsMr: RefusalTexts = { ...inEnglish(BACK_OFFICE_CODES), ...reader };
