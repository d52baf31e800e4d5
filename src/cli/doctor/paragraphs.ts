/**
 * The paragraphs of a text, as the doctor compares them between files: blocks between blank
 * lines (or marker lines, such as a managed region's), whitespace collapsed. One pass.
 */
export function paragraphs(text: string, minLength = 1): string[] {
  const found: string[] = [];
  let block: string[] = [];
  const flush = () => {
    const joined = block.join(" ").replace(/\s+/g, " ").trim();
    if (joined.length >= minLength) found.push(joined);
    block = [];
  };
  for (const line of text.split("\n")) {
    const bare = line.trim();
    // A marker line (a managed region's <!-- contextfmt:begin -->) ends a paragraph too.
    if (bare === "" || (bare.startsWith("<!--") && bare.endsWith("-->"))) flush();
    else block.push(line);
  }
  flush();
  return found;
}
