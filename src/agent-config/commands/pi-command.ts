/**
 * Pi's prompt template (`.pi/prompts/<name>.md`, run as `/<name>`): YAML frontmatter
 * (`description`, `argument-hint`) and the template as the body. Pi fills in `$ARGUMENTS` or `$@`
 * (every argument), `$1`, `$2`, … (counted from 1: `$1` is Claude Code's `$0`) and the slices
 * `${@:N}` / `${@:N:L}`; it runs no `` !`cmd` `` and reads no `@path`, and has no escape for a
 * literal `$`. The name comes from the file name (its folder is read flat).
 */
import { readFrontmatter, textValue, writeFrontmatter } from "../frontmatter.js";
import { WarningLog } from "../warnings.js";
import {
  type Command,
  type CommandCodec,
  normalizeName,
  normalizePrompt,
  type ParseCommandOptions,
} from "./command.js";
import { claudeParts, type PromptPart, toClaudeSyntax } from "./placeholders.js";

const FILE = "pi prompt template";
const MODELLED = new Set(["description", "argument-hint"]);

// One pass, no nested quantifiers: each `$` starts at most one token.
const PI_TOKEN = /\$ARGUMENTS|\$@|\$\{@:\d+(?::\d+)?\}|\$(\d+)(?!\w)/g;

/** A Pi template as parts: its placeholders, the slices kept as text (reported). */
function piParts(template: string, sliced: string[]): PromptPart[] {
  const parts: PromptPart[] = [];
  let last = 0;
  const text = (value: string) => {
    if (value) parts.push({ kind: "text", text: value, raw: value });
  };
  for (const match of template.matchAll(PI_TOKEN)) {
    const [raw, position] = match;
    text(template.slice(last, match.index));
    last = match.index + raw.length;
    if (raw === "$ARGUMENTS" || raw === "$@") parts.push({ kind: "arguments", raw });
    else if (position !== undefined && Number(position) > 0) {
      parts.push({ kind: "argument", index: Number(position) - 1, raw });
    } else {
      // `$0` is text to Pi; a slice has no form elsewhere and stays as written.
      if (raw.startsWith("${")) sliced.push(raw);
      text(raw);
    }
  }
  text(template.slice(last));
  return parts;
}

/** Writes parts as a Pi template; returns the parts Pi would not read as they mean. */
function toPiSyntax(parts: readonly PromptPart[]): { text: string; lost: PromptPart[] } {
  const lost: PromptPart[] = [];
  let text = "";
  for (const part of parts) {
    if (part.kind === "text") {
      // Pi would fill in `$@`, `$N` or a slice the source meant as text; an escaped `$` stays `$`.
      if (part.raw === "\\$" || /\$@|\$\{@:/.test(part.text)) lost.push(part);
      text += part.text;
    } else if (part.kind === "arguments") text += "$ARGUMENTS";
    else if (part.kind === "argument") text += `$${part.index + 1}`;
    else {
      lost.push(part);
      text += part.raw;
    }
  }
  return { text, lost };
}

/** What each lost part means to a reader of the warning. */
function lostMessage(part: PromptPart): string {
  if (part.kind === "shell")
    return `Pi runs no shell command in a template; ${part.raw} kept as text`;
  if (part.kind === "file") return `Pi reads no file in a template; ${part.raw} kept as text`;
  return "Pi has no escape for a literal $; it is written as $ and may be filled in";
}

/**
 * Reads and writes Pi prompt templates.
 *
 * @example
 * ```ts
 * piCommand.render({ name: "review", description: "Review", prompt: "Review $0 for $ARGUMENTS" }).content;
 * // ---\ndescription: Review\n---\n\nReview $1 for $ARGUMENTS\n
 * ```
 */
export const piCommand: CommandCodec = Object.freeze({
  kind: "command",
  id: "pi",
  fileLabel: FILE,
  parse(text: string, options: ParseCommandOptions) {
    const fm = readFrontmatter(FILE, text);
    const log = new WarningLog();
    const extra = Object.fromEntries(Object.entries(fm.data).filter(([key]) => !MODELLED.has(key)));
    const name = normalizeName(options.name);
    const sliced: string[] = [];
    const prompt = normalizePrompt(toClaudeSyntax(piParts(fm.body, sliced)).text);
    for (const slice of new Set(sliced)) {
      log.lossy(
        name ?? "command",
        "prompt",
        `Pi's argument slice ${slice} has no form elsewhere; kept as text`,
      );
    }
    const description = textValue(fm, "description");
    const argumentHint = textValue(fm, "argument-hint");
    const command: Command = {
      ...(name ? { name } : {}),
      ...(description !== undefined ? { description } : {}),
      prompt,
      ...(argumentHint !== undefined ? { argumentHint } : {}),
      ...(Object.keys(extra).length ? { extra } : {}),
    };
    return { command, warnings: log.list };
  },
  render(command: Command) {
    const log = new WarningLog();
    const item = command.name ?? "command";
    const unheld: [unknown, string][] = [
      [command.allowedTools, "allowed-tools"],
      [command.model, "model"],
      [command.disableModelInvocation, "disable-model-invocation"],
      ...Object.entries(command.extra ?? {}).map(([key, value]): [unknown, string] => [value, key]),
    ];
    for (const [value, key] of unheld) {
      if (value !== undefined) log.lossy(item, key, `Pi has no "${key}"; dropped`);
    }
    const { text, lost } = toPiSyntax(claudeParts(command.prompt));
    for (const message of new Set(lost.map(lostMessage))) log.lossy(item, "prompt", message);
    const head = writeFrontmatter({
      description: command.description,
      "argument-hint": command.argumentHint,
    });
    // A prompt that itself opens with --- would read as frontmatter: give it an empty block first.
    const guard = !head && /^\uFEFF?---[ \t]*\r?\n/.test(text) ? "---\n---\n\n" : "";
    return { content: `${head || guard}${text}\n`, warnings: log.list };
  },
});
