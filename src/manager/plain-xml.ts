/**
 * A quick proof that XML content is well-formed, for the plain XML the formats write. The full
 * validator reads every character one by one (about 1.3× the time of counting the content's
 * tokens at 10,000 memories); the XML the formats write is simple enough to take in a few native
 * searches and one pattern per tag.
 */

/** Element and attribute names: ASCII words, which the validator's name pattern all takes. */
const NAME = "[A-Za-z_][\\w.:-]*";
/** A character or entity reference as the escapers write them. */
const REFERENCE = "&(?:[A-Za-z]{2,6}|#\\d{1,7}|#x[\\dA-Fa-f]{1,6});";
/** An attribute value: no quote, no `<`, and `&` only as a reference. */
const VALUE = `[^"<&]*(?:${REFERENCE}[^"<&]*)*`;
// Tested, not matched: where a tag's name and attributes stand is read from the content itself,
// so a tag costs no match object and no string.
const OPENING = new RegExp(`<${NAME}(?: ${NAME}="${VALUE}")*/?>`, "y");
const CLOSING = new RegExp(`</${NAME}>`, "y");
const TEXT_REFERENCE = new RegExp(REFERENCE, "y");
const SLASH = 47;
/** The most attributes a tag may have here: a tag with more is left to the validator. */
const MOST_ATTRIBUTES = 16;

/** Whether `code` can be in a {@link NAME} after its first character. */
function inName(code: number): boolean {
  const lower = code | 32;
  return (lower >= 97 && lower <= 122) || (code >= 45 && code <= 58 && code !== 47) || code === 95;
}

/** Where the name starting at `start` in `content` ends. */
function nameEnd(content: string, start: number): number {
  let end = start;
  while (inName(content.charCodeAt(end))) end += 1;
  return end;
}

/** Whether `content` holds the same name at `a` and at `b`, each `length` long. */
function sameName(content: string, a: number, b: number, length: number): boolean {
  for (let at = 0; at < length; at += 1) {
    if (content.charCodeAt(a + at) !== content.charCodeAt(b + at)) return false;
  }
  return true;
}

/**
 * Whether the attributes of an opening tag, from `from` to `to` in `content` as its pattern
 * took them (` a="1" b="2"`: a space, a name, `="`, a value without quotes, `"`), name each
 * attribute once. `names` is room for their starts and lengths.
 */
function namedOnce(content: string, from: number, to: number, names: Int32Array): boolean {
  let count = 0;
  for (let at = from; at < to; count += 1) {
    const start = at + 1;
    const length = nameEnd(content, start) - start;
    if (count === MOST_ATTRIBUTES) return false;
    for (let other = 0; other < count; other += 1) {
      const otherLength = names[2 * other + 1] as number;
      if (otherLength === length && sameName(content, names[2 * other] as number, start, length)) {
        return false;
      }
    }
    names[2 * count] = start;
    names[2 * count + 1] = length;
    // Past the value's closing quote: the next attribute's space, or the tag's end.
    at = content.indexOf('"', start + length + 2) + 1;
  }
  return true;
}

/**
 * Whether `content` is plainly well-formed: text in which `&` only starts a reference, and
 * elements, each closed in order, written `<name a="value">` (one space before each attribute,
 * double quotes, no attribute twice, at most 16) or `<name/>` and `</name>`. Anything else (comments,
 * CDATA, processing instructions, other spacing or quoting, an unclosed element) gives `false`
 * without judging it: the full validator then decides and says where it fails. Every content
 * this returns `true` for, that validator takes (a property test holds it to that).
 *
 * @internal Exported for its property test.
 */
export function isPlainWellFormed(content: string): boolean {
  // The elements open, as the start and length of each one's name.
  const open: number[] = [];
  const names = new Int32Array(2 * MOST_ATTRIBUTES);
  let at = 0;
  let ampersand = content.indexOf("&");
  for (;;) {
    const tag = content.indexOf("<", at);
    const textEnd = tag === -1 ? content.length : tag;
    // The references in the text before the tag; one search for `&` across all the text, so
    // text without any is not searched again from each tag.
    if (ampersand !== -1 && ampersand < at) ampersand = content.indexOf("&", at);
    while (ampersand !== -1 && ampersand < textEnd) {
      TEXT_REFERENCE.lastIndex = ampersand;
      if (!TEXT_REFERENCE.test(content)) return false;
      ampersand = content.indexOf("&", TEXT_REFERENCE.lastIndex);
    }
    if (tag === -1) return open.length === 0;
    if (content.charCodeAt(tag + 1) === SLASH) {
      CLOSING.lastIndex = tag;
      if (!CLOSING.test(content)) return false;
      at = CLOSING.lastIndex;
      const length = at - 1 - (tag + 2);
      const openLength = open.pop();
      const openStart = open.pop();
      if (openLength !== length || !sameName(content, openStart as number, tag + 2, length)) {
        return false;
      }
    } else {
      OPENING.lastIndex = tag;
      if (!OPENING.test(content)) return false;
      at = OPENING.lastIndex;
      const end = nameEnd(content, tag + 1);
      const selfClosing = content.charCodeAt(at - 2) === SLASH;
      if (!namedOnce(content, end, at - (selfClosing ? 2 : 1), names)) return false;
      if (!selfClosing) open.push(tag + 1, end - (tag + 1));
    }
  }
}
