import type { Detail } from '../../common/refusals/define';
import { BACK_OFFICE_CODES, inEnglish, type ReaderCode, type RefusalTexts } from './refusals';

/*
 * The refusals in Gujarati (`uiLanguage` = `gu`), by code (app/copy/refusals.ts): every one a
 * reader can meet on the public forms is said here, or TypeScript refuses the table. The back
 * office's own refusals stay in English, as they always were on a Gujarati site: its back
 * office runs in English (common/languages.ts, staffLanguageOf), and before codes its forms
 * showed the API's English messages as sent.
 */

const FIELDS: Record<string, string> = {
  name: 'નામ',
  email: 'ઈ-મેલ',
  password: 'પાસવર્ડ',
  currentpassword: 'હાલનો પાસવર્ડ',
  slug: 'સરનામું (સ્લગ)',
  bio: 'પરિચય',
  photourl: 'ફોટાનું સરનામું',
  reviewmail: 'સમીક્ષા ઈ-મેલ',
};
const field = (name: string) => FIELDS[name.toLowerCase()] ?? 'આ';
const firstOf = (details: readonly Detail[]) => details[0]?.text;

const reader: Pick<RefusalTexts, ReaderCode> = {
  'validation.invalid': (_, details) => {
    const first = firstOf(details);
    return first ? `વિનંતી સાચી નથી: ${first}` : 'વિનંતી સાચી નથી';
  },
  'validation.bad_text': (p) => `${field(p.field)}માં નિયંત્રણ અક્ષરો કે તૂટેલું યુનિકોડ લખાણ ન હોઈ શકે`,
  'validation.invalid_type': 'સાચું નથી',
  'validation.invalid_value': 'સાચો વિકલ્પ નથી',
  'validation.too_small': (p) =>
    p.origin === 'string'
      ? p.minimum === 1
        ? 'આ જરૂરી છે'
        : `ઓછામાં ઓછા ${p.minimum} અક્ષરો જોઈએ`
      : `ઓછામાં ઓછા ${p.minimum} જોઈએ`,
  'validation.too_big': (p) =>
    p.origin === 'string' ? `વધુમાં વધુ ${p.maximum} અક્ષરો હોઈ શકે` : `વધુમાં વધુ ${p.maximum} હોઈ શકે`,
  'validation.invalid_format': (p) =>
    p.format === 'email' ? 'સાચું ઈ-મેલ સરનામું લખો' : 'સાચા સ્વરૂપમાં નથી',
  'validation.custom': 'સાચું નથી',
  'validation.not_text': (p) => `${field(p.field)} લખાણ હોવું જોઈએ`,
  'validation.required': (p) => `${field(p.field)} જરૂરી છે`,
  'validation.too_short': (p) => `${field(p.field)} ઓછામાં ઓછા ${p.minimum} અક્ષરોનો હોવો જોઈએ`,
  'validation.too_long': (p) => `${field(p.field)} વધુમાં વધુ ${p.maximum} અક્ષરોનો હોઈ શકે`,
  'validation.not_boolean': (p) => `${field(p.field)} હા કે ના હોવું જોઈએ`,
  'validation.email': 'સાચું ઈ-મેલ સરનામું લખો',
  'http.bad_request': 'વિનંતી વાંચી શકાઈ નહીં.',
  'http.body_too_large': 'વિનંતી ખૂબ મોટી છે.',
  'rate_limit.exceeded': (p) => `ખૂબ વધારે વિનંતીઓ. કૃપા કરીને ${p.minutes} મિનિટ પછી ફરી પ્રયાસ કરો.`,
  'auth.signed_out': 'તમે સાઇન ઇન નથી, અથવા તમારું સત્ર પૂરું થઈ ગયું છે.',
  'auth.invalid_credentials': 'ઈ-મેલ અથવા પાસવર્ડ ખોટો છે.',
  'auth.too_many_failures': (p) =>
    `સાઇન ઇનના ઘણા નિષ્ફળ પ્રયાસો. ${p.minutes} મિનિટ પછી ફરી પ્રયાસ કરો.`,
  'auth.cross_site': 'બીજી સાઇટ પરથી આવેલી વિનંતી નકારી.',
  'server.error': 'અમારી બાજુએ કંઈક ખોટું થયું. કૃપા કરીને ફરી પ્રયાસ કરો.',
  'server.database_away':
    'સાઇટ હમણાં તેના ડેટાબેઝ સુધી પહોંચી શકતી નથી. કૃપા કરીને થોડી સેકંડ પછી ફરી પ્રયાસ કરો.',
  'client.unreachable': 'સર્વર સુધી પહોંચી શકાયું નહીં. તમારું કનેક્શન તપાસો અને ફરી પ્રયાસ કરો.',
  'client.request_failed': (p) => `વિનંતી પૂરી થઈ શકી નહીં (${p.status}).`,
  'user.email_taken': 'આ ઈ-મેલથી પહેલેથી ખાતું છે. તેના બદલે સાઇન ઇન કરો.',
  'user.slug_taken': (p) => `સરનામું “${p.slug}” બીજા લેખક વાપરે છે. બીજું સરનામું પસંદ કરો.`,
  'slug.needs_latin': 'સરનામામાં ઓછામાં ઓછો એક અક્ષર કે અંક હોવો જોઈએ.',
  'user.wrong_password': 'તમારો હાલનો પાસવર્ડ ખોટો છે.',
  'user.current_password_needed': 'નવો પાસવર્ડ રાખવા માટે હાલનો પાસવર્ડ લખો.',
  'user.nothing_to_change': 'બદલવા જેવું કંઈ નથી: નવું નામ અથવા નવો પાસવર્ડ આપો',
  'user.photo_url_invalid': 'ફોટાનું સરનામું આ સાઇટ પર અપલોડ કરેલું ચિત્ર, https સરનામું અથવા ખાલી હોવું જોઈએ',
  'invitation.unknown': 'આ આમંત્રણ લિંક સાચી નથી. સંચાલક પાસે નવું આમંત્રણ માગો.',
  'invitation.used': 'આ આમંત્રણ પહેલેથી વપરાઈ ગયું છે. તેના બદલે સાઇન ઇન કરો.',
  'invitation.expired': 'આ આમંત્રણની મુદત પૂરી થઈ ગઈ છે. સંચાલક પાસે નવું આમંત્રણ માગો.',
  'reset.unknown': 'પાસવર્ડ બદલવાની આ લિંક સાચી નથી. નવી લિંક માગો.',
  'reset.used': 'પાસવર્ડ બદલવાની આ લિંક પહેલેથી વપરાઈ ગઈ છે. નવી લિંક માગો.',
  'reset.expired': 'પાસવર્ડ બદલવાની આ લિંકની મુદત પૂરી થઈ ગઈ છે. નવી લિંક માગો.',
  'reset.requested':
    'આ સરનામાનું ખાતું હોય તો, નવો પાસવર્ડ પસંદ કરવાની લિંક મોકલાઈ રહી છે. તે 60 મિનિટ ચાલશે.',
  'reset.no_mail': 'આ સાઇટ ઈ-મેલ મોકલતી નથી: સંચાલકને તમારો નવો પાસવર્ડ રાખવા કહો.',
  'email_link.code_format': 'કોડ એટલે મેલમાંના છ અંક.',
  'email_link.wrong_code': 'આ કોડ સાચો નથી, અથવા તેની મુદત પૂરી થઈ ગઈ છે. મેલ જુઓ, અથવા નવો માગો.',
  'email_link.unknown': 'સાઇન-ઇનની આ લિંક માન્ય નથી. નવી લિંક માગો.',
  'email_link.used': 'સાઇન-ઇનની આ લિંક પહેલેથી વપરાઈ ગઈ છે. નવી લિંક માગો.',
  'email_link.expired': 'સાઇન-ઇનની આ લિંકની મુદત પૂરી થઈ ગઈ છે. નવી લિંક માગો.',
  'email_link.sent': 'સાઇન-ઇનની એક લિંક અને એક કોડ આ સરનામે મોકલાઈ રહ્યા છે. તે એક જ વાર, 15 મિનિટ ચાલશે.',
  'email_link.no_mail': 'આ સાઇટ ઈ-મેલ મોકલતી નથી: તમારા પાસવર્ડથી સાઇન ઇન કરો.',
  'link.incomplete': 'આ લિંક અધૂરી છે: આખી લિંક કૉપિ કરો',
  'session.signed_out_everywhere': 'તમે દરેક ડિવાઇસ પરથી સાઇન આઉટ થઈ ગયા છો.',
  'session.ended': 'તે સત્ર સમાપ્ત થયું છે.',
  'session.others_ended': 'બાકીના બધા સત્રો સમાપ્ત થયા છે.',
  'session.not_found': 'આવું કોઈ સત્ર નથી: તે પહેલેથી સમાપ્ત થયું હોઈ શકે.',
  'newsletter.unknown': 'આમાંથી કોઈ ન્યૂઝલેટર અસ્તિત્વમાં નથી અથવા બંધ થઈ ગયું છે: પાનું ફરી ખોલીને ફરી પસંદ કરો.',
  'account.proof_required': 'ખાતું કાઢી નાખવા તમારો પાસવર્ડ, અથવા અમે ઈ-મેલથી મોકલેલો કોડ લખો.',
  'account.delete_code_invalid': 'આ કોડ સાચો નથી અથવા તેની મુદત પૂરી થઈ ગઈ છે. નવો કોડ માગો.',
  'account.last_admin': 'તમે સાઇટના છેલ્લા સંચાલક છો: ખાતું કાઢી નાખતા પહેલાં બીજા કોઈને સંચાલક બનાવો.',
  'account.delete_code_sent': (p) =>
    `તમારા ઈ-મેલ સરનામે એક કોડ મોકલાઈ રહ્યો છે. તે એક જ વાર, ${p.minutes} મિનિટ ચાલશે.`,
  'account.deleted': 'તમારું ખાતું અને તેનો ડેટા કાઢી નાખ્યો છે. અમારા તરફથી હવે કોઈ ઈ-મેલ નહીં આવે.',
  'sso.off': 'આ સાઇટ પર સંસ્થાના ખાતાથી સાઇન ઇનની સુવિધા નથી.',
  'sso.domain':
    'સંસ્થાના આ ખાતાને અહીં પ્રવેશ નથી: તેનું ઈ-મેલ ડોમેન આ સાઇટની યાદીમાં નથી. સાઇટના એડમિનિસ્ટ્રેટરને પૂછો.',
  'sso.unverified': 'તમારી સંસ્થાએ આ ઈ-મેલ સરનામું પાકું કર્યું નથી, તેથી તેનાથી અહીં સાઇન ઇન થતું નથી.',
  'sso.address':
    'તમારી સંસ્થાએ તમારું ઈ-મેલ સરનામું અહીંના ખાતા કરતાં જુદા રૂપમાં આપ્યું (મોટા-નાના અક્ષરો જુદા છે). સાઇટના એડમિનિસ્ટ્રેટરને પૂછો.',
  'sso.failed': 'સંસ્થાના ખાતાથી સાઇન ઇન પૂરું ન થયું. ફરી પ્રયાસ કરો.',
  'sso.unreachable':
    'તમારી સંસ્થાની સાઇન-ઇન સેવા સુધી પહોંચી શકાયું નહીં. ફરી પ્રયાસ કરો, અથવા પાસવર્ડથી સાઇન ઇન કરો.',
  'comment.not_found': 'આવી કોઈ ટિપ્પણી નથી.',
  'comment.banned': (p) => `તમે અહીં ટિપ્પણી કરી શકતા નથી: ${p.reason}`,
  'comment.already_reported': 'તમે આ ટિપ્પણીની ફરિયાદ પહેલેથી કરી છે.',
  'gift.free': 'આ વાર્તા મફત વાંચી શકાય છે: તેને ભેટ લિંકની જરૂર નથી.',
  'gift.forbidden': 'જે સભ્યનું સભ્યપદ આ વાર્તા ખોલે છે તે જ તેને ભેટ આપી શકે છે.',
  'gift.not_found': 'તમે આવી કોઈ ભેટ લિંક આપી નથી.',
  'gift.limit': (p) =>
    `તમે આ મહિને ${p.limit} વાર્તાઓ ભેટ આપી છે, જે મહિનાની મર્યાદા છે. આવતા મહિને ફરી આપી શકશો.`,
  'comment.unconfirmed':
    'ટિપ્પણી કરતા પહેલાં તમારું ઈ-મેલ સરનામું પાકું કરો: તેના પર મોકલેલી લિંકથી એક વાર સાઇન ઇન કરો.',
  'comment.closed': 'આ સમાચાર પર ટિપ્પણીઓ બંધ છે.',
  'comment.not_yours': 'તમે ફક્ત તમારી પોતાની ટિપ્પણીઓ બદલી કે કાઢી શકો છો.',
  'comment.edit_window': (p) => `ટિપ્પણી લખ્યા પછી ફક્ત પહેલી ${p.minutes} મિનિટમાં બદલી શકાય છે.`,
  'comment.parent_invalid': 'તમે આ જ સમાચારની બતાવેલી ટિપ્પણીનો જ જવાબ આપી શકો છો, કોઈ જવાબનો નહીં.',
  'comment.too_fast': (p) =>
    `તમે છેલ્લી એક મિનિટમાં ${p.count} ટિપ્પણીઓ લખી છે: આગળની પહેલાં એક મિનિટ રાહ જુઓ.`,
};

export const refusalsGu: RefusalTexts = { ...inEnglish(BACK_OFFICE_CODES), ...reader };
