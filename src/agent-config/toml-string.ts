// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it escapes
const CONTROL = /[\0-\x08\x0b-\x1f\x7f]/g;

/**
 * `text` as a TOML multi-line basic string whose value is exactly `text`. Backslashes and runs of
 * quotes are escaped, and control characters other than tab and line feed are written as
 * `\uXXXX`, so any text round-trips byte for byte.
 */
export function multilineString(text: string): string {
  const body = text
    .replace(/\\/g, "\\\\")
    .replace(/"(?=")/g, '\\"')
    .replace(/"$/, '\\"')
    .replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  // TOML drops a line break right after the opening quotes, so the text starts on the next line.
  return `"""\n${body}"""`;
}
