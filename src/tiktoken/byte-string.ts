const utf8 = new TextEncoder();
// Any UTF-16 code unit outside ASCII (no `u` flag: surrogates match one by one).
const NON_ASCII = /[\u0080-\uffff]/;
// String.fromCharCode takes its codes as arguments; chunks keep the argument list small.
const CHUNK = 8192;

/**
 * The UTF-8 bytes of `text` as a string of one char per byte (codes 0–255), the key the rank
 * table uses. Bytes come from `TextEncoder`, as in js-tiktoken, so a lone surrogate becomes
 * U+FFFD's three bytes there and here alike. ASCII text is its own byte string.
 */
export function utf8ByteString(text: string): string {
  if (!NON_ASCII.test(text)) return text;
  const bytes = utf8.encode(text);
  let result = "";
  for (let start = 0; start < bytes.length; start += CHUNK) {
    result += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
  }
  return result;
}
