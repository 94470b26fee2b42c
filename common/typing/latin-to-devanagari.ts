/*
 * Hindi typed in Latin letters, as Indian writers type it on an English keyboard ("bharat",
 * "namaste", "kya hai"), turned into Devanagari (DECISIONS.md §19, issue 27 item 6). Casual
 * romanisation loses what Devanagari writes: vowel length ("a" for अ and आ, "i" for इ and ई),
 * retroflex consonants ("t" for त and ट), the silent "a" between consonants ("sarkar" is सरकार,
 * not सर्कार, while "dharm" is धर्म), and nasals ("mein" is में). So a word has several
 * spellings, each with a cost: what the rules below find likeliest costs least. Upper-case
 * letters past the first follow ITRANS / Harvard-Kyoto where they mean something (T, D, N, S/Sh
 * retroflex; A, I, U long), for writers who want to say exactly what they mean.
 *
 * Pure functions: the browser runs them offline (app/features/typing), the tests run them here
 * (tests/unit/latin-to-devanagari.test.ts). What the rules cannot know (that "bharat" is भारत
 * and not भरत) comes from words: common/typing/suggestions.ts ranks the site's own vocabulary
 * and common Hindi words above these spellings when their Latin keys match.
 */

import { latinKey, looseLatin } from '../search/search-text';
import {
  ANUSVARA,
  CHANDRABINDU,
  CONSONANTS,
  FLAPS,
  VIRAMA,
  VOWELS,
  tokenize,
  type Option,
  type Token,
} from './latin-letters';

/** Consonants said at the same place as "n" sounds the anusvara before them (मंत्री, हिंदी). */
const ANUSVARA_BEFORE_N = new Set([
  'k',
  'kh',
  'g',
  'gh',
  'c',
  'ch',
  'chh',
  'j',
  'jh',
  'T',
  'Th',
  'D',
  'Dh',
  't',
  'th',
  'd',
  'dh',
  's',
  'sh',
  'S',
  'Sh',
  'z',
  'ksh',
  'gy',
  'q',
  'x',
  'f',
]);
const LABIALS = new Set(['p', 'ph', 'b', 'bh']);
const SIBILANTS = new Set(['s', 'sh', 'S', 'Sh']);
/** Consonants that join the one before them in a conjunct as a rule (क्या, प्रधान, स्वास्थ्य). */
const JOINING = new Set(['y', 'r', 'v', 'w']);

/** The same consonant twice ("patta" पत्ता), or with its aspirate ("achchha", "buddha"). */
const isGeminate = (a: string, b: string) =>
  a === b || `${a}h` === b || (a === 'c' && b.startsWith('ch')) || (a === 'ch' && b === 'chh');

/**
 * What joining two typed consonants costs: as a conjunct (virama) or with the inherent "a"
 * between them that Hindi writes and does not say ("sarkar" सरकार). Hindi words never start
 * with such a silent "a", and a word's last two consonants are mostly a conjunct (धर्म, दोस्त);
 * inside a word the native words (करना, समझना, सरकार) keep the written "a" unless the pair is
 * one that joins as a rule.
 */
function clusterCosts(a: string, b: string, first: boolean, last: boolean) {
  if (first) return { conjunct: 0, schwa: 2 };
  if (last || isGeminate(a, b) || JOINING.has(b)) return { conjunct: 0, schwa: last ? 0.8 : 1 };
  if (SIBILANTS.has(a)) return { conjunct: 0, schwa: 0.8 };
  if ((a === 'k' || a === 'p') && ['t', 'th', 's', 'sh', 'Sh'].includes(b))
    return { conjunct: 0, schwa: 0.8 };
  if (a === 'r' && (b === 'sh' || b === 'Sh')) return { conjunct: 0, schwa: 0.8 };
  if ((a === 'n' || a === 'm' || a === 'l') && b === 'h') return { conjunct: 0, schwa: 0.8 };
  return { conjunct: 0.7, schwa: 0 };
}

/**
 * What the nasal sign costs for "n" or "m" before consonant `b` (मंत्री, संपादक), or
 * undefined when Hindi writes the consonant itself there (अन्य, सम्मान).
 */
function anusvaraCost(a: string, b: string): number | undefined {
  if (a === 'n') return ANUSVARA_BEFORE_N.has(b) || LABIALS.has(b) ? 0 : undefined;
  if (a === 'm')
    return LABIALS.has(b) ? 0 : ['m', 'y', 'r', 'l', 'h'].includes(b) ? undefined : 0.8;
  return undefined;
}

/** The spellings of token `i` of `tokens`, each with its cost. */
function optionsAt(tokens: Token[], i: number): Option[] {
  const token = tokens[i] as Token;
  const prev = tokens[i - 1];
  const next = tokens[i + 1];
  if (token.kind === 'V') return vowelOptions(tokens, i);
  // No vowel yet: the word's first consonants, which Hindi never splits with a silent "a".
  const first = vowelsBefore(tokens, i) === 0;
  const last = next === undefined;

  const letters: Option[] = [...(CONSONANTS[token.latin] ?? [['', 0]])];
  if (prev?.kind === 'V' && FLAPS[token.latin]) letters.push(...(FLAPS[token.latin] as Option[]));
  if (token.latin === 'gy' && !first) {
    // Inside a word ग्य is the likelier ("yogya", "bhagya"); ज्ञ still offered ("vigyan").
    letters.splice(0, letters.length, ['ग्य', 0], ['ज्ञ', 0.5]);
  }
  if (last && token.latin === 'n' && prev?.kind === 'V') return finalNasal(prev.latin, letters);
  if (next?.kind !== 'C') return letters;

  // Two consonants in a row: a conjunct, the silent "a" between them, or a nasal sign.
  const afterNext = tokens[i + 2];
  const costs = clusterCosts(token.latin, next.latin, first, afterNext === undefined);
  const options: Option[] = [];
  for (const [text, cost] of letters) {
    options.push([text + VIRAMA, cost + costs.conjunct]);
    options.push([text, cost + costs.schwa]);
  }
  // The nasal sign follows a vowel: after a consonant ("kn") "n" is the letter.
  const nasal = prev?.kind === 'V' ? anusvaraCost(token.latin, next.latin) : undefined;
  if (nasal !== undefined) {
    options.push([ANUSVARA, nasal]);
    // Written out, the nasal costs more than the sign, and more than the silent "a" does.
    for (const option of options)
      if (option[0] !== ANUSVARA) (option as [string, number])[1] += 0.7;
  }
  return options;
}

/**
 * A word-final "n" after a vowel: the nasal sign after e, ai, o, ee ("mein" में, "hain" हैं,
 * "logon" लोगों, "karen" करें), the letter after a, aa, i, u ("chunav"… "din" दिन, "kaun" कौन).
 */
function finalNasal(vowel: string, letters: Option[]): Option[] {
  const nasalFirst = ['e', 'ai', 'ei', 'o', 'ee', 'ii', 'I', 'au', 'ou'].includes(vowel);
  const sign: Option[] = [[ANUSVARA, nasalFirst ? 0 : 1]];
  if (['aa', 'A', 'u', 'oo', 'uu', 'U', 'a'].includes(vowel))
    sign.push([CHANDRABINDU, (sign[0] as Option)[1] + 0.3]);
  return [...letters.map(([t, c]): Option => [t, c + (nasalFirst ? 0.6 : 0)]), ...sign];
}

/** Whether the word was typed ITRANS-style (a capital past its first letter): as written. */
const exactly = (tokens: Token[]) => tokens.some((t) => /[A-Z]/.test(t.latin));

/** How many vowels come before token `i`. */
const vowelsBefore = (tokens: Token[], i: number) =>
  tokens.slice(0, i).filter((t) => t.kind === 'V').length;

function vowelOptions(tokens: Token[], i: number): Option[] {
  const token = tokens[i] as Token;
  const prev = tokens[i - 1];
  const next = tokens[i + 1];
  const afterConsonant = prev?.kind === 'C';
  const [sign, alone] = VOWELS[token.latin] ?? [[['', 0]], [['अ', 0]]];
  const options = (afterConsonant ? sign : alone).map(([t, c]): Option => [t, c]);
  const last = next === undefined;
  const set = (text: string, cost: number) => {
    const found = options.find((o) => o[0] === text);
    if (found) (found as [string, number])[1] = cost;
  };
  const short = afterConsonant ? '' : 'अ';
  if (token.latin === 'a' && afterConsonant && last) {
    // A written final "a" is long ("kya" क्या, "raja" राजा): the inherent one is not said. After
    // a conjunct ending in y, r or v it is said ("satya" सत्य, "kshetra" क्षेत्र).
    const beforeConsonant = tokens[i - 2];
    const saidAfterConjunct =
      JOINING.has(prev.latin) && beforeConsonant?.kind === 'C' && vowelsBefore(tokens, i) > 0;
    set('', saidAfterConjunct ? 0 : 0.9);
    set('ा', saidAfterConjunct ? 0.4 : 0);
  } else if (exactly(tokens)) {
    // Typed ITRANS-style: "a" is अ, as written.
  } else if (token.latin === 'a' && next?.kind === 'C' && tokens[i + 2] === undefined) {
    // The last syllable, closed: long after another vowel ("chunav" चुनाव, "kisan" किसान) or
    // after two consonants ("sarkar" सरकार), short after a short "a" ("kamal" कमल) or a nasal
    // ("sansad" संसद, "andar" अंदर).
    let k = i - 1;
    let consonants = 0;
    while (tokens[k]?.kind === 'C') {
      consonants++;
      k--;
    }
    const before = tokens[k];
    const nasalFirst = ['n', 'm'].includes(tokens[k + 1]?.latin ?? '');
    const long = (consonants >= 2 && !nasalFirst) || (before !== undefined && before.latin !== 'a');
    set(short, long ? 0.5 : 0);
    set(afterConsonant ? 'ा' : 'आ', long ? 0 : 0.6);
  } else if (
    token.latin === 'a' &&
    afterConsonant &&
    tokens[i - 2]?.kind === 'V' &&
    next?.kind === 'C' &&
    tokens[i + 2]?.kind === 'V'
  ) {
    // Between single consonants with vowels beyond them, Hindi does not say a written "a"
    // (schwa deletion: कमला is "kamla"); typed there, it was said, so it is long ("hamara"
    // हमारा, "zamana" ज़माना, "adalat" अदालत).
    set('', 0.5);
    set('ा', 0);
  } else if (last && (token.latin === 'i' || token.latin === 'u')) {
    // A final i or u is mostly long ("mantri" मंत्री, "bhi" भी; "aalu" आलू).
    const [shortSign, longSign] = token.latin === 'i' ? ['ि', 'ी'] : ['ु', 'ू'];
    const [shortAlone, longAlone] = token.latin === 'i' ? ['इ', 'ई'] : ['उ', 'ऊ'];
    set(afterConsonant ? longSign : longAlone, 0);
    set(afterConsonant ? shortSign : shortAlone, token.latin === 'i' ? 0.6 : 0.4);
  }
  return options;
}

/** Candidates the search keeps at each step: enough for the ones shown, bounded for long input. */
const BEAM = 48;

/** What a spelling costs that does not read back as what was typed. */
const MISREAD = 1.5;

/**
 * The Devanagari spellings of one typed word, likeliest first, at most `max`, each once; none
 * for a word with no Latin letters. Deterministic: the same word gives the same list.
 */
export function latinToDevanagari(latin: string, max = 8): string[] {
  const tokens = tokenize(latin);
  if (tokens.length === 0) return [];
  let beam: Option[] = [['', 0]];
  for (let i = 0; i < tokens.length; i++) {
    const options = optionsAt(tokens, i);
    const grown: Option[] = [];
    for (const [text, cost] of beam)
      for (const [piece, extra] of options) grown.push([text + piece, cost + extra]);
    beam = grown.sort(byCost).slice(0, BEAM);
  }
  // A spelling a Hindi reader reads back as something else (schwa deletion moves the silent
  // "a": दैवकभौ is read "daivakbhau") ranks after those read as typed ("daivkabhau" दैवकाभौ).
  // Letters typed ITRANS-style (capitals) say what is written, not what is heard: kept as typed.
  const typed = looseLatin(latin);
  const ranked = exactly(tokens)
    ? beam
    : beam
        .map(([text, cost]): Option => [text, latinKey(text) === typed ? cost : cost + MISREAD])
        .sort(byCost);
  const seen = new Set<string>();
  const out: string[] = [];
  for (const [text] of ranked) {
    const word = text.normalize('NFC');
    if (seen.has(word)) continue;
    seen.add(word);
    out.push(word);
    if (out.length === max) break;
  }
  return out;
}

/** By cost, then by spelling: ties always come out in the same order. */
const byCost = (a: Option, b: Option) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/**
 * A line of typed Latin words in Devanagari, each by its likeliest spelling; everything else
 * (spaces, digits, punctuation, Devanagari) as it is.
 */
export const latinLineToDevanagari = (line: string): string =>
  line.replace(/[A-Za-z]+/g, (word) => latinToDevanagari(word, 1)[0] ?? word);
