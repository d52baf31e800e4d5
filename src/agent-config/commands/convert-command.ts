import type { Issue } from "../../problems/issue.js";
import { convertAgentConfig, parseAgentConfig, renderAgentConfig } from "../convert.js";
import { type RegistryOption, registryOf } from "../registry.js";
import { WarningLog } from "../warnings.js";
import type {
  Command,
  CommandFormatId,
  CommandParseResult,
  CommandRenderResult,
  ParseCommandOptions,
} from "./command.js";

/**
 * Reads a slash command file of one tool into the neutral {@link Command}.
 *
 * @throws {ConfigParseError} broken TOML / YAML (with line and column) or a wrong shape (with the key).
 * @example
 * ```ts
 * const { command } = parseCommand("gemini", 'prompt = "Summarise {{args}}"', { name: "git/summary" });
 * command.prompt; // "Summarise $ARGUMENTS"
 * ```
 */
export function parseCommand(
  format: CommandFormatId,
  text: string,
  options: ParseCommandOptions & RegistryOption = {},
): CommandParseResult {
  return parseAgentConfig("command", format, text, options);
}

/**
 * Writes a command as one tool's file. Placeholders are translated where the tool has them; what
 * it cannot express comes back as `lossy_conversion` warnings naming the field.
 *
 * @throws {InvalidInputError} when `command` does not match {@link CommandSchema}.
 * @example
 * ```ts
 * renderCommand("gemini", { name: "review", prompt: "Review $ARGUMENTS" }).content; // prompt = """\nReview {{args}}\n"""\n
 * ```
 */
export function renderCommand(
  format: CommandFormatId,
  command: Command,
  options: RegistryOption = {},
): CommandRenderResult {
  return renderAgentConfig("command", format, command, options);
}

/** What the caller's AI converter is given: the source, both formats, and the rule-based result. */
export interface AiConversionRequest {
  readonly kind: "command";
  readonly text: string;
  readonly from: CommandFormatId;
  readonly to: CommandFormatId;
  readonly name?: string;
  /** What the rule-based converter produced, as a reference or starting point. */
  readonly ruleBased: string;
}

/** A caller-supplied converter (an LLM call, usually); it returns the file text in the target format. */
export type AiConverter = (request: AiConversionRequest) => Promise<string>;

/** Options of {@link convertCommand}. */
export interface ConvertCommandOptions extends ParseCommandOptions, RegistryOption {
  readonly from: CommandFormatId;
  readonly to: CommandFormatId;
  /** Tried first; when it throws or its output does not parse in `to`, the rule-based result is used. */
  readonly ai?: AiConverter;
}

/** What a command conversion gives. */
export interface CommandConversionResult {
  readonly content: string;
  /** What the target cannot express (from the rules, whichever converter wrote `content`). */
  readonly warnings: readonly Issue[];
  /** `content` is the AI converter's output. */
  readonly usedAI: boolean;
  /** An AI converter was given but failed; `content` is the rule-based result. */
  readonly fallbackUsed: boolean;
}

/**
 * Converts a slash command from one tool's format to another's. With an `ai` converter, its
 * output is used when it parses in the target format; otherwise the rule-based result is.
 * Async because the AI converter is; without one it does no I/O.
 *
 * @throws {ConfigParseError} when the source cannot be read.
 * @example
 * ```ts
 * const result = await convertCommand(markdown, { from: "claude", to: "gemini", name: "review" });
 * result.content; result.warnings; // positional $1 has no Gemini form → lossy_conversion
 * ```
 */
export async function convertCommand(
  text: string,
  options: ConvertCommandOptions,
): Promise<CommandConversionResult> {
  const rendered = convertAgentConfig("command", text, options);
  const { warnings } = rendered;
  if (!options.ai) {
    return { content: rendered.content, warnings, usedAI: false, fallbackUsed: false };
  }
  const registry = registryOf(options);
  const source = registry.get("command", options.from, "from");
  const target = registry.get("command", options.to, "to");
  const parseOptions = options.name !== undefined ? { name: options.name } : {};
  const log = new WarningLog();
  try {
    const content = await options.ai({
      kind: "command",
      text,
      from: source.id,
      to: target.id,
      ...parseOptions,
      ruleBased: rendered.content,
    });
    if (typeof content !== "string") throw new TypeError("the AI converter returned no text");
    // Any text is a Claude command, so "parses" also means: a prompt is left after parsing.
    if (target.parse(content, parseOptions).command.prompt === "") {
      throw new Error("the AI output holds no prompt");
    }
    return { content, warnings, usedAI: true, fallbackUsed: false };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.info("ai_fallback", `AI conversion not used (${reason}); rule-based result returned`);
    return {
      content: rendered.content,
      warnings: [...warnings, ...log.list],
      usedAI: false,
      fallbackUsed: true,
    };
  }
}
