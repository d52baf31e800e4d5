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
const OPENING = new RegExp(`<(${NAME})((?: ${NAME}="${VALUE}")*)(/?)>`, "y");
const CLOSING = new RegExp(`</(${NAME})>`, "y");
const TEXT_REFERENCE = new RegExp(REFERENCE, "y");
const SLASH = 47;
/** The most attributes a tag may have here: a tag with more is left to the validator. */
const MOST_ATTRIBUTES = 16;

/**
 * Whether an opening tag's attributes, as its pattern took them (` a="1" b="2"`: a space, a
 * name, `="`, a value without quotes, `"`), name each attribute once.
 */
function namedOnce(attributes: string): boolean {
  const names: string[] = [];
  for (let at = 0; at < attributes.length; ) {
    const equals = attributes.indexOf('="', at);
    const name = attributes.slice(at + 1, equals);
    if (names.length === MOST_ATTRIBUTES || names.includes(name)) return false;
    names.push(name);
    at = attributes.indexOf('"', equals + 2) + 1;
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
  const open: string[] = [];
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
      const closing = CLOSING.exec(content);
      if (!closing || open.pop() !== closing[1]) return false;
      at = CLOSING.lastIndex;
    } else {
      OPENING.lastIndex = tag;
      const opening = OPENING.exec(content);
      if (!opening || !namedOnce(opening[2] as string)) return false;
      if (opening[3] === "") open.push(opening[1] as string);
      at = OPENING.lastIndex;
    }
  }
}
