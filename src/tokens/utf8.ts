import { stringArgument } from "../problems/arguments.js";

/**
 * The length of `text` in UTF-8 bytes, without encoding it.
 *
 * @example
 * ```ts
 * utf8Length("é€😀"); // 2 + 3 + 4 = 9
 * ```
 */
export function utf8Length(text: string): number {
  stringArgument(text, "text");
  let bytes = 0;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    if (unit < 0x80) bytes += 1;
    else if (unit < 0x800) bytes += 2;
    else if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      // A pair is one code point of four bytes; a lone surrogate is sent as U+FFFD (three).
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        index += 1;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}
