/**
 * A modular rule file: one Markdown file of a client's rules folder (`.claude/rules/*.md`,
 * `.cursor/rules/*.mdc`, `.clinerules/*.md`, `.github/instructions/*.instructions.md`), whose
 * frontmatter says when the client loads it. Each format says it in its own keys; the neutral
 * value says it by meaning: always, for files matching globs, when the model asks (by its
 * description), or only when the user names it.
 */
import type { Codec } from "../codec.js";

/**
 * When a client loads a rule: at the start of every session (`always`); when the agent works on
 * a file matching one of `globs` (`files`); when the model decides from the rule's description
 * that it needs it (`asked`); or only when the user names the rule (`manual`).
 */
export type RuleApplies =
  | { readonly when: "always" }
  | { readonly when: "files"; readonly globs: readonly string[] }
  | { readonly when: "asked" }
  | { readonly when: "manual" };

/** One rule file, in the neutral form every rule-file format converts through. */
export interface RuleFile {
  /** Its path below the rules folder, without the format's ending (`frontend/react`). */
  readonly name: string;
  /** When it is loaded. */
  readonly applies: RuleApplies;
  /** What it is for, when the file says (Cursor and Copilot show it; the model reads it). */
  readonly description?: string;
  /** The rule's text: the file's body after the frontmatter, exactly as written. */
  readonly body: string;
  /** Other frontmatter keys, in file order, carried as they are. */
  readonly extra?: Readonly<Record<string, unknown>>;
}

/**
 * One client's rule-file format: how to read and write it, and which conditions it can say.
 * A condition it cannot say is never written by sync (it warns instead); `render` given one
 * writes the rule without it and says so.
 */
export interface RuleFileCodec extends Codec<"rule-file", RuleFile, "rule"> {
  /** The conditions the format can say. */
  readonly expresses: readonly RuleApplies["when"][];
}

/** The conditions in words, for warnings: "loaded only when the model asks for it". */
export const APPLIES_WORDS: Readonly<Record<RuleApplies["when"], string>> = {
  always: "loaded at the start of every session",
  files: "loaded for matching files",
  asked: "loaded when the model asks for it by its description",
  manual: "loaded only when the user names it",
};

/**
 * The globs of a comma-separated list (Cursor's `globs`, Copilot's `applyTo`): split at commas
 * outside braces, so `src/**\/*.{ts,tsx}` stays one glob; blanks dropped. One pass.
 *
 * @example
 * ```ts
 * globList("src/**\/*.{ts,tsx}, docs/**"); // ["src/**\/*.{ts,tsx}", "docs/**"]
 * ```
 */
export function globList(text: string): string[] {
  const globs: string[] = [];
  let depth = 0;
  let start = 0;
  for (let at = 0; at <= text.length; at += 1) {
    const char = text[at];
    if (char === "{") depth += 1;
    else if (char === "}") depth = Math.max(0, depth - 1);
    else if ((char === "," && depth === 0) || at === text.length) {
      const glob = text.slice(start, at).trim();
      if (glob !== "") globs.push(glob);
      start = at + 1;
    }
  }
  return globs;
}

/** The most globs one glob's braces expand to; past it the glob is kept whole, with a warning. */
const MAX_EXPANDED = 64;

/**
 * `glob` with its braces expanded, for a comma-separated list that cannot hold a brace's commas
 * (`*.{ts,tsx}` → `*.ts`, `*.tsx`); undefined when it cannot be (nested braces, or more than
 * {@link MAX_EXPANDED} globs). A glob without a comma is itself.
 */
export function expandedForList(glob: string): string[] | undefined {
  if (!glob.includes(",")) return [glob];
  let results = [""];
  let at = 0;
  while (at < glob.length) {
    const open = glob.indexOf("{", at);
    if (open === -1) {
      const rest = glob.slice(at);
      if (rest.includes(",") || rest.includes("}")) return undefined;
      results = results.map((result) => result + rest);
      break;
    }
    const close = glob.indexOf("}", open);
    const inner = close === -1 ? "" : glob.slice(open + 1, close);
    const head = glob.slice(at, open);
    if (close === -1 || inner.includes("{") || head.includes(",") || head.includes("}")) {
      return undefined;
    }
    const options = inner.split(",");
    if (results.length * options.length > MAX_EXPANDED) return undefined;
    results = results.flatMap((result) => options.map((option) => result + head + option));
    at = close + 1;
  }
  return results;
}
