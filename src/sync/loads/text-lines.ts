/**
 * The lines of a text as the doctor compares them between files: trimmed, whitespace runs
 * collapsed, list markers taken off; blank lines and marker lines (a managed region's
 * `<!-- contextfmt:begin -->`) left out. Lines, not paragraphs: sync and people copy list items
 * and sentences, not whole blocks. One pass.
 */
export function textLines(text: string, minLength = 1): string[] {
  const found: string[] = [];
  for (const line of text.split("\n")) {
    // A list item is its text: the same sentence as a bullet in one file and prose in another.
    const bare = line
      .replace(/\s+/g, " ")
      .trim()
      .replace(/^(?:[-*+]|\d{1,9}[.)]) /, "");
    if (bare.length < minLength || (bare.startsWith("<!--") && bare.endsWith("-->"))) continue;
    found.push(bare);
  }
  return found;
}
