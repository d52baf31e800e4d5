/**
 * The dynamic parts of a prompt and how each tool writes them. Claude Code: `$ARGUMENTS`,
 * `$ARGUMENTS[N]` and `$N` (0-based), `` !`cmd` ``, `@path`, `\$` for a literal `$`. Gemini CLI:
 * `{{args}}`, `!{cmd}`, `@{path}`. Codex has none.
 */

/** One piece of a prompt: text, or a placeholder the tool fills in. `raw` is how the source wrote it. */
export type PromptPart =
  | { readonly kind: "text"; readonly text: string; readonly raw: string }
  | { readonly kind: "arguments"; readonly raw: string }
  | { readonly kind: "argument"; readonly index: number; readonly raw: string }
  | { readonly kind: "shell"; readonly command: string; readonly raw: string }
  | { readonly kind: "file"; readonly path: string; readonly raw: string };

/** Placeholder kinds, as named in warnings. */
export type PlaceholderKind = Exclude<PromptPart["kind"], "text">;

// `@path` counts as a file only when it looks like one (a slash or a dot): `@alice` stays text.
const CLAUDE_TOKEN =
  /\\\$|\$ARGUMENTS\[(\d+)\]|\$ARGUMENTS|\$(\d+)(?!\w)|(?<=^|\s)!`([^`\n]+)`|(?<=^|\s)@([^\s`]*[./][^\s`]*)/g;
const TRAILING_PUNCTUATION = new Set([".", ",", ";", ":", "!", "?", ")", "]"]);

/** How many characters at the end of `text` are sentence punctuation, not part of a path. */
function trailingPunctuation(text: string): number {
  // A backward walk: /[.,;:!?)\]]+$/ retries from every dot of a long run that is not at the end.
  let start = text.length;
  while (start > 0 && TRAILING_PUNCTUATION.has(text[start - 1] as string)) start--;
  return text.length - start;
}

/** Splits a prompt written in Claude Code syntax into parts. */
export function claudeParts(prompt: string): PromptPart[] {
  const parts: PromptPart[] = [];
  const text = (value: string, raw = value) => {
    if (raw) parts.push({ kind: "text", text: value, raw });
  };
  let last = 0;
  for (const match of prompt.matchAll(CLAUDE_TOKEN)) {
    const [raw, argIndex, dollarIndex, shell, file] = match;
    text(prompt.slice(last, match.index));
    last = match.index + raw.length;
    if (raw === "\\$") text("$", raw);
    else if (argIndex !== undefined || dollarIndex !== undefined) {
      parts.push({ kind: "argument", index: Number(argIndex ?? dollarIndex), raw });
    } else if (raw === "$ARGUMENTS") parts.push({ kind: "arguments", raw });
    else if (shell !== undefined) parts.push({ kind: "shell", command: shell, raw });
    else if (file !== undefined) {
      const path = file.slice(0, file.length - trailingPunctuation(file));
      parts.push({ kind: "file", path, raw: `@${path}` });
      text(file.slice(path.length));
    }
  }
  text(prompt.slice(last));
  return parts;
}

/**
 * For each `{` of `text`, the index of the `}` that closes it, nested braces counted; unclosed
 * ones are absent. One pass with a stack: scanning forward from every `!{` instead is quadratic
 * on a prompt of many unclosed openings.
 */
function closingBraces(text: string): Map<number, number> {
  const closing = new Map<number, number>();
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "{") open.push(i);
    else if (text[i] === "}" && open.length > 0) closing.set(open.pop() as number, i);
  }
  return closing;
}

/** Splits a Gemini CLI prompt into parts (`{{args}}`, `!{…}` and `@{…}` with balanced braces). */
export function geminiParts(prompt: string): PromptPart[] {
  const parts: PromptPart[] = [];
  const closing = closingBraces(prompt);
  let textStart = 0;
  const flush = (end: number) => {
    const value = prompt.slice(textStart, end);
    if (value) parts.push({ kind: "text", text: value, raw: value });
  };
  for (let i = 0; i < prompt.length; ) {
    if (prompt.startsWith("{{args}}", i)) {
      flush(i);
      parts.push({ kind: "arguments", raw: "{{args}}" });
      i += 8;
      textStart = i;
      continue;
    }
    const trigger = prompt.slice(i, i + 2);
    if (trigger === "!{" || trigger === "@{") {
      const end = closing.get(i + 1);
      if (end !== undefined) {
        flush(i);
        const inner = prompt.slice(i + 2, end);
        const raw = prompt.slice(i, end + 1);
        parts.push(
          trigger === "!{"
            ? { kind: "shell", command: inner, raw }
            : { kind: "file", path: inner.trim(), raw },
        );
        i = end + 1;
        textStart = i;
        continue;
      }
    }
    i++;
  }
  flush(prompt.length);
  return parts;
}

/** The placeholder kinds a prompt uses, in first-use order. */
export function placeholderKinds(parts: readonly PromptPart[]): PlaceholderKind[] {
  const kinds = new Set<PlaceholderKind>();
  for (const part of parts) if (part.kind !== "text") kinds.add(part.kind);
  return [...kinds];
}

/**
 * Text Claude Code would read otherwise gets its `$` escaped: a `$` that would start a placeholder,
 * and a `$` after a backslash, which with it would read as the escape `\$` (a literal `$`, the
 * backslash gone); escaped, `\\$` reads as the backslash and the `$` the text holds.
 */
function escapeClaudeText(text: string): string {
  return text.includes("$") ? text.replace(/\$(?=ARGUMENTS|\d)|(?<=\\)\$/g, "\\$") : text;
}

/** Writes parts in Claude Code syntax; returns the parts it could not write faithfully. */
export function toClaudeSyntax(parts: readonly PromptPart[]): { text: string; lost: PromptPart[] } {
  const lost: PromptPart[] = [];
  let text = "";
  for (const part of parts) {
    switch (part.kind) {
      case "text":
        text += escapeClaudeText(part.text);
        break;
      case "arguments":
        text += "$ARGUMENTS";
        break;
      case "argument":
        text += `$ARGUMENTS[${part.index}]`;
        break;
      case "shell":
        if (/[`\n]/.test(part.command)) lost.push(part);
        text += `!\`${part.command.replaceAll("{{args}}", "$ARGUMENTS")}\``;
        break;
      case "file":
        if (/\s/.test(part.path)) lost.push(part);
        text += `@${part.path.replaceAll("{{args}}", "$ARGUMENTS")}`;
        break;
    }
  }
  return { text, lost };
}

/** Inside `!{…}` / `@{…}` Gemini fills in `{{args}}` only; positional arguments are lost there too. */
function geminiInner(text: string, part: PromptPart, lost: PromptPart[]): string {
  if (/\$ARGUMENTS\[\d+\]|\$\d+(?!\w)/.test(text)) lost.push(part);
  return text.replace(/\$ARGUMENTS(?!\[)/g, "{{args}}");
}

/** Writes parts in Gemini CLI syntax; positional arguments have no Gemini form and stay as text. */
export function toGeminiSyntax(parts: readonly PromptPart[]): { text: string; lost: PromptPart[] } {
  const lost: PromptPart[] = [];
  let text = "";
  for (const part of parts) {
    switch (part.kind) {
      case "text":
        text += part.text;
        break;
      case "arguments":
        text += "{{args}}";
        break;
      case "argument":
        lost.push(part);
        text += part.raw;
        break;
      case "shell":
        text += `!{${geminiInner(part.command, part, lost)}}`;
        break;
      case "file":
        text += `@{${geminiInner(part.path, part, lost)}}`;
        break;
    }
  }
  return { text, lost };
}
