/**
 * Escaping and neutralising helpers shared by the formats. Content from rules and memories is data:
 * these make sure it can never open a new line, a section or an entry of the format around it.
 */
import { stringArgument } from "../problems/arguments.js";
import { InvalidInputError } from "../problems/errors.js";
import { isWhitespaceCode } from "../tokens/counter.js";

/**
 * The longest text the escapers that rewrite each match take (XML, markdown emphasis, title
 * case, regular expressions): 33,554,432 characters (2^25). V8 stops the process, rather than
 * throw, when one `replace` builds a result of more than 2^26 pieces (each match is one, the
 * text before it two: `a&a&…` makes 1.5 pieces a character, so 44.7 million characters of it)
 * or longer than its longest string (`2 ** 29 - 24` characters in Node 20 and later; an XML
 * escape writes at most six characters for one, `"` as `&quot;`). 2^25 characters stay within
 * both with room to spare; longer text is refused up front.
 */
export const MAX_ESCAPE_LENGTH = 2 ** 25;

/** Whether `text` is a string the escapers take: what {@link escapableArgument} asks of it. */
export const isEscapable = (text: unknown): text is string =>
  typeof text === "string" && text.length <= MAX_ESCAPE_LENGTH;

/**
 * `text` when it is a string the escapers take; otherwise an `InvalidInputError` at `path` (a
 * longer text names {@link MAX_ESCAPE_LENGTH}).
 */
export function escapableArgument(text: unknown, path: string): string {
  if (isEscapable(text)) return text;
  stringArgument(text, path);
  throw new InvalidInputError([
    {
      code: "invalid_input",
      severity: "error",
      path,
      message: `expected text of at most ${count(MAX_ESCAPE_LENGTH)} characters (escaped, longer text may not fit in a string), received ${count((text as string).length)} characters`,
    },
  ]);
}

const count = (n: number): string => n.toLocaleString("en-US");

/** Anything the slow paths below might change; most text has none, so one test skips them. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const MAYBE_UNSAFE = /[\0-\x1f\x85\u2028\u2029\uD800-\uDFFF]/;

/** What Node 20's `String.prototype.isWellFormed` says (the ES2022 typings do not have it). */
type WellFormedString = string & { isWellFormed(): boolean; toWellFormed(): string };

/**
 * Runs of whitespace, each matched once from its first character (a pattern such as
 * `\s*[\n]\s*` would start again at every space of a long run: quadratic time).
 */
const WHITESPACE_RUN = /[\s\u0085]+/g;
/** A line break in any of the forms Unicode knows. */
const LINE_BREAK = /[\n\r\v\f\u0085\u2028\u2029]/;
const foldRun = (run: string): string => (LINE_BREAK.test(run) ? " " : run);

/** Whether text holds characters {@link sanitizeText} would replace. */
export function hasUnsendable(text: string): boolean {
  // Both native, and several times faster than a pattern: `isWellFormed` answers at once for
  // text that holds no UTF-16 surrogate at all, and `includes` looks for NUL as `indexOf` does.
  return text.includes("\0") || !(text as WellFormedString).isWellFormed();
}

/** Replaces NUL and lone surrogates with U+FFFD so the text is valid UTF-16 and UTF-8. */
export function sanitizeText(text: string): string {
  stringArgument(text, "text");
  if (!hasUnsendable(text)) return text;
  // `toWellFormed` puts U+FFFD in place of each lone surrogate, as the pattern does.
  return (text as WellFormedString).toWellFormed().replaceAll("\0", "\uFFFD");
}

/**
 * Makes a field safe to place inside one line: unsendable characters replaced, every line break
 * (with the whitespace around it) folded into one space, ends trimmed. A rule text holding
 * `"\n## CRITICAL RULES"` becomes `" ## CRITICAL RULES"` in the middle of its line.
 */
export function inlineText(text: string): string {
  stringArgument(text, "text");
  // One character class over the text, and its two ends: an alternation with `^\s|\s$` would
  // be tried at every character of it.
  if (
    !MAYBE_UNSAFE.test(text) &&
    !isWhitespaceCode(text.charCodeAt(0)) &&
    !isWhitespaceCode(text.charCodeAt(text.length - 1))
  ) {
    return text;
  }
  const sendable = sanitizeText(text);
  return (LINE_BREAK.test(sendable) ? sendable.replace(WHITESPACE_RUN, foldRun) : sendable).trim();
}

/**
 * Escapes the characters that would end or nest markdown emphasis around `text` (`**name**`).
 *
 * @throws {InvalidInputError} for text longer than 33,554,432 characters (2^25: see `MAX_ESCAPE_LENGTH` in escape.ts).
 */
export function escapeMarkdownInline(text: string): string {
  escapableArgument(text, "text");
  return /[\\*`]/.test(text) ? text.replace(/[\\*`]/g, "\\$&") : text;
}

/**
 * Python's `str.title()`, which the original design uses for category names: a letter is upper
 * case when it follows a non-letter, lower case otherwise (`code_style` → `Code_Style`).
 *
 * @throws {InvalidInputError} for text longer than 33,554,432 characters (2^25: see `MAX_ESCAPE_LENGTH` in escape.ts).
 */
export function titleCase(text: string): string {
  escapableArgument(text, "text");
  // Category names are ASCII: a pattern of ASCII letters spares a hook process the building of
  // the Unicode letter set (most of a millisecond at its start).
  return text.replace(NON_ASCII.test(text) ? /\p{L}+/gu : /[A-Za-z]+/g, capitalized);
}

const NON_ASCII = /[^\0-\x7f]/;

/** `word` with its first letter upper case and the others lower case. */
const capitalized = (word: string): string =>
  word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

/**
 * Characters XML 1.0 forbids even as character references (C0 controls other than tab, line feed
 * and carriage return, U+FFFE, U+FFFF), NUL and lone surrogates included: a conforming parser
 * rejects a document that holds one.
 */
const XML_ILLEGAL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
  /[\0-\x08\x0B\x0C\x0E-\x1F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const MAYBE_XML_ILLEGAL = /[\0-\x08\x0B\x0C\x0E-\x1F\uD800-\uDFFF\uFFFE\uFFFF]/;

/** Whether text holds characters XML 1.0 cannot carry, which {@link escapeXmlText} replaces. */
export function hasXmlIllegal(text: string): boolean {
  if (!MAYBE_XML_ILLEGAL.test(text)) return false;
  XML_ILLEGAL.lastIndex = 0;
  return XML_ILLEGAL.test(text);
}

const XML_TEXT_SPECIAL = /[&<>\r]/g;
const XML_ATTRIBUTE_SPECIAL = /[&<>"'\t\n\r]/g;
const XML_ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  // A parser turns a raw carriage return into a line feed, and tabs and line breaks in an
  // attribute into spaces; as character references they come back as they were.
  "\t": "&#9;",
  "\n": "&#10;",
  "\r": "&#13;",
};
const toEntity = (char: string): string => XML_ENTITIES[char] ?? char;

/**
 * Escapes text for an XML element's content: `&`, `<`, `>` (so `]]>` and closing tags stay text),
 * carriage returns as `&#13;`; characters XML cannot carry become U+FFFD (see `hasXmlIllegal`).
 * A conforming parser gives back the original text, those characters aside.
 *
 * @throws {InvalidInputError} for text longer than 33,554,432 characters (2^25: see `MAX_ESCAPE_LENGTH` in escape.ts).
 * @example
 * ```ts
 * escapeXmlText("a </memory> & b"); // "a &lt;/memory&gt; &amp; b"
 * ```
 */
export function escapeXmlText(text: string): string {
  escapableArgument(text, "text");
  const legal = MAYBE_XML_ILLEGAL.test(text) ? text.replace(XML_ILLEGAL, "\uFFFD") : text;
  return legal.replace(XML_TEXT_SPECIAL, toEntity);
}

/**
 * Escapes text for a quoted XML attribute value: `&`, `<`, `>`, both quotes, and tabs and line
 * breaks as character references (a parser would fold them into spaces); characters XML cannot
 * carry become U+FFFD.
 *
 * @throws {InvalidInputError} for text longer than 33,554,432 characters (2^25: see `MAX_ESCAPE_LENGTH` in escape.ts).
 * @example
 * ```ts
 * `<memory id="${escapeXmlAttribute('a" forged="1')}">`; // id="a&quot; forged=&quot;1"
 * ```
 */
export function escapeXmlAttribute(text: string): string {
  escapableArgument(text, "text");
  const legal = MAYBE_XML_ILLEGAL.test(text) ? text.replace(XML_ILLEGAL, "\uFFFD") : text;
  return legal.replace(XML_ATTRIBUTE_SPECIAL, toEntity);
}

/**
 * What a reader does not see at the start of a line: default-ignorable and format characters
 * (zero-width spaces and joiners, BOM, bidi controls, soft hyphens, variation selectors, tags),
 * control characters and spaces other than line breaks. Made on first use: building its
 * Unicode property sets takes most of a millisecond, at the start of every hook process, for
 * lines that nearly never start with such a character.
 */
let invisibleRun: RegExp | undefined;

/** Index of the first visible character of `line` (its length when it has none). */
export function visibleStart(line: string): number {
  // Most lines start with spaces or tabs, if anything, then a printable ASCII character.
  let start = 0;
  for (let code = line.charCodeAt(0); code === 32 || code === 9; code = line.charCodeAt(start)) {
    start += 1;
  }
  const next = line.charCodeAt(start);
  if ((next > 0x20 && next < 0x7f) || start === line.length) return start;
  invisibleRun ??=
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
    /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Zs}\t\0-\x08\x0E-\x1F\x7F-\x84\x86-\x9F]*/uy;
  invisibleRun.lastIndex = start;
  invisibleRun.test(line);
  return invisibleRun.lastIndex;
}

/** `line` from its first visible character. */
function visiblePart(line: string): string {
  const start = visibleStart(line);
  return start === 0 ? line : line.slice(start);
}

/** Line openings markdown reads as structure: headings, list items, quotes, rules, fences. */
const MARKDOWN_LINE_START = /^(?:#|[-+*>=_~`|\\]|\d+[.)])/;

/**
 * Makes one line of text start as plain prose in markdown: a line that would open a heading, a
 * list item, a quote or a fence (or that starts with a backslash) gets a leading backslash, also
 * when characters a reader does not see (a zero-width space, a bidi control) come first. A tag
 * {@link escapeTags} escaped already keeps its one backslash.
 *
 * @example
 * ```ts
 * escapeMarkdownLineStart("## Relevant Context"); // "\\## Relevant Context"
 * ```
 */
export function escapeMarkdownLineStart(line: string): string {
  stringArgument(line, "line");
  const visible = visiblePart(line);
  if (ESCAPED_TAG.test(visible)) return line;
  return MARKDOWN_LINE_START.test(visible) ? `\\${line}` : line;
}

/**
 * What opens a turn of a conversation when it starts a line: a role label a model reads as a new
 * speaker (`SYSTEM:`, `User:`, `Human:`, `Assistant:`, `AI:`, any case, as transcripts and the
 * chat APIs' roles write them), or a chat template's turn token (`<|im_start|>`). No format writes
 * one, so a field's text must not start a line with one.
 */
export const TURN_START =
  /^(?:<\||(?:system|developer|user|human|assistant|ai|model|tool)[ \t]*:)/i;

/**
 * Line starts the escaper guards, a superset of what the structure rules of every format
 * (formats/structure.ts) read as structure
 * (any `#`, `<` or `[`, any run of markdown punctuation, a role label), plus a backslash, which
 * keeps the escape itself unambiguous.
 */
const ESCAPED_START =
  /^(?:[#\-+*>=_~`|\\[<]|\d+[.)]|PROJECT CONTEXT RULES|Generated:|MANDATORY RULES:|RECOMMENDED GUIDELINES:|Related:|Scope:|Condition:)/;

/**
 * Makes a field that starts a line read as plain text in every format: when its first visible
 * character starts anything a format reads as structure (a heading, a list item, an entry such as
 * `[2] …`, a section such as `=== … ===`, a tag, a label such as `Scope:`, a role label such as
 * `SYSTEM:`), or a backslash, the line gets a leading backslash. Characters a reader does not see
 * before it do not hide it. A tag {@link escapeTags} escaped already keeps its one backslash.
 *
 * @example
 * ```ts
 * escapeLineStart("## Relevant Context"); // "\\## Relevant Context"
 * escapeLineStart("\u200B[2] override"); // "\\\u200B[2] override"
 * ```
 */
export function escapeLineStart(line: string): string {
  stringArgument(line, "line");
  const visible = visiblePart(line);
  if (ESCAPED_TAG.test(visible)) return line;
  return ESCAPED_START.test(visible) || TURN_START.test(visible) ? `\\${line}` : line;
}

/** A `<` that opens something tag-like: an element, a closing tag, a comment, an instruction. */
const TAG_OPENING = /<(?=[!?]|\/?[A-Za-z_][\w:.-]*(?:[\s/>]|$))/g;

/**
 * A tag {@link escapeTags} escaped: its backslash is the escape, so a line that starts with one
 * needs no other (a second backslash would escape the first, and markdown would read the tag).
 */
const ESCAPED_TAG = new RegExp(`^\\\\${TAG_OPENING.source}`);

/**
 * Puts a backslash before every `<` that opens something tag-like, so text in a markdown or
 * plain-text format can neither open nor close a tag of what it is placed in (Claude Code wraps
 * hook context in `<system-reminder>` tags). `a < b` and `Result<T, E>` stay as they are.
 *
 * @example
 * ```ts
 * escapeTags("ok </system-reminder> now"); // "ok \\</system-reminder> now"
 * ```
 */
export function escapeTags(text: string): string {
  stringArgument(text, "text");
  if (!text.includes("<")) return text;
  TAG_OPENING.lastIndex = 0;
  return text.replace(TAG_OPENING, "\\<");
}

/**
 * A field of a markdown or plain-text format placed inside one line: {@link inlineText}, then
 * {@link escapeTags}.
 */
export function inlineField(text: string): string {
  return escapeTags(inlineText(text));
}

/**
 * `text` without the run of `characters` at its end. A loop, not a pattern such as `/[.]+$/`,
 * which starts again at every character of a long inner run (quadratic).
 */
export function withoutTrailing(text: string, characters: ReadonlySet<string>): string {
  let end = text.length;
  while (end > 0 && characters.has(text.charAt(end - 1))) end -= 1;
  return end === text.length ? text : text.slice(0, end);
}

/**
 * Escapes text to match itself literally inside a regular expression (names, paths).
 *
 * @throws {InvalidInputError} for text longer than 33,554,432 characters (2^25: see `MAX_ESCAPE_LENGTH` in escape.ts).
 */
export function escapeRegExp(text: string): string {
  escapableArgument(text, "text");
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
