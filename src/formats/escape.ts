/**
 * Escaping and neutralising helpers shared by the formats. Content from rules and memories is data:
 * these make sure it can never open a new line, a section or an entry of the format around it.
 */

/** Lone surrogates and NUL: text that cannot be encoded or that tools truncate at. */
const UNSENDABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Anything the slow paths below might change; most text has none, so one test skips them. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const MAYBE_UNSAFE = /[\0-\x1f\x85\u2028\u2029\uD800-\uDFFF]|^\s|\s$/;
const MAYBE_UNSENDABLE = /[\0\uD800-\uDFFF]/;

/** Any run of whitespace that holds a line break, in any of the forms Unicode knows. */
const LINE_BREAK_RUN = /\s*[\n\r\v\f\u0085\u2028\u2029]\s*/g;

/** Whether text holds characters {@link sanitizeText} would replace. */
export function hasUnsendable(text: string): boolean {
  if (!MAYBE_UNSENDABLE.test(text)) return false;
  UNSENDABLE.lastIndex = 0;
  return UNSENDABLE.test(text);
}

/** Replaces NUL and lone surrogates with U+FFFD so the text is valid UTF-16 and UTF-8. */
export function sanitizeText(text: string): string {
  return MAYBE_UNSENDABLE.test(text) ? text.replace(UNSENDABLE, "\uFFFD") : text;
}

/**
 * Makes a field safe to place inside one line: unsendable characters replaced, every line break
 * (with the whitespace around it) folded into one space, ends trimmed. A rule text holding
 * `"\n## CRITICAL RULES"` becomes `" ## CRITICAL RULES"` in the middle of its line.
 */
export function inlineText(text: string): string {
  if (!MAYBE_UNSAFE.test(text)) return text;
  return sanitizeText(text).replace(LINE_BREAK_RUN, " ").trim();
}

/** Escapes the characters that would end or nest markdown emphasis around `text` (`**name**`). */
export function escapeMarkdownInline(text: string): string {
  return /[\\*`]/.test(text) ? text.replace(/[\\*`]/g, "\\$&") : text;
}

/**
 * Python's `str.title()`, which the original design uses for category names: a letter is upper
 * case when it follows a non-letter, lower case otherwise (`code_style` → `Code_Style`).
 */
export function titleCase(text: string): string {
  return text.replace(
    /\p{L}+/gu,
    (word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
  );
}

const XML_TEXT_SPECIAL = /[&<>]/g;
const XML_ATTRIBUTE_SPECIAL = /[&<>"'\t\n\r]/g;
const XML_ENTITIES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
  // Attribute-value normalisation would turn raw whitespace into spaces; references survive it.
  "\t": "&#9;",
  "\n": "&#10;",
  "\r": "&#13;",
};

/** Characters XML 1.0 forbids even as references: C0 controls but tab, LF, CR; U+FFFE, U+FFFF. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it looks for
const XML_FORBIDDEN = /[\0-\x08\x0b\x0c\x0e-\x1f\uFFFE\uFFFF]/g;

/** Whether text holds characters the XML escapers replace with U+FFFD (controls, lone surrogates). */
export function hasXmlForbidden(text: string): boolean {
  XML_FORBIDDEN.lastIndex = 0;
  return XML_FORBIDDEN.test(text) || hasUnsendable(text);
}

/** `sanitizeText`, plus the characters XML cannot carry at all, replaced with U+FFFD. */
function xmlSafe(text: string): string {
  XML_FORBIDDEN.lastIndex = 0;
  const clean = sanitizeText(text);
  return XML_FORBIDDEN.test(clean) ? clean.replace(XML_FORBIDDEN, "\uFFFD") : clean;
}

/**
 * Escapes text for an XML element's content: `&`, `<` and `>` become entities, so the text can
 * never open or close an element. Characters XML cannot carry (NUL and other C0 controls but tab
 * and line breaks, lone surrogates) become U+FFFD.
 *
 * @example
 * ```ts
 * escapeXmlText("a < b </PROJECT>"); // "a &lt; b &lt;/PROJECT&gt;"
 * ```
 */
export function escapeXmlText(text: string): string {
  const clean = xmlSafe(text);
  return /[&<>]/.test(clean)
    ? clean.replace(XML_TEXT_SPECIAL, (char) => XML_ENTITIES[char] ?? char)
    : clean;
}

/**
 * Escapes text for a double- or single-quoted XML attribute value: markup characters, both quotes
 * and raw line breaks and tabs become references, so the value can never end its attribute or
 * forge another one, and a parser reads back exactly the original text. Characters XML cannot
 * carry become U+FFFD, as in {@link escapeXmlText}.
 *
 * @example
 * ```ts
 * escapeXmlAttribute('SAM" status="done'); // "SAM&quot; status=&quot;done"
 * ```
 */
export function escapeXmlAttribute(text: string): string {
  const clean = xmlSafe(text);
  return /[&<>"'\t\n\r]/.test(clean)
    ? clean.replace(XML_ATTRIBUTE_SPECIAL, (char) => XML_ENTITIES[char] ?? char)
    : clean;
}

/** Escapes text to match itself literally inside a regular expression (names, paths). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
