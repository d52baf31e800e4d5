/**
 * Scripts and languages, as the default counter tells them apart, and what their words cost.
 *
 * o200k's vocabulary covers languages unevenly: an English word is mostly one token, a Polish or
 * Turkish one of the same length two or three, a Vietnamese syllable one. Without a vocabulary the
 * counter reads these differences off the letters: the script of each word, and per line unit
 * the language whose own letters the line holds (`ł` Polish, `ı` Turkish, `ơ` Vietnamese, `ř`
 * Czech, `ő` Hungarian, `ș` Romanian, `і` Ukrainian, `گ` Persian, kana Japanese) or, for
 * languages with few letters of their own, whose common words (`het` Dutch, `yang` Indonesian,
 * `della` Italian, `és` Hungarian); then each Latin word by its own letters, plain or not. The
 * costs are fitted by `npx tsx bench/languages.ts --fit`.
 */

// Scripts, for the cost of words and symbols outside ASCII.
export const ASCII = 0;
export const LATIN = 1; // accented Latin: U+0080–U+036F, U+1E00–U+1EFF
const GREEK = 2;
export const CYRILLIC = 3;
const HEBREW = 4;
export const ARABIC = 5;
const TWO_BYTE = 6; // the rest below U+0800: Armenian, Syriac, Thaana…
export const DEVANAGARI = 7;
const THREE_BYTE = 8; // the rest of the BMP: other Indic scripts, Georgian, symbols…
export const HAN = 9; // with CJK punctuation and full-width forms
export const HIRAGANA = 10;
export const KATAKANA = 11;
const HANGUL = 12;
const ASTRAL = 13; // outside the BMP: emoji, rare Han
const THAI = 14;

/**
 * Columns of {@link ScriptCosts.length}: the scripts whose words o200k reads with spaces between
 * them, Cyrillic and Arabic once per language (the line's, known once it is read).
 */
export const LENGTH_COLUMNS = {
  russian: 0,
  ukrainian: 1,
  arabic: 2,
  persian: 3,
  greek: 4,
  hebrew: 5,
  devanagari: 6,
  hangul: 7,
} as const;

/** The {@link LENGTH_COLUMNS} column of a script's words, by script; -1 for none. */
export const LENGTH_COLUMN: Int8Array = (() => {
  const column = new Int8Array(15).fill(-1);
  column[CYRILLIC] = LENGTH_COLUMNS.russian;
  column[ARABIC] = LENGTH_COLUMNS.arabic;
  column[GREEK] = LENGTH_COLUMNS.greek;
  column[HEBREW] = LENGTH_COLUMNS.hebrew;
  column[DEVANAGARI] = LENGTH_COLUMNS.devanagari;
  column[HANGUL] = LENGTH_COLUMNS.hangul;
  return column;
})();

/** Longest word {@link ScriptCosts.length} prices by its letters; each further letter costs alike. */
export const LENGTH_LIMIT = 12;

/** The script of a code point, by range. */
export function scriptOf(code: number): number {
  if (code < 0x80) return ASCII;
  if (code < 0x800) {
    if (code < 0x370) return LATIN;
    if (code < 0x400) return GREEK;
    if (code < 0x530) return CYRILLIC;
    if (code < 0x590) return TWO_BYTE;
    if (code < 0x600) return HEBREW;
    if (code < 0x700 || (code >= 0x750 && code < 0x780)) return ARABIC;
    return TWO_BYTE;
  }
  if (code >= 0x4e00 && code <= 0x9fff) return HAN; // the commonest by far, first
  if (code > 0xffff) return ASTRAL;
  if (code >= 0x900 && code < 0x980) return DEVANAGARI;
  if (code >= 0x1e00 && code < 0x1f00) return LATIN;
  if (code >= 0x1f00 && code < 0x2000) return GREEK;
  if ((code >= 0xac00 && code <= 0xd7af) || (code >= 0x1100 && code <= 0x11ff)) return HANGUL;
  if (code >= 0x3130 && code <= 0x318f) return HANGUL;
  if (code >= 0x3040 && code < 0x30a0) return HIRAGANA;
  if ((code >= 0x30a0 && code < 0x3100) || (code >= 0x31f0 && code < 0x3200)) return KATAKANA;
  if (code >= 0xff66 && code <= 0xff9f) return KATAKANA;
  if ((code >= 0x3000 && code <= 0x9fff) || (code >= 0xf900 && code <= 0xfaff)) return HAN;
  if (code >= 0xff00 && code <= 0xffef) return HAN;
  if (code >= 0xe00 && code < 0xe80) return THAI;
  if (code >= 0x8a0 && code < 0x900) return ARABIC;
  if ((code >= 0xfb50 && code < 0xfe00) || (code >= 0xfe70 && code < 0xff00)) return ARABIC;
  if (code >= 0xfb1d && code < 0xfb50) return HEBREW;
  return THREE_BYTE;
}

// Latin-script languages whose words o200k splits otherwise than English ones. A line is read as
// the one whose letters (and common words, see FUNCTION_WORDS) it holds most of; without any, or
// with too few for its words (a name in an English line: "Piotr Błażejewicz"), as English.
// Cyrillic lines read as Russian unless they hold a Ukrainian letter, Han as Chinese unless the
// line holds kana. A line of a language whose letters it happens not to hold (a short German one
// without umlauts) reads as English; the German costs make up for that on average, as they were
// fitted on whole texts.
export const ENGLISH = 0;
const POLISH = 1;
const TURKISH = 2;
const GERMAN = 3;
const ROMANCE = 4; // French, Spanish, Portuguese
export const VIETNAMESE = 5;
export const CZECH = 6;
const ITALIAN = 7;
const DUTCH = 8;
const INDONESIAN = 9;
const HUNGARIAN = 10;
const ROMANIAN = 11;
export const LATIN_LANGUAGES = 12;

/** Most Latin words a line may have per letter that points to its language and be read as it. */
const WORDS_PER_LETTER = 16;
/** A letter only one of the languages uses counts this many votes; a shared one counts one. */
const SPECIFIC = 4;

/**
 * Language and votes of each accented Latin letter below U+0250 (`language * 8 + votes`; 0 for
 * none); Vietnamese letters past U+1EA0 are {@link VIETNAMESE_VOTE}. A specific letter weighs four
 * times as much as a shared one, so that a Turkish line with one `ı` stays Turkish whatever its
 * `ü`s.
 */
export const LATIN_VOTE: Uint8Array = (() => {
  const table = new Uint8Array(0x250);
  const letters: readonly (readonly [number, number, string])[] = [
    [POLISH, SPECIFIC, "ąćęłńśźżĄĆĘŁŃŚŹŻ"],
    [TURKISH, SPECIFIC, "ğışĞİŞ"],
    [GERMAN, SPECIFIC, "äßÄ"],
    [CZECH, SPECIFIC, "ěščřžůťďňĚŠČŘŽŮŤĎŇ"],
    [ITALIAN, SPECIFIC, "ìòÌÒ"], // così, può
    [VIETNAMESE, SPECIFIC, "đơưĐƠƯ"],
    [HUNGARIAN, SPECIFIC, "őűŐŰ"],
    [ROMANIAN, SPECIFIC, "șțţȘȚŢ"],
    // Shared: ă with Vietnamese, whose lines hold tone-marked letters of their own besides.
    [ROMANIAN, 1, "ăĂ"],
    // Shared: ö ü with Turkish; these with Vietnamese (and ó with Polish). Not ç, which French,
    // Portuguese and Turkish share, each with letters of its own.
    [GERMAN, 1, "öüÖÜ"],
    [ROMANCE, 1, "àáâãèéêëíîïñóôõùúûÀÁÂÃÈÉÊËÍÎÏÑÓÔÕÙÚÛœŒ"],
    // Letters of Latin languages without costs of their own (Slovak, Nordic, Baltic) keep their
    // lines English rather than let an á make them Romance.
    [ENGLISH, SPECIFIC, "ľĺŕåøæāēīūķļņģėįųĽĹŔÅØÆĀĒĪŪĶĻŅĢĖĮŲ"],
  ];
  for (const [language, votes, chars] of letters) {
    for (const char of chars) table[char.codePointAt(0) as number] = language * 8 + votes;
  }
  return table;
})();
export const VIETNAMESE_VOTE = VIETNAMESE * 8 + SPECIFIC;

/**
 * Common lower-case words of Latin languages whose lines may hold none of their letters (Dutch
 * and Indonesian have no accents; an Italian line often only a shared `è`, a Hungarian one only
 * the `á é ó` it shares with Spanish), none of them an English word or one the other languages
 * here use often: a vote each, as a specific letter. Left out: words that stand in English text
 * or names (`ini` files, `van`, `Dan`, `per`, `az` of the Azure CLI).
 */
const FUNCTION_WORDS: readonly (readonly [number, string])[] = [
  [ITALIAN, "che gli della delle degli dei nel nella alla sul dal ogni sono loro anche questo"],
  [ITALIAN, "essere prima dopo senza invece tutti tutte devono vengono"],
  [DUTCH, "het een zijn niet ook voor wordt worden bij aan heeft ieder"],
  [INDONESIAN, "yang untuk dengan atau tidak itu dalam oleh setiap akan pada dari jangan sebelum"],
  [INDONESIAN, "harus tanpa jika agar saat bisa sudah kepada"],
  [HUNGARIAN, "és hogy egy nem vagy csak ezt azt amit ahol akkor mert kell lesz ezek minden nincs"],
  [HUNGARIAN, "amely lehet pedig amikor ezzel arra erre ilyen olyan volt szerint még már ezért"],
  [HUNGARIAN, "így úgy több között"],
  // French, Spanish and Portuguese lines without an accent (not `com`, as in ".com").
  [ROMANCE, "que los las para por como pero puede pueden cuando donde sobre entre esta este"],
  [ROMANCE, "pour dans avec les des nous vous sont leur aussi uma mais"],
  // Spanish ones besides; not `del una con su` (Italian), `en` (Dutch), `es` (German), `el`
  // (Hungarian), `todo` (English, "a todo list").
  [ROMANCE, "sus muy hay cada desde hasta tiene tienen usar hacer otro otros"],
  [ROMANCE, "mismo estos estas esto debe deben porque aunque ejemplo nuevo nueva"],
  [ROMANIAN, "și şi în să că pentru sunt unui unei acest poate trebuie despre foarte doar"],
];

/**
 * Words of Polish and Czech that stand in their lines without a letter of their own ("przez",
 * "nebo") and never in English text nor in the other languages here: a vote each, as the words
 * above. Found by `npx tsx bench/languages.ts --fit-native`: the lower-case words of two to seven
 * letters the language's own text has at least eight times (see {@link NATIVE_PAIRS}).
 */
export const NATIVE_WORDS: Readonly<Record<number, string>> = {
  [POLISH]: "chcesz czy dla jego od oraz plik pliki pliku praw prawo przez tym",
  [CZECH]: "aliasem jsou nebo podle soubory",
};

const FUNCTION_WORD_VOTE = new Map<string, number>();
/** Lengths (bits) of the function words, per five bits of their first and last letters. */
const FUNCTION_WORD_ENDS = new Uint16Array(32 * 32);
/** Five bits of a letter: one of its own for each of a–z; `é` shares `m`'s, not `i`'s ("is"). */
const fold = (code: number): number => (code ^ (code >> 5)) & 31;
const endsOf = (first: number, last: number): number => (fold(first) << 5) | fold(last);
for (const [language, words] of [
  ...FUNCTION_WORDS,
  ...Object.entries(NATIVE_WORDS).map(([language, words]) => [Number(language), words] as const),
]) {
  for (const word of words.split(" ")) {
    FUNCTION_WORD_VOTE.set(word, language * 8 + SPECIFIC);
    const ends = endsOf(word.charCodeAt(0), word.charCodeAt(word.length - 1));
    FUNCTION_WORD_ENDS[ends] = (FUNCTION_WORD_ENDS[ends] as number) | (1 << word.length);
  }
}

/**
 * The vote (as in {@link LATIN_VOTE}) of the lower-case word `text[start, end)`, 0 for none.
 * Most words are ruled out by their first and last letters and length alone.
 */
export function functionWordVote(text: string, start: number, end: number): number {
  const length = end - start;
  if (length < 2 || length > 7) return 0;
  const ends = endsOf(text.charCodeAt(start), text.charCodeAt(end - 1));
  if ((((FUNCTION_WORD_ENDS[ends] as number) >> length) & 1) === 0) return 0;
  return FUNCTION_WORD_VOTE.get(text.slice(start, end)) ?? 0;
}

/**
 * Letter pairs of English words that a language's own words do not have, per language whose
 * lines carry English terms ("Parameterized queries kullanılmış"): `^` and `$` stand for the
 * start and end of a word. A word of plain letters with one of them in such a line is an English
 * term, and costs what it would in an English line. Found by `npx tsx bench/languages.ts
 * --fit-english` (pairs of the English rules and declaration that the language's fitted rules,
 * declaration and words with its own letters never have). In these languages' lines a word is a
 * term also by where it stands: in a link, in capitals, against code punctuation or inline code
 * (see the counter). The other languages read every word of their lines as theirs.
 */
export const ENGLISH_PAIRS: Readonly<Record<number, string>> = {
  [POLISH]:
    "^v ^y af av ay ck cl ee ei eo ev ex f$ ff ft gh he hi ht ib if ir iv ke ld ly mb mm ms nv of ov p$ rf rr rv sh ss th ti ts tt va ve vi wh yo",
  [TURKISH]:
    "^w ag aw by ch ck cl ct ds ee ei eo ew ex ff ft fu g$ gh gn ia ie io ly mb mp nv o$ ob of ou ow ry sh th ub ug w$ wh wi wn wo",
  [CZECH]:
    "^y af ag aw ay ca cl cu ef ei ew f$ fa ff ft gh gi he hi ib ie ki ld ms nv ow r$ rf ss th ts tt ug w$ wh wi wn wo yo",
  [INDONESIAN]:
    "av by ck cl ct ds ee ei ff fo ft ht iz ld ly mo ms nv o$ ob oc of ou ov ow rf rr rv ry sh ss th ts tt uc wh wn wo y$ yo",
};

/**
 * Letter pairs of a language's own words that English words never have, per language whose
 * lines often hold none of its letters ("- Zainstaluj ponownie pakiet:", "Trzymaj … przy …"):
 * `^` and `$` stand for the start and end of a word. A line with no letter or common word that
 * points to a language reads as this one when enough of its plain words have such a pair
 * ({@link WORDS_PER_SHAPED}). Found by `npx tsx bench/languages.ts --fit-native`: the pairs the
 * words of the language's own text (its fitted rules and declaration, and the lines of its
 * fitted real text that hold a letter outside ASCII) have at least three times, and that no word
 * of the English rules and declaration, nor of the English benchmark's lines of ASCII
 * characters, has. Words standing as code are not read so ("mkdir", `kubectl`).
 */
export const NATIVE_PAIRS: Readonly<Record<number, string>> = {
  [POLISH]: "dz jm rz zb zj zn",
  [CZECH]: "jm rz uh zn zv",
};

/**
 * Languages (a bit each) whose lines price a plain Capitalised word inside a sentence as an
 * English term: in Czech technical text such words are product names ("React", "Element",
 * "Native"), which o200k holds whole. Polish's and Turkish's are their own words often enough
 * that their declarations came out under with it (docs/counters.md).
 */
export const NAME_LANGUAGES: number = 1 << CZECH;

/**
 * The languages of {@link ENGLISH_PAIRS}, a bit each: in their lines a word of plain letters in a
 * link (from a `://` to the next whitespace) is English too.
 */
export const TERM_LANGUAGES: number = Object.keys(ENGLISH_PAIRS).reduce(
  (bits, language) => bits | (1 << Number(language)),
  0,
);

/**
 * Index of a letter pair: `a`–`z` as 1–26 (either case), anything else as 0 (a word's end); 32
 * places per first letter, so that the scanner can index as it reads (`first << 5 | second`).
 */
const pairIndex = (first: number, second: number): number => (first << 5) | second;
const letterIndex = (code: number): number => {
  const lower = code | 32;
  return lower >= 97 && lower <= 122 ? lower - 96 : 0;
};

/** Per letter pair of `pairs` (per language, spaced), a bit per language that lists it. */
function pairTable(pairs: Readonly<Record<number, string>>): Uint16Array {
  const table = new Uint16Array(27 << 5);
  for (const [language, spaced] of Object.entries(pairs)) {
    for (const pair of spaced.split(" ")) {
      if (pair.length !== 2) continue;
      const index = pairIndex(letterIndex(pair.charCodeAt(0)), letterIndex(pair.charCodeAt(1)));
      table[index] = (table[index] as number) | (1 << Number(language));
    }
  }
  return table;
}

/** Per letter pair, a bit per language for which the pair marks an English word. */
const ENGLISH_PAIR: Uint16Array = pairTable(ENGLISH_PAIRS);

/**
 * Per letter pair (by its index: `first << 5 | second`, a letter as 1–26, 0 for a word's start
 * or end), a bit per language whose own words have it and English ones never do.
 */
export const NATIVE_PAIR: Uint16Array = pairTable(NATIVE_PAIRS);

/**
 * The languages (a bit each) of {@link NATIVE_PAIRS} whose pairs the word of ASCII letters
 * `text[start, end)` has, 0 for none. One look-up per letter.
 */
export function nativeShaped(text: string, start: number, end: number): number {
  let languages = 0;
  let previous = 0;
  for (let i = start; i < end; i += 1) {
    const letter = letterIndex(text.charCodeAt(i));
    languages |= NATIVE_PAIR[pairIndex(previous, letter)] as number;
    previous = letter;
  }
  return languages | (NATIVE_PAIR[pairIndex(previous, 0)] as number);
}

/**
 * Whether the word of ASCII letters `text[start, end)` has a letter pair that marks it as an
 * English term in a line of `language` ({@link ENGLISH_PAIRS}). One look-up per letter.
 */
export function englishShaped(text: string, start: number, end: number, language: number): boolean {
  const bit = 1 << language;
  let previous = 0;
  for (let i = start; i < end; i += 1) {
    const letter = letterIndex(text.charCodeAt(i));
    if (((ENGLISH_PAIR[pairIndex(previous, letter)] as number) & bit) !== 0) return true;
    previous = letter;
  }
  return ((ENGLISH_PAIR[pairIndex(previous, 0)] as number) & bit) !== 0;
}

/** Most Latin words a line may have per word of {@link NATIVE_PAIRS} and be read by them. */
export const WORDS_PER_SHAPED = 4;

/**
 * The language of a Latin line: the one with the most votes, unless the letters that point to
 * any are too few for the line's words (a name or two in an English line): one per `perLetter`
 * words.
 */
export function latinLanguage(
  votes: Uint16Array,
  letters: number,
  words: number,
  perLetter = WORDS_PER_LETTER,
): number {
  if (letters * perLetter < words) return ENGLISH;
  let language = ENGLISH;
  for (let candidate = 1; candidate < LATIN_LANGUAGES; candidate += 1) {
    if ((votes[candidate] as number) > (votes[language] as number)) language = candidate;
  }
  return language;
}

/** Ukrainian letters that Russian does not have: і ї є ґ, either case. */
export function isUkrainian(code: number): boolean {
  return (
    code === 0x456 ||
    code === 0x457 ||
    code === 0x454 ||
    code === 0x491 ||
    code === 0x406 ||
    code === 0x407 ||
    code === 0x404 ||
    code === 0x490
  );
}

/**
 * Letters Persian adds to the Arabic alphabet (پ چ ژ گ ک ی): a line with one reads as Persian,
 * whose words o200k splits less than Arabic ones.
 */
export function isPersian(code: number): boolean {
  return (
    code === 0x67e ||
    code === 0x686 ||
    code === 0x698 ||
    code === 0x6af ||
    code === 0x6a9 ||
    code === 0x6cc
  );
}

/**
 * Whether the Devanagari letter at `at` is one of those English words written in Hindi have and
 * Hindi's own words seldom do ("स्टेट", "फ़ाइल", "प्रॉप्स"): 1 for a retroflex ट ठ ड ढ (English t
 * and d), a nukta (फ़ ज़) or a candra vowel (ॉ ॅ); -1 for the nukta of ड़ ढ़, Hindi's own sounds,
 * which takes back the retroflex before it; else 0. o200k holds Hindi's common words whole, and
 * splits these.
 */
export function borrowedLetter(text: string, at: number): number {
  const code = text.charCodeAt(at);
  if (code >= 0x91f && code <= 0x922) return 1;
  if (code === 0x93c) {
    const before = text.charCodeAt(at - 1);
    return before === 0x921 || before === 0x922 ? -1 : 1;
  }
  if (code >= 0x958 && code <= 0x95f) return code === 0x95c || code === 0x95d ? 0 : 1;
  return code === 0x945 || code === 0x949 || code === 0x90d || code === 0x911 ? 1 : 0;
}

/** Letters of a Latin word that its English cost (the scanner's word tables) covers. */
export const LATIN_FREE = 3;

/**
 * The costs, in tokens, that depend on the script and language of a text. One value, so that the
 * language fit in bench/ can vary it; indexed by the script and language constants above.
 *
 * @internal
 */
export interface ScriptCosts {
  /**
   * A word with letters outside Latin, by the first such script in it, once; for a script with
   * a column in `length`, that column prices the word instead.
   */
  readonly word: readonly number[];
  /**
   * Each letter of such a word past its `free` ones, by script (Cyrillic, Arabic, Han: below);
   * for a script with a column in `length`, each of its letters past that table's last, and each
   * letter of another script in one of its words.
   */
  readonly letter: readonly number[];
  /** Letters a word of a script without a `length` column has for the cost of the word alone. */
  readonly free: readonly number[];
  /** Such a word with no space before it (as at the start of a line), by script: once more. */
  readonly bare: readonly number[];
  /** Each non-ASCII symbol or emoji in a punctuation run, by script. */
  readonly symbol: readonly number[];
  /**
   * A word of a script o200k writes with spaces between words, by the number of its letters in
   * that script (index 12: 12 and more), per {@link LENGTH_COLUMNS} column: o200k holds short
   * common words whole and splits longer ones, not evenly by letter. Past 12 letters, each
   * costs the script's `letter` (Cyrillic and Arabic: `cyrillic`, `arabic` below).
   */
  readonly length: readonly (readonly number[])[];
  /** Each letter of a Cyrillic word past 12: in Russian, in Ukrainian. */
  readonly cyrillic: readonly number[];
  /**
   * In Chinese (a line without kana), each piece of its Han words as o200k cuts them
   * (src/tokens/han-runs.ts: o200k's words, the space or mark before one included); in
   * Japanese, each Han character.
   */
  readonly han: readonly number[];
  /**
   * A CJK punctuation mark in a punctuation run of a Chinese line ("。" at a line's end), on top
   * of its `symbol`.
   */
  readonly chineseMark: readonly number[];
  /** Each {@link borrowedLetter} of a Devanagari word: in Hindi. */
  readonly borrowed: readonly number[];
  /** Each letter of an Arabic-script word past 12: in Arabic, in Persian. */
  readonly arabic: readonly number[];
  /**
   * On top of the English cost of a Latin word, by the line's language: each letter past 3, of a
   * word with a letter outside ASCII (`latinLetter`) or without (`plainLetter`). A word of plain
   * letters in a Polish or Turkish line is as often an English term ("pull request") as a word
   * of the language, and costs between the two.
   */
  readonly latinLetter: readonly number[];
  readonly plainLetter: readonly number[];
  /** Each accented letter of a Latin word, by the line's language. */
  readonly accented: readonly number[];
  /** On top of `latinLetter`, for a Capitalised word: each letter past 3. */
  readonly capitalLetter: readonly number[];
  /** A Latin word after an apostrophe, straight or curly (`l’équipe`, `request'leri`). */
  readonly elided: readonly number[];
  /** A Latin word with nothing before it (as at the start of a line). */
  readonly latinBare: readonly number[];
}

// Fitted on the fitted half of bench/languages.ts's corpora (rule-like sentences and the Universal
// Declaration of Human Rights in 23 languages; command-line help, contributing guides and
// translated docs in 26): least squares per o200k piece first, then per sample of the first
// corpus towards an overcount of 2 %. ASCII and accented letters inside other words, emoji, the
// rest of the BMP and the English row come from the English fit (bench/token-accuracy.ts) and
// stay as they are. Thai's and Korean's columns were refitted later each on its own, per piece on
// the fitted half of both corpora, Thai's word cost held at 0.25: a Thai piece is a run of words
// written without spaces, which o200k splits by its letters rather than once per run (and no
// piece with an ASCII letter may cost less than the half token the counter's lower bound
// assumes). The words of Russian, Persian and Korean by their length, and Vietnamese's cost per
// accented letter, were fitted last, on the fitted half's prose alone, and so were, later,
// Hindi's words (with its borrowed letters) and danda, and Chinese's runs of Han characters and
// CJK marks: `npx tsx bench/languages.ts --fit-lengths` prints them as they are here
// (test/tokens/languages.test.ts holds the tables to it). Turkish's `latinBare` was lowered last,
// by the least overcount of its line-start words in any kind of the fitted half (the
// declaration's, 0.46 a word; command help 0.94, translated docs 0.75–1.09): o200k holds "Bir"
// or "Projenizin" at a line's start about as it does after a space. A fit per piece over all of
// them (0.13–0.32) puts its held-out declaration more than 3 % under. Polish's and Czech's
// Latin columns were refitted after their lines without a letter of their own came to read as
// theirs (NATIVE_PAIRS), with real prose's totals weighing as much as the rules: `--fit` prints
// them as they are here. `--fit` reruns the first fit on every free entry at once; as the
// table was taken column by column, at several times, it prints costs near these, not these.
/** The fitted costs the default counter uses. @internal */
// biome-ignore format: a table, one column per script or language
export const SCRIPT_COSTS: ScriptCosts = Object.freeze({
  //             ASCII  Latin  Greek  Cyril. Hebrew Arabic 2-byte Devan. 3-byte Han    Hira.  Kata.  Hangul Astral  Thai
  word:         [0,     0,     0,     0,     0,     0,     0,     0,     0.439, 0,     0.932, 0.297, 0,     0,     0.25],
  letter:       [0.291, 0.306, 0.39,  0.36,  0.481, 0,     0.36,  0.257, 0.447, 0.786, 0.607, 0.567, 0.584, 2.263, 0.419],
  free:         [0,     0,     0,     0,     0,     0,     0,     0,     2,     0,     0,     0,     0,     0,     2],
  bare:         [0,     0,     0.761, 0,     0.464, 0.22,  0,     0.276, 0.179, 0,     0,     0,     0.315, 0,     1.58],
  symbol:       [0,     0.796, 0.667, 0.667, 0.667, 0.457, 0.667, 0.686, 0.375, 0,     0.729, 0.729, 0,     2.336, 0.375],
  // Words by their letters (0–12, 12 and more), per LENGTH_COLUMNS column: Russian's, Persian's
  // and Korean's from `npx tsx bench/languages.ts --fit-lengths` (each length's mean o200k count
  // of a spaced word in the fitted half's prose, 2 % over), Devanagari's from the same with its
  // borrowed letters (least squares); the others the word and letter costs of the per-piece fit,
  // as a table.
  length: [
    [1.02, 1.02, 1.02, 1.027, 1.185, 1.26, 1.472, 1.676, 1.833, 2.045, 2.284, 2.41, 2.781], // Russian
    [1.128, 1.128, 1.128, 1.128, 1.465, 1.802, 2.139, 2.476, 2.813, 3.15, 3.487, 3.824, 4.161], // Ukrainian
    [1.22, 1.22, 1.22, 1.22, 1.573, 1.926, 2.279, 2.632, 2.985, 3.338, 3.691, 4.044, 4.397], // Arabic
    [1.02, 1.02, 1.045, 1.068, 1.276, 1.556, 2.17, 2.434, 3.424, 3.892, 4.36, 4.828, 5.296], // Persian
    [1.081, 1.081, 1.081, 1.081, 1.471, 1.861, 2.251, 2.641, 3.031, 3.421, 3.811, 4.201, 4.591], // Greek
    [1.233, 1.233, 1.233, 1.233, 1.714, 2.195, 2.676, 3.157, 3.638, 4.119, 4.6, 5.081, 5.562], // Hebrew
    [1.02, 1.02, 1.024, 1.082, 1.127, 1.476, 1.867, 1.867, 2.496, 2.61, 2.828, 3.433, 3.937], // Devanagari
    [1.041, 1.041, 1.37, 2.296, 2.538, 3.424, 4.205, 4.845, 5.429, 6.013, 6.597, 7.181, 7.765], // Hangul
  ],
  //             Russian Ukrainian
  cyrillic:     [0.096, 0.337],
  //             Chinese Japanese
  han:          [1.026, 1.119],
  //             in a run
  chineseMark:  [0.672],
  //             Hindi
  borrowed:     [0.722],
  //             Arabic Persian
  arabic:       [0.353, 0.468],
  //             English Polish Turkish German Romance Vietn. Czech  Italian Dutch Indon. Hung.  Roman.
  latinLetter:  [0,     0.153, 0.159, 0.158, 0.002, 0,     0.236, 0.134, 0.164, 0.132, 0.329, 0.113],
  plainLetter:  [0,     0.235, 0.32,  0.039, 0.027, 0,     0.259, 0.136, 0.07,  0.134, 0.185, 0.083],
  accented:     [0.766, 0.576, 0.009, 1.6,   0.324, 0.156, 0.509, 0.538, 0.716, 0.3,   0.505, 0.643],
  capitalLetter:[0,     0.124, 0.049, 0,     0.246, 0.098, 0.083, 0.095, 0.081, 0,     0.115, 0.114],
  elided:       [0,     0,     0.063, 0.344, -0.7,  0,     0,     -0.7,  0,     0,     0,     0],
  latinBare:    [0,     0,     0.57,  0,     0,     0.081, 0,     0,     0.213, 0,     0.069, 0.018],
});
