/**
 * What a user context and a project context both say: the original design's overlap rules, as
 * plain functions over text.
 */
import { escapeRegExp, inlineText } from "../formats/escape.js";
import type { UserFact } from "../model/user.js";

/**
 * Removes every sentence of `text` that says the user is "working on" one of `names` (whole
 * name, any case), and every line left empty by that. The rule "PROJECT wins on the current
 * task": the PROJECT block says it, more precisely.
 */
export function withoutWorkingOn(text: string, names: readonly string[]): string {
  if (names.length === 0) return text;
  const pattern = new RegExp(
    `\\bworking on (?:the )?(?:${names.map((name) => escapeRegExp(inlineText(name))).join("|")})(?![\\p{L}\\p{N}_])`,
    "iu",
  );
  const lines: string[] = [];
  for (const line of text.split("\n")) {
    const sentences = line.split(/(?<=[.!?])\s+/);
    const kept = sentences.filter((sentence) => !pattern.test(sentence));
    if (kept.length === sentences.length) lines.push(line);
    // A line whose every sentence went (a bullet included) goes with them.
    else if (kept.length > 0) lines.push(kept.join(" "));
  }
  return lines.join("\n").trim();
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
};

/** The `name="…"` values of the PROJECT blocks in `projectContext`, unescaped. */
function projectNames(projectContext: string): string[] {
  return [...projectContext.matchAll(/<PROJECT\b[^>]*?\bname="([^"]*)"/g)].map(([, name = ""]) =>
    name.replace(/&(amp|lt|gt|quot|apos|#(\d+));/g, (entity, named: string, code?: string) =>
      code ? String.fromCharCode(Number(code)) : (ENTITIES[named] ?? entity),
    ),
  );
}

/**
 * Removes from a user context what the project context already says: sentences saying the user
 * is "working on <project name>" for any PROJECT block's name (the original design's rule, over
 * every block rather than the first).
 *
 * @example
 * ```ts
 * deduplicateContext("Likes Rust. Working on SAM Terminal this week.",
 *   '<PROJECT name="SAM Terminal" status="active">\n</PROJECT>'); // "Likes Rust."
 * ```
 */
export function deduplicateContext(userContext: string, projectContext: string): string {
  return withoutWorkingOn(userContext, projectNames(projectContext)).trim();
}

/** Letters and digits only, lower case, single-spaced: for "says the same thing" tests. */
function normalized(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Whether a project note repeats a user preference or constraint (the USER fact wins). */
export function repeatsFact(note: string, facts: readonly UserFact[]): boolean {
  const text = ` ${normalized(note)} `;
  return facts.some((fact) => {
    if (fact.category !== "preference" && fact.category !== "constraint") return false;
    const said = normalized(fact.text);
    return said !== "" && text.includes(` ${said} `);
  });
}
