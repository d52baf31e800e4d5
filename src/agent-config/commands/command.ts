/**
 * A slash command, said once for all tools. The prompt is kept in Claude Code's syntax, which can
 * say the most: `$ARGUMENTS`, positional `$0` / `$ARGUMENTS[0]` (0-based: `$1` is the second
 * argument), `` !`cmd` `` shell output, `@path` file contents, and `\$` for a literal dollar sign.
 */
import * as z from "zod/mini";
import type { Codec, CodecParseOptions, CodecParseResult, CodecRenderResult } from "../codec.js";
import type { WarningLog } from "../warnings.js";
import { claudeParts, type PlaceholderKind, placeholderKinds } from "./placeholders.js";

/** Command formats: Claude Code markdown, Gemini CLI TOML (Qwen Code reads it too), Codex AGENTS.md section, Codex and Copilot CLI skills, OpenCode markdown, Cursor commands, Cline workflows, Qwen Code markdown, Pi prompt templates, and Windsurf's, Roo Code's and Antigravity's plain markdown. */
export type CommandFormat =
  | "claude"
  | "gemini"
  | "codex"
  | "codex-skill"
  | "copilot-skill"
  | "opencode"
  | "cursor"
  | "cline"
  | "qwen"
  | "pi"
  | "windsurf"
  | "roo"
  | "antigravity";

/** A command format id: a built-in one, or the id of a format registered in an `AgentConfigRegistry`. */
export type CommandFormatId = CommandFormat | (string & {});

/**
 * The command formats this library reads and writes.
 *
 * @example
 * ```ts
 * for (const to of COMMAND_FORMATS) await convertCommand(text, { from: "claude", to });
 * ```
 */
export const COMMAND_FORMATS: readonly CommandFormat[] = [
  "claude",
  "gemini",
  "codex",
  "codex-skill",
  "copilot-skill",
  "opencode",
  "cursor",
  "cline",
  "qwen",
  "pi",
  "windsurf",
  "roo",
  "antigravity",
];

/**
 * Schema of a command in the neutral form every format converts through.
 *
 * @example
 * ```ts
 * CommandSchema.parse({ name: "review", description: "Review a file", prompt: "Review @$0" });
 * ```
 */
export const CommandSchema = z.strictObject({
  /** Command name; `/` separates a namespace (`git/commit`: Gemini `/git:commit`). */
  name: z.optional(z.string().check(z.minLength(1))),
  description: z.optional(z.string()),
  /** The prompt in Claude Code syntax, without leading blank lines or trailing whitespace. */
  prompt: z.string(),
  /** Claude `argument-hint`, e.g. `[file] [focus]`. */
  argumentHint: z.optional(z.string()),
  /** Claude `allowed-tools`, one entry per tool rule: `Bash(git add:*)`. */
  allowedTools: z.optional(z.array(z.string().check(z.minLength(1)))),
  /** Claude `model`. */
  model: z.optional(z.string()),
  /** Claude `disable-model-invocation`. */
  disableModelInvocation: z.optional(z.boolean()),
  /** Other frontmatter keys (Claude, Codex skill), kept in file order and written back as they were. */
  extra: z.optional(z.record(z.string(), z.unknown())),
});

/** A slash command; see {@link CommandSchema}. */
export type Command = z.output<typeof CommandSchema>;

/** Options of reading a command: the name, for formats that take it from the file path. */
export type ParseCommandOptions = CodecParseOptions;

/** What reading a command gives. */
export type CommandParseResult = CodecParseResult<"command", Command>;

/** What writing a command gives. */
export type CommandRenderResult = CodecRenderResult;

/**
 * One tool's command file: how to read it and write it. A plain object; register your own in an
 * `AgentConfigRegistry` to convert through it.
 */
export type CommandCodec = Codec<"command", Command>;

/**
 * The prompt as every format stores it: line feeds only (a CRLF file would otherwise carry a
 * `\r` into every line of a TOML string), no leading blank lines, no trailing whitespace.
 */
export function normalizePrompt(text: string): string {
  return text
    .replace(/\r\n/g, "\n")
    .replace(/^(?:[ \t]*\n)+/, "")
    .trimEnd();
}

/**
 * A namespaced name in the neutral `a/b` form (Gemini writes `a:b`). Only a colon between two
 * name characters separates a namespace: a display name (`OPSX: Sync`) stays as it is written.
 */
export function normalizeName(name: string | undefined): string | undefined {
  return name?.trim().replace(/(?<=\S):(?=\S)/g, "/") || undefined;
}

/** The Claude-only fields of a command, as written in Claude frontmatter. */
const CLAUDE_ONLY: readonly [keyof Command, string][] = [
  ["argumentHint", "argument-hint"],
  ["allowedTools", "allowed-tools"],
  ["model", "model"],
  ["disableModelInvocation", "disable-model-invocation"],
];

/** Reports every Claude-only field (and, unless the target keeps them, extra keys) `tool` cannot hold. */
export function reportUnheldFields(
  command: Command,
  tool: string,
  log: { lossy(item: string, field: string, message: string): void },
  keepsExtra = false,
): void {
  const item = command.name ?? "command";
  for (const [field, key] of CLAUDE_ONLY) {
    if (command[field] !== undefined) log.lossy(item, key, `${tool} has no "${key}"; dropped`);
  }
  if (!keepsExtra) {
    for (const key of Object.keys(command.extra ?? {})) {
      log.lossy(item, key, `${tool} has no "${key}"; dropped`);
    }
  }
}

/** `Bash(git add:*), Read` → one entry per rule; commas inside parentheses stay. */
export function splitTools(value: string): string[] {
  const tools: string[] = [];
  let depth = 0;
  let current = "";
  for (const char of value) {
    if (char === "(") depth++;
    if (char === ")") depth = Math.max(0, depth - 1);
    if (depth === 0 && (char === "," || char === " ") && !current.endsWith("(")) {
      if (current.trim()) tools.push(current.trim());
      current = "";
      continue;
    }
    current += char;
  }
  if (current.trim()) tools.push(current.trim());
  return tools;
}

/** What is lost of each placeholder kind in a tool that fills in none. */
const WHAT_IS_LOST: Record<PlaceholderKind, (tool: string) => string> = {
  arguments: (tool) => `$ARGUMENTS is left as text; ${tool} passes no arguments`,
  argument: (tool) => `positional arguments are left as text; ${tool} passes no arguments`,
  shell: (tool) => `shell inlines (!\`cmd\`) are left as text; ${tool} does not run them`,
  file: (tool) => `file inlines (@path) are left as text; ${tool} does not read them in`,
};

/** Reports each placeholder kind of the prompt `tool` (default: Codex) will not fill in. */
export function reportCodexPlaceholders(command: Command, log: WarningLog, tool = "Codex"): void {
  for (const kind of placeholderKinds(claudeParts(command.prompt))) {
    log.lossy(command.name ?? "command", `prompt.${kind}`, WHAT_IS_LOST[kind](tool));
  }
}

/** A name derived from the description, as the original design does when a format has none. */
export function nameFromDescription(description: string | undefined): string {
  const slug = (description ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .split("-")
    .slice(0, 4)
    .join("-");
  return slug || "command";
}
